import { api, ROLES } from "@cpd/contract";
import { NumberInput, SimpleGrid, Stack, Switch, Table, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import "./manage-events.css";
import { Navigate } from "react-router-dom";
import { call } from "../../lib/api-client";
import { now } from "../../lib/clock";
import { londonDateTime, londonDay } from "../../lib/london-time";
import { isAdmin, useSession } from "../../lib/session";
import { usePageTitle } from "../../lib/use-page-title";
import type { CalendarEvent, Webinar } from "../calendar";
import { calendarKeys } from "../calendar";
import { useBranding } from "../shell";
import {
  EMPTY_EVENT,
  EMPTY_WEBINAR,
  EVENT_FIELD_NAMES,
  type EventForm,
  eventToForm,
  toEventBody,
  toWebinarBody,
  validateEvent,
  validateWebinar,
  WEBINAR_FIELD_NAMES,
  type WebinarForm,
  webinarToForm,
} from "./event-form-model";
import { type FieldsProps, TimesFields, TitleFields } from "./ItemFormModal";
import { ManageTab, type TabSpec } from "./ManageTab";

function EventFields(props: FieldsProps<EventForm>) {
  const { form, set, errors, bind } = props;
  return (
    <>
      <TitleFields {...props} />
      <TimesFields {...props} prefix="event" />
      <TextInput label="Location" maxLength={300} {...bind("location")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Contact name" maxLength={200} {...bind("contactName")} />
        <TextInput label="Contact email" type="email" {...bind("contactEmail")} />
      </SimpleGrid>
      <TextInput label="Website" description="Starts with https://" {...bind("website")} />
      <TextInput label="Join link" description="Shown only to registered users" {...bind("joinEventLink")} />
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
    </>
  );
}

function WebinarFields(props: FieldsProps<WebinarForm>) {
  const { editing, bind } = props;
  return (
    <>
      <TextInput
        label="Identifier"
        description="Lower-case letters, numbers and hyphens, e.g. sepsis-update-2027"
        required
        disabled={editing}
        {...bind("webinarIdStr")}
      />
      <TitleFields {...props} />
      <TimesFields {...props} prefix="webinar" />
      <TextInput
        label="Join link"
        description="Shown only to registered users; starts with https://"
        {...bind("joinLink")}
      />
    </>
  );
}

const EVENTS: TabSpec<CalendarEvent, EventForm> = {
  form: {
    kind: "event",
    empty: EMPTY_EVENT,
    toForm: eventToForm,
    validate: validateEvent,
    save: (f, editing) =>
      editing
        ? call(api.updateEvent, { params: { id: editing.id }, body: toEventBody(f) })
        : call(api.createEvent, { body: toEventBody(f) }),
    invalidates: calendarKeys.events,
    fieldNames: EVENT_FIELD_NAMES,
    placedStatuses: [400],
    Fields: EventFields,
  },
  intro: "Events from the last year and the next two years. Times are UK time.",
  none: "No events yet.",
  // What the caller manages (admins: every organisation's), past year onwards.
  list: {
    queryKey: () => ["calendar", "events", "manage", londonDay(now())],
    queryFn: () => call(api.manageEvents),
    errorTitle: "Failed to load events",
  },
  remove: (e) => call(api.deleteEvent, { params: { id: e.id } }),
  deleteWarning: "Registered users will no longer see it. This cannot be undone.",
  columns: ["Starts", "Ends", "Location", "Places taken"],
  cells: (e) => (
    <>
      <Table.Td>{londonDateTime(e.happensAt)}</Table.Td>
      <Table.Td>{londonDateTime(e.endsAt)}</Table.Td>
      <Table.Td>{e.location ?? "—"}</Table.Td>
      <Table.Td>
        {e.registrations}
        {e.capacity !== null ? ` of ${e.capacity}` : ""}
      </Table.Td>
    </>
  ),
  minWidth: 760,
};

const WEBINARS: TabSpec<Webinar, WebinarForm> = {
  form: {
    kind: "webinar",
    empty: EMPTY_WEBINAR,
    toForm: webinarToForm,
    validate: validateWebinar,
    save: (f, editing) =>
      editing
        ? call(api.updateWebinar, { params: { webinarIdStr: editing.webinarIdStr }, body: toWebinarBody(f) })
        : call(api.createWebinar, { body: toWebinarBody(f) }),
    invalidates: calendarKeys.webinars,
    fieldNames: WEBINAR_FIELD_NAMES,
    // A taken identifier (409) is said at the identifier.
    placedStatuses: [400, 409],
    Fields: WebinarFields,
  },
  intro: "Upcoming webinars. Times are UK time.",
  none: "No upcoming webinars.",
  list: {
    queryKey: () => ["webinars", "manage"],
    queryFn: () => call(api.manageWebinars),
    errorTitle: "Failed to load Webinars",
  },
  remove: (w) => call(api.deleteWebinar, { params: { webinarIdStr: w.webinarIdStr } }),
  deleteWarning: "This cannot be undone.",
  columns: ["Identifier", "Starts", "Ends"],
  cells: (w) => (
    <>
      <Table.Td>{w.webinarIdStr}</Table.Td>
      <Table.Td>{londonDateTime(w.startDate)}</Table.Td>
      <Table.Td>{londonDateTime(w.endDate)}</Table.Td>
    </>
  ),
  minWidth: 720,
};

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
          <ManageTab spec={EVENTS} canManage={canManage} showAll={showAll} />
        </Tabs.Panel>
        <Tabs.Panel value="webinars">
          <ManageTab spec={WEBINARS} canManage={canManage} showAll={showAll} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
