-- The retention job finds made packs past their time by this index (submission-retention).
CREATE INDEX "revalidation_submissions_expires_at_idx" ON "revalidation_submissions"("expires_at")
    WHERE "expires_at" IS NOT NULL;
