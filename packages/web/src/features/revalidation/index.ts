// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. The page stays lazy-loaded.
export { EntryRevalidationCard } from "./EntryRevalidationCard";
export { CompactProgress } from "./ProgressCard";
export { prefetchRevalidationProgress, useRecords, useRevalidationProgress } from "./queries";
export { RegistrationsEditor } from "./RegistrationsEditor";
export { RequiredRegistrationPrompt } from "./RequiredRegistrationPrompt";
export { RECORD_KIND_LABELS, STATUS_COLOURS } from "./revalidation-model";
