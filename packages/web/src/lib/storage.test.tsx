import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { readGuestToken, storeGuestToken } from "../features/supervision/guest-token";
import { session } from "./session";
import { patchStored, readStored, STORAGE_KEY } from "./storage";

afterEach(() => session.clear("logout"));

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );

describe("the client's stored state", () => {
  it("is touched only by lib/storage.ts", () => {
    // test/setup.ts clears both between tests.
    const users = sources(SRC)
      .filter((f) => !f.startsWith(path.join(SRC, "test", path.sep)))
      .filter((f) => /\b(localStorage|sessionStorage)\b/.test(readFileSync(f, "utf8")));
    expect(users.map((f) => path.relative(SRC, f))).toEqual(["lib/storage.ts"]);
  });

  it("keeps everything under one key in each storage area", () => {
    session.login("t1", ["User-Basic"], true);
    session.setPrefs({ miniTourSkipped: true });
    patchStored("local", { hcpcPortal: { accessToken: "a" } });
    storeGuestToken("share-1", "g1");
    expect(Object.keys(window.localStorage)).toEqual([STORAGE_KEY]);
    expect(Object.keys(window.sessionStorage)).toEqual([STORAGE_KEY]);
    expect(readStored("local")).toMatchObject({ token: "t1", prefs: { miniTourSkipped: true } });
    expect(readGuestToken("share-1")).toBe("g1");

    // Logging out keeps the other parts: this browser's preferences and the portal's progress.
    session.clear("logout");
    expect(readStored("local")).toEqual({
      prefs: { miniTourSkipped: true },
      hcpcPortal: { accessToken: "a" },
    });
    storeGuestToken("share-1", null);
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("keeps a session without remember me in the tab's storage only", () => {
    session.login("t2", ["User-Basic"], false);
    expect(readStored("tab")).toMatchObject({ token: "t2" });
    expect(readStored("local").token).toBeUndefined();
  });
});
