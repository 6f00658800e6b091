-- Response-cache invalidation (apps/server/src/lib/response-cache.ts, cache-bus.ts): every
-- committed change to the data behind a cached answer sends NOTIFY portal_cache '<tag>', so every
-- server process on this database drops the answers it holds with that tag, whoever wrote
-- (another server process, the policy feed importer, the retention sweep, an operator's SQL).
-- NOTIFY is delivered at commit only, and identical payloads in one transaction are sent once.
CREATE OR REPLACE FUNCTION portal_cache_notify_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_cache', TG_ARGV[0] || ':' || OLD.owner_user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_cache', TG_ARGV[0] || ':' || NEW.owner_user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_cache_notify_tag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER contact_cache_notify AFTER INSERT OR UPDATE OR DELETE ON contact
  FOR EACH ROW EXECUTE FUNCTION portal_cache_notify_owner('contacts');
--> statement-breakpoint
CREATE TRIGGER sales_activity_cache_notify AFTER INSERT OR UPDATE OR DELETE ON sales_activity
  FOR EACH ROW EXECUTE FUNCTION portal_cache_notify_owner('contacts');
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['policy', 'policy_client', 'policy_coverage', 'policy_value', 'policy_beneficiary', 'policy_claim',
                           'policy_milestone', 'policy_payment', 'policy_pending', 'policy_pending_document'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_cache_notify_tag(%L)',
                   t || '_cache_notify', t, 'policies');
  END LOOP;
END;
$$;
