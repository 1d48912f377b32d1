ALTER TABLE "tasks" ADD COLUMN "scenario_version" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "scenario_version" integer;