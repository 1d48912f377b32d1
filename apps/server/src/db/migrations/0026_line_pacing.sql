CREATE TABLE "line_pacing" (
	"sip_line_id" uuid PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_pacing" ADD CONSTRAINT "line_pacing_sip_line_id_sip_lines_id_fk" FOREIGN KEY ("sip_line_id") REFERENCES "public"."sip_lines"("id") ON DELETE cascade ON UPDATE no action;