-- AlterTable
ALTER TABLE "entries" ADD COLUMN     "supervision_locked" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "supervision_shares" (
    "id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "reviewee_type" TEXT NOT NULL,
    "reviewee_name" TEXT NOT NULL,
    "reviewee_email" TEXT NOT NULL,
    "reviewee_number" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "code_request_id" UUID,
    "code_hash" TEXT,
    "code_requested_at" TIMESTAMPTZ(3),
    "code_expires_at" TIMESTAMPTZ(3),
    "wrong_codes" INTEGER NOT NULL DEFAULT 0,
    "locked_at" TIMESTAMPTZ(3),

    CONSTRAINT "supervision_shares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supervision_topics" (
    "id" UUID NOT NULL,
    "entry_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "actions" TEXT NOT NULL DEFAULT '',
    "completed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supervision_topics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supervision_comments" (
    "id" UUID NOT NULL,
    "topic_id" UUID NOT NULL,
    "share_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "author_name" TEXT NOT NULL,
    "by_reviewee" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supervision_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supervision_signatures" (
    "id" UUID NOT NULL,
    "share_id" UUID NOT NULL,
    "side" TEXT NOT NULL,
    "signer_name" TEXT NOT NULL,
    "by_reviewee" BOOLEAN NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "ip_address" TEXT NOT NULL,
    "signed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supervision_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "supervision_guest_sessions" (
    "id" UUID NOT NULL,
    "share_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "ip_address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "supervision_guest_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "supervision_shares_entry_id_idx" ON "supervision_shares"("entry_id");

-- CreateIndex
CREATE INDEX "supervision_shares_user_id_idx" ON "supervision_shares"("user_id");

-- CreateIndex
CREATE INDEX "supervision_topics_entry_id_position_idx" ON "supervision_topics"("entry_id", "position");

-- CreateIndex
CREATE INDEX "supervision_comments_topic_id_created_at_idx" ON "supervision_comments"("topic_id", "created_at");

-- CreateIndex
CREATE INDEX "supervision_comments_share_id_idx" ON "supervision_comments"("share_id");

-- CreateIndex
CREATE UNIQUE INDEX "supervision_signatures_storage_key_key" ON "supervision_signatures"("storage_key");

-- CreateIndex
CREATE UNIQUE INDEX "supervision_signatures_share_id_side_key" ON "supervision_signatures"("share_id", "side");

-- CreateIndex
CREATE UNIQUE INDEX "supervision_guest_sessions_token_hash_key" ON "supervision_guest_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "supervision_guest_sessions_share_id_idx" ON "supervision_guest_sessions"("share_id");

-- AddForeignKey
ALTER TABLE "supervision_shares" ADD CONSTRAINT "supervision_shares_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supervision_shares" ADD CONSTRAINT "supervision_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supervision_topics" ADD CONSTRAINT "supervision_topics_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "entries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supervision_comments" ADD CONSTRAINT "supervision_comments_topic_id_fkey" FOREIGN KEY ("topic_id") REFERENCES "supervision_topics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supervision_comments" ADD CONSTRAINT "supervision_comments_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "supervision_shares"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supervision_signatures" ADD CONSTRAINT "supervision_signatures_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "supervision_shares"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "supervision_guest_sessions" ADD CONSTRAINT "supervision_guest_sessions_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "supervision_shares"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- One unrevoked share per entry: two racing shares get one 200 and one 409.
CREATE UNIQUE INDEX "supervision_shares_one_active" ON "supervision_shares"("entry_id") WHERE "revoked_at" IS NULL;
