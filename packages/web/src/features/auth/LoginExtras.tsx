// The login page's promo video, social links and footer links, as the operator configures them
// (GET /shell/config, ADR 0024). Loaded after the page (its own chunk: the contract and the API
// client stay out of the login page's JavaScript budget; plain HTML, as the login page has no
// Mantine provider, ADR 0033); nothing shows while it loads, when a
// part is unset, or when the call fails.
import { api } from "@cpd/contract";
import { call } from "../../lib/api-client";
import ui from "./auth-ui.module.css";
import { useCallOnOpen } from "./use-call-on-open";

export default function LoginExtras() {
  const config = useCallOnOpen("shell-config", () => call(api.shellConfig));
  if (config.kind !== "done") return null;
  const { promoVideoUrl, socialLinks, footerLinks } = config.value;
  return (
    <div className={ui.stack}>
      {promoVideoUrl && (
        <iframe
          className={ui.video}
          src={promoVideoUrl}
          title="Promo video"
          loading="lazy"
          allow="fullscreen; picture-in-picture"
        />
      )}
      {socialLinks.length > 0 && (
        <nav className={ui.links} aria-label="Social media">
          {socialLinks.map((l) => (
            <a
              key={l.url}
              className={`${ui.link} ${ui.small}`}
              href={l.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {l.label}
              <span className={ui.visuallyHidden}> (opens in a new tab)</span>
            </a>
          ))}
        </nav>
      )}
      {footerLinks.length > 0 && (
        <footer className={ui.links}>
          {footerLinks.map((l) => (
            <a key={l.url} className={ui.dimmed} href={l.url} target="_blank" rel="noopener noreferrer">
              {l.label}
              <span className={ui.visuallyHidden}> (opens in a new tab)</span>
            </a>
          ))}
        </footer>
      )}
    </div>
  );
}
