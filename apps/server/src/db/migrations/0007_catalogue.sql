CREATE TABLE "catalogue_plan" (
	"version" text NOT NULL,
	"product_code" text NOT NULL,
	"plan_key" text NOT NULL,
	"position" integer NOT NULL,
	"plan_code" text NOT NULL,
	"variant" text NOT NULL,
	"payout_type" text NOT NULL,
	"name" text NOT NULL,
	"name_kh" text NOT NULL,
	"rate_table" text NOT NULL,
	"face_amount" jsonb,
	"ages" jsonb,
	CONSTRAINT "catalogue_plan_version_product_code_plan_key_pk" PRIMARY KEY("version","product_code","plan_key")
);
--> statement-breakpoint
CREATE TABLE "catalogue_product" (
	"version" text NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"name_kh" text NOT NULL,
	"package_type" text NOT NULL,
	"payout_types" jsonb NOT NULL,
	"premium_modes" jsonb NOT NULL,
	"default_plan_key" text NOT NULL,
	"terms" jsonb NOT NULL,
	"default_policy_term" integer NOT NULL,
	"default_premium_term" integer NOT NULL,
	"max_maturity_age" integer NOT NULL,
	"ages" jsonb NOT NULL,
	"face_amount" jsonb NOT NULL,
	"riders" jsonb NOT NULL,
	CONSTRAINT "catalogue_product_version_code_pk" PRIMARY KEY("version","code")
);
--> statement-breakpoint
CREATE TABLE "catalogue_rate" (
	"version" text NOT NULL,
	"table_id" text NOT NULL,
	"position" integer NOT NULL,
	"basis" text NOT NULL,
	"gender" text NOT NULL,
	"policy_term" integer NOT NULL,
	"premium_term" integer NOT NULL,
	"age_from" integer NOT NULL,
	"age_step" integer NOT NULL,
	"rates" integer[] NOT NULL,
	CONSTRAINT "catalogue_rate_version_table_id_gender_policy_term_premium_term_pk" PRIMARY KEY("version","table_id","gender","policy_term","premium_term")
);
--> statement-breakpoint
CREATE TABLE "catalogue_rider" (
	"version" text NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"name_kh" text NOT NULL,
	"coverage_type" text NOT NULL,
	"face_amount_type" text NOT NULL,
	"insured" text NOT NULL,
	"requires_separate_owner" boolean NOT NULL,
	"ages" jsonb NOT NULL,
	"face_amount" jsonb NOT NULL,
	"plan_keys" jsonb,
	"rate_table" text NOT NULL,
	CONSTRAINT "catalogue_rider_version_code_pk" PRIMARY KEY("version","code")
);
--> statement-breakpoint
CREATE TABLE "catalogue_rider_pair" (
	"version" text NOT NULL,
	"rider" text NOT NULL,
	"companion" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "catalogue_rider_pair_version_rider_companion_pk" PRIMARY KEY("version","rider","companion")
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"version" text PRIMARY KEY NOT NULL,
	"effective_date" date NOT NULL,
	"currency" text NOT NULL,
	"checksum" text NOT NULL,
	"modal_factors_bp" jsonb NOT NULL,
	"mode_discount_bp" jsonb NOT NULL,
	"large_amount_discount" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_plan" ADD CONSTRAINT "catalogue_plan_version_catalogue_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."catalogue_version"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_product" ADD CONSTRAINT "catalogue_product_version_catalogue_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."catalogue_version"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_rate" ADD CONSTRAINT "catalogue_rate_version_catalogue_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."catalogue_version"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_rider" ADD CONSTRAINT "catalogue_rider_version_catalogue_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."catalogue_version"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_rider_pair" ADD CONSTRAINT "catalogue_rider_pair_version_catalogue_version_version_fk" FOREIGN KEY ("version") REFERENCES "public"."catalogue_version"("version") ON DELETE cascade ON UPDATE no action;