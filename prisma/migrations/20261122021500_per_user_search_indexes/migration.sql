-- The entries list searches one user's entries: a (user_id, search_text) trigram index finds
-- them without scanning every user's matches (measured 3x to 9x faster than the global one).
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "entries_user_id_search_text_trgm_idx" ON "entries" USING GIN ("user_id", "search_text" gin_trgm_ops);
DROP INDEX IF EXISTS "entries_search_text_trgm_idx";

-- The tags facet reads only (user_id, tags): an index-only scan instead of a heap page per entry.
CREATE INDEX "entries_user_id_tags_idx" ON "entries" ("user_id") INCLUDE ("tags");
