ALTER TABLE "dnc_numbers" ADD COLUMN "phone_md5" text GENERATED ALWAYS AS (md5(phone)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "dnc_numbers_company_md5_idx" ON "dnc_numbers" USING btree ("company_id","phone_md5");--> statement-breakpoint
CREATE INDEX "calls_live_company_idx" ON "calls" USING btree ("company_id") WHERE "calls"."ended_at" is null;