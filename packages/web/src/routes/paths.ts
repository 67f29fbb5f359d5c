// Pages of the product that later issues build; until then they say so politely.
export const COMING_SOON: { path: string; title: string }[] = [
  { path: "diary", title: "Diary" },
  { path: "reflection", title: "Reflection" },
  { path: "supervision", title: "Supervision" },
  { path: "entries", title: "Entries" },
  { path: "portfolio", title: "Portfolio" },
  { path: "my-webinars", title: "My Webinars" },
  { path: "webinars", title: "Webinars" },
  { path: "my-files", title: "My Files" },
  { path: "shared-cpd", title: "Shared CPD" },
  { path: "videos", title: "CPD Hub" },
  { path: "calendar", title: "Calendar" },
  { path: "email-history", title: "Email change history" },
  { path: "organisation/*", title: "Organisation Management" },
];

export const ADMIN_PATHS: { path: string; title: string }[] = [{ path: "admin/*", title: "Administration" }];
