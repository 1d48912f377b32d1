ALTER TABLE "calls" ADD COLUMN "issue_type" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "resolution_status" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "disposition_note" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "disposition_by" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "disposition_at" timestamp with time zone;