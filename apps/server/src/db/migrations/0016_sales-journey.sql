ALTER TABLE "proposal" DROP CONSTRAINT "proposal_status";--> statement-breakpoint
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_status" CHECK ("proposal"."status" IN ('quoted', 'presented', 'paymentRequested', 'applied'));--> statement-breakpoint
-- hand-written:
-- A proposal an application was already made from is locked like one made from now on.
UPDATE "proposal" SET "status" = 'applied' WHERE "id" IN (SELECT "proposal_id" FROM "application" WHERE "proposal_id" IS NOT NULL);
