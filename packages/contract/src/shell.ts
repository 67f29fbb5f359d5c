import { type Static, Type } from "@sinclair/typebox";
import { ScheduledDeletion } from "./account-lifecycle.js";
import { impersonation } from "./admin.js";
import { endpoint, Nullable } from "./endpoint.js";
import { Text } from "./primitives.js";
import { Profile } from "./profile.js";

const tags = ["shell"];

export const FeatureMap = Type.Record(Text(), Type.Boolean());

export const features = endpoint({
  method: "GET",
  path: "/features",
  summary: "Platform features enabled for the user's organisation",
  tags,
  auth: true,
  response: FeatureMap,
});

export const userFeatures = endpoint({
  method: "GET",
  path: "/features/user",
  summary: "Features this user may use (full member, or trial not expired)",
  tags,
  auth: true,
  response: FeatureMap,
});

export const Usage = Type.Object({
  entries: Type.Integer({
    description: "Entries the trial allowance counts (diary entries, TRIAL_COUNTED_ENTRY_TYPE)",
  }),
  storage: Type.Integer({ description: "Bytes of uploaded files" }),
  entriesLimit: Nullable(Type.Integer()),
  storageLimit: Nullable(Type.Integer()),
});

export const usage = endpoint({
  method: "GET",
  path: "/usage",
  summary: "Entries and storage used, with the limits of non-premium users",
  tags,
  auth: true,
  response: Usage,
});

export const Branding = Type.Object({
  organisationId: Nullable(Type.Integer()),
  organisationName: Nullable(Text()),
  logoUrl: Nullable(Text()),
  loginLogoUrl: Nullable(Text()),
  colourHex: Nullable(Text()),
  loginLink: Nullable(Text()),
  usesOauth: Type.Boolean(),
  videoUrl: Nullable(Text()),
});

export const branding = endpoint({
  method: "GET",
  path: "/branding",
  summary: "Branding of the user's organisation (empty for individual users)",
  tags,
  auth: true,
  response: Branding,
});

export const brandingByKey = endpoint({
  method: "GET",
  path: "/branding/:organisationKey",
  errors: [403],
  summary: "Public branding of an organisation's login page",
  tags,
  auth: false,
  params: Type.Object({
    organisationKey: Text({ minLength: 1, maxLength: 100, pattern: "^[a-z0-9-]+$" }),
  }),
  response: Branding,
});

export const welcomeVideo = endpoint({
  method: "GET",
  path: "/branding/welcome-video",
  summary: "The welcome video shown after login",
  tags,
  auth: true,
  response: Type.Object({ videoUrl: Nullable(Text()) }),
});

/** A link the operator configures (a footer or social link on the login pages). */
export const ConfiguredLink = Type.Object({ label: Text(), url: Text() });

/** What the operator configures for the SPA's public pages (ADR 0024); empty or null when unset. */
export const ShellConfig = Type.Object({
  footerLinks: Type.Array(ConfiguredLink, { description: "Footer links of the login pages" }),
  socialLinks: Type.Array(ConfiguredLink, { description: "Social media links of the login pages" }),
  promoVideoUrl: Nullable(Text({ description: "Promo video embedded on the login page" })),
  hcpcGuideVideoUrl: Nullable(Text({ description: "Guide video of the HCPC audit portal" })),
});

export const shellConfig = endpoint({
  method: "GET",
  path: "/shell/config",
  summary: "Public configuration of the web app: login page links and videos",
  tags,
  auth: false,
  response: ShellConfig,
});

export const DashboardWidgets = Type.Object({
  cpdCategories: Type.Boolean(),
  activityTypes: Type.Boolean(),
  entriesGraph: Type.Boolean(),
  governingBodyStandards: Type.Boolean(),
  sharedCPD: Type.Boolean(),
  calendar: Type.Boolean(),
  webinars: Type.Boolean(),
  clinicalSkills: Type.Boolean(),
  showCPDHourCountdown: Type.Boolean(),
  supervision: Type.Boolean(),
  reflection: Type.Boolean(),
});

export const DashboardSettings = Type.Object({
  dashboardMode: Type.Union([Type.Literal("basic"), Type.Literal("advanced")]),
  allFeatures: Type.Boolean(),
  welcomeVideo: Type.Boolean(),
  dashboardWidgets: DashboardWidgets,
  logoutTimer: Type.Object({ enabled: Type.Boolean() }),
  entriesSettings: Type.Object({ showKSF: Type.Boolean(), showACP: Type.Boolean() }),
  emails: Type.Object({
    entryReceipt: Type.Boolean(),
    plannedCPD: Type.Boolean(),
    /**
     * Reminders 30 and 7 days before an identity document expires (REQ-REVAL-06). Always answered;
     * left out of a save, it stays as it was.
     */
    documentExpiry: Type.Optional(Type.Boolean()),
  }),
});

