ALTER TABLE "calls" ADD COLUMN "turns" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "runtime_failures" jsonb DEFAULT '[]'::jsonb NOT NULL;