import { Alert } from "@mantine/core";
import type { ReactNode } from "react";

// Mantine's light alerts colour the title with a mid shade that is below 4.5:1
// on its tinted background; the darkest shade keeps it readable (WCAG 1.4.3).
export function StatusAlert({
  tone,
  title,
  children,
}: {
  tone: "success" | "error" | "info";
  title: string;
  children: ReactNode;
}) {
  const colour = { success: "green", error: "red", info: "gray" }[tone];
  const titleColour = { success: "#1e6b30", error: "#a51d1d", info: "#343a40" }[tone];
  return (
    <Alert
      color={colour}
      variant="light"
      title={title}
      role={tone === "error" ? "alert" : "status"}
      styles={{ title: { color: titleColour } }}
    >
      {children}
    </Alert>
  );
}

export interface Status {
  tone: "success" | "error" | "info";
  title: string;
  text: ReactNode;
}

/** A polite live region holding at most one status alert, so it is read out when it appears. */
export function StatusRegion({ id, status }: { id?: string; status: Status | null }) {
  return (
    <div id={id} aria-live="polite">
      {status && (
        <StatusAlert tone={status.tone} title={status.title}>
          {status.text}
        </StatusAlert>
      )}
    </div>
  );
}
