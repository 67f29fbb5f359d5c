import { pdfJob } from "./shared.js";

/** Makes a revalidation submission pack (REQ-SUBMIT-01); the submission's id is the payload and the job id. */
export const submissionJob = pdfJob("revalidation-submission", "submissionId");
