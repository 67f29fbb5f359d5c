-- Patient identifiers in entries (REQ-IDENT-02/03, ADR 0029). An entry keeps the count of its
-- unresolved findings (set on each save, shown in the entries list), NULL until first checked: the
-- entries written before this change are counted by the entry-findings job, found by the partial
-- index below, and the account export treats them as flagged until then. A resolution, this text is
-- not a patient identifier, is remembered per entry by the SHA-256 of its resolution key, never
-- the text, with who and when: the entry history of resolutions.
ALTER TABLE "entries" ADD COLUMN "unresolved_findings" INTEGER;
CREATE INDEX "entries_findings_unchecked_idx" ON "entries" ("id") WHERE "unresolved_findings" IS NULL;

CREATE TABLE "entry_identifier_resolutions" (
    "id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "text_hash" TEXT NOT NULL,
    "resolved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "entry_identifier_resolutions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "entry_identifier_resolutions_entry_id_text_hash_key" ON "entry_identifier_resolutions"("entry_id", "text_hash");
CREATE INDEX "entry_identifier_resolutions_user_id_idx" ON "entry_identifier_resolutions"("user_id");
ALTER TABLE "entry_identifier_resolutions" ADD CONSTRAINT "entry_identifier_resolutions_entry_id_fkey"
    FOREIGN KEY ("entry_id") REFERENCES "entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "entry_identifier_resolutions" ADD CONSTRAINT "entry_identifier_resolutions_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
