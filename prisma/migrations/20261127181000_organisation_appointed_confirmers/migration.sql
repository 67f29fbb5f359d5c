-- The confirmers an organisation appoints (REQ-ATTEST-09): e-mail addresses, stored lower-cased.
ALTER TABLE "organisations" ADD COLUMN "appointed_confirmers" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- The manager reads the members confirmations by those addresses, ignoring the case the
-- professional typed, newest first.
CREATE INDEX "attestations_kind_attester_email_idx" ON "attestations" ("kind", lower("attester_email"), "created_at" DESC);
