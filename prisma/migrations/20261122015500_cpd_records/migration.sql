-- AlterTable
ALTER TABLE "organisations" ADD COLUMN     "categories" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "entries" ADD COLUMN     "activity_type" TEXT,
ADD COLUMN     "category" TEXT,
ADD COLUMN     "completeness" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "completeness_percentage" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "form_id" UUID,
ADD COLUMN     "hours" DECIMAL(7,2),
ADD COLUMN     "reminder_date" DATE,
ADD COLUMN     "search_text" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "standards" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "supervision_completed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "values" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "website" TEXT;

-- AlterTable
ALTER TABLE "files" ADD COLUMN     "entry_id" UUID;

-- CreateTable
CREATE TABLE "form_definitions" (
    "id" UUID NOT NULL,
    "identifier" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "definition" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "form_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "identity_documents" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "file_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "expiry_date" DATE,
    "upload_date" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "identity_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shared_cpd" (
    "id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "website_url" TEXT NOT NULL,
    "upvotes" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shared_cpd_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shared_cpd_upvotes" (
    "shared_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shared_cpd_upvotes_pkey" PRIMARY KEY ("shared_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "form_definitions_identifier_version_key" ON "form_definitions"("identifier", "version");

-- CreateIndex
CREATE INDEX "identity_documents_user_id_upload_date_idx" ON "identity_documents"("user_id", "upload_date" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "shared_cpd_entry_id_key" ON "shared_cpd"("entry_id");

-- CreateIndex
CREATE INDEX "shared_cpd_created_at_idx" ON "shared_cpd"("created_at" DESC);

-- CreateIndex
CREATE INDEX "shared_cpd_category_created_at_idx" ON "shared_cpd"("category", "created_at" DESC);

-- CreateIndex
CREATE INDEX "shared_cpd_upvotes_created_at_idx" ON "shared_cpd"("upvotes" DESC, "created_at" DESC);

-- CreateIndex
CREATE INDEX "shared_cpd_upvotes_user_id_idx" ON "shared_cpd_upvotes"("user_id");

-- CreateIndex
CREATE INDEX "entries_user_id_date_idx" ON "entries"("user_id", "date" DESC);

-- CreateIndex
CREATE INDEX "entries_tags_idx" ON "entries" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "files_entry_id_idx" ON "files"("entry_id");

-- AddForeignKey
ALTER TABLE "entries" ADD CONSTRAINT "entries_form_id_fkey" FOREIGN KEY ("form_id") REFERENCES "form_definitions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "files" ADD CONSTRAINT "files_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shared_cpd" ADD CONSTRAINT "shared_cpd_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shared_cpd" ADD CONSTRAINT "shared_cpd_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shared_cpd_upvotes" ADD CONSTRAINT "shared_cpd_upvotes_shared_id_fkey" FOREIGN KEY ("shared_id") REFERENCES "shared_cpd"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shared_cpd_upvotes" ADD CONSTRAINT "shared_cpd_upvotes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Text search of the entries list and shared CPD: trigram indexes serve ILIKE '%term%'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "entries_search_text_trgm_idx" ON "entries" USING GIN ("search_text" gin_trgm_ops);
CREATE INDEX "shared_cpd_search_trgm_idx" ON "shared_cpd" USING GIN ((lower("title" || ' ' || "description")) gin_trgm_ops);
