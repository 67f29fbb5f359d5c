// The main flows replayed through a client generated from the published document, as an
// integrator would write it (openapi-typescript types + openapi-fetch, over a real socket). If the
// document stops describing what the server does, this file fails to compile or to pass.
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import { beforeAll, describe, expect, it } from "vitest";
import type { paths } from "./generated/openapi.js";
import { createUser, PASSWORD, useApp } from "./harness.js";

const h = useApp();
let baseUrl = "";

beforeAll(async () => {
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});

/** A client logged in as a fresh user, through the document's own login call. */
async function loggedIn() {
  const user = await createUser(h.deps);
  const anonymous = createClient<paths>({ baseUrl });
  const login = await anonymous.POST("/api/auth/login", { body: { email: user.email, password: PASSWORD } });
  expect(login.response.status).toBe(200);
  const token = login.data?.token ?? "";
  return { token, api: createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } }) };
}

describe("a client generated from openapi.json", () => {
  it("logs in, reads the profile, and is refused with the documented envelope", async () => {
    const { api } = await loggedIn();
    const profile = await api.GET("/api/profile");
    expect(profile.data?.firstName).toBe("Test");
    const refused = await createClient<paths>({ baseUrl }).GET("/api/profile");
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ statusCode: 401, code: "UNAUTHORIZED" });
  });

  it("creates an entry from the form's schema, uploads evidence by multipart and reads the same bytes back", async () => {
    const { api } = await loggedIn();
    const schema = await api.GET("/api/form/schema/{identifier}", {
      params: { path: { identifier: "diary" } },
    });
    expect(schema.data?.required).toContain("DiaryDate");
    const created = await api.POST("/api/entries/{identifier}", {
      params: { path: { identifier: "diary" } },
      body: {
        Field222: "Sepsis recognition update",
        DiaryDate: "2026-10-14",
        DiaryHours: "1.5",
        ActivityType: "Formal and educational",
        Field116: "Clinical Skills",
      },
    });
    const entryId = created.data?.entryId ?? "";
    expect(entryId).toMatch(/^[0-9a-f-]{36}$/);

    const bytes = new TextEncoder().encode("%PDF-1.4\n% evidence for the generated client\n");
    const uploaded = await api.POST("/api/file/upload", {
      params: { query: { entryId } },
      // The document types the multipart body as { file: binary }; a File carries the bytes and name.
      body: { file: new File([bytes], "evidence.pdf", { type: "application/pdf" }) as unknown as string },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append("file", (body as unknown as { file: File }).file);
        return form;
      },
    });
    expect(uploaded.response.status).toBe(200);
    expect(uploaded.data).toMatchObject({ filename: "evidence.pdf", size: bytes.length, entryId });
    const back = await api.GET("/api/file/{id}", {
      params: { path: { id: uploaded.data?.id ?? "" } },
      parseAs: "arrayBuffer",
    });
    expect(Buffer.from(back.data as unknown as ArrayBuffer).equals(Buffer.from(bytes))).toBe(true);

    const listed = await api.GET("/api/entries/limit/{perPage}/page/{page}", {
      params: { path: { perPage: 10, page: 1 }, query: { filter: "sepsis", type: "diary" } },
    });
    expect(listed.data?.total).toBe(1);
    expect(listed.data?.items[0]?.id).toBe(entryId);

    const pdf = await api.GET("/api/entries/{id}/pdf", {
      params: { path: { id: entryId } },
      parseAs: "arrayBuffer",
    });
    expect(pdf.response.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(pdf.data as unknown as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const ics = await api.GET("/api/calendar/ics", { parseAs: "text" });
    expect(ics.response.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(ics.data).toMatch(/^BEGIN:VCALENDAR/);
  });

  it("gets a 400 naming an unknown key, and a 415 for JSON sent to the upload", async () => {
    const { api } = await loggedIn();
    const unknown = await api.POST("/api/entries/{identifier}", {
      params: { path: { identifier: "diary" } },
      body: { NoSuchField: "x" },
    });
    expect(unknown.error).toMatchObject({ statusCode: 400, code: "UNKNOWN_FIELD" });
    expect(unknown.error?.message).toContain("NoSuchField");
    const json = await api.POST("/api/file/upload", {
      params: { query: { filename: "a.txt" } },
      body: { file: "not a file" },
      bodySerializer: (body) => JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });
    expect(json.error).toMatchObject({ statusCode: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
  });
});
