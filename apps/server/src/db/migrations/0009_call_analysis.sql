ALTER TABLE "calls" ADD COLUMN "analysis_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "analysis_detail" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "summary" text;--> statement-breakpoint
CREATE INDEX "calls_analysis_pending_idx" ON "calls" USING btree ("id") WHERE "calls"."analysis_state" = 'pending';