// The Share dialog's draft and its checks (REQ-SUP-02): the same limits and messages the server
// answers with, read from the contract so the client's instant feedback never disagrees.
import {
  type api,
  type BodyOf,
  Email,
  SUPERVISION,
  SUPERVISION_MESSAGES,
  type SupervisionSide,
  validPhoneNumber,
} from "@cpd/contract";

export interface TopicDraft {
  /** A stable React key for the row (not sent). */
  key: number;
  title: string;
  actions: string;
}

export interface ShareDraft {
  name: string;
  email: string;
  number: string;
  /** Days, as the select's value; "" until chosen. */
  expiry: string;
  topics: TopicDraft[];
}

export type ShareField = "name" | "email" | "number" | "expiry";
export interface ShareErrors {
  fields: Partial<Record<ShareField, string>>;
  /** By topic row key. */
  topics: Record<number, string>;
}

export const newTopic = (key: number): TopicDraft => ({ key, title: "", actions: "" });
export const emptyDraft = (): ShareDraft => ({
  name: "",
  email: "",
  number: "",
  expiry: "",
  topics: [newTopic(0)],
});

const EMAIL = new RegExp(Email().pattern ?? "", "u");

export const expiryLabel = (days: number) => (days === 1 ? "1 day" : `${days} days`);

export function validateShare(d: ShareDraft): ShareErrors {
  const fields: ShareErrors["fields"] = {};
  if (!d.name.trim()) fields.name = SUPERVISION_MESSAGES.nameRequired;
  const email = d.email.trim();
  if (!email) fields.email = SUPERVISION_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) fields.email = SUPERVISION_MESSAGES.emailInvalid;
  const number = d.number.trim();
  if (!number) fields.number = SUPERVISION_MESSAGES.numberRequired;
  else if (!validPhoneNumber(number)) fields.number = SUPERVISION_MESSAGES.numberInvalid;
  if (d.expiry === "" || !SUPERVISION.expiryDays.includes(Number(d.expiry)))
    fields.expiry = SUPERVISION_MESSAGES.expiryRequired;
  const topics: ShareErrors["topics"] = {};
  for (const t of d.topics) if (!t.title.trim()) topics[t.key] = SUPERVISION_MESSAGES.topicTitleRequired;
  return { fields, topics };
}

export const hasErrors = (e: ShareErrors) =>
  Object.keys(e.fields).length > 0 || Object.keys(e.topics).length > 0;

/** The id of the first field in error, in the dialog's order (focus goes there). */
export function firstErrorId(d: ShareDraft, e: ShareErrors): string | null {
  for (const f of ["name", "email", "number", "expiry"] as const) if (e.fields[f]) return `share-${f}`;
  const t = d.topics.find((x) => e.topics[x.key]);
  return t ? `share-topic-${t.key}-title` : null;
}

export function toShareBody(
  entryId: string,
  revieweeType: SupervisionSide,
  d: ShareDraft,
): BodyOf<typeof api.shareSupervision> {
  return {
    entryId,
    reviewee: {
      type: revieweeType,
      name: d.name.trim(),
      email: d.email.trim(),
      number: d.number.trim(),
      expiry: Number(d.expiry),
    },
    topics: d.topics.map((t) => ({
      title: t.title.trim(),
      ...(t.actions.trim() ? { actions: t.actions.trim() } : {}),
    })),
  };
}
