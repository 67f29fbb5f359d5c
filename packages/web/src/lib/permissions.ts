import { ROLES } from "@cpd/contract";
import { useSession } from "./session";

/** REQ-ROLE-01: User-Basic is needed for Edit and Delete of entries and Delete of files. */
export function useIsUserBasic(): boolean {
  const state = useSession();
  return state?.roles.includes(ROLES.userBasic) ?? false;
}
