import { Button, Modal, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { now, nowMs } from "../../lib/clock";
import { session } from "../../lib/session";
import { greetingText } from "./greeting";

const AUTO_HIDE_MS = 6000;

/** Greets once per login (remembered in the session state), then hides itself. */
export function GreetingOverlay({ firstName, onClosed }: { firstName: string; onClosed?: () => void }) {
  const [open, setOpen] = useState(() => !session.get()?.greeted);
  useEffect(() => {
    if (!open) onClosed?.();
  }, [open, onClosed]);

  // Hidden after six seconds by the app's clock (a timer only polls it), so a test that fixes
  // the time keeps the greeting open until it moves the time on.
  useEffect(() => {
    if (!open) return;
    session.markGreeted();
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
