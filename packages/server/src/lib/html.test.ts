import { describe, expect, it } from "vitest";
import { plainEmail } from "./html.js";

describe("plainEmail", () => {
  it("says the same in text and escaped HTML, with the link where asked", () => {
    const mail = plainEmail({
      to: "a@example.com",
      subject: "S",
      paragraphs: ["Hello <Ann>,", "Open it:", "Bye"],
      link: { href: "https://x.example/a?b=1&c=2", label: "Open", after: 2 },
    });
    expect(mail.text).toBe("Hello <Ann>,\n\nOpen it:\n\nhttps://x.example/a?b=1&c=2\n\nBye\n");
    expect(mail.html).toBe(
      '<p>Hello &lt;Ann&gt;,</p><p>Open it:</p><p><a href="https://x.example/a?b=1&amp;c=2">Open</a></p><p>Bye</p>',
    );
  });
});
