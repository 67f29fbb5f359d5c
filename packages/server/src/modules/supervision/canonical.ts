// The canonical record a signature's SHA-256 covers (REQ-SUP-06): the entry's answers,
// the share's reviewee, and the topics with their comments, as sorted-key JSON with no
// whitespace, so the same stored record always gives the same hash.
import { createHash } from "node:crypto";
import { canonicalJson } from "../../lib/canonical-json.js";

export interface CanonicalInput {
  entry: { id: string; type: string; formId: string | null; values: unknown };
  share: { id: string; revieweeType: string; revieweeName: string; revieweeEmail: string };
  topics: {
    id: string;
    position: number;
    title: string;
    actions: string;
    completed: boolean;
    comments: { id: string; body: string; authorName: string; byReviewee: boolean; createdAt: Date }[];
  }[];
}

const byPositionThenId = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byTimeThenId = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function canonicalRecord(input: CanonicalInput): string {
  return canonicalJson({
    entry: {
      id: input.entry.id,
      type: input.entry.type,
      formId: input.entry.formId,
      values: input.entry.values ?? {},
    },
    share: {
      id: input.share.id,
      revieweeType: input.share.revieweeType,
      revieweeName: input.share.revieweeName,
      revieweeEmail: input.share.revieweeEmail,
    },
    topics: [...input.topics].sort(byPositionThenId).map((t) => ({
      id: t.id,
      position: t.position,
      title: t.title,
      actions: t.actions,
      completed: t.completed,
      comments: [...t.comments].sort(byTimeThenId).map((c) => ({
        id: c.id,
        body: c.body,
        authorName: c.authorName,
        byReviewee: c.byReviewee,
        createdAt: c.createdAt.toISOString(),
      })),
    })),
  });
}

/** The SHA-256 (hex) a signature records. */
export const canonicalHash = (input: CanonicalInput) =>
  createHash("sha256").update(canonicalRecord(input), "utf8").digest("hex");
