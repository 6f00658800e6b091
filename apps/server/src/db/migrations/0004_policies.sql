CREATE TABLE "blob" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blob_size" CHECK ("blob"."size" >= 0 AND "blob"."size" = octet_length("blob"."data")),
	CONSTRAINT "blob_sha256" CHECK ("blob"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "policy_beneficiary" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_beneficiary_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"priority" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name_kh" text,
	"last_name_kh" text,
	"relationship" text NOT NULL,
	"share_basis_points" integer NOT NULL,
	"gender" text,
	"date_of_birth" date,
	CONSTRAINT "policy_beneficiary_priority" CHECK ("policy_beneficiary"."priority" IN ('p', 's')),
	CONSTRAINT "policy_beneficiary_share" CHECK ("policy_beneficiary"."share_basis_points" > 0 AND "policy_beneficiary"."share_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "policy_claim" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_claim_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"claim_number" text NOT NULL,
	"claim_type" text NOT NULL,
	"status" text NOT NULL,
	"event_date" date,
	"submitted_date" date NOT NULL,
	"decision_date" date,
	"claimed_amount" bigint NOT NULL,
	"paid_amount" bigint
);
--> statement-breakpoint
CREATE TABLE "policy_client" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_client_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"link_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name_kh" text,
	"last_name_kh" text,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"id_type" text,
	"id_number" text,
	"phone" text,
	"email" text,
	"occupation" text,
	"address" text,
	CONSTRAINT "policy_client_link_type" CHECK ("policy_client"."link_type" IN ('I', 'O', 'P')),
	CONSTRAINT "policy_client_gender" CHECK ("policy_client"."gender" IN ('M', 'F'))
);
--> statement-breakpoint
CREATE TABLE "policy_coverage" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_coverage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"coverage_type" text NOT NULL,
	"product_code" text NOT NULL,
	"plan_key" text,
	"face_amount" bigint NOT NULL,
	"premium" bigint NOT NULL,
	"term" integer,
	"premium_term" integer,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "policy_coverage_type" CHECK ("policy_coverage"."coverage_type" IN ('B', 'R', 'W'))
);
--> statement-breakpoint
CREATE TABLE "policy_milestone" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_milestone_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"milestone_date" date NOT NULL,
	"description_en" text NOT NULL,
	"description_km" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_payment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_type" text NOT NULL,
	"bank_code" text,
	"reference" text,
	"source_policy_number" text,
	"period_from" date,
	"period_to" date,
	CONSTRAINT "policy_payment_currency" CHECK ("policy_payment"."currency" IN ('02', '96')),
	CONSTRAINT "policy_payment_type" CHECK ("policy_payment"."payment_type" IN ('CDB', 'CHQ', 'CS', 'WING', 'PTPP'))
);
--> statement-breakpoint
CREATE TABLE "policy_pending_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"pending_code" text NOT NULL,
	"blob_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_pending_document_media_type" CHECK ("policy_pending_document"."media_type" IN ('application/pdf', 'image/png'))
);
--> statement-breakpoint
CREATE TABLE "policy_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"policy_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description_en" text NOT NULL,
	"description_km" text NOT NULL,
	"requested_date" date NOT NULL,
	"due_date" date,
	"status" text NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	CONSTRAINT "policy_pending_policy_code_uq" UNIQUE("policy_id","code"),
	CONSTRAINT "policy_pending_status" CHECK ("policy_pending"."status" IN ('outstanding', 'received', 'waived'))
);
--> statement-breakpoint
CREATE TABLE "policy_value" (
	"policy_id" uuid NOT NULL,
	"policy_year" integer NOT NULL,
	"cash_value" bigint NOT NULL,
	"surrender_value" bigint NOT NULL,
	"paid_up_value" bigint NOT NULL,
	CONSTRAINT "policy_value_pk" PRIMARY KEY("policy_id","policy_year")
);
--> statement-breakpoint
CREATE TABLE "policy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_number" text NOT NULL,
	"product_code" text NOT NULL,
	"plan_key" text,
	"status" text NOT NULL,
	"status_date" date NOT NULL,
	"grace_end_date" date,
	"issue_date" date NOT NULL,
	"effective_date" date NOT NULL,
	"paid_to_date" date,
	"maturity_date" date,
	"premium_mode" text NOT NULL,
	"modal_premium" bigint NOT NULL,
	"currency" text NOT NULL,
	"sum_assured" bigint NOT NULL,
	"policy_term" integer,
	"premium_term" integer,
	"agent_user_id" uuid NOT NULL,
	"agency_id" uuid,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"delivery_status_date" date,
	"delivery_set_by" uuid,
	"delivery_set_at" timestamp (3) with time zone,
	"issuance" jsonb,
	"owner_first_name" text,
	"owner_last_name" text,
	"owner_first_name_kh" text,
	"owner_last_name_kh" text,
	"owner_phone" text,
	"insured_first_name" text,
	"insured_last_name" text,
	"insured_first_name_kh" text,
	"insured_last_name_kh" text,
	"search_text" text NOT NULL,
	"search_phones" text DEFAULT '' NOT NULL,
	"content_hash" text NOT NULL,
	"feed_as_of" date,
	"imported_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "policy_policy_number_unique" UNIQUE("policy_number"),
	CONSTRAINT "policy_status" CHECK ("policy"."status" IN ('Active', 'Grace', 'Lapsed')),
	CONSTRAINT "policy_currency" CHECK ("policy"."currency" IN ('02', '96')),
	CONSTRAINT "policy_premium_mode" CHECK ("policy"."premium_mode" IN ('annual', 'semiAnnual', 'singlePremium', 'quarterly', 'monthly')),
	CONSTRAINT "policy_delivery_status" CHECK ("policy"."delivery_status" IN ('pending', 'dispatched', 'delivered', 'acknowledged', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "policy_beneficiary" ADD CONSTRAINT "policy_beneficiary_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_claim" ADD CONSTRAINT "policy_claim_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_client" ADD CONSTRAINT "policy_client_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_coverage" ADD CONSTRAINT "policy_coverage_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_milestone" ADD CONSTRAINT "policy_milestone_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_payment" ADD CONSTRAINT "policy_payment_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_pending_document" ADD CONSTRAINT "policy_pending_document_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_pending_document" ADD CONSTRAINT "policy_pending_document_blob_id_blob_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blob"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_pending_document" ADD CONSTRAINT "policy_pending_document_uploaded_by_app_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_pending" ADD CONSTRAINT "policy_pending_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_value" ADD CONSTRAINT "policy_value_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_agent_user_id_app_user_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_agency_id_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_delivery_set_by_app_user_id_fk" FOREIGN KEY ("delivery_set_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_beneficiary_policy_idx" ON "policy_beneficiary" USING btree ("policy_id","seq");--> statement-breakpoint
CREATE INDEX "policy_claim_policy_idx" ON "policy_claim" USING btree ("policy_id","submitted_date");--> statement-breakpoint
CREATE INDEX "policy_client_policy_idx" ON "policy_client" USING btree ("policy_id","seq");--> statement-breakpoint
CREATE INDEX "policy_coverage_policy_idx" ON "policy_coverage" USING btree ("policy_id","seq");--> statement-breakpoint
CREATE INDEX "policy_milestone_policy_date_idx" ON "policy_milestone" USING btree ("policy_id","milestone_date");--> statement-breakpoint
CREATE INDEX "policy_payment_policy_date_idx" ON "policy_payment" USING btree ("policy_id","payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "policy_pending_document_policy_idx" ON "policy_pending_document" USING btree ("policy_id","pending_code","uploaded_at");--> statement-breakpoint
CREATE INDEX "policy_agent_number_idx" ON "policy" USING btree ("agent_user_id","policy_number");--> statement-breakpoint
CREATE INDEX "policy_agency_number_idx" ON "policy" USING btree ("agency_id","policy_number");--> statement-breakpoint
CREATE INDEX "policy_agent_status_idx" ON "policy" USING btree ("agent_user_id","status","paid_to_date");--> statement-breakpoint
CREATE INDEX "policy_agency_status_idx" ON "policy" USING btree ("agency_id","status","paid_to_date");--> statement-breakpoint
CREATE INDEX "policy_search_text_trgm_idx" ON "policy" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policy_search_phones_trgm_idx" ON "policy" USING gin ("search_phones" gin_trgm_ops);