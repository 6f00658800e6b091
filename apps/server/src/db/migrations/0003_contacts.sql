CREATE TABLE "contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"agency_id" uuid,
	"contact_type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name_kh" text,
	"last_name_kh" text,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"id_type" text,
	"id_number" text,
	"occupation" text,
	"address" text,
	"search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || '|' || "last_name" || ' ' || "first_name" || '|' || coalesce("first_name_kh", '') || ' ' || coalesce("last_name_kh", '') || '|' || coalesce("last_name_kh", '') || ' ' || coalesce("first_name_kh", '') || '|' || coalesce("id_number", ''))) STORED NOT NULL,
	"phone_local" text GENERATED ALWAYS AS (CASE WHEN "phone" LIKE '+855%' THEN '0' || substr("phone", 5) ELSE regexp_replace("phone", '[^0-9]', '', 'g') END) STORED NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "contact_contact_type" CHECK ("contact"."contact_type" IN ('lifeInsured', 'policyOwner')),
	CONSTRAINT "contact_gender" CHECK ("contact"."gender" IN ('M', 'F')),
	CONSTRAINT "contact_id_type" CHECK ("contact"."id_type" IS NULL OR "contact"."id_type" IN ('1', '2', '4', '6')),
	CONSTRAINT "contact_phone_e164" CHECK ("contact"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "sales_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"day_type" text NOT NULL,
	"start_date" timestamp (3) with time zone NOT NULL,
	"end_date" timestamp (3) with time zone NOT NULL,
	"notes" text,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "sales_activity_dates" CHECK ("sales_activity"."end_date" >= "sales_activity"."start_date"),
	CONSTRAINT "sales_activity_day_type" CHECK ("sales_activity"."day_type" IN ('allDay', 'timed'))
);
--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_agency_id_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_activity" ADD CONSTRAINT "sales_activity_contact_id_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_activity" ADD CONSTRAINT "sales_activity_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_activity" ADD CONSTRAINT "sales_activity_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_activity" ADD CONSTRAINT "sales_activity_modified_by_app_user_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_owner_modified_idx" ON "contact" USING btree ("owner_user_id","modified_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "contact"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "contact_agency_idx" ON "contact" USING btree ("agency_id") WHERE "contact"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "contact_search_text_trgm_idx" ON "contact" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_phone_local_trgm_idx" ON "contact" USING gin ("phone_local" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_activity_owner_start_idx" ON "sales_activity" USING btree ("owner_user_id","start_date","id") WHERE "sales_activity"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sales_activity_contact_start_idx" ON "sales_activity" USING btree ("contact_id","start_date","id") WHERE "sales_activity"."deleted_at" IS NULL;