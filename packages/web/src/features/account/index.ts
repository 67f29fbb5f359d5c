// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export { NewPasswordFields, notChanged } from "./NewPasswordFields";
export { checkNewPassword } from "./password-rules";
