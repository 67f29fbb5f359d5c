-- AlterTable
ALTER TABLE "organisations" ADD COLUMN     "additional_fields" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "arranged_in" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "governing_body_type" TEXT;

-- AlterTable
ALTER TABLE "activity_log" ADD COLUMN     "subject_id" UUID;

-- CreateTable
CREATE TABLE "additional_field_values" (
    "user_id" UUID NOT NULL,
    "field_id" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "additional_field_values_pkey" PRIMARY KEY ("user_id","field_id")
);

-- CreateTable
CREATE TABLE "annual_reviews" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "organisation_id" INTEGER NOT NULL,
    "reviewer_id" UUID,
    "date" DATE NOT NULL,
    "met_requirements" BOOLEAN NOT NULL,
    "comments" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "annual_reviews_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership_records" (
    "id" UUID NOT NULL,
    "identifier" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "start_date" DATE,
    "end_date" DATE,
    "notes" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "annual_reviews_user_id_date_idx" ON "annual_reviews"("user_id", "date" DESC);

-- CreateIndex
CREATE INDEX "annual_reviews_organisation_id_idx" ON "annual_reviews"("organisation_id");

-- CreateIndex
CREATE INDEX "annual_reviews_reviewer_id_idx" ON "annual_reviews"("reviewer_id");

-- CreateIndex
CREATE INDEX "membership_records_email_idx" ON "membership_records"("email");

-- CreateIndex
CREATE INDEX "membership_records_identifier_idx" ON "membership_records"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "membership_records_type_identifier_key" ON "membership_records"("type", "identifier");

-- CreateIndex
CREATE INDEX "activity_log_subject_id_idx" ON "activity_log"("subject_id");

-- CreateIndex
CREATE INDEX "activity_log_organisation_id_at_idx" ON "activity_log"("organisation_id", "at" DESC);

-- AddForeignKey
ALTER TABLE "additional_field_values" ADD CONSTRAINT "additional_field_values_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "annual_reviews" ADD CONSTRAINT "annual_reviews_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "annual_reviews" ADD CONSTRAINT "annual_reviews_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "annual_reviews" ADD CONSTRAINT "annual_reviews_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

