import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";

/** A modal's buttons, right-aligned: the one that closes it ("Cancel"), then its own action. */
export function ModalActions(p: { onClose: () => void; close?: string; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={p.onClose}>
        {p.close ?? "Cancel"}
      </Button>
      {p.children}
    </Group>
  );
}
