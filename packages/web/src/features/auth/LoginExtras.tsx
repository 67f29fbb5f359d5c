// The login page's promo video, social links and footer links, as the operator configures them
// (GET /shell/config, ADR 0024). Loaded after the page (its own chunk: the contract and the API
// client stay out of the login page's JavaScript budget); nothing shows while it loads, when a
// part is unset, or when the call fails.
import { api } from "@cpd/contract";
import { Anchor, AspectRatio, Group, Stack } from "@mantine/core";
import { call } from "../../lib/api-client";
import { useCallOnOpen } from "./use-call-on-open";

export default function LoginExtras() {
  const config = useCallOnOpen("shell-config", () => call(api.shellConfig));
  if (config.kind !== "done") return null;
  const { promoVideoUrl, socialLinks, footerLinks } = config.value;
  return (
    <Stack gap="md">
      {promoVideoUrl && (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={promoVideoUrl}
            title="Promo video"
            loading="lazy"
            allow="fullscreen; picture-in-picture"
            style={{ border: 0, borderRadius: 8 }}
          />
        </AspectRatio>
      )}
      {socialLinks.length > 0 && (
        <Group component="nav" aria-label="Social media" justify="center" gap="md">
          {socialLinks.map((l) => (
            <Anchor key={l.url} href={l.url} target="_blank" rel="noopener noreferrer" fz="sm">
              {l.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Anchor>
          ))}
        </Group>
      )}
      {footerLinks.length > 0 && (
        <Group component="footer" justify="center" gap="md">
          {footerLinks.map((l) => (
            <Anchor key={l.url} href={l.url} target="_blank" rel="noopener noreferrer" fz="xs" c="dimmed">
              {l.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
