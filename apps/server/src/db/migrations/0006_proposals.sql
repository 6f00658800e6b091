CREATE SEQUENCE "public"."proposal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "proposal_payment" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"payment_reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"khqr" text NOT NULL,
	"khqr_md5" text NOT NULL,
	"proposal_version" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_payment_payment_reference_unique" UNIQUE("payment_reference")
);
--> statement-breakpoint
CREATE TABLE "proposal_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "proposal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_number" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"agency_id" uuid,
	"status" text NOT NULL,
	"life_insured_contact_id" uuid NOT NULL,
	"policy_owner_contact_id" uuid NOT NULL,
	"relationship_code" text,
	"life_insured" jsonb NOT NULL,
	"policy_owner" jsonb NOT NULL,
	"product_code" text NOT NULL,
	"plan_key" text NOT NULL,
	"face_amount_cents" bigint NOT NULL,
	"policy_term" integer NOT NULL,
	"premium_term" integer NOT NULL,
	"riders" jsonb NOT NULL,
	"premium_mode" text NOT NULL,
	"premium_cents" bigint NOT NULL,
	"catalogue_version" text NOT NULL,
	"quote" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "proposal_proposal_number_unique" UNIQUE("proposal_number"),
	CONSTRAINT "proposal_status" CHECK ("proposal"."status" IN ('quoted', 'presented', 'paymentRequested')),
	CONSTRAINT "proposal_premium_mode" CHECK ("proposal"."premium_mode" IN ('annual', 'semiAnnual', 'singlePremium', 'quarterly', 'monthly')),
	CONSTRAINT "proposal_amounts" CHECK ("proposal"."face_amount_cents" > 0 AND "proposal"."premium_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "proposal_payment" ADD CONSTRAINT "proposal_payment_proposal_id_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_status_history" ADD CONSTRAINT "proposal_status_history_proposal_id_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_status_history" ADD CONSTRAINT "proposal_status_history_by_user_id_app_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_agency_id_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_life_insured_contact_id_contact_id_fk" FOREIGN KEY ("life_insured_contact_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_policy_owner_contact_id_contact_id_fk" FOREIGN KEY ("policy_owner_contact_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_status_history_proposal_idx" ON "proposal_status_history" USING btree ("proposal_id","at");--> statement-breakpoint
CREATE INDEX "proposal_owner_modified_idx" ON "proposal" USING btree ("owner_user_id","modified_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposal_agency_modified_idx" ON "proposal" USING btree ("agency_id","modified_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);