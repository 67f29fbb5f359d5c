-- AlterTable
ALTER TABLE "organisations" ADD COLUMN     "oidc_client_id" TEXT,
ADD COLUMN     "oidc_client_secret" TEXT,
ADD COLUMN     "oidc_issuer" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "deletion_scheduled_for" DATE,
ADD COLUMN     "email_confirmed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "account_link_tokens" (
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "new_email" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_link_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "contact_verifications" (
    "user_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_verifications_pkey" PRIMARY KEY ("user_id","channel")
);

-- CreateTable
CREATE TABLE "account_notices" (
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "due_date" DATE NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_notices_pkey" PRIMARY KEY ("user_id","kind","due_date")
);

-- CreateTable
CREATE TABLE "account_exports" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'Processing',
    "storage_key" TEXT,
    "size" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "account_exports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_log" (
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "actor_id" UUID,
    "organisation_id" INTEGER,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "activity_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_link_tokens_user_id_purpose_idx" ON "account_link_tokens"("user_id", "purpose");

-- CreateIndex
CREATE INDEX "account_exports_user_id_created_at_idx" ON "account_exports"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "account_exports_state_completed_at_idx" ON "account_exports"("state", "completed_at");

-- CreateIndex
CREATE INDEX "payment_events_user_id_idx" ON "payment_events"("user_id");

-- CreateIndex
CREATE INDEX "activity_log_at_idx" ON "activity_log"("at" DESC);

-- CreateIndex
CREATE INDEX "activity_log_action_at_idx" ON "activity_log"("action", "at" DESC);

-- CreateIndex
CREATE INDEX "users_deletion_scheduled_for_idx" ON "users"("deletion_scheduled_for");

-- AddForeignKey
ALTER TABLE "account_link_tokens" ADD CONSTRAINT "account_link_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_verifications" ADD CONSTRAINT "contact_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_notices" ADD CONSTRAINT "account_notices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Accounts that existed before confirmation was required count as confirmed.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;
