import { api, ROLES } from "@cpd/contract";
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import "./manage-events.css";
import { Navigate } from "react-router-dom";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { now } from "../../lib/clock";
import { notifyError, notifySuccess } from "../../lib/notify";
import { isAdmin, useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/use-page-title";
import type { CalendarEvent, Webinar } from "../calendar/calendar-model";
import { londonDateTime, londonDay } from "../calendar/london-time";
import { calendarKeys } from "../calendar/queries";
import { DateField } from "../forms/DateField";
import { useBranding } from "../shell/queries";
import {
  EMPTY_EVENT,
  EMPTY_WEBINAR,
  type Errors,
  EVENT_FIELD_NAMES,
  type EventForm,
  eventToForm,
  placeServerError,
  type TimesForm,
  toEventBody,
  toWebinarBody,
  validateEvent,
  validateWebinar,
  WEBINAR_FIELD_NAMES,
  type WebinarForm,
  webinarToForm,
} from "./event-form-model";

const manageKeys = {
  events: ["calendar", "events", "manage"] as const,
  webinars: ["webinars", "manage"] as const,
};

function errorOf(err: unknown): { message: string; code?: string } {
  return err instanceof ApiError ? { message: err.message, code: err.code } : { message: "Unknown error" };
}

function TimesFields<F extends TimesForm>({
  form,
  set,
  errors,
  prefix,
}: {
  form: F;
  set: (patch: Partial<F>) => void;
  errors: Errors<F>;
  prefix: string;
}) {
  const e = errors as Errors<TimesForm>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DateField
        id={`${prefix}-start-day`}
        label="Start date"
        required
        value={form.startDay}
        onChange={(v) => set({ startDay: v } as Partial<F>)}
        extraError={e.startDay}
      />
      <TextInput
        label="Start time (UK)"
        type="time"
        required
        value={form.startTime}
        onChange={(ev) => set({ startTime: ev.currentTarget.value } as Partial<F>)}
        error={e.startTime}
        maw={220}
      />
      <DateField
        id={`${prefix}-end-day`}
        label="End date"
        required
        value={form.endDay}
        onChange={(v) => set({ endDay: v } as Partial<F>)}
        extraError={e.endDay}
      />
      <TextInput
        label="End time (UK)"
        type="time"
        required
        value={form.endTime}
        onChange={(ev) => set({ endTime: ev.currentTarget.value } as Partial<F>)}
        error={e.endTime}
        maw={220}
      />
    </SimpleGrid>
  );
}

