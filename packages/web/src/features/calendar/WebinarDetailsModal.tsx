import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { londonRange } from "../../lib/london-time";
import type { Webinar } from "./calendar-model";
import { useWebinarRegistration, useWebinars } from "./queries";

const webinarActionLabel = (w: Webinar) => (w.registered ? "Already Registered" : "Register for Webinar");

export function WebinarRegisterButton({ webinar }: { webinar: Webinar }) {
  const register = useWebinarRegistration();
  return (
    <Button
      onClick={() => register.mutate(webinar)}
      disabled={webinar.registered || register.isPending}
      loading={register.isPending}
      variant={webinar.registered ? "light" : "filled"}
    >
      {webinarActionLabel(webinar)}
    </Button>
  );
}

/** A webinar's details; the list query keeps its registered state current. */
export function WebinarDetailsModal({ webinar, onClose }: { webinar: Webinar | null; onClose: () => void }) {
  const { data } = useWebinars(Boolean(webinar));
  const current = (webinar && data?.find((w) => w.id === webinar.id)) ?? webinar;
  return (
    <Modal opened={Boolean(webinar)} onClose={onClose} title={current?.title ?? "Webinar"} size="lg">
      {current && (
        <Stack gap="sm">
          <div>
            <Text fw={700} fz="sm">
              When
            </Text>
            <Text>{londonRange(current.startDate, current.endDate)}</Text>
          </div>
          {current.webinarDescription && (
            <Text style={{ whiteSpace: "pre-line" }}>{current.webinarDescription}</Text>
          )}
          {current.registered && current.joinLink && (
            <Anchor href={current.joinLink} target="_blank" rel="noopener noreferrer">
              Join the webinar
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Anchor>
          )}
          <Group justify="flex-end" mt="sm">
            <WebinarRegisterButton webinar={current} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
