import { APPOINTED_CONFIRMER_MESSAGES, ORGANISATION_LIMITS } from "@cpd/contract";
import { describe, expect, it } from "vitest";
import { confirmersText, parseConfirmers } from "./confirmers-model";

describe("the appointed confirmers field", () => {
  it("takes one address a line (or commas), lower-cased and each once", () => {
    expect(parseConfirmers(" Carol@Trust.Example\n\ncarol@trust.example, dan@trust.example ")).toEqual({
      emails: ["carol@trust.example", "dan@trust.example"],
    });
    expect(parseConfirmers("  \n")).toEqual({ emails: [] });
    expect(confirmersText(["a@b.cd", "e@f.gh"])).toBe("a@b.cd\ne@f.gh");
    expect(confirmersText(undefined)).toBe("");
  });

  it("refuses a text that is not an address, and too many, with the contract's messages", () => {
    expect(parseConfirmers("carol@trust.example\nnot-an-email")).toEqual({
      error: APPOINTED_CONFIRMER_MESSAGES.invalid,
    });
    expect(parseConfirmers("carol\u0000@trust.example")).toEqual({
      error: APPOINTED_CONFIRMER_MESSAGES.invalid,
    });
    const many = Array.from(
      { length: ORGANISATION_LIMITS.appointedConfirmers + 1 },
      (_, i) => `c${i}@t.example`,
    );
    expect(parseConfirmers(many.join("\n"))).toEqual({ error: APPOINTED_CONFIRMER_MESSAGES.tooMany });
    expect(parseConfirmers(many.slice(1).join("\n"))).toEqual({ emails: many.slice(1) });
  });
});
