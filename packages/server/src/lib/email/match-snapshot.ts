// Test helper for the e-mail snapshot tests (modules/*/emails.test.ts; docs/decisions/0017-email-rendering.md).
import { expect } from "vitest";
import type { Mail } from "../mailer.js";

/**
 * Subject and text in one file, HTML in another, under the test's own __snapshots__/ (a wording
 * change shows in review). Paths resolve against the calling test file.
 */
export async function matchesSnapshot(name: string, mail: Mail) {
  await expect(`To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`).toMatchFileSnapshot(
    `__snapshots__/${name}.txt`,
  );
  await expect(mail.html).toMatchFileSnapshot(`__snapshots__/${name}.html`);
}
