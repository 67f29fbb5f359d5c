import { Anchor, Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { londonRange } from "../../lib/london-time";
import { Spinner } from "../../lib/Spinner";
import type { CalendarEvent } from "./calendar-model";
import { useEvent, useEventRegistration } from "./queries";

/** REQ-CAL-02: Register for Event, Event Full, Unregister from Event; disabled when ended or busy. */
function eventAction(e: CalendarEvent, busy: boolean): { label: string; disabled: boolean } {
  if (e.registered) return { label: "Unregister from Event", disabled: e.ended || busy };
  if (e.eventFull) return { label: "Event Full", disabled: true };
  return { label: "Register for Event", disabled: e.ended || busy };
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fw={700} fz="sm">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

function EventBody({ event }: { event: CalendarEvent }) {
  const { register, unregister } = useEventRegistration(event.id);
  const busy = register.isPending || unregister.isPending;
  const action = eventAction(event, busy);
  const places =
    event.capacity === null
      ? null
      : `${Math.max(0, event.capacity - event.registrations)} of ${event.capacity} places left`;

  function onAction() {
    if (!event.registered) {
      register.mutate();
      return;
    }
    modals.openConfirmModal({
      title: "Unregister from Event",
      children: <Text>Are you sure you want to unregister from {event.title}?</Text>,
      labels: { confirm: "Unregister", cancel: "Keep my place" },
      confirmProps: { color: "red" },
      onConfirm: () => unregister.mutate(),
    });
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        {event.registered && (
          <Badge color="green" variant="light" styles={{ label: { color: "#1e6b30" } }}>
            Registered
          </Badge>
        )}
        {event.ended && (
          <Badge color="gray" variant="light" styles={{ label: { color: "#343a40" } }}>
            Ended
          </Badge>
        )}
        {!event.registered && event.eventFull && (
          <Badge color="red" variant="light" styles={{ label: { color: "#a51d1d" } }}>
            Fully booked
          </Badge>
        )}
      </Group>
      <Detail label="When">{londonRange(event.happensAt, event.endsAt)}</Detail>
      {event.location && <Detail label="Where">{event.location}</Detail>}
      {event.description && (
        <Detail label="Details">
          <Text style={{ whiteSpace: "pre-line" }}>{event.description}</Text>
        </Detail>
      )}
      {(event.contactName || event.contactEmail) && (
        <Detail label="Contact">
          {event.contactName}
          {event.contactName && event.contactEmail ? ", " : ""}
          {event.contactEmail && <Anchor href={`mailto:${event.contactEmail}`}>{event.contactEmail}</Anchor>}
        </Detail>
      )}
      {event.website && (
        <Detail label="Website">
          <Anchor href={event.website} target="_blank" rel="noopener noreferrer">
            {event.website}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
        </Detail>
      )}
      {places && <Detail label="Places">{places}</Detail>}
      {event.registered && event.joinEventLink && (
        <Detail label="Join link">
          <Anchor href={event.joinEventLink} target="_blank" rel="noopener noreferrer">
            Join the event
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
        </Detail>
      )}
      {event.ended && <Text c="dimmed">This event has ended.</Text>}
      <Group justify="flex-end" mt="sm">
        <Button
          onClick={onAction}
          disabled={action.disabled}
          loading={busy}
          color={event.registered ? "red" : undefined}
          variant={event.registered ? "outline" : "filled"}
        >
          {action.label}
        </Button>
      </Group>
    </Stack>
  );
}

/** The details of one event, loaded by id (calendar clicks and /dashboard?event=<id>). */
export function EventDetailsModal({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const { data, isLoading, isError } = useEvent(eventId);
  return (
    <Modal opened={Boolean(eventId)} onClose={onClose} title={data?.title ?? "Event details"} size="lg">
      {isLoading && <Spinner label="Loading event details" />}
      {isError && <Text>The event details could not be loaded.</Text>}
      {data && <EventBody event={data} />}
    </Modal>
  );
}
