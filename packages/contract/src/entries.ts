import { Type } from "@sinclair/typebox";
import { Empty, endpoint, IsoDate, Nullable } from "./endpoint.js";
import { ENTRY_TYPES, FormValue } from "./forms.js";
import { EntryFindings } from "./identifier-findings.js";
import { IDENTIFIER_MESSAGES } from "./identifiers.js";
import { Tags } from "./personal-profile.js";
import { IdParams, PageParams, Text, Uuid } from "./primitives.js";

const tags = ["entries"];

/** `<registration id>:<requirement id>`: the entries list filter by what a requirement counts (ADR 0026). */
export const COUNTS_TOWARDS_PATTERN =
  "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}:[a-z0-9][a-z0-9-]{0,62}$";
const COUNTS_TOWARDS_EXAMPLE = "0b6f4c1e-8d2a-4c3b-9e5f-1a2b3c4d5e6f:participatory-hours";

export const EntryTypeSchema = Type.Union(ENTRY_TYPES.map((t) => Type.Literal(t)));

/** The flattened form: item identifier -> a string, or a list for multi-select and list items. */
export const EntryValues = Type.Record(Text({ maxLength: 100 }), FormValue, {
  maxProperties: 200,
  description: "The form's answers by item identifier: GET /form/schema/{identifier} gives each form's",
  examples: [
    {
      Field222: "Safeguarding adults level 3",
      DiaryDate: "2026-09-30",
      DiaryHours: "3",
      ActivityType: "Formal and educational",
      Field116: "Safeguarding",
      Field113: "Case discussions on self-neglect and capacity",
      Evidence: ["3f2b8c1e-9a4d-4c6e-8b1a-2d5e7f9a0b1c"],
    },
  ],
});

/**
 * The saved entry's id and its unresolved patient-identifier findings (REQ-IDENT-02): a save is
 * never refused for them, the answer lists them and the entries list shows their count.
 */
export const EntrySaved = Type.Object(
  { entryId: Text(), ...EntryFindings.properties },
  {
    examples: [
      {
        entryId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
        identifierFindings: [
          {
            field: "Field113",
            kind: "postcode",
            severity: "check",
            start: 31,
            end: 39,
            reason: IDENTIFIER_MESSAGES.postcode,
          },
        ],
        unresolvedFindings: 1,
      },
    ],
  },
);

/** An autosave is not an explicit save: it sends no entry receipt (REQ-ENTRY-06, ADR 0018). */
const SaveQuery = Type.Object({
  autosave: Type.Optional(
    Type.Boolean({ description: "true when the form saved itself (autosave); explicit saves omit it" }),
  ),
});

export const createEntry = endpoint({
  method: "POST",
  path: "/entries/:identifier",
  summary: "Create a diary, reflection or supervision entry from the flattened form",
  tags,
  auth: true,
  params: Type.Object({ identifier: EntryTypeSchema }),
  query: SaveQuery,
  body: EntryValues,
  response: EntrySaved,
});

export const updateEntry = endpoint({
  method: "POST",
  path: "/entries/:id/update",
  summary:
    "Update an entry from the flattened form. Its Evidence item (file ids) is the entry's whole evidence: " +
    "those files are attached and any others detached.",
  tags,
  auth: true,
  params: IdParams,
  query: SaveQuery,
  body: EntryValues,
  response: EntrySaved,
});

export const deleteEntry = endpoint({
  method: "DELETE",
  // The same parameter name as POST /entries/{identifier} at this position (one path, two methods).
  path: "/entries/:identifier",
  summary: "Delete an entry (its evidence files stay in My Files, unattached)",
  tags,
  auth: true,
  params: Type.Object({ identifier: Uuid({ description: "The entry's id" }) }),
  response: Empty,
});

export const Evidence = Type.Object({
  id: Text(),
  name: Text(),
  url: Text(),
  thumbnailUrl: Nullable(Text()),
  contentType: Text(),
});

export const EntryRow = Type.Object({
  id: Text(),
  type: EntryTypeSchema,
  title: Text(),
  date: Nullable(IsoDate),
  hours: Nullable(Type.Number()),
  category: Nullable(Text()),
  tags: Type.Array(Text()),
  evidence: Type.Array(Evidence),
  completeness: Type.Integer({ minimum: 1, maximum: 3, description: "1 complete, 2 partial, 3 incomplete" }),
  completenessPercentage: Nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description: "How much of the form is filled in, 0 to 1; null when FormPercentages is off for the user",
    }),
  ),
  shareId: Nullable(Text()),
  reviewee: Nullable(Type.Object({ Id: Text(), Completed: Text() })),
  unresolvedFindings: Type.Integer({
    minimum: 0,
    description:
      "Possible patient identifiers in the entry not marked as not one, as of its last save (REQ-IDENT-02)",
  }),
});

export const ENTRY_SORTS = ["date", "title", "type", "hours", "completeness", "category"] as const;

export const listEntries = endpoint({
  method: "GET",
  path: "/entries/limit/:perPage/page/:page",
  summary: "A page of the user's entries with the filters and sorts of the entries list",
  tags,
  auth: true,
  params: PageParams(100),
  query: Type.Object({
    filter: Type.Optional(Text({ maxLength: 200 })),
    year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200 })),
    tag: Type.Optional(Text({ maxLength: 50 })),
    category: Type.Optional(Text({ maxLength: 200 })),
    governingBody: Type.Optional(Text({ maxLength: 100 })),
    type: Type.Optional(EntryTypeSchema),
    completeness: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    sortBy: Type.Optional(Type.Union(ENTRY_SORTS.map((s) => Type.Literal(s)))),
    sortDesc: Type.Optional(Type.Boolean()),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    countsTowards: Type.Optional(
      Text({ pattern: COUNTS_TOWARDS_PATTERN, maxLength: 100, examples: [COUNTS_TOWARDS_EXAMPLE] }),
    ),
  }),
  response: Type.Object({
    items: Type.Array(EntryRow),
    total: Type.Integer(),
    years: Type.Array(Type.Integer()),
    tags: Type.Array(Text()),
    categories: Type.Array(Text()),
    governingBodies: Type.Array(Text()),
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
      entryId: Text(),
      title: Text(),
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
  params: IdParams,
  response: Tags,
});

export const putEntryTags = endpoint({
  method: "PUT",
  path: "/entries/:id/tags",
  summary: "Replace an entry's tags (trimmed, at most 50 characters, no duplicates)",
  tags,
  auth: true,
  params: IdParams,
  body: Tags,
  response: Tags,
});

export const detachEvidence = endpoint({
  method: "DELETE",
  path: "/entries/:id/file/:fileId",
  summary: "Remove an evidence file from an entry (the file stays in My Files)",
  tags,
  auth: true,
  params: Type.Object({ id: Uuid(), fileId: Uuid() }),
  response: Empty,
});

export const entryPdf = endpoint({
  method: "GET",
  path: "/entries/:id/pdf",
  summary: "One entry as a PDF; the token may be passed as ?auth_token=",
  tags,
  auth: true,
  params: IdParams,
  query: Type.Object({ auth_token: Type.Optional(Text()) }),
  response: Type.Any(),
  binary: true,
  produces: ["application/pdf"],
});
