import { describe, expect, it } from "vitest";
import { emptyPortal, type PortalState, parsePortal, portalReducer, progressPercent } from "./portal-state";

const allDone = (over: Partial<PortalState> = {}): PortalState => ({
  ...emptyPortal("tok"),
  completed: { summary: true, activities: true, statement: true, evidence: true },
  entries: ["e1", "e2"],
  evidence: ["f1"],
  ...over,
});

describe("the HCPC portal's completion flags", () => {
  it("sets and clears each step", () => {
    let s = portalReducer(emptyPortal("tok"), { type: "complete", step: "statement", done: true });
    expect(s.completed).toEqual({ summary: false, activities: false, statement: true, evidence: false });
    s = portalReducer(s, { type: "complete", step: "statement", done: false });
    expect(s.completed.statement).toBe(false);
  });

  it("a summary edit resets the summary only", () => {
    const s = portalReducer(allDone(), { type: "text", part: "summary", loading: false });
    expect(s.completed).toEqual({ summary: false, activities: true, statement: true, evidence: true });
  });

  it("a statement edit resets the statement only", () => {
    const s = portalReducer(allDone(), { type: "text", part: "statement", loading: false });
    expect(s.completed).toEqual({ summary: true, activities: true, statement: false, evidence: true });
  });

  it("text arriving while loading resets nothing", () => {
    const start = allDone();
    expect(portalReducer(start, { type: "text", part: "summary", loading: true })).toBe(start);
    expect(portalReducer(start, { type: "text", part: "statement", loading: true })).toBe(start);
  });

  it("other selected activities reset the activities and the evidence, and are kept", () => {
    const s = portalReducer(allDone(), { type: "entries", ids: ["e1"] });
    expect(s.entries).toEqual(["e1"]);
    expect(s.completed).toEqual({ summary: true, activities: false, statement: true, evidence: false });
  });

  it("the same activities in another order change nothing", () => {
    const start = allDone();
    expect(portalReducer(start, { type: "entries", ids: ["e2", "e1", "e2"] })).toBe(start);
  });

  it("other selected evidence resets the evidence only", () => {
    const s = portalReducer(allDone(), { type: "evidence", ids: ["f1", "f2"] });
    expect(s.evidence).toEqual(["f1", "f2"]);
    expect(s.completed).toEqual({ summary: true, activities: true, statement: true, evidence: false });
    const same = allDone();
    expect(portalReducer(same, { type: "evidence", ids: ["f1"] })).toBe(same);
  });

  it("a new access token starts afresh; the same token keeps the work", () => {
    const start = allDone();
    expect(portalReducer(start, { type: "token", token: "tok" })).toBe(start);
    expect(portalReducer(start, { type: "token", token: "other" })).toEqual(emptyPortal("other"));
  });
});

describe("progressPercent", () => {
  it("counts completed steps out of 4", () => {
    expect(progressPercent(emptyPortal())).toBe(0);
    expect(
      progressPercent(portalReducer(emptyPortal(), { type: "complete", step: "summary", done: true })),
    ).toBe(25);
    expect(progressPercent(allDone())).toBe(100);
  });
});

describe("parsePortal", () => {
  it("reads what was stored and drops anything malformed", () => {
    expect(parsePortal(JSON.stringify(allDone()))).toEqual(allDone());
    expect(parsePortal("{not json")).toEqual(emptyPortal());
    expect(
      parsePortal(JSON.stringify({ accessToken: 5, completed: { summary: "yes" }, entries: ["a", 1] })),
    ).toEqual({
      ...emptyPortal(),
      entries: ["a"],
    });
  });
});