function EventFormModal({
  editing,
  opened,
  onClose,
}: {
  editing: CalendarEvent | null;
  opened: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [form, setForm] = useState<EventForm>(editing ? eventToForm(editing) : EMPTY_EVENT);
  const [errors, setErrors] = useState<Errors<EventForm>>({});
  const set = (patch: Partial<EventForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useMutation({
    mutationFn: (f: EventForm) =>
      editing
        ? call(api.updateEvent, { params: { id: editing.id }, body: toEventBody(f) })
        : call(api.createEvent, { body: toEventBody(f) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: calendarKeys.events });
      notifySuccess(editing ? "Event Saved" : "Event Created");
      onClose();
    },
    onError: (err) => {
      const { message, code } = errorOf(err);
      if (err instanceof ApiError && err.status === 400)
        setErrors(placeServerError(message, code, EVENT_FIELD_NAMES));
      else notifyError(editing ? "Failed to save event" : "Failed to create event", err);
    },
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validateEvent(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(form);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? "Edit event" : "Create event"} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: "#a51d1d" } }}>
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={errors.title}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxLength={5000}
            value={form.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={errors.description}
          />
          <TimesFields form={form} set={set} errors={errors} prefix="event" />
          <TextInput
            label="Location"
            maxLength={300}
            value={form.location}
            onChange={(e) => set({ location: e.currentTarget.value })}
            error={errors.location}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Contact name"
              maxLength={200}
              value={form.contactName}
              onChange={(e) => set({ contactName: e.currentTarget.value })}
              error={errors.contactName}
            />
            <TextInput
              label="Contact email"
              type="email"
              value={form.contactEmail}
              onChange={(e) => set({ contactEmail: e.currentTarget.value })}
              error={errors.contactEmail}
            />
          </SimpleGrid>
          <TextInput
            label="Website"
            description="Starts with https://"
            value={form.website}
            onChange={(e) => set({ website: e.currentTarget.value })}
            error={errors.website}
          />
          <TextInput
            label="Join link"
            description="Shown only to registered users"
            value={form.joinEventLink}
            onChange={(e) => set({ joinEventLink: e.currentTarget.value })}
            error={errors.joinEventLink}
          />
          <NumberInput
            label="Capacity"
            description="Leave empty for unlimited places"
            min={1}
            max={100000}
            allowDecimal={false}
            value={form.capacity === "" ? "" : Number(form.capacity)}
            onChange={(v) => set({ capacity: v === "" ? "" : String(v) })}
            error={errors.capacity}
            maw={220}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? "Save event" : "Create event"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function WebinarFormModal({
  editing,
  opened,
  onClose,
}: {
  editing: Webinar | null;
  opened: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [form, setForm] = useState<WebinarForm>(editing ? webinarToForm(editing) : EMPTY_WEBINAR);
  const [errors, setErrors] = useState<Errors<WebinarForm>>({});
  const set = (patch: Partial<WebinarForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useMutation({
    mutationFn: (f: WebinarForm) =>
      editing
        ? call(api.updateWebinar, { params: { webinarIdStr: editing.webinarIdStr }, body: toWebinarBody(f) })
        : call(api.createWebinar, { body: toWebinarBody(f) }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: calendarKeys.webinars });
      notifySuccess(editing ? "Webinar Saved" : "Webinar Created");
      onClose();
    },
    onError: (err) => {
      const { message, code } = errorOf(err);
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        setErrors(placeServerError(message, code, WEBINAR_FIELD_NAMES));
      } else notifyError(editing ? "Failed to save webinar" : "Failed to create webinar", err);
    },
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validateWebinar(form);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(form);
  }
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? "Edit webinar" : "Create webinar"} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" variant="light" role="alert" styles={{ message: { color: "#a51d1d" } }}>
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Identifier"
            description="Lower-case letters, numbers and hyphens, e.g. sepsis-update-2027"
            required
            disabled={Boolean(editing)}
            value={form.webinarIdStr}
            onChange={(e) => set({ webinarIdStr: e.currentTarget.value })}
            error={errors.webinarIdStr}
          />
          <TextInput
            label="Title"
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={errors.title}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxLength={5000}
            value={form.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={errors.description}
          />
          <TimesFields form={form} set={set} errors={errors} prefix="webinar" />
          <TextInput
            label="Join link"
            description="Shown only to registered users; starts with https://"
            value={form.joinLink}
            onChange={(e) => set({ joinLink: e.currentTarget.value })}
            error={errors.joinLink}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? "Save webinar" : "Create webinar"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const audience = (organisationId: number | null) =>
  organisationId === null ? "Everyone" : "Your organisation";

/** Edit and Delete for what the user manages; a note for the platform's own items. */
function RowActions(props: {
  title: string;
  kind: "event" | "webinar";
  manageable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  if (!props.manageable) {
    return (
      <Text fz="sm" c="dimmed">
        Platform {props.kind}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="default" onClick={props.onEdit} aria-label={`Edit ${props.title}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red"
        onClick={props.onDelete}
        aria-label={`Delete ${props.title}`}
      >
        Delete
      </Button>
    </Group>
  );
}

interface TabProps {
  canManage: (org: number | null) => boolean;
  /** Managers see their organisation's items unless they ask for the platform's too. */
  showAll: boolean;
}

function EventsTab({ canManage, showAll }: TabProps) {
  const qc = useQueryClient();
  const today = londonDay(now());
  const events = useQuery({
    queryKey: [...manageKeys.events, today],
    // What the caller manages (admins: every organisation's), past year onwards.
    queryFn: () => call(api.manageEvents),
    meta: { errorTitle: "Failed to load events" },
  });
  const rows = events.data?.filter((e) => showAll || canManage(e.organisationId));
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (id: string) => call(api.deleteEvent, { params: { id } }),
    meta: { errorTitle: "Failed to delete event" },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: calendarKeys.events });
      notifySuccess("Event Deleted");
    },
  });
  const openForm = (e: CalendarEvent | null) => {
    setEditing(e);
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const confirmDelete = (e: CalendarEvent) =>
    modals.openConfirmModal({
      title: "Delete event",
      children: <Text>Delete {e.title}? Registered users will no longer see it. This cannot be undone.</Text>,
      labels: { confirm: "Delete event", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(e.id),
    });
  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">
          Events from the last year and the next two years. Times are UK time.
        </Text>
        <Button onClick={() => openForm(null)}>Create event</Button>
      </Group>
      {events.isLoading && <Loader aria-label="Loading events" />}
      {rows && rows.length === 0 && <Text>No events yet.</Text>}
      {rows && rows.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (WCAG 2.1.1)
        <section className="table-scroll" aria-label="Events table" tabIndex={0}>
          <Table miw={760} striped highlightOnHover captionSide="top">
            <Table.Caption className="visually-hidden">Events</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">Starts</Table.Th>
                <Table.Th scope="col">Ends</Table.Th>
                <Table.Th scope="col">Location</Table.Th>
                <Table.Th scope="col">Places taken</Table.Th>
                <Table.Th scope="col">Audience</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Th scope="row" fw={600}>
                    {e.title}
                  </Table.Th>
                  <Table.Td>{londonDateTime(e.happensAt)}</Table.Td>
                  <Table.Td>{londonDateTime(e.endsAt)}</Table.Td>
                  <Table.Td>{e.location ?? "—"}</Table.Td>
                  <Table.Td>
                    {e.registrations}
                    {e.capacity !== null ? ` of ${e.capacity}` : ""}
                  </Table.Td>
                  <Table.Td>{audience(e.organisationId)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      title={e.title}
                      kind="event"
                      manageable={canManage(e.organisationId)}
                      onEdit={() => openForm(e)}
                      onDelete={() => confirmDelete(e)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      {open && (
        <EventFormModal key={formKey} editing={editing} opened={open} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
}

function WebinarsTab({ canManage, showAll }: TabProps) {
  const qc = useQueryClient();
  const webinars = useQuery({
    queryKey: manageKeys.webinars,
    queryFn: () => call(api.manageWebinars),
    meta: { errorTitle: "Failed to load Webinars" },
  });
  const rows = webinars.data?.filter((w) => showAll || canManage(w.organisationId));
  const [editing, setEditing] = useState<Webinar | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (idStr: string) => call(api.deleteWebinar, { params: { webinarIdStr: idStr } }),
    meta: { errorTitle: "Failed to delete webinar" },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: calendarKeys.webinars });
      notifySuccess("Webinar Deleted");
    },
  });
  const openForm = (w: Webinar | null) => {
    setEditing(w);
    setFormKey((k) => k + 1);
    setOpen(true);
  };
  const confirmDelete = (w: Webinar) =>
    modals.openConfirmModal({
      title: "Delete webinar",
      children: <Text>Delete {w.title}? This cannot be undone.</Text>,
      labels: { confirm: "Delete webinar", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(w.webinarIdStr),
    });
  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">
          Upcoming webinars. Times are UK time.
        </Text>
        <Button onClick={() => openForm(null)}>Create webinar</Button>
      </Group>
      {webinars.isLoading && <Loader aria-label="Loading webinars" />}
      {rows && rows.length === 0 && <Text>No upcoming webinars.</Text>}
      {rows && rows.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (WCAG 2.1.1)
        <section className="table-scroll" aria-label="Webinars table" tabIndex={0}>
          <Table miw={720} striped highlightOnHover>
            <Table.Caption className="visually-hidden">Webinars</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">Identifier</Table.Th>
                <Table.Th scope="col">Starts</Table.Th>
                <Table.Th scope="col">Ends</Table.Th>
                <Table.Th scope="col">Audience</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Th scope="row" fw={600}>
                    {w.title}
                  </Table.Th>
                  <Table.Td>{w.webinarIdStr}</Table.Td>
                  <Table.Td>{londonDateTime(w.startDate)}</Table.Td>
                  <Table.Td>{londonDateTime(w.endDate)}</Table.Td>
                  <Table.Td>{audience(w.organisationId)}</Table.Td>
                  <Table.Td>
                    <RowActions
                      title={w.title}
                      kind="webinar"
                      manageable={canManage(w.organisationId)}
                      onEdit={() => openForm(w)}
                      onDelete={() => confirmDelete(w)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      {open && (
        <WebinarFormModal key={formKey} editing={editing} opened={open} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
}

/** Events and webinars for Organisation-Managers (their organisation) and administrators (all). */
export default function ManageEventsPage() {
  usePageTitle("Events and webinars");
  const state = useSession();
  const branding = useBranding();
  const roles = state?.roles ?? [];
  const admin = isAdmin(roles) && roles.includes(ROLES.admin);
  const manager = roles.includes(ROLES.organisationManager);
  const [showAll, setShowAll] = useState(admin);
  if (!admin && !manager) return <Navigate to="/dashboard" replace />;
  const org = branding.data?.organisationId ?? null;
  const canManage = (o: number | null) => admin || (manager && o !== null && o === org);
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Events and webinars</Title>
      <Text>
        {admin
          ? "Create and edit events and webinars for everyone on the platform."
          : "Create and edit the events and webinars your organisation offers its members."}
      </Text>
      {!admin && (
        <Switch
          label="Also show platform-wide events and webinars"
          checked={showAll}
          onChange={(e) => setShowAll(e.currentTarget.checked)}
        />
      )}
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">Events</Tabs.Tab>
          <Tabs.Tab value="webinars">Webinars</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events">
          <EventsTab canManage={canManage} showAll={showAll} />
        </Tabs.Panel>
        <Tabs.Panel value="webinars">
          <WebinarsTab canManage={canManage} showAll={showAll} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
