ALTER TABLE "candidate" ADD COLUMN "code_of_conduct_accepted_ip" text;--> statement-breakpoint
ALTER TABLE "candidate" ADD COLUMN "contract_accepted_ip" text;--> statement-breakpoint
ALTER TABLE "candidate" ADD COLUMN "form_filler_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;