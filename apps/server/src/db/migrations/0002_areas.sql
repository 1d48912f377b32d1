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
CREATE INDEX "llms_vendor_idx" ON "llms" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "scenario_versions_processors_idx" ON "scenario_versions" USING gin ("processor_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_alias_key" ON "tags" USING btree ("alias");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_uuid_key" ON "tags" USING btree ("uuid");--> statement-breakpoint
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