// The Content-Security-Policy of every answer (the SPA's index.html included). The registration
// captcha's widget script comes from another origin (config.captcha.scriptUrl), so that one origin
// may run scripts and show frames; nothing else outside this site may.
import type { Config } from "../config.js";

export function cspDirectives(config: Pick<Config, "captcha">) {
  const captcha = captchaOrigin(config.captcha?.scriptUrl);
  const extra = captcha ? [captcha] : [];
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...extra],
    frameSrc: ["'self'", "https:", ...extra],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  };
}

/** The origin of an http(s) URL; null for anything else (a bad value must not widen the policy). */
function captchaOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : null;
  } catch {
    return null;
  }
}
