-- Revalidation submission packs (REQ-SUBMIT-01..06): one row per pack the worker makes for the
-- current cycle of a registration. The PDF is in S3 under submissions/<id>.pdf, the text of the
-- online form and the unmet requirements are kept with the row (the same snapshot as the PDF).
CREATE TABLE "revalidation_submissions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "registration_id" UUID NOT NULL,
    "regulator" TEXT NOT NULL,
    "pack_id" TEXT NOT NULL,
    "cycle_start" DATE NOT NULL,
    "cycle_end" DATE NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'Pending',
    "failure_reason" TEXT,
    "storage_key" TEXT,
    "page_count" INTEGER,
    "size" BIGINT,
    "unmet" JSONB NOT NULL DEFAULT '[]',
    "online_form" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    CONSTRAINT "revalidation_submissions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "revalidation_submissions_user_id_created_at_idx" ON "revalidation_submissions"("user_id", "created_at" DESC);
-- At most one pack in the making per registration: a racing second request finds the first.
CREATE UNIQUE INDEX "revalidation_submissions_one_active" ON "revalidation_submissions"("registration_id")
    WHERE "state" IN ('Pending', 'Processing');
ALTER TABLE "revalidation_submissions" ADD CONSTRAINT "revalidation_submissions_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
