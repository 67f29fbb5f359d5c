const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text (names, links) placed in an e-mail's HTML. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/** An e-mail's first line: "Hello Ann," or, without a first name, "Hello,". */
export const greeting = (firstName: string | null | undefined) =>
  firstName ? `Hello ${firstName},` : "Hello,";

/** Paragraphs of text as HTML, each escaped. */
export const htmlParagraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("");

/**
 * A plain e-mail: paragraphs, and optionally one link placed after the first `link.after`
 * paragraphs (after all of them when not given). Text and HTML say the same; the HTML is escaped.
 */
export function plainEmail(m: {
  to: string;
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string; after?: number };
}): { to: string; subject: string; text: string; html: string } {
  const at = m.link?.after ?? m.paragraphs.length;
  const before = m.paragraphs.slice(0, at);
  const after = m.paragraphs.slice(at);
  const textParts = [...before, ...(m.link ? [m.link.href] : []), ...after];
  return {
    to: m.to,
    subject: m.subject,
    text: `${textParts.join("\n\n")}\n`,
    html:
      htmlParagraphs(before) +
      (m.link ? `<p><a href="${escapeHtml(m.link.href)}">${escapeHtml(m.link.label)}</a></p>` : "") +
      htmlParagraphs(after),
  };
}
