-- Organisation logos live in our object storage (ADR 0021): the keys of the header logo and of
-- the login page logo. logo_url / login_logo_url keep older values (data: or https addresses)
-- until an administrator saves or uploads.
ALTER TABLE "organisations" ADD COLUMN "logo_key" TEXT;
ALTER TABLE "organisations" ADD COLUMN "login_logo_key" TEXT;
