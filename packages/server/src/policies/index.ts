// Authorisation in one place: who may call what, by role, organisation,
// feature and ownership. Each area's decisions are pure functions of facts the
// caller loads first; routes name a policy, services ask the area's functions.
export * as calendar from "./calendar.js";
export type { Actor, Caller, Policy } from "./caller.js";
export { type EntrySwitches, requireEntrySwitch, requireFeature, requirePremium } from "./features.js";
export * as identifiers from "./identifiers.js";
export * as organisations from "./organisations.js";
export * as portfolio from "./portfolio.js";
export * as revalidation from "./revalidation.js";
export { all, hasAnyRole, isOrganisationManager, policies } from "./roles.js";
export * as submission from "./submission.js";
