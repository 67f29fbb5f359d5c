// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. The public pages stay lazy-loaded.

export { AttestationsSection } from "./AttestationsSection";
export { STATE_TEXT } from "./attestation-model";
