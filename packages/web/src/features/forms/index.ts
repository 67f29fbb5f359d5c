// What other features use of this one (docs/decisions/0015-module-boundaries-and-jobs.md): a
// feature imports another only through its index. No route pages here: they stay lazy-loaded.
export { type Form, type FormItem, initialValues, visiblePages } from "./form-model";
export { todayIso } from "./recurrence";
