import { Button, Modal, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router-dom";
import { now, nowMs } from "../../lib/clock";
import { session } from "../../lib/session";
import { greetingText } from "./greeting";

const AUTO_HIDE_MS = 6000;

/** Where every login without a page of its own lands (after the welcome screen). */
const LANDING_PAGE = "/dashboard";

/**
 * Greet only on the landing page the login flow navigated to. A reload, a deep link or
 * back/forward arrives by POP; a login that goes on to a page the user asked for arrives elsewhere.
 */
function shouldGreet(where: { pathname: string; search: string }, how: NavigationType): boolean {
  return where.pathname === LANDING_PAGE && where.search === "" && how !== NavigationType.Pop;
}

/**
 * Greets once per login, then hides itself. The session's `greeted` flag is false from the login
 * until the first signed-in page after it (not the welcome screen): that page uses it up, greeted or not.
 */
export function GreetingOverlay({ firstName, onClosed }: { firstName: string; onClosed?: () => void }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [open, setOpen] = useState(() => !session.get()?.greeted && shouldGreet(location, navigationType));
  useEffect(() => {
    if (!open) onClosed?.();
  }, [open, onClosed]);

  useEffect(() => {
    session.markGreeted();
  }, []);

  // Hidden after six seconds by the app's clock (a timer only polls it), so a test that fixes
  // the time keeps the greeting open until it moves the time on.
  useEffect(() => {
    if (!open) return;
    const shownAt = nowMs();
    const t = setInterval(() => {
      if (nowMs() - shownAt >= AUTO_HIDE_MS) setOpen(false);
    }, 250);
    return () => clearInterval(t);
  }, [open]);

  return (
    <Modal
      opened={open}
      onClose={() => setOpen(false)}
      title={greetingText(now(), firstName)}
      centered
      size="sm"
      styles={{ title: { fontSize: "var(--mantine-font-size-xl)", fontWeight: 700 } }}
      data-testid="greeting"
      closeButtonProps={{ "aria-label": "Close greeting" }}
    >
      <Text>Welcome back to your CPD dashboard.</Text>
      <Button mt="md" fullWidth onClick={() => setOpen(false)}>
        Continue
      </Button>
    </Modal>
  );
}
