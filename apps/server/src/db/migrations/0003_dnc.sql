CREATE TABLE "dnc_numbers" (
	"company_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dnc_numbers_key" ON "dnc_numbers" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "dnc_numbers_company_created_idx" ON "dnc_numbers" USING btree ("company_id","created_at");