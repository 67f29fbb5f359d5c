export * from "./membership-rules.js";
export { loadAccount, membershipFacts, tokenVersion } from "./repository.js";
