// Pure rules of submission packs (REQ-SUBMIT-01..06).

/** The S3 key of a submission's PDF: derived from its id, so a retried job overwrites it. */
export const submissionStorageKey = (id: string) => `submissions/${id}.pdf`;
