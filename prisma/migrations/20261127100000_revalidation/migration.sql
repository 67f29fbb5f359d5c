-- Revalidation for every UK health regulator (ADR 0026): the professional's registrations, the
-- records the packs need besides CPD (practice hours, feedback, reflective accounts, discussions,
-- declarations) and the revalidation tags a diary entry carries.
CREATE TABLE "registrations" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "regulator" TEXT NOT NULL,
    "registers" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "registration_number" TEXT NOT NULL,
    "renewal_date" DATE NOT NULL,
    "reminders" BOOLEAN NOT NULL DEFAULT true,
    "target_hours" DECIMAL(7,2),
    "cycle_months" INTEGER,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "registrations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "registrations_user_id_idx" ON "registrations"("user_id");
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "revalidation_records" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "end_date" DATE,
    "hours" DECIMAL(7,2),
    "details" JSONB NOT NULL DEFAULT '{}',
    "themes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "revalidation_records_pkey" PRIMARY KEY ("id")
);
-- The cycle totals and the list (newest first, optionally of one kind) read by user, kind and date.
CREATE INDEX "revalidation_records_user_id_kind_date_idx" ON "revalidation_records"("user_id", "kind", "date");
ALTER TABLE "revalidation_records" ADD CONSTRAINT "revalidation_records_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "entry_revalidation" (
    "entry_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "participatory" BOOLEAN NOT NULL DEFAULT false,
    "planned" BOOLEAN NOT NULL DEFAULT false,
    "verifiable" BOOLEAN NOT NULL DEFAULT false,
    "method" TEXT,
    "themes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    CONSTRAINT "entry_revalidation_pkey" PRIMARY KEY ("entry_id")
);
CREATE INDEX "entry_revalidation_user_id_idx" ON "entry_revalidation"("user_id");
ALTER TABLE "entry_revalidation" ADD CONSTRAINT "entry_revalidation_entry_id_fkey"
    FOREIGN KEY ("entry_id") REFERENCES "entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "entry_revalidation" ADD CONSTRAINT "entry_revalidation_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
