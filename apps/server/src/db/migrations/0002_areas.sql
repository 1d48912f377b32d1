CREATE TABLE "llms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor" text NOT NULL,
	"model_type" text NOT NULL,
	"model_name" text NOT NULL,
	"called_name" text NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"api_key_sealed" text,
	"key_name" text DEFAULT 'Authorization' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenario_versions" (
	"scenario_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"processor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scenario_versions_scenario_id_version_pk" PRIMARY KEY("scenario_id","version")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"description" text NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"encryption_type" text NOT NULL,
	"encryption_api_url" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_sip_lines" (
	"task_id" uuid NOT NULL,
	"sip_line_id" uuid NOT NULL,
	CONSTRAINT "task_sip_lines_task_id_sip_line_id_pk" PRIMARY KEY("task_id","sip_line_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"scenario_id" uuid NOT NULL,
	"voice_id" uuid NOT NULL,
	"call_start" text NOT NULL,
	"call_end" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"auto_dial" boolean DEFAULT false NOT NULL,
	"concurrency_mode" text DEFAULT 'auto' NOT NULL,
	"concurrency_count" integer,
	"ignore_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"advanced" jsonb NOT NULL,
	"status_reason" jsonb,
	"redial_count" integer DEFAULT 0 NOT NULL,
	"redial_gap_minutes" integer DEFAULT 30 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subtasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"prologue_info" text DEFAULT '' NOT NULL,
	"business_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "companies" ADD COLUMN "permissions" jsonb DEFAULT '{"numberReveal":false,"maxConcurrency":20,"features":["realtimeDashboard","csvExport"]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "vendor" text NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "cluster_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "original_voice_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "llm_id" uuid;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "system_prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "temperature" double precision DEFAULT 0.7 NOT NULL;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "top_p" double precision;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "extra_options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "processors" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "scenarios" ADD COLUMN "current_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenarios" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "scenarios" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "llms" ADD CONSTRAINT "llms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llms" ADD CONSTRAINT "llms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_versions" ADD CONSTRAINT "scenario_versions_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenario_versions" ADD CONSTRAINT "scenario_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sip_lines" ADD CONSTRAINT "task_sip_lines_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sip_lines" ADD CONSTRAINT "task_sip_lines_sip_line_id_sip_lines_id_fk" FOREIGN KEY ("sip_line_id") REFERENCES "public"."sip_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtasks" ADD CONSTRAINT "subtasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtasks" ADD CONSTRAINT "subtasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_sip_line_id_sip_lines_id_fk" FOREIGN KEY ("sip_line_id") REFERENCES "public"."sip_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "llms_vendor_idx" ON "llms" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "scenario_versions_processors_idx" ON "scenario_versions" USING gin ("processor_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_alias_key" ON "tags" USING btree ("alias");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_uuid_key" ON "tags" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "dnc_numbers_key" ON "dnc_numbers" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "dnc_numbers_company_created_idx" ON "dnc_numbers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_key" ON "projects" USING btree ("company_id",lower("name")) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_company_created_idx" ON "projects" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "task_sip_lines_line_idx" ON "task_sip_lines" USING btree ("sip_line_id");--> statement-breakpoint
CREATE INDEX "tasks_project_created_idx" ON "tasks" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_company_status_idx" ON "tasks" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "subtasks_pending_idx" ON "subtasks" USING btree ("task_id","id") WHERE "subtasks"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "subtasks_dialing_lease_idx" ON "subtasks" USING btree ("lease_until") WHERE "subtasks"."state" = 'dialing';--> statement-breakpoint
CREATE UNIQUE INDEX "subtasks_pending_phone_key" ON "subtasks" USING btree ("task_id","phone") WHERE "subtasks"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_subtask_key" ON "calls" USING btree ("subtask_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_live_phone_key" ON "calls" USING btree ("task_id","phone") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "calls_live_line_idx" ON "calls" USING btree ("sip_line_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "calls_task_placed_idx" ON "calls" USING btree ("task_id","placed_at");--> statement-breakpoint
CREATE INDEX "calls_company_placed_idx" ON "calls" USING btree ("company_id","placed_at");--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processors" ADD CONSTRAINT "processors_llm_id_llms_id_fk" FOREIGN KEY ("llm_id") REFERENCES "public"."llms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processors" ADD CONSTRAINT "processors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processors" ADD CONSTRAINT "processors_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_suffix_key" ON "companies" USING btree (lower("suffix"));--> statement-breakpoint
CREATE UNIQUE INDEX "voices_nickname_key" ON "voices" USING btree (lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX "voices_uuid_key" ON "voices" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "processors_alias_key" ON "processors" USING btree (lower("alias"));--> statement-breakpoint
CREATE UNIQUE INDEX "scenarios_name_key" ON "scenarios" USING btree (lower("name"));