CREATE TABLE "proposal_payment_superseded" (
	"payment_reference" text PRIMARY KEY NOT NULL,
	"proposal_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"khqr_md5" text NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"superseded_at" timestamp (3) with time zone NOT NULL,
	"superseded_by" uuid
);
--> statement-breakpoint
ALTER TABLE "proposal_payment_superseded" ADD CONSTRAINT "proposal_payment_superseded_proposal_id_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payment_superseded" ADD CONSTRAINT "proposal_payment_superseded_superseded_by_app_user_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_payment_superseded_proposal_idx" ON "proposal_payment_superseded" USING btree ("proposal_id");