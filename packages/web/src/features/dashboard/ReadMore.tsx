import { Button, Text } from "@mantine/core";
import { useId, useState } from "react";
import { CARD_READ_MORE, cutText } from "./dashboard-model";

/** Long texts are cut with See more... / Show less; line breaks are kept. */
export function ReadMore({ text, limit = CARD_READ_MORE }: { text: string; limit?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const cut = cutText(text, limit);
  return (
    <div>
      <Text id={id} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }} fz="sm">
        {open || !cut.cut ? text : cut.text}
      </Text>
      {cut.cut && (
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={id}
        >
          {open ? "Show less" : "See more..."}
        </Button>
      )}
    </div>
  );
}
