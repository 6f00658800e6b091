CREATE TABLE "application_sign_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_sign_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"party" text NOT NULL,
	"token_hash" text NOT NULL,
	"lang" text NOT NULL,
	"phone" text NOT NULL,
	"masked_phone" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"opened_at" timestamp (3) with time zone,
	"verified_code_id" uuid,
	"failed_codes" integer DEFAULT 0 NOT NULL,
	"signed_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_sign_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "application_signature" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"party" text NOT NULL,
	"link_id" uuid NOT NULL,
	"code_id" uuid NOT NULL,
	"image" text NOT NULL,
	"masked_phone" text NOT NULL,
	"ip" text NOT NULL,
	"lang" text NOT NULL,
	"summary_hash" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_sign_code" ADD CONSTRAINT "application_sign_code_link_id_application_sign_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."application_sign_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sign_link" ADD CONSTRAINT "application_sign_link_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_sign_link" ADD CONSTRAINT "application_sign_link_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signature" ADD CONSTRAINT "application_signature_application_id_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."application"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_signature" ADD CONSTRAINT "application_signature_link_id_application_sign_link_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."application_sign_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_sign_code_link_idx" ON "application_sign_code" USING btree ("link_id","created_date");--> statement-breakpoint
CREATE INDEX "application_sign_link_application_idx" ON "application_sign_link" USING btree ("application_id","party","created_date");--> statement-breakpoint
CREATE INDEX "application_signature_application_idx" ON "application_signature" USING btree ("application_id","party","signed_at");