ALTER TABLE "companies" ADD COLUMN "quiet_days" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "local_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "zone_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "subtasks" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "time_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "subtasks_pending_zone_idx" ON "subtasks" USING btree ("task_id","time_zone","id") WHERE "subtasks"."state" = 'pending';