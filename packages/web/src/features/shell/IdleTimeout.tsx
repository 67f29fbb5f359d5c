// REQ-SHELL-03: after 15 minutes without activity a "Session Expiring Soon" dialog
// opens; without "Keep me logged in" the user is logged out 2 minutes later.
import { IDLE_LOGOUT_GRACE_MS, IDLE_TIMEOUT_MS } from "@cpd/contract";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { nowMs } from "../../lib/clock";
import { announceIdle } from "../../lib/idle-event";

const ACTIVITY = ["pointerdown", "pointermove", "keydown", "scroll", "touchstart", "wheel"] as const;

export function IdleTimeout({ enabled, onLogout }: { enabled: boolean; onLogout: () => void }) {
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(IDLE_LOGOUT_GRACE_MS / 1000);
  const lastActive = useRef(nowMs());
  const warningRef = useRef(false);
  warningRef.current = warning;

  useEffect(() => {
    if (!enabled) return;
    lastActive.current = nowMs();
    const mark = () => {
      // Activity behind the open dialog does not count: the user must answer it.
      if (!warningRef.current) lastActive.current = nowMs();
    };
    for (const e of ACTIVITY) window.addEventListener(e, mark, { passive: true });
    const tick = setInterval(() => {
      const idle = nowMs() - lastActive.current;
      if (idle >= IDLE_TIMEOUT_MS + IDLE_LOGOUT_GRACE_MS) {
        clearInterval(tick);
        setWarning(false);
        onLogout();
      } else if (idle >= IDLE_TIMEOUT_MS) {
        if (!warningRef.current) announceIdle();
        setWarning(true);
        setSecondsLeft(Math.ceil((IDLE_TIMEOUT_MS + IDLE_LOGOUT_GRACE_MS - idle) / 1000));
      }
    }, 1000);
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, mark);
      clearInterval(tick);
    };
  }, [enabled, onLogout]);

  const keep = () => {
    lastActive.current = nowMs();
    setWarning(false);
  };
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");

  return (
    <Modal
      opened={enabled && warning}
      onClose={keep}
      title="Session Expiring Soon"
      centered
      withCloseButton={false}
    >
      <Text>
        You have been inactive for a while. For your security you will be logged out in {minutes}:{seconds}.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onLogout}>
          Log out now
        </Button>
        <Button onClick={keep} data-autofocus>
          Keep me logged in
        </Button>
      </Group>
    </Modal>
  );
}
