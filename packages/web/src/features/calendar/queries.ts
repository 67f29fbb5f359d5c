// Server state of the calendar, webinars and events; the dashboard widgets share these keys.
import { api } from "@cpd/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { notifySuccess } from "../../lib/notify";
import { useUserFeatures } from "../shell";
import type { CalendarEvent, Webinar } from "./calendar-model";

export const calendarKeys = {
  events: ["calendar", "events"] as const,
  eventRange: (from: string, to: string) => ["calendar", "events", "range", from, to] as const,
  event: (id: string) => ["calendar", "events", "one", id] as const,
  webinars: ["webinars"] as const,
  registeredWebinars: ["webinars", "registered"] as const,
  planned: ["planned-cpd"] as const,
  entryMetadata: ["entries", "metadata"] as const,
};

/** Webinars show only where the Webinars feature is on for the user (REQ-CAL-01). */
export function useWebinarsEnabled(): boolean {
  const { data } = useUserFeatures();
  return data?.Webinars === true;
}

export const useEvents = (from: string, to: string, enabled = true) =>
  useQuery({
    queryKey: calendarKeys.eventRange(from, to),
    queryFn: () => call(api.calendarEvents, { query: { from, to } }),
    enabled,
    meta: { errorTitle: "Failed to load events" },
  });

export const useEvent = (id: string | null) =>
  useQuery({
    queryKey: calendarKeys.event(id ?? ""),
    queryFn: () => call(api.calendarEvent, { params: { id: id ?? "" } }),
    enabled: Boolean(id),
    meta: { errorTitle: "Failed to load event details" },
  });

export const useWebinars = (enabled = true) =>
  useQuery({
    queryKey: calendarKeys.webinars,
    queryFn: () => call(api.webinars),
    enabled,
    meta: { errorTitle: "Failed to load Webinars" },
  });

export const useRegisteredWebinars = (enabled = true) =>
  useQuery({
    queryKey: calendarKeys.registeredWebinars,
    queryFn: () => call(api.registeredWebinars),
    enabled,
    meta: { errorTitle: "Failed to load Webinars" },
  });

export const usePlannedCpd = (enabled = true) =>
  useQuery({
    queryKey: calendarKeys.planned,
    queryFn: () => call(api.plannedCpd),
    enabled,
    meta: { errorTitle: "Failed to load planned CPD" },
  });

export const useEntryMetadata = (enabled = true) =>
  useQuery({
    queryKey: calendarKeys.entryMetadata,
    queryFn: () => call(api.entryMetadata),
    enabled,
    meta: { errorTitle: "Failed to load entries" },
  });

/** Register or unregister, then show the new state everywhere the event appears. */
export function useEventRegistration(id: string) {
  const qc = useQueryClient();
  const settle = (event: CalendarEvent) => {
    qc.setQueryData(calendarKeys.event(id), event);
    void qc.invalidateQueries({ queryKey: calendarKeys.events });
  };
  const register = useMutation({
    mutationFn: () => call(api.registerEvent, { params: { id } }),
    meta: { errorTitle: "Failed to register" },
    onSuccess: (event) => {
      settle(event);
      notifySuccess("Registration Successful");
    },
    onError: () => void qc.invalidateQueries({ queryKey: calendarKeys.event(id) }),
  });
  const unregister = useMutation({
    mutationFn: () => call(api.unregisterEvent, { params: { id } }),
    meta: { errorTitle: "Failed to unregister from event" },
    onSuccess: (event) => {
      settle(event);
      notifySuccess("Unregistered", "You are no longer registered for this event.");
    },
  });
  return { register, unregister };
}

export function useWebinarRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: Webinar) => call(api.registerWebinar, { params: { webinarIdStr: w.webinarIdStr } }),
    meta: { errorTitle: "Failed to register for webinar." },
    onSuccess: (w) => {
      qc.setQueryData<Webinar[]>(calendarKeys.webinars, (list) => list?.map((x) => (x.id === w.id ? w : x)));
      void qc.invalidateQueries({ queryKey: calendarKeys.webinars });
      notifySuccess("Registration Successful");
    },
  });
}
