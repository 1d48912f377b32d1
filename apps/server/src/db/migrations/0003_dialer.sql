CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"subtask_id" bigint NOT NULL,
	"sip_line_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"attempt" integer NOT NULL,
	"prologue_info" text DEFAULT '' NOT NULL,
	"business_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"node" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ringing_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"status" text,
	"outcome" text,
	"sip_status" integer,
	"sip_reason" text,
	"hung_up_by" text,
	"recording_path" text,
	"recording_ms" integer,
	"conversation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transfer_outcome" text DEFAULT 'none' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dnc_numbers" (
	"company_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "status_reason" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "redial_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "redial_gap_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "subtasks" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "subtasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subtasks" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subtasks" ADD COLUMN "last_outcome" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_sip_line_id_sip_lines_id_fk" FOREIGN KEY ("sip_line_id") REFERENCES "public"."sip_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_subtask_key" ON "calls" USING btree ("subtask_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_phone_key" ON "calls" USING btree ("task_id","phone") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "calls_live_line_idx" ON "calls" USING btree ("sip_line_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "calls_task_placed_idx" ON "calls" USING btree ("task_id","placed_at");--> statement-breakpoint
CREATE INDEX "calls_company_placed_idx" ON "calls" USING btree ("company_id","placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dnc_numbers_key" ON "dnc_numbers" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "dnc_numbers_company_created_idx" ON "dnc_numbers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "subtasks_dialing_lease_idx" ON "subtasks" USING btree ("lease_until") WHERE "subtasks"."state" = 'dialing';