// Pages of the product that later issues build; until then they say so politely.
export const COMING_SOON: { path: string; title: string }[] = [
  { path: "email-history", title: "Email change history" },
  { path: "organisation/*", title: "Organisation Management" },
];

export const ADMIN_PATHS: { path: string; title: string }[] = [{ path: "admin/*", title: "Administration" }];

/** Older or short addresses of pages that now live elsewhere. */
export const REDIRECTS: { from: string; to: string }[] = [
  { from: "diary", to: "/create/diary" },
  { from: "reflection", to: "/create/reflection" },
  { from: "supervision", to: "/create/supervision" },
  { from: "my-files", to: "/files" },
  { from: "portfolio", to: "/portfolio-builder/choose" },
];

/** Public supervision pages, outside the login guard: the reviewee's link and the PDF's check. */
export const SUPERVISION_REVIEW_PATH = "/review/supervision/:id";
export const SUPERVISION_VERIFY_PATH = "/verify/supervision/:id";
