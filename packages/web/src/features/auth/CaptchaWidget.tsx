// The registration form's captcha: the provider's own widget script (reCAPTCHA, hCaptcha and
// Turnstile share `render(element, { sitekey, callback })`; locally the fake in scripts/fakes),
// loaded once from the URL the server names, rendered into a div. The token it hands back goes
// into the registration body; it is single use, so the form resets the widget after a refusal.
import { LIFECYCLE_MESSAGES } from "@cpd/contract";
import { Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";

interface CaptchaApi {
  render(
    el: HTMLElement,
    opts: {
      sitekey: string;
      callback: (token: string) => void;
      "expired-callback"?: () => void;
      "error-callback"?: () => void;
    },
  ): number | string;
  reset(id?: number | string): void;
}

const READY_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

function findApi(): CaptchaApi | undefined {
  const w = window as unknown as Record<string, Partial<CaptchaApi> | undefined>;
  return [w.grecaptcha, w.hcaptcha, w.turnstile].find(
    (a): a is CaptchaApi => typeof a?.render === "function",
  );
}

const loads = new Map<string, Promise<CaptchaApi>>();

/** Adds the provider's script once per page (unless it is there already) and waits for its render(). */
function loadCaptcha(scriptUrl: string): Promise<CaptchaApi> {
  const ready = findApi();
  if (ready) return Promise.resolve(ready);
  let load = loads.get(scriptUrl);
  if (!load) {
    load = new Promise<CaptchaApi>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = scriptUrl;
      script.async = true;
      script.onerror = () => reject(new Error("The captcha script did not load"));
      script.onload = () => {
        // Some providers finish setting up after their loader script runs.
        let polls = 0;
        const poll = () => {
          const api = findApi();
          if (api) resolve(api);
          else if (++polls * POLL_MS > READY_TIMEOUT_MS) reject(new Error("The captcha did not start"));
          else setTimeout(poll, POLL_MS);
        };
        poll();
      };
      document.head.append(script);
    });
    // A failed load may be retried by opening the page again.
    load.catch(() => loads.delete(scriptUrl));
    loads.set(scriptUrl, load);
  }
  return load;
}

export function CaptchaWidget({
  siteKey,
  scriptUrl,
  onToken,
  resets,
}: {
  siteKey: string;
  scriptUrl: string;
  /** A token when the check passes, "" when it expires or is reset. */
  onToken: (token: string) => void;
  /** Bumped by the form after a refused submission: the spent token is dropped. */
  resets: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: number | string } | null>(null);
  const [phase, setPhase] = useState<"loading" | "ready" | "failed">("loading");
  const tokenHandler = useRef(onToken);
  tokenHandler.current = onToken;

  useEffect(() => {
    let live = true;
    loadCaptcha(scriptUrl).then(
      (api) => {
        if (!live || !host.current || widget.current) return;
        const id = api.render(host.current, {
          sitekey: siteKey,
          callback: (token) => tokenHandler.current(token),
          "expired-callback": () => tokenHandler.current(""),
          "error-callback": () => tokenHandler.current(""),
        });
        widget.current = { api, id };
        setPhase("ready");
      },
      () => live && setPhase("failed"),
    );
    return () => {
      live = false;
    };
  }, [scriptUrl, siteKey]);

  useEffect(() => {
    if (resets === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    tokenHandler.current("");
  }, [resets]);

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} fz="sm" mb={4} p={0}>
        Security check
      </Text>
      {phase === "loading" && <Spinner size="sm" label="Loading the security check" />}
      {phase === "failed" && (
        <StatusAlert tone="error" title="Security check unavailable">
          {LIFECYCLE_MESSAGES.captchaMissing}
        </StatusAlert>
      )}
      <div ref={host} />
    </fieldset>
  );
}
