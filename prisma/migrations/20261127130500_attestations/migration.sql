-- Third-party attestations of revalidation records (ADR 0028): the request, the details of the attester
-- (only here, deleted with the row), the 2FA code, what was signed, and the guest sessions of attesters.
CREATE TABLE "attestations" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "registration_id" UUID NOT NULL,
    "regulator" TEXT NOT NULL,
    "registration_number" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "attester_name" TEXT NOT NULL,
    "attester_email" TEXT NOT NULL,
    "attester_mobile" TEXT,
    "record_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    "entry_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "opened_at" TIMESTAMPTZ(3),
    "signed_at" TIMESTAMPTZ(3),
    "declined_at" TIMESTAMPTZ(3),
    "decline_reason" TEXT,
    "withdrawn_at" TIMESTAMPTZ(3),
    "last_reminder_at" TIMESTAMPTZ(3),
    "wrong_codes" INTEGER NOT NULL DEFAULT 0,
    "locked_at" TIMESTAMPTZ(3),
    "code_requested_at" TIMESTAMPTZ(3),
    "code_expires_at" TIMESTAMPTZ(3),
    "code_request_id" UUID,
    "code_hash" TEXT,
    "signed_hash" TEXT,
    "signer" JSONB,
    "signature_key" TEXT,
    "signer_ip" TEXT,
    CONSTRAINT "attestations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "attestations_signature_key_key" ON "attestations"("signature_key");
-- The list of a professional (newest first), whole or of one registration.
CREATE INDEX "attestations_user_id_created_at_idx" ON "attestations"("user_id", "created_at" DESC);
CREATE INDEX "attestations_user_id_registration_id_created_at_idx"
    ON "attestations"("user_id", "registration_id", "created_at" DESC);
ALTER TABLE "attestations" ADD CONSTRAINT "attestations_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "attestation_guest_sessions" (
    "id" UUID NOT NULL,
    "attestation_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "token_hash" TEXT NOT NULL,
    "ip_address" TEXT NOT NULL,
    CONSTRAINT "attestation_guest_sessions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "attestation_guest_sessions_token_hash_key" ON "attestation_guest_sessions"("token_hash");
CREATE INDEX "attestation_guest_sessions_attestation_id_idx" ON "attestation_guest_sessions"("attestation_id");
ALTER TABLE "attestation_guest_sessions" ADD CONSTRAINT "attestation_guest_sessions_attestation_id_fkey"
    FOREIGN KEY ("attestation_id") REFERENCES "attestations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
