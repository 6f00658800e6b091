CREATE SEQUENCE "public"."application_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "application_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"document_category_code" text NOT NULL,
	"document_code" text NOT NULL,
	"id_number" text,
	"expired_date" date,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"blob_id" uuid NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "application" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_number" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"agency_id" uuid,
	"proposal_id" uuid,
	"status" text DEFAULT 'P' NOT NULL,
	"active_step" integer DEFAULT 0 NOT NULL,
	"completion" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"product" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"submitted_by" uuid,
	"submission_language" text,
	"submission_blob_id" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "application_application_number_unique" UNIQUE("application_number"),
	CONSTRAINT "application_status" CHECK ("application"."status" IN ('P', 'S')),
	CONSTRAINT "application_active_step" CHECK ("application"."active_step" BETWEEN 0 AND 6),
	CONSTRAINT "application_submitted" CHECK (("application"."status" = 'S') = ("application"."submitted_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "application_document" ADD CONSTRAINT "application_document_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_document" ADD CONSTRAINT "application_document_blob_id_blob_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blob"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_document" ADD CONSTRAINT "application_document_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_agency_id_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_submitted_by_app_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_submission_blob_id_blob_id_fk" FOREIGN KEY ("submission_blob_id") REFERENCES "public"."blob"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_document_application_idx" ON "application_document" USING btree ("application_id","document_category_code");--> statement-breakpoint
CREATE INDEX "application_owner_modified_idx" ON "application" USING btree ("owner_user_id","modified_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "application_agency_modified_idx" ON "application" USING btree ("agency_id","modified_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "application_proposal_idx" ON "application" USING btree ("proposal_id");