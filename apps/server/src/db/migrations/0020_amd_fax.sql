ALTER TABLE "call_rollups_company_hour" ADD COLUMN "fax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_hour" ADD COLUMN "fax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups_minute" ADD COLUMN "fax" integer DEFAULT 0 NOT NULL;