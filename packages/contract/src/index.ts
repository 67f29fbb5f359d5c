export * from "./auth.js";
export * from "./constants.js";
export * from "./endpoint.js";
export * from "./personal-profile.js";
export * from "./profile.js";
export * as api from "./registry.js";
export * from "./shell.js";
