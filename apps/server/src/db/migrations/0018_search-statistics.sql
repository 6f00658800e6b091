-- The planner's view of the search columns: with the default statistics target (100) a term in a
-- few hundred of 100,000 contacts (a phone prefix such as '0123') was estimated as common, and the
-- search walked the owner index through tens of thousands of rows instead of asking the trigram
-- index. A finer histogram and most-common-values list let it tell common from mid-rare terms.
ALTER TABLE "contact" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "contact" ALTER COLUMN "phone_local" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "policy" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "contact";--> statement-breakpoint
ANALYZE "policy";
