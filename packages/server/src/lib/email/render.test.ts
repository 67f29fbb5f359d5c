import { describe, expect, it } from "vitest";
import { button, code, greeting, heading, list, paragraph, renderEmail, small } from "./render.js";

describe("renderEmail", () => {
  const mail = renderEmail({
    to: "a@example.com",
    subject: "Codes & <links>",
    blocks: [
      heading("A heading"),
      greeting("<Ann>"),
      paragraph(["Your code is ", { code: "012345" }, "."]),
      button("https://x.example/a?b=1&c=2", "Open <it>"),
      list(["One", ["Two: ", { url: "https://x.example/t?a&b" }]]),
      code("999 999"),
      small("Ignore it if it wasn't you."),
    ],
  });

  it("says the same in text: one block a paragraph, the button's address, codes and addresses as themselves", () => {
    expect(mail.text).toBe(
      "A heading\n\nHello <Ann>,\n\nYour code is 012345.\n\nhttps://x.example/a?b=1&c=2\n\nOne\n\nTwo: https://x.example/t?a&b\n\n999 999\n\nIgnore it if it wasn't you.\n",
    );
  });

  it("escapes every piece of text and address in the HTML", () => {
    expect(mail.html).toContain("<title>Codes &amp; &lt;links&gt;</title>");
    expect(mail.html).toContain("Hello &lt;Ann&gt;,");
    expect(mail.html).toContain('href="https://x.example/a?b=1&amp;c=2"');
    expect(mail.html).toContain(">Open &lt;it&gt;</a>");
    expect(mail.html).toContain(">https://x.example/t?a&amp;b</a>");
    expect(mail.html).toContain("wasn&#39;t");
    expect(mail.html).not.toMatch(/<(Ann|it|links)>/);
  });

  it("is a whole document with a language, a title and semantic blocks", () => {
    expect(mail.html.startsWith('<!DOCTYPE html>\n<html lang="en-GB">')).toBe(true);
    expect(mail.html).toMatch(/<h1 style="[^"]+">A heading<\/h1>/);
    expect(mail.html).toMatch(/<ul style="[^"]+"><li>One<\/li><li>Two: <a href=/);
    expect(mail.html).toContain('role="article" aria-label="Codes &amp; &lt;links&gt;"');
    // Styles are inline (mail clients drop <style>), and no script or external resource is loaded.
    expect(mail.html).not.toMatch(/<style|<script|<link|src=/);
  });

  it("greets by first name, or without one", () => {
    expect(renderEmail({ to: "a", subject: "s", blocks: [greeting(null)] }).text).toBe("Hello,\n");
    expect(renderEmail({ to: "a", subject: "s", blocks: [greeting("")] }).text).toBe("Hello,\n");
  });

  it("keeps attachments, and adds none when there are none", () => {
    const pdf = { filename: "c.pdf", content: Buffer.from("x"), contentType: "application/pdf" };
    expect(renderEmail({ to: "a", subject: "s", blocks: [], attachments: [pdf] }).attachments).toEqual([pdf]);
    expect(Object.keys(mail)).toEqual(["to", "subject", "text", "html"]);
  });
});
