import { describe, expect, it } from "vitest";
import { likePattern, listFilter } from "./sql-list.js";

describe("listFilter", () => {
  it("numbers each condition's parameter after the given ones and puts LIMIT/OFFSET last", () => {
    const f = listFilter(["user-1"], ["t.user_id = $1"]);
    f.add((p) => `t.category = ${p}`, "Course");
    f.add((p) => `t.name LIKE ${p}`, likePattern("50%_off\\"));
    expect(`${f.where()} ${f.page(20, 3)}`).toBe(
      "WHERE t.user_id = $1 AND t.category = $2 AND t.name LIKE $3 LIMIT $4 OFFSET $5",
    );
    expect(f.values).toEqual(["user-1", "Course", "%50\\%\\_off\\\\%", 20, 40]);
  });

  it("writes no WHERE without conditions, and keeps the caller's own parameters", () => {
    const f = listFilter(["user-1"]);
    expect(f.where()).toBe("");
    expect(f.page(10, 1)).toBe("LIMIT $2 OFFSET $3");
    expect(f.values).toEqual(["user-1", 10, 0]);
  });
});
