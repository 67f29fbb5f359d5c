export * from "./membership-rules.js";
export { loadAccount, membershipFacts } from "./repository.js";
