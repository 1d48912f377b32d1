ALTER TABLE "access_requests" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "resolution" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "resolved_by_name" text;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;