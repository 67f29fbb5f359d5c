-- Video thumbnails live in our object storage and are served from our origin, as organisation
-- logos are (ADR 0021). thumbnail keeps an older foreign address, shown to administrators only.
ALTER TABLE "videos" ADD COLUMN "thumbnail_key" TEXT;
