-- The activity log is append-only: no row is deleted, and an update may only remove the id of
-- an erased account (actor_id or subject_id set to NULL). Anything else is refused here, whatever
-- the code does. Prisma's migration runner splits scripts at every semicolon, so the function's
-- body is an E'' string whose semicolons are written \x3B.
CREATE FUNCTION activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN
  IF TG_OP = \'DELETE\' THEN
    RAISE EXCEPTION \'activity_log is append-only\' USING ERRCODE = \'insufficient_privilege\'\x3B
  END IF\x3B
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.at IS DISTINCT FROM OLD.at OR NEW.action IS DISTINCT FROM OLD.action
     OR NEW.organisation_id IS DISTINCT FROM OLD.organisation_id OR NEW.details IS DISTINCT FROM OLD.details
     OR (NEW.actor_id IS DISTINCT FROM OLD.actor_id AND NEW.actor_id IS NOT NULL)
     OR (NEW.subject_id IS DISTINCT FROM OLD.subject_id AND NEW.subject_id IS NOT NULL) THEN
    RAISE EXCEPTION \'activity_log is append-only: only the id of an erased account may be removed\'
      USING ERRCODE = \'insufficient_privilege\'\x3B
  END IF\x3B
  RETURN NEW\x3B
END';

CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();

-- The admin overview: entries per week by creation, users active in the last 30 days.
CREATE INDEX "entries_created_at_idx" ON "entries"("created_at");
CREATE INDEX "users_last_login_at_idx" ON "users"("last_login_at");
