-- hand-written:
-- The response cache is gone (docs/decisions/008-no-response-cache.md), so nothing listens on
-- portal_cache any more: drop the NOTIFY triggers and functions that 0012_cache_invalidation made.
DROP TRIGGER IF EXISTS contact_cache_notify ON contact;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_activity_cache_notify ON sales_activity;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['policy', 'policy_client', 'policy_coverage', 'policy_value', 'policy_beneficiary', 'policy_claim',
                           'policy_milestone', 'policy_payment', 'policy_pending', 'policy_pending_document'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_cache_notify', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS portal_cache_notify_owner();
--> statement-breakpoint
DROP FUNCTION IF EXISTS portal_cache_notify_tag();
