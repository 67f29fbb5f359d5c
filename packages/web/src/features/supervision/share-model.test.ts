import { SUPERVISION_MESSAGES } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { emptyDraft, firstErrorId, hasErrors, newTopic, toShareBody, validateShare } from "./share-model";

const filled = () => ({
  ...emptyDraft(),
  name: "Jo Bloggs",
  email: "jo@nhs.net",
  number: "07700 900123",
  expiry: "7",
  topics: [{ ...newTopic(0), title: "Caseload" }],
});

describe("validateShare", () => {
  it("names each missing field with the contract's message", () => {
    const e = validateShare(emptyDraft());
    expect(e.fields).toEqual({
      name: SUPERVISION_MESSAGES.nameRequired,
      email: SUPERVISION_MESSAGES.emailRequired,
      number: SUPERVISION_MESSAGES.numberRequired,
      expiry: SUPERVISION_MESSAGES.expiryRequired,
    });
    expect(e.topics).toEqual({ 0: SUPERVISION_MESSAGES.topicTitleRequired });
    expect(firstErrorId(emptyDraft(), e)).toBe("share-name");
  });

  it("refuses blanks, a bad e-mail or phone number, and a period not offered", () => {
    const e = validateShare({ ...filled(), name: "   ", email: "jo@nhs", number: "07700 ABC", expiry: "3" });
    expect(e.fields).toEqual({
      name: SUPERVISION_MESSAGES.nameRequired,
      email: SUPERVISION_MESSAGES.emailInvalid,
      number: SUPERVISION_MESSAGES.numberInvalid,
      expiry: SUPERVISION_MESSAGES.expiryRequired,
    });
    const topicOnly = validateShare({ ...filled(), topics: [newTopic(4), { ...newTopic(5), title: " " }] });
    expect(Object.keys(topicOnly.fields)).toHaveLength(0);
    expect(firstErrorId(filled(), topicOnly)).toBeNull();
    expect(firstErrorId({ ...filled(), topics: [newTopic(4)] }, topicOnly)).toBe("share-topic-4-title");
  });

  it("accepts a complete draft, and no topics at all", () => {
    expect(hasErrors(validateShare(filled()))).toBe(false);
    expect(hasErrors(validateShare({ ...filled(), topics: [] }))).toBe(false);
  });
});

describe("toShareBody", () => {
  it("trims the fields, sends days as a number and leaves blank actions out", () => {
    const body = toShareBody("e1", "Supervisor", {
      ...filled(),
      name: " Jo ",
      email: " jo@nhs.net ",
      expiry: "30",
      topics: [
        { key: 0, title: " A ", actions: "  " },
        { key: 1, title: "B", actions: " Do it " },
      ],
    });
    expect(body).toEqual({
      entryId: "e1",
      reviewee: { type: "Supervisor", name: "Jo", email: "jo@nhs.net", number: "07700 900123", expiry: 30 },
      topics: [{ title: "A" }, { title: "B", actions: "Do it" }],
    });
  });
});
