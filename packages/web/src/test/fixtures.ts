// Records as the API sends them, for tests: each test overrides only what it is about.
import { type api, DEFAULT_DASHBOARD_SETTINGS, NO_MEMBERSHIP, type ResponseOf } from "@cpd/contract";
import type { CalendarEvent } from "../features/calendar/calendar-model";
import type { Form, FormItem, FormPage } from "../features/forms/form-model";

/** A platform-wide event with no optional details and nobody registered. */
export const calendarEvent = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: "e1",
  title: "Major incident training day",
  happensAt: "2026-12-13T09:00:00.000Z",
  endsAt: "2026-12-13T16:30:00.000Z",
  description: "",
  location: null,
  contactName: null,
  contactEmail: null,
  website: null,
  joinEventLink: null,
  registered: false,
  eventFull: false,
  ended: false,
  capacity: 40,
  registrations: 0,
  organisationId: null,
  ...over,
});

/** A form item with no value yet. */
export const formItem = (
  identifier: string,
  title: string,
  type: number,
  required = false,
  extra: Partial<FormItem> = {},
): FormItem => ({ identifier, title, type, required, value: null, ...extra });

/** A plain page (not a repeater, always shown unless `extra` says otherwise). */
export const formPage = (title: string, items: FormItem[], extra: Partial<FormPage> = {}): FormPage => ({
  title,
  items,
  repeater: false,
  repeaterType: null,
  requiresActivation: false,
  activatedBy: null,
  subPages: [],
  ...extra,
});

/** A new diary entry's form with these pages. */
export const diaryForm = (pages: FormPage[]): Form => ({
  files: [],
  identifier: "diary",
  version: 1,
  entryId: null,
  guest: false,
  shared: false,
  reviewee: null,
  tags: [],
  editable: true,
  identifierResolutions: [],
  pages,
});

type Profile = ResponseOf<typeof api.getProfile>;

/** A premium member with an unverified mobile and no alternative e-mail. */
export const profile = (over: Partial<Profile> = {}): Profile => ({
  firstName: "Ann",
  lastName: "Taylor",
  jobTitle: "Paramedic",
  nickname: null,
  mobileNumber: "07911 123456",
  mobileVerified: false,
  emailAddress: "ann@example.org",
  alternativeEmail: null,
  alternativeEmailVerified: false,
  fullMember: true,
  tags: [],
  hasImage: false,
  organisation: null,
  trialStatus: {
    isTrialUser: false,
    trialEndDate: null,
    trialEntriesUsed: 0,
    trialEntriesLimit: 5,
    isTrialExpired: false,
    deletionDate: null,
    accountCreatedDate: "2025-09-01",
  },
  ...over,
});

/** A basic member with no paid membership and no upgrade page set up. */
export const membership = (
  over: Partial<ResponseOf<typeof api.getMembership>> = {},
): ResponseOf<typeof api.getMembership> => ({
  ...NO_MEMBERSHIP,
  upgradeUrl: null,
  ...over,
});

type Branding = ResponseOf<typeof api.branding>;
/** An account outside any organisation's branding, unless overridden. */
export const branding = (over: Partial<Branding> = {}): Branding => ({
  organisationId: null,
  organisationName: null,
  logoUrl: null,
  loginLogoUrl: null,
  colourHex: null,
  loginLink: null,
  usesOauth: false,
  videoUrl: null,
  ...over,
});

type DashboardSettings = ResponseOf<typeof api.getDashboardSettings>;

/** Advanced mode (the default) with every widget shown and nothing locked by an organisation. */
export const dashboardSettings = (over: Partial<DashboardSettings> = {}): DashboardSettings => ({
  ...DEFAULT_DASHBOARD_SETTINGS,
  allFeatures: true,
  dashboardWidgets: { ...DEFAULT_DASHBOARD_SETTINGS.dashboardWidgets, clinicalSkills: true },
  entriesSettings: { showKSF: true, showACP: true },
  lockedByOrganisation: [],
  ...over,
});

type EntryRow = ResponseOf<typeof api.listEntries>["items"][number];
/** A row of the entries list: a one-hour diary entry of 15/11/2026 with nothing else set. */
export const entryRow = (over: Partial<EntryRow> & Pick<EntryRow, "id" | "title">): EntryRow => ({
  type: "diary",
  date: "2026-11-15",
  hours: 1,
  category: null,
  tags: [],
  evidence: [],
  completeness: 1,
  completenessPercentage: 1,
  shareId: null,
  reviewee: null,
  unresolvedFindings: 0,
  ...over,
});
