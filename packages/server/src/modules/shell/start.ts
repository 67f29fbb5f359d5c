// `GET shell/start`: the eight answers a signed-in page load starts with, in one request (ADR 0038).
import type { Deps } from "../../deps.js";
import { getScheduledDeletion } from "../account-deletion/service.js";
import { impersonation } from "../auth/service.js";
import { getProfile } from "../profile/service.js";
import { shellParts } from "./service.js";
import { getSettings } from "./settings.js";

/** Each part is what its own call answers; the shell's four come from one load (`shellParts`). */
export async function shellStart(deps: Deps, caller: { id: string; impersonatedBy?: string | undefined }) {
  const [profile, parts, settings, scheduledDeletion, who] = await Promise.all([
    getProfile(deps, caller.id),
    shellParts(deps, caller.id),
    getSettings(deps, caller.id),
    getScheduledDeletion(deps, caller.id),
    impersonation(deps, caller),
  ]);
  return { profile, ...parts, settings, scheduledDeletion, impersonation: who };
}
