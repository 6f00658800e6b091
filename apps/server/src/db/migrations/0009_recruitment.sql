CREATE SEQUENCE "public"."agent_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."candidate_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "agent_product_permission" (
	"user_id" uuid NOT NULL,
	"product_code" text NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_product_permission_user_id_product_code_pk" PRIMARY KEY("user_id","product_code")
);
--> statement-breakpoint
CREATE TABLE "agent_product_setting" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_code_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_code_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"agent_code" text NOT NULL,
	"reason" text NOT NULL,
	"valid_from" timestamp (3) with time zone NOT NULL,
	"valid_to" timestamp (3) with time zone,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "candidate_blocklist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_number" text,
	"phone" text,
	"reason" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"blob_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_itc_class" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"location" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_itc_class_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "candidate_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "candidate_stage_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "candidate_stage_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"candidate_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"comment" text,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_number" text DEFAULT 'C' || lpad(nextval('candidate_number_seq')::text, 7, '0') NOT NULL,
	"agency_id" uuid,
	"recruiter_user_id" uuid,
	"applicant_user_id" uuid,
	"trainee_user_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name_kh" text,
	"last_name_kh" text,
	"gender" text,
	"date_of_birth" date,
	"phone" text NOT NULL,
	"email" text,
	"id_type" text,
	"id_number" text,
	"address" text,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code_of_conduct_accepted_at" timestamp (3) with time zone,
	"contract_accepted_at" timestamp (3) with time zone,
	"review_comment" text,
	"itc_class_id" uuid,
	"exam_date" date,
	"exam_score" integer,
	"exam_result" text,
	"irc_licence_number" text,
	"agent_code" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "candidate_candidate_number_unique" UNIQUE("candidate_number"),
	CONSTRAINT "candidate_trainee_user_id_unique" UNIQUE("trainee_user_id"),
	CONSTRAINT "candidate_status" CHECK ("candidate"."status" IN ('draft', 'submitted', 'returned', 'approved', 'itc_assigned', 'exam_passed', 'exam_failed', 'licensed', 'converted')),
	CONSTRAINT "candidate_exam_score" CHECK ("candidate"."exam_score" IS NULL OR "candidate"."exam_score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "agent_product_permission" ADD CONSTRAINT "agent_product_permission_user_id_agent_product_setting_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."agent_product_setting"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_product_permission" ADD CONSTRAINT "agent_product_permission_granted_by_app_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_product_setting" ADD CONSTRAINT "agent_product_setting_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_product_setting" ADD CONSTRAINT "agent_product_setting_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_product_setting" ADD CONSTRAINT "agent_product_setting_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_code_history" ADD CONSTRAINT "agent_code_history_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_code_history" ADD CONSTRAINT "agent_code_history_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_document" ADD CONSTRAINT "candidate_document_candidate_id_candidate_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_document" ADD CONSTRAINT "candidate_document_blob_id_blob_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blob"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_document" ADD CONSTRAINT "candidate_document_uploaded_by_app_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_link" ADD CONSTRAINT "candidate_link_candidate_id_candidate_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_link" ADD CONSTRAINT "candidate_link_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_stage_history" ADD CONSTRAINT "candidate_stage_history_candidate_id_candidate_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_stage_history" ADD CONSTRAINT "candidate_stage_history_actor_user_id_app_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_agency_id_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_recruiter_user_id_app_user_id_fk" FOREIGN KEY ("recruiter_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_applicant_user_id_app_user_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_trainee_user_id_app_user_id_fk" FOREIGN KEY ("trainee_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_itc_class_id_candidate_itc_class_id_fk" FOREIGN KEY ("itc_class_id") REFERENCES "public"."candidate_itc_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate" ADD CONSTRAINT "candidate_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_code_history_user_idx" ON "agent_code_history" USING btree ("user_id","valid_from");--> statement-breakpoint
CREATE INDEX "candidate_blocklist_id_number_idx" ON "candidate_blocklist" USING btree ("id_number");--> statement-breakpoint
CREATE INDEX "candidate_blocklist_phone_idx" ON "candidate_blocklist" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "candidate_document_candidate_idx" ON "candidate_document" USING btree ("candidate_id","document_type");--> statement-breakpoint
CREATE INDEX "candidate_link_candidate_idx" ON "candidate_link" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "candidate_stage_history_candidate_idx" ON "candidate_stage_history" USING btree ("candidate_id","at");--> statement-breakpoint
CREATE INDEX "candidate_agency_status_idx" ON "candidate" USING btree ("agency_id","status","modified_date");--> statement-breakpoint
CREATE INDEX "candidate_recruiter_idx" ON "candidate" USING btree ("recruiter_user_id","modified_date");--> statement-breakpoint
CREATE INDEX "candidate_applicant_idx" ON "candidate" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE INDEX "candidate_phone_idx" ON "candidate" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "candidate_id_number_idx" ON "candidate" USING btree ("id_number");