// Where to go after login: only same-site paths, so a crafted link cannot send the user away.
export function safeRedirect(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (target.startsWith("/login")) return fallback;
  return target;
}
