import { describe, expect, it } from "vitest";
import { detailsText } from "./ActivityLogPage";

describe("detailsText", () => {
  it("shows before and after of changed fields, lists and plain values", () => {
    expect(detailsText({ changed: { cpdHours: [null, 30] } })).toBe("changed: cpdHours null → 30");
    expect(detailsText({ list: "tags", added: ["Audit"], removed: [] })).toBe(
      "list: tags; added: Audit; removed: none",
    );
  });
});
