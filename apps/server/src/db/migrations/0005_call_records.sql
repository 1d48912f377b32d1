CREATE TABLE "project_operators" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_operators_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "project_operators" ADD CONSTRAINT "project_operators_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_operators" ADD CONSTRAINT "project_operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_operators" ADD CONSTRAINT "project_operators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_operators_user_idx" ON "project_operators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calls_project_placed_idx" ON "calls" USING btree ("project_id","placed_at");--> statement-breakpoint
CREATE INDEX "calls_company_phone_idx" ON "calls" USING btree ("company_id","phone","placed_at");