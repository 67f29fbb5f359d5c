-- Patient identifiers in evidence (ADR 0031). The worker reads an uploaded PDF or Word document
-- and keeps what the detector found in its text, each with a masked excerpt, never the text.
-- Both columns stay null for files that are not read (images, text files) and for rows
-- restored from an export made before them.
ALTER TABLE "files" ADD COLUMN "text_check" TEXT;
ALTER TABLE "files" ADD COLUMN "identifier_findings" JSONB;
