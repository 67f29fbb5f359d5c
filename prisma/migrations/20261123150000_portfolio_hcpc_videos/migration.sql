-- AlterTable
ALTER TABLE "personal_profiles" ADD COLUMN     "hcpc_summary" TEXT;

-- CreateTable
CREATE TABLE "portfolio_requests" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "requested_by_id" UUID NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'portfolio',
    "request" JSONB NOT NULL,
    "estimated_pages" INTEGER NOT NULL,
    "delivery" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'Queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "failure_reason" TEXT,
    "storage_key" TEXT,
    "page_count" INTEGER,
    "size" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "portfolio_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hcpc_access" (
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "date_from" DATE NOT NULL,
    "date_to" DATE NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hcpc_access_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "video_libraries" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "premium" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "video_libraries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "videos" (
    "id" UUID NOT NULL,
    "video_id" TEXT NOT NULL,
    "library_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL,
    "thumbnail" TEXT,
    "duration" INTEGER NOT NULL,
    "hours" DECIMAL(5,2) NOT NULL DEFAULT 1,
    "views" INTEGER NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "videos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "video_certificates" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "video_id" UUID,
    "video_name" TEXT NOT NULL,
    "reflection" TEXT,
    "state" TEXT NOT NULL DEFAULT 'Queued',
    "entry_id" UUID,
    "file_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "issued_at" TIMESTAMPTZ(3),

    CONSTRAINT "video_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "portfolio_requests_storage_key_key" ON "portfolio_requests"("storage_key");

-- CreateIndex
CREATE INDEX "portfolio_requests_user_id_created_at_idx" ON "portfolio_requests"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "portfolio_requests_expires_at_idx" ON "portfolio_requests"("expires_at");

-- CreateIndex
CREATE INDEX "hcpc_access_user_id_idx" ON "hcpc_access"("user_id");

-- CreateIndex
CREATE INDEX "hcpc_access_expires_at_idx" ON "hcpc_access"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "video_libraries_name_key" ON "video_libraries"("name");

-- CreateIndex
CREATE UNIQUE INDEX "videos_video_id_key" ON "videos"("video_id");

-- CreateIndex
CREATE INDEX "videos_library_id_position_idx" ON "videos"("library_id", "position");

-- CreateIndex
CREATE INDEX "video_certificates_video_id_idx" ON "video_certificates"("video_id");

-- CreateIndex
CREATE UNIQUE INDEX "video_certificates_user_id_video_id_key" ON "video_certificates"("user_id", "video_id");

-- AddForeignKey
ALTER TABLE "portfolio_requests" ADD CONSTRAINT "portfolio_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hcpc_access" ADD CONSTRAINT "hcpc_access_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "videos" ADD CONSTRAINT "videos_library_id_fkey" FOREIGN KEY ("library_id") REFERENCES "video_libraries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "video_certificates" ADD CONSTRAINT "video_certificates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "video_certificates" ADD CONSTRAINT "video_certificates_video_id_fkey" FOREIGN KEY ("video_id") REFERENCES "videos"("id") ON DELETE SET NULL ON UPDATE CASCADE;

