// The shared record as PDF, for either party: the owner's entry PDF, supervision section included.
// The reviewee's is refused, or leaves evidence out of its list, as the view does (ADR 0031).
import type { Deps } from "../../deps.js";
import { entryPdf } from "../pdf/service.js";
import { partyForShare } from "./party.js";
import { supervisionSection } from "./pdf-section.js";
import { withheldFromReviewee } from "./review.js";

export async function supervisionPdf(deps: Deps, token: string | null, shareId: string) {
  const party = await partyForShare(deps, token, shareId);
  const hidden = party.kind === "reviewee" ? (await withheldFromReviewee(deps, party)).files : undefined;
  return entryPdf(deps, party.userId, party.entry.id, supervisionSection, hidden);
}
