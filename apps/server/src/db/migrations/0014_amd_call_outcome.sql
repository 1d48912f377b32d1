ALTER TABLE "calls" ADD COLUMN "amd" jsonb;--> statement-breakpoint
ALTER TABLE "call_rollups_company_hour" ADD COLUMN "voicemail" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_company_hour" ADD COLUMN "invalid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_hour" ADD COLUMN "voicemail" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_hour" ADD COLUMN "invalid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_minute" ADD COLUMN "voicemail" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_minute" ADD COLUMN "invalid" integer DEFAULT 0 NOT NULL;