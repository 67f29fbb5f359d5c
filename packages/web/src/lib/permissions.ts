import { ROLES } from "@cpd/contract";
import { useUserFeatures } from "../features/shell/queries";
import { useSession } from "./session";

/** Spec 2 §6: User-Basic is needed for Edit and Delete of entries and Delete of files. */
export function useIsUserBasic(): boolean {
  const state = useSession();
  return state?.roles.includes(ROLES.userBasic) ?? false;
}

/** What this user may use (GET features/user); unknown while loading counts as off. */
export function useUserFeature(name: "SharedCPD" | "FormPercentages"): boolean {
  const { data } = useUserFeatures();
  return data?.[name] === true;
}
