-- The daily job's reminders before identity documents expire (REQ-REVAL-06) range over expiry_date.
CREATE INDEX "identity_documents_expiry_date_idx" ON "identity_documents"("expiry_date");
