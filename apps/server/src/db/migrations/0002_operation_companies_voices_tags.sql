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
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_alias_key" ON "tags" USING btree ("alias");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_uuid_key" ON "tags" USING btree ("uuid");--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_suffix_key" ON "companies" USING btree (lower("suffix"));--> statement-breakpoint
CREATE UNIQUE INDEX "voices_nickname_key" ON "voices" USING btree (lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX "voices_uuid_key" ON "voices" USING btree ("uuid");