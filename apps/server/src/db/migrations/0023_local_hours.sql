ALTER TABLE "companies" ADD COLUMN "quiet_days" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "local_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "zone_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "subtasks" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "subtasks_pending_zone_idx" ON "subtasks" USING btree ("task_id","time_zone","id") WHERE "subtasks"."state" = 'pending';--> statement-breakpoint
-- Subtasks stored before numbers were placed carry the empty zone key (the company's zone): their tasks list it.
UPDATE "tasks" SET "zone_keys" = ARRAY['']::text[] WHERE "total_count" > 0;
