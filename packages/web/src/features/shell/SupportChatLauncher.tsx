import { Affix, Button } from "@mantine/core";
import { ChatIcon } from "./icons";
import { openSupportChat, supportChatEnabled } from "./support-chat";

/** The support chat's launcher: a labelled button in the corner (the messenger's own bubble is hidden). */
export function SupportChatLauncher({ ready }: { ready: boolean }) {
  if (!ready || !supportChatEnabled()) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
      <Button radius="xl" leftSection={<ChatIcon />} onClick={openSupportChat} aria-haspopup="dialog">
        Support chat
      </Button>
    </Affix>
  );
}
