DROP INDEX "calls_live_subtask_key";--> statement-breakpoint
DROP INDEX "calls_live_phone_key";--> statement-breakpoint
DROP INDEX "calls_live_line_idx";--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "subtask_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ALTER COLUMN "sip_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_subtask_key" ON "calls" USING btree ("subtask_id") WHERE "calls"."ended_at" is null and not "calls"."test";--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_phone_key" ON "calls" USING btree ("task_id","phone") WHERE "calls"."ended_at" is null and not "calls"."test";--> statement-breakpoint
CREATE INDEX "calls_live_line_idx" ON "calls" USING btree ("sip_line_id") WHERE "calls"."ended_at" is null and not "calls"."test";