// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export { DEFAULT_STATE, toSearchParams } from "./list-params";
export { PdfPreviewModal } from "./PdfPreviewModal";
export { useSharedCategories } from "./queries";
