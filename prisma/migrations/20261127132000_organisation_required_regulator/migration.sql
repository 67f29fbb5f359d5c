-- Organisations can require their members to hold a registration with a regulator (REQ-REVAL-09).
ALTER TABLE "organisations" ADD COLUMN "required_regulator" TEXT;
