-- The daily account jobs and the account deletion look these up (issue 11, spec D).

-- CreateIndex
CREATE INDEX "entries_type_date_idx" ON "entries"("type", "date");

-- CreateIndex
CREATE INDEX "entries_reminder_date_idx" ON "entries"("reminder_date");

-- CreateIndex
CREATE INDEX "portfolio_requests_requested_by_id_idx" ON "portfolio_requests"("requested_by_id");

-- CreateIndex
CREATE INDEX "activity_log_actor_id_idx" ON "activity_log"("actor_id");