/** A person's settings before they change any: the server's starting point and the SPA's tests'. */
export const DEFAULT_DASHBOARD_SETTINGS: Static<typeof DashboardSettings> = {
  dashboardMode: "advanced",
  allFeatures: false,
  welcomeVideo: true,
  dashboardWidgets: {
    cpdCategories: true,
    activityTypes: true,
    entriesGraph: true,
    governingBodyStandards: true,
    sharedCPD: true,
    calendar: true,
    webinars: true,
    clinicalSkills: false,
    showCPDHourCountdown: true,
    supervision: true,
    reflection: true,
  },
  logoutTimer: { enabled: false },
  entriesSettings: { showKSF: false, showACP: false },
  emails: { entryReceipt: true, plannedCPD: true, documentExpiry: true },
};

/** What the organisation decides for its members; the SPA shows these as locked. */
export const DashboardSettingsAnswer = Type.Composite([
  DashboardSettings,
  Type.Object({
    lockedByOrganisation: Type.Array(Text(), {
      description: "Setting paths the organisation fixes, e.g. dashboardWidgets.reflection",
    }),
  }),
]);

export const getDashboardSettings = endpoint({
  method: "GET",
  path: "/settings/dashboard",
  summary: "The user's dashboard settings with the organisation's settings applied",
  tags: ["settings"],
  auth: true,
  response: DashboardSettingsAnswer,
});

export const saveDashboardSettings = endpoint({
  method: "POST",
  path: "/settings/dashboard",
  summary: "Save the dashboard settings",
  tags: ["settings"],
  auth: true,
  body: DashboardSettings,
  response: DashboardSettingsAnswer,
});

export const intercom = endpoint({
  method: "GET",
  path: "/user-account/user/intercom",
  summary: "Signed identity for the support chat",
  tags: ["account"],
  auth: true,
  response: Type.Object({ token: Text(), name: Text() }),
});

/**
 * The signed-in shell's first answers in one call (issue 30, ADR 0038): a page load asks for this
 * instead of eight calls; each part is exactly what its own call answers, and the SPA keeps using
 * those calls afterwards (refetches, invalidations). `supportChat` is null when the identity could
 * not be signed; the SPA then asks `GET user-account/user/intercom` itself.
 */
export const ShellStart = Type.Object({
  profile: Profile,
  features: FeatureMap,
  userFeatures: FeatureMap,
  branding: Branding,
  settings: DashboardSettingsAnswer,
  scheduledDeletion: ScheduledDeletion,
  impersonation: impersonation.response,
  supportChat: Nullable(intercom.response),
});

export const shellStart = endpoint({
  method: "GET",
  path: "/shell/start",
  summary:
    "The signed-in shell's first answers in one call: profile, features, branding, settings, scheduled deletion, impersonation and support chat identity",
  tags,
  auth: true,
  response: ShellStart,
});

/**
 * Readiness: each dependency probed in parallel; a 503 names the one that failed. `replica` (the
 * read replica, when configured) failing gives 200 with status "degraded": reads fall back to the primary.
 */
export const Readiness = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("degraded")], {
    description: "degraded: a check failed (with 200, only the read replica: still in service)",
  }),
  checks: Type.Record(
    Text(),
    Type.Union([Type.Literal("ok"), Type.Literal("failed"), Type.Literal("timeout")], {
      description: "timeout: no answer within 1 s",
    }),
  ),
});

export const health = endpoint({
  method: "GET",
  path: "/health",
  summary: "Readiness (same as /health/ready): PostgreSQL, Redis and S3 answer",
  tags: ["ops"],
  auth: false,
  response: Readiness,
});

export const healthLive = endpoint({
  method: "GET",
  path: "/health/live",
  summary: "Liveness: the process answers (no I/O)",
  tags: ["ops"],
  auth: false,
  response: Type.Object({ status: Type.Literal("ok") }),
});

export const healthReady = endpoint({
  method: "GET",
  path: "/health/ready",
  summary:
    "Readiness: PostgreSQL, Redis, S3 (and the read replica, if any) probed in parallel, 1 s each; 503 names the one that failed",
  tags: ["ops"],
  auth: false,
  response: Readiness,
});
