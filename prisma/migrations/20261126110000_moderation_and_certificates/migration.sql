-- AlterTable
ALTER TABLE "shared_cpd" ADD COLUMN     "hidden_at" TIMESTAMPTZ(3),
ADD COLUMN     "hidden_by" UUID,
ADD COLUMN     "hidden_reason" TEXT;

-- CreateIndex
CREATE INDEX "video_certificates_created_at_idx" ON "video_certificates"("created_at" DESC);

