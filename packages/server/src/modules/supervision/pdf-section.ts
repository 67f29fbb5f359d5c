// The supervision part of an entry's PDF (REQ-SUP-06): the current share's reviewee,
// topics and comments, and each signature with its image, hash and verification link.
import { londonDateTime } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import type { SupervisionSection } from "../pdf/entry-pdf.js";
import { verifyLink } from "./emails.js";
import * as repo from "./repository.js";

async function image(deps: Pick<Deps, "storage" | "log">, key: string): Promise<Buffer | null> {
  try {
    return await deps.storage.getBytes(key);
  } catch (err) {
    deps.log.warn({ err, key }, "signature image unreadable for a PDF");
    return null;
  }
}

/** Null when the entry is not shared (a reset share's review is not printed). */
export async function supervisionSection(
  deps: Pick<Deps, "prisma" | "storage" | "log" | "config">,
  entryId: string,
): Promise<SupervisionSection | null> {
  const share = await repo.activeShare(deps.prisma, entryId);
  if (!share) return null;
  const [topics, signatures] = await Promise.all([
    repo.topicsOf(deps.prisma, entryId),
    repo.signaturesOf(deps.prisma, share.id),
  ]);
  return {
    revieweeName: share.revieweeName,
    revieweeSide: share.revieweeType,
    topics: topics.map((t) => ({
      title: t.title,
      actions: t.actions,
      completed: t.completed,
      comments: t.comments.map((c) => ({
        author: c.authorName,
        at: londonDateTime(c.createdAt),
        body: c.body,
      })),
    })),
    signatures: await Promise.all(
      signatures.map(async (s) => ({
        side: s.side,
        signerName: s.signerName,
        signedAt: londonDateTime(s.signedAt),
        image: await image(deps, s.storageKey),
        hash: s.contentHash,
        verifyUrl: verifyLink(deps.config.publicUrl, share.id, s.contentHash),
      })),
    ),
  };
}
