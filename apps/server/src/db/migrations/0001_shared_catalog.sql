CREATE TABLE "sip_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"concurrency" integer NOT NULL,
	"cps" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"trunk" text DEFAULT 'sip' NOT NULL,
	"sip_username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"domain" text NOT NULL,
	"port" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alias" text NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'valid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_grants" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_grants_company_id_kind_ref_id_pk" PRIMARY KEY("company_id","kind","ref_id")
);
--> statement-breakpoint
ALTER TABLE "sip_lines" ADD CONSTRAINT "sip_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_lines" ADD CONSTRAINT "sip_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_grants" ADD CONSTRAINT "company_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sip_lines_alias_key" ON "sip_lines" USING btree ("company_id",lower("alias"));--> statement-breakpoint
CREATE INDEX "sip_lines_company_idx" ON "sip_lines" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_grants_ref_idx" ON "company_grants" USING btree ("kind","ref_id");