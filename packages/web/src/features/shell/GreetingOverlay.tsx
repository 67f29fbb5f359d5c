import { Button, Modal, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { now } from "../../lib/clock";
import { session } from "../../lib/session";
import { greetingText } from "./greeting";

const AUTO_HIDE_MS = 6000;

/** Greets once per login (remembered in the session state), then hides itself. */
export function GreetingOverlay({ firstName }: { firstName: string }) {
  const [open, setOpen] = useState(() => !session.get()?.greeted);

  useEffect(() => {
    if (!open) return;
    session.markGreeted();
    const t = setTimeout(() => setOpen(false), AUTO_HIDE_MS);
    return () => clearTimeout(t);
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
