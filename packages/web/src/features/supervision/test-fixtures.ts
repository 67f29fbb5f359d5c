// Supervision records as the API sends them, for the component tests.
import { diaryForm, formItem, formPage } from "../../test/fixtures";
import type { Form } from "../forms";
import type { RevieweeRecord, Signature, Topic } from "./review-model";

export const ENTRY_ID = "3f0c9a52-6a8e-4c55-9d0e-0d5e2b8f1a11";
export const SHARE_ID = "9b2d4c6e-1f3a-4b5c-8d7e-0a1b2c3d4e5f";
export const TOPIC_ID = "5c1e2d3f-4a5b-4c6d-9e8f-7a6b5c4d3e2f";
export const HASH = "ab".repeat(32);
/** A tiny PNG as a data URL: what a drawn signature becomes. */
export const PNG_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==";

export const topic = (over: Partial<Topic> = {}): Topic => ({
  TopicId: TOPIC_ID,
  TopicTitle: "Caseload review",
  TopicActions: "Book a joint visit",
  Completed: "0",
  Comments: [
    {
      Id: "c1",
      Comment: "<b>Went well</b>",
      CommentBy: "Jo Bloggs",
      CommentDate: "2026-07-02T08:05:00.000Z",
      SupervisionId: SHARE_ID,
      TopicId: TOPIC_ID,
      ByReviewee: true,
    },
  ],
  ...over,
});

export const signature = (over: Partial<Signature> = {}): Signature => ({
  side: "Supervisor",
  signerName: "Alex Morgan",
  signedAt: "2026-07-03T13:15:00.000Z",
  contentHash: HASH,
  byReviewee: false,
  ...over,
});

/** Shared by a Supervisor with Jo Bloggs (the Supervisee), nobody signed yet. */
export const reviewee = (over: Partial<RevieweeRecord> = {}): RevieweeRecord => ({
  Id: SHARE_ID,
  RevieweeType: "Supervisee",
  RevieweeName: "Jo Bloggs",
  RevieweeEmail: "jo@nhs.net",
  RevieweeNumber: "07700 900123",
  // Summer: London is an hour ahead of UTC.
  ExpiresAt: "2026-07-08T09:30:00.000Z",
  Signature: null,
  RevieweeSignature: null,
  Completed: "0",
  Status: "shared",
  Topics: [topic()],
  ...over,
});

export const supervisionForm = (role: string, over: Partial<Form> = {}): Form => ({
  ...diaryForm([]),
  identifier: "supervision",
  entryId: ENTRY_ID,
  pages: [
    formPage("Supervision session", [
      formItem("Field4", "Title", 1, false, { value: "Weekly supervision" }),
      formItem("SupervisionDate", "Date of session", 9, true, { value: "2026-07-01" }),
      formItem("SupervisionRole", "Your role", 4, true, {
        values: ["Supervisor", "Supervisee"],
        value: role,
      }),
    ]),
  ],
  ...over,
});

/**
 * signature_pad draws on a real canvas, which jsdom has not: a stand-in that is empty until the
 * test "draws" (drawOnPad), then gives a PNG.
 */
const pad = { drawn: false, listeners: [] as (() => void)[] };
export function drawOnPad() {
  pad.drawn = true;
  for (const l of pad.listeners) l();
}
export class FakeSignaturePad {
  constructor() {
    pad.drawn = false;
    pad.listeners = [];
  }
  isEmpty() {
    return !pad.drawn;
  }
  toDataURL() {
    return PNG_URL;
  }
  toData() {
    return [];
  }
  fromData() {}
  clear() {
    pad.drawn = false;
  }
  on() {}
  off() {}
  addEventListener(_type: string, l: () => void) {
    pad.listeners.push(l);
  }
  removeEventListener() {}
}
