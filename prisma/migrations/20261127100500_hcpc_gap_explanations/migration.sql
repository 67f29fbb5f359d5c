-- The user's explanations of gaps of 3 months or more between the HCPC portal's activities, per
-- link (ADR 0027). They go with the link.
CREATE TABLE "hcpc_gap_explanation" (
    "token_hash" TEXT NOT NULL,
    "date_from" DATE NOT NULL,
    "date_to" DATE NOT NULL,
    "explanation" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "hcpc_gap_explanation_pkey" PRIMARY KEY ("token_hash", "date_from", "date_to"),
    CONSTRAINT "hcpc_gap_explanation_token_hash_fkey" FOREIGN KEY ("token_hash") REFERENCES "hcpc_access"("token_hash") ON DELETE CASCADE ON UPDATE CASCADE
);
