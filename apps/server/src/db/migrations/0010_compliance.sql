CREATE TABLE "compliance_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid,
	"period_code" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"correct_count" integer NOT NULL,
	"question_count" integer NOT NULL,
	"score_percent" integer NOT NULL,
	"pass_mark_percent" integer NOT NULL,
	"passed" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_attempt_user_period_number" UNIQUE("user_id","period_code","attempt_number")
);
--> statement-breakpoint
CREATE TABLE "compliance_material" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_code" text NOT NULL,
	"sequence" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_km" text NOT NULL,
	"description_en" text NOT NULL,
	"description_km" text NOT NULL,
	"body_en" text NOT NULL,
	"body_km" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_material_period_seq" UNIQUE("period_code","sequence")
);
--> statement-breakpoint
CREATE TABLE "compliance_period" (
	"code" text PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"due_date" date NOT NULL,
	"pass_mark_percent" integer NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_period_pass_mark" CHECK ("compliance_period"."pass_mark_percent" BETWEEN 1 AND 100),
	CONSTRAINT "compliance_period_dates" CHECK ("compliance_period"."start_date" <= "compliance_period"."end_date")
);
--> statement-breakpoint
CREATE TABLE "compliance_answer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"answer_sequence_no" integer NOT NULL,
	"answer_value" text NOT NULL,
	"description_en" text NOT NULL,
	"description_km" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL,
	CONSTRAINT "compliance_answer_question_seq" UNIQUE("question_id","answer_sequence_no")
);
--> statement-breakpoint
CREATE TABLE "compliance_question" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_code" text NOT NULL,
	"question_number" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_km" text NOT NULL,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_question_period_number" UNIQUE("period_code","question_number")
);
--> statement-breakpoint
ALTER TABLE "compliance_attempt" ADD CONSTRAINT "compliance_attempt_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_attempt" ADD CONSTRAINT "compliance_attempt_agency_id_agency_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_attempt" ADD CONSTRAINT "compliance_attempt_period_code_compliance_period_code_fk" FOREIGN KEY ("period_code") REFERENCES "public"."compliance_period"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_attempt" ADD CONSTRAINT "compliance_attempt_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_material" ADD CONSTRAINT "compliance_material_period_code_compliance_period_code_fk" FOREIGN KEY ("period_code") REFERENCES "public"."compliance_period"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_answer" ADD CONSTRAINT "compliance_answer_question_id_compliance_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."compliance_question"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_question" ADD CONSTRAINT "compliance_question_period_code_compliance_period_code_fk" FOREIGN KEY ("period_code") REFERENCES "public"."compliance_period"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_attempt_agency_period_idx" ON "compliance_attempt" USING btree ("agency_id","period_code");