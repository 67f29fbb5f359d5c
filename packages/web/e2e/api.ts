// Direct API calls for test set-up (each test's data belongs to users of its own, so nothing
// needs cleaning up and reruns work).
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
  expect(token, "session token (a JWT)").toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  return token as string;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

/** Saves a new entry of the form `form` with the answers `data`; answers its id. */
async function apiCreateEntry(
  request: APIRequestContext,
  token: string,
  form: "diary" | "supervision",
  data: Record<string, string>,
): Promise<string> {
  const res = await request.post(`/api/entries/${form}`, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { entryId: string }).entryId;
}

/** A diary entry of 1.5 hours in Clinical Education, dated `date` (today in London by default). */
export async function apiCreateDiary(
  request: APIRequestContext,
  token: string,
  title: string,
  date = londonToday(),
): Promise<string> {
  return apiCreateEntry(request, token, "diary", {
    Field222: title,
    DiaryDate: date,
    DiaryHours: "1.5",
    ActivityType: "Self-directed learning",
    Field116: "Clinical Education",
    Field113: "<p>A short e-learning module on recognising sepsis early.</p>",
    Field219: "https://www.example.org/e2e",
  });
}

/**
 * A supervision entry titled `title`, dated `date` (today in London by default), in which the
 * token's user takes `role`: saved with a role, it can be shared with the other side.
 */
export async function apiCreateSupervision(
  request: APIRequestContext,
  token: string,
  title: string,
  role: "Supervisor" | "Supervisee" = "Supervisor",
  date = londonToday(),
): Promise<string> {
  return apiCreateEntry(request, token, "supervision", {
    Field4: title,
    SupervisionDate: date,
    SupervisionHours: "1",
    SupervisionRole: role,
    SupervisionType: "Clinical",
    // HTML, as the rich-text editor saves it (plain text would be rewritten, and so unsaved, on opening).
    Topics: "<p>Caseload and a difficult discharge.</p>",
  });
}

/** Shares a supervision entry with a Supervisee (a link valid 7 days) and one topic; answers the share id. */
export async function apiShareSupervision(
  request: APIRequestContext,
  token: string,
  entryId: string,
  reviewee: { name: string; email: string },
  topic: string,
): Promise<string> {
  const res = await request.post("/api/supervision/share", {
    headers: auth(token),
    data: {
      entryId,
      reviewee: { type: "Supervisee", ...reviewee, number: "07700 900123", expiry: 7 },
      topics: [{ title: topic }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { reviewee: { Id: string } }).reviewee.Id;
}

/** Shares a diary entry with the community (as the token's user). */
export async function apiShare(request: APIRequestContext, token: string, entryId: string, title: string) {
  const res = await request.post(`/api/shared-cpd?entryId=${entryId}`, {
    headers: auth(token),
    data: {
      title,
      description: "A short e-learning module on recognising sepsis early.",
      category: "Clinical Education",
      websiteUrl: "https://www.example.org/e2e",
    },
  });
  expect(res.status(), await res.text()).toBe(200);
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

/** Replaces the token's user's professional registrations (revalidation). */
export async function apiSaveRegistrations(
  request: APIRequestContext,
  token: string,
  items: { regulator: string; registers: string[]; registrationNumber: string; renewalDate: string }[],
) {
  const res = await request.put("/api/profile/registrations", { headers: auth(token), data: { items } });
  expect(res.status(), await res.text()).toBe(200);
}
