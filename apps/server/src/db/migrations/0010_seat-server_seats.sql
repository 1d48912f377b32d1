CREATE TABLE "seat_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"state" text DEFAULT 'signed-out' NOT NULL,
	"project_id" uuid,
	"node" text,
	"connection_id" text,
	"heartbeat_at" timestamp with time zone,
	"idle_since" timestamp with time zone,
	"offer_id" uuid,
	"call_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "seat_failure" text;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_offers" ADD CONSTRAINT "seat_offers_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_offers_call_idx" ON "seat_offers" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seat_offers_ringing_key" ON "seat_offers" USING btree ("operator_id") WHERE "seat_offers"."state" = 'offered';--> statement-breakpoint
CREATE INDEX "seats_waiting_idx" ON "seats" USING btree ("company_id","idle_since") WHERE "seats"."state" = 'waiting';