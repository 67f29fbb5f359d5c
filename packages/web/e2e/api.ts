// Direct API calls for test set-up and clean-up, so each browser test can be rerun
// against the same database.
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * The session token of the logged-in page (logins are rate limited per account, so the
 * tests reuse the browser's session for their API set-up and clean-up).
 */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    // localStorage may hold only the browser's preferences when the session is in sessionStorage.
    const tokenIn = (raw: string | null) => (raw ? (JSON.parse(raw) as { token?: string }).token : undefined);
    return tokenIn(localStorage.getItem("cpd-state")) ?? tokenIn(sessionStorage.getItem("cpd-state"));
  });
  expect(token, "session token").toBeTruthy();
  return token as string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function apiCreateDiary(
  request: APIRequestContext,
  token: string,
  title: string,
): Promise<string> {
  const res = await request.post("/api/entries/diary", {
    headers: auth(token),
    data: {
      Field222: title,
      DiaryDate: "2026-01-15",
      DiaryHours: "1.5",
      ActivityType: "Self-directed learning",
      Field116: "Clinical Education",
      Field113: "<p>A short e-learning module on recognising sepsis early.</p>",
      Field219: "https://www.example.org/e2e",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { entryId: string }).entryId;
}

export async function apiDiaryEntries(request: APIRequestContext, token: string, filter?: string) {
  const q = new URLSearchParams({ type: "diary" });
  if (filter) q.set("filter", filter);
  const res = await request.get(`/api/entries/limit/100/page/1?${q}`, { headers: auth(token) });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { items: { id: string; title: string }[] }).items;
}

export async function apiDeleteEntry(request: APIRequestContext, token: string, id: string) {
  await request.delete(`/api/entries/${id}`, { headers: auth(token) });
}

export async function apiDeleteFilesNamed(request: APIRequestContext, token: string, filter: string) {
  const res = await request.get(`/api/file/limit/100/page/1?filter=${encodeURIComponent(filter)}`, {
    headers: auth(token),
  });
  const { items } = (await res.json()) as { items: { id: string }[] };
  for (const f of items) await request.delete(`/api/file/${f.id}`, { headers: auth(token) });
}

/** A tiny valid PDF, made here so the tests need no fixture files. */
export function pdfBuffer(text = "CPD evidence"): Buffer {
  const content = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
