import { Type } from "@sinclair/typebox";
import { Empty, endpoint, IsoDate, Nullable } from "./endpoint.js";
import { ENTRY_TYPES, FormValue } from "./forms.js";
import { Tags } from "./personal-profile.js";

const tags = ["entries"];
const Id = Type.Object({ id: Type.String({ format: "uuid" }) });

export const EntryTypeSchema = Type.Union(ENTRY_TYPES.map((t) => Type.Literal(t)));

/** The flattened form: item identifier -> a string, or a list for multi-select and list items. */
export const EntryValues = Type.Record(Type.String({ maxLength: 100 }), FormValue, { maxProperties: 200 });

export const EntrySaved = Type.Object({ entryId: Type.String() });

export const createEntry = endpoint({
  method: "POST",
  path: "/entries/:identifier",
  summary: "Create a diary, reflection or supervision entry from the flattened form",
  tags,
  auth: true,
  params: Type.Object({ identifier: EntryTypeSchema }),
  body: EntryValues,
  response: EntrySaved,
});

export const updateEntry = endpoint({
  method: "POST",
  path: "/entries/:id/update",
  summary: "Update an entry from the flattened form",
  tags,
  auth: true,
  params: Id,
  body: EntryValues,
  response: EntrySaved,
});

export const deleteEntry = endpoint({
  method: "DELETE",
  path: "/entries/:id",
  summary: "Delete an entry (its evidence files stay in My Files, unattached)",
  tags,
  auth: true,
  params: Id,
  response: Empty,
});

export const Evidence = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  thumbnailUrl: Nullable(Type.String()),
  contentType: Type.String(),
});

export const EntryRow = Type.Object({
  id: Type.String(),
  type: EntryTypeSchema,
  title: Type.String(),
  date: Nullable(IsoDate),
  hours: Nullable(Type.Number()),
  category: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  evidence: Type.Array(Evidence),
  completeness: Type.Integer({ minimum: 1, maximum: 3, description: "1 complete, 2 partial, 3 incomplete" }),
  completenessPercentage: Type.Number({ minimum: 0, maximum: 1 }),
  shareId: Nullable(Type.String()),
  reviewee: Nullable(Type.Object({ Id: Type.String(), Completed: Type.String() })),
});

export const ENTRY_SORTS = ["date", "title", "type", "hours", "completeness", "category"] as const;

export const listEntries = endpoint({
  method: "GET",
  path: "/entries/limit/:perPage/page/:page",
  summary: "A page of the user's entries with the filters and sorts of the entries list",
  tags,
  auth: true,
  params: Type.Object({
    perPage: Type.Integer({ minimum: 1, maximum: 100 }),
    page: Type.Integer({ minimum: 1 }),
  }),
  query: Type.Object({
    filter: Type.Optional(Type.String({ maxLength: 200 })),
    year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200 })),
    tag: Type.Optional(Type.String({ maxLength: 50 })),
    category: Type.Optional(Type.String({ maxLength: 200 })),
    governingBody: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(EntryTypeSchema),
    completeness: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    sortBy: Type.Optional(Type.Union(ENTRY_SORTS.map((s) => Type.Literal(s)))),
    sortDesc: Type.Optional(Type.Boolean()),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
  }),
  response: Type.Object({
    items: Type.Array(EntryRow),
    total: Type.Integer(),
    years: Type.Array(Type.Integer()),
    tags: Type.Array(Type.String()),
    categories: Type.Array(Type.String()),
    governingBodies: Type.Array(Type.String()),
  }),
});

export const entryMetadata = endpoint({
  method: "GET",
  path: "/entries/metadata",
  summary: "Entries whose date has passed, for the calendar",
  tags,
  auth: true,
  response: Type.Array(
    Type.Object({
      entryId: Type.String(),
      title: Type.String(),
      type: EntryTypeSchema,
      startDate: Nullable(IsoDate),
    }),
  ),
});

export const getEntryTags = endpoint({
  method: "GET",
  path: "/entries/:id/tags",
  summary: "An entry's tags",
  tags,
  auth: true,
  params: Id,
  response: Tags,
});

export const putEntryTags = endpoint({
  method: "PUT",
  path: "/entries/:id/tags",
  summary: "Replace an entry's tags (trimmed, at most 50 characters, no duplicates)",
  tags,
  auth: true,
  params: Id,
  body: Tags,
  response: Tags,
});

export const detachEvidence = endpoint({
  method: "DELETE",
  path: "/entries/:id/file/:fileId",
  summary: "Remove an evidence file from an entry (the file stays in My Files)",
  tags,
  auth: true,
  params: Type.Object({ id: Type.String({ format: "uuid" }), fileId: Type.String({ format: "uuid" }) }),
  response: Empty,
});

export const entryPdf = endpoint({
  method: "GET",
  path: "/entries/:id/pdf",
  summary: "One entry as a PDF; the token may be passed as ?auth_token=",
  tags,
  auth: true,
  params: Id,
  query: Type.Object({ auth_token: Type.Optional(Type.String()) }),
  response: Type.Any(),
  binary: true,
});
