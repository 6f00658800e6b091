CREATE TABLE "rendered_pdf" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" text NOT NULL,
	"record_version" text NOT NULL,
	"lang" text NOT NULL,
	"fingerprint" text NOT NULL,
	"blob_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rendered_pdf" ADD CONSTRAINT "rendered_pdf_blob_id_blob_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blob"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rendered_pdf_key" ON "rendered_pdf" USING btree ("kind","record_id","record_version","lang","fingerprint");--> statement-breakpoint
CREATE INDEX "rendered_pdf_created_idx" ON "rendered_pdf" USING btree ("created_at");