// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export { profileImageUrl } from "./image-url";
export { looksLikeEmail } from "./profile-rules";
export { useGoverningBodies } from "./queries";
export { TagListEditor } from "./TagsEditor";
export { UnsavedChangesModal } from "./UnsavedChangesModal";
