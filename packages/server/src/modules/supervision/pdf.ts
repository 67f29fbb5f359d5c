// The shared record as PDF, for either party: the owner's entry PDF, supervision section included.
import type { Deps } from "../../deps.js";
import { entryPdf } from "../pdf/service.js";
import { partyForShare } from "./party.js";
import { supervisionSection } from "./pdf-section.js";

export async function supervisionPdf(deps: Deps, token: string | null, shareId: string) {
  const party = await partyForShare(deps, token, shareId);
  return entryPdf(deps, party.userId, party.entry.id, supervisionSection);
}
