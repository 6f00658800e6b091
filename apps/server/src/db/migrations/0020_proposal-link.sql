CREATE TABLE "proposal_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"lang" text NOT NULL,
	"masked_phone" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"created_by" uuid,
	"created_date" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "proposal_link" ADD CONSTRAINT "proposal_link_proposal_id_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_link" ADD CONSTRAINT "proposal_link_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_link_proposal_idx" ON "proposal_link" USING btree ("proposal_id","created_date");