// Where a login may send the browser afterwards (redirectTo / redirect_to): only this site.

/** Where a login goes when it was given no usable destination. */
export const AFTER_LOGIN = "/welcome";

// Tabs and line breaks are dropped by URL parsers ("/\t/evil.example" would become a
// protocol-relative URL); no control character belongs in a destination.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The destination as a path of this site, or AFTER_LOGIN. Honoured: a path (`/x…`, not `//…`
 * nor `/\…`, which browsers read as another host) or an absolute http(s) URL whose origin is
 * `publicUrl`'s. Either is answered as a path (pathname, query and fragment), so what the SPA
 * is given can never name another host.
 */
export function safeRedirect(target: string | null | undefined, publicUrl: string): string {
  if (!target || CONTROL.test(target)) return AFTER_LOGIN;
  const isPath = target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");
  if (!isPath && !/^https?:\/\//i.test(target)) return AFTER_LOGIN;
  const site = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(target, site);
  } catch {
    return AFTER_LOGIN;
  }
  if (url.origin !== site.origin) return AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}
