-- The account export is refused while an entry holds an unresolved patient-identifier finding
-- (ADR 0029). It finds those entries by the count each save stores: a partial index keeps that
-- look-up to the few flagged rows of the user, with those not yet checked (NULL).
CREATE INDEX "entries_user_id_flagged_idx" ON "entries" ("user_id") WHERE ("unresolved_findings" > 0 OR "unresolved_findings" IS NULL);
