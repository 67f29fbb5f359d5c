// Where to go after login: only same-site paths, so a crafted link cannot send the user away.
// Without one, the welcome screen (REQ-SHELL-04), which goes on to the dashboard when it has no video.
export function safeRedirect(target: string | null | undefined, fallback = "/welcome"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (target.startsWith("/login")) return fallback;
  return target;
}
