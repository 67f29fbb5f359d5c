// Entry options (docs/decisions/0019-entry-form-options.md): the showKSF and showACP settings add
// the KSF dimensions and ACP pillars fields to the diary and reflection forms. On: the fields are
// on the form, answers are checked, saved, listed back and printed. Off: absent and not required,
// and an answer saved while on is kept.
import { ACP_PILLARS, ENTRY_OPTION_FIELDS, KSF_DIMENSIONS } from "@cpd/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { diaryForm } from "./factories.js";
import { call, createUser, type TestUser, useApp } from "./harness.js";

const h = useApp();
const KSF = ENTRY_OPTION_FIELDS.showKSF.identifier;
const ACP = ENTRY_OPTION_FIELDS.showACP.identifier;

async function setOptions(u: TestUser, showKSF: boolean, showACP: boolean) {
  const current = await call(h.app, "GET", "/settings/dashboard", { token: u.token });
  const { lockedByOrganisation: _, ...settings } = current.body;
  const saved = await call(h.app, "POST", "/settings/dashboard", {
    token: u.token,
    body: { ...settings, entriesSettings: { showKSF, showACP } },
  });
  expect([saved.status, saved.body.entriesSettings]).toEqual([200, { showKSF, showACP }]);
}

type Form = {
  pages: { title: string; items: { identifier: string; values?: string[]; value?: unknown }[] }[];
};
const itemsOf = (form: Form) => form.pages.flatMap((p) => p.items);
const item = (form: Form, id: string) => itemsOf(form).find((i) => i.identifier === id);

async function pdfText(entryId: string, u: TestUser) {
  const res = await call(h.app, "GET", `/entries/${entryId}/pdf`, { token: u.token });
  expect(res.status).toBe(200);
  const doc = await getDocumentProxy(new Uint8Array(res.res.rawPayload));
  return (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, " ");
}

describe("entry options: KSF dimensions and ACP pillars", () => {
  it("on: both fields are on the diary and reflection forms with the spec's options, saved and printed", async () => {
    const u = await createUser(h.deps);
    await setOptions(u, true, true);
    for (const type of ["diary", "reflection"]) {
      const form = (await call(h.app, "GET", `/form/${type}`, { token: u.token })).body as Form;
      expect(item(form, KSF)?.values).toEqual([...KSF_DIMENSIONS]);
      expect(item(form, ACP)?.values).toEqual([...ACP_PILLARS]);
    }
    const supervision = (await call(h.app, "GET", "/form/supervision", { token: u.token })).body as Form;
    expect(item(supervision, KSF)).toBeUndefined();

    const created = await call(h.app, "POST", "/entries/diary", {
      token: u.token,
      body: diaryForm({ [KSF]: ["C1 Communication", "C5 Quality"], [ACP]: ["Research"] }),
    });
    expect(created.status).toBe(200);
    const { entryId } = created.body;
    const form = (await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body as Form;
    expect(item(form, KSF)?.value).toEqual(["C1 Communication", "C5 Quality"]);
    expect(item(form, ACP)?.value).toEqual(["Research"]);

    const text = await pdfText(entryId, u);
    for (const line of [
      "KSF DIMENSIONS",
      "C1 Communication",
      "ADVANCED CLINICAL PRACTICE PILLARS",
      "Research",
    ])
      expect(text).toContain(line);

    const bad = await call(h.app, "POST", "/entries/diary", {
      token: u.token,
      body: diaryForm({ [ACP]: ["Astrology"] }),
    });
    expect([bad.status, bad.body.code]).toEqual([400, "FIELD_OPTION"]);
  });

  it("off: the fields are absent, not required, refused if sent, and a saved answer is kept and printed", async () => {
    const u = await createUser(h.deps);
    await setOptions(u, true, false);
    const created = await call(h.app, "POST", "/entries/diary", {
      token: u.token,
      body: diaryForm({ [KSF]: ["C3 Health, safety and security"] }),
    });
    expect(created.status).toBe(200);
    const { entryId } = created.body;

    await setOptions(u, false, false);
    for (const type of ["diary", "reflection"]) {
      const form = (await call(h.app, "GET", `/form/${type}`, { token: u.token })).body as Form;
      expect(itemsOf(form).map((i) => i.identifier)).not.toContain(KSF);
      expect(item(form, ACP)).toBeUndefined();
    }
    const schema = await call(h.app, "GET", "/form/schema/diary", { token: u.token });
    expect(schema.status).toBe(200);
    expect(Object.keys(schema.body.properties)).not.toContain(KSF);

    // Not required: a diary saves without them; sent anyway, they are unknown fields.
    expect((await call(h.app, "POST", "/entries/diary", { token: u.token, body: diaryForm() })).status).toBe(
      200,
    );
    const sent = await call(h.app, "POST", "/entries/diary", {
      token: u.token,
      body: diaryForm({ [ACP]: ["Education"] }),
    });
    expect([sent.status, sent.body.code]).toEqual([400, "UNKNOWN_FIELD"]);

    // The entry's form hides the field; saving it again keeps the hidden answer.
    const hidden = (await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body as Form;
    expect(item(hidden, KSF)).toBeUndefined();
    const updated = await call(h.app, "POST", `/entries/${entryId}/update`, {
      token: u.token,
      body: diaryForm({ Field222: "Sepsis, again" }),
    });
    expect(updated.status).toBe(200);
    expect(await pdfText(entryId, u)).toContain("C3 Health, safety and security");

    await setOptions(u, true, false);
    const shown = (await call(h.app, "GET", `/form/entry/${entryId}`, { token: u.token })).body as Form;
    expect(item(shown, KSF)?.value).toEqual(["C3 Health, safety and security"]);
  });
});
