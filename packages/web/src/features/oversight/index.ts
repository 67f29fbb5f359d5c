// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export { CertificatesList, PAGE_SIZE as CERTIFICATES_PAGE_SIZE } from "./CertificatesList";
export { PersonCell } from "./PersonCell";
export { PAGE_SIZE as SHARES_PAGE_SIZE, type Share, SharesList, shareQuery } from "./SharesList";
