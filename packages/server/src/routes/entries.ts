import { api, type EntryType } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { entryMetadata, listEntries } from "../modules/entries/list.js";
import * as entries from "../modules/entries/service.js";
import * as forms from "../modules/forms/service.js";
import { entryPdf } from "../modules/pdf/service.js";
import { featuresForUser } from "../modules/shell/service.js";
import { supervisionSection } from "../modules/supervision/pdf-section.js";
import { revieweeForEntry } from "../modules/supervision/reviewee.js";
import { showsPercentages } from "../policies/feature-switches.js";
import { policies } from "../policies/index.js";
import { define } from "./define.js";
import { feature } from "./feature-policy.js";
import { sendPdf } from "./file-reply.js";

export function entryRoutes(app: FastifyInstance, deps: Deps) {
  // Reflection is a feature (REQ-ROLE-04): a blank form and a new reflection need it;
  // reading and editing reflections already held does not.
  const reflection = feature("Reflection");
  for (const [e, id] of [
    [api.diaryForm, "diary"],
    [api.reflectionForm, "reflection"],
    [api.supervisionForm, "supervision"],
  ] as const) {
    define(app, deps, e, id === "reflection" ? { policy: reflection } : {}, ({ caller }) =>
      forms.getForm(deps, caller.id, id as EntryType),
    );
  }
  define(app, deps, api.formSchema, {}, ({ caller, params }) =>
    forms.getFormSchema(deps, caller.id, params.identifier),
  );
  define(app, deps, api.entryForm, {}, ({ caller, params }) =>
    forms.getEntryForm(deps, caller.id, params.id, revieweeForEntry),
  );

  define(app, deps, api.createEntry, {}, async ({ caller, params, body }) => {
    if (params.identifier === "reflection") await reflection(caller, deps);
    return entries.createEntry(deps, caller.id, params.identifier, body);
  });
  define(app, deps, api.updateEntry, { policy: policies.userBasic }, ({ caller, params, body }) =>
    entries.updateEntry(deps, caller.id, params.id, body),
  );
  define(app, deps, api.deleteEntry, { policy: policies.userBasic }, ({ caller, params }) =>
    entries.deleteEntry(deps, caller.id, params.identifier),
  );
  define(app, deps, api.listEntries, {}, async ({ caller, params, query }) => {
    const [list, features] = await Promise.all([
      listEntries(deps, caller.id, query, params.perPage, params.page),
      featuresForUser(deps, caller.id),
    ]);
    if (showsPercentages(features)) return list;
    return { ...list, items: list.items.map((item) => ({ ...item, completenessPercentage: null })) };
  });
  define(app, deps, api.entryMetadata, {}, ({ caller }) => entryMetadata(deps, caller.id));
  define(app, deps, api.getEntryTags, {}, ({ caller, params }) =>
    entries.getEntryTags(deps, caller.id, params.id),
  );
  define(app, deps, api.putEntryTags, {}, ({ caller, params, body }) =>
    entries.putEntryTags(deps, caller.id, params.id, body.tags),
  );
  define(app, deps, api.detachEvidence, { policy: policies.userBasic }, ({ caller, params }) =>
    entries.detachEvidence(deps, caller.id, params.id, params.fileId),
  );
  define(app, deps, api.entryPdf, {}, async ({ caller, params, reply }) => {
    const { doc, filename } = await entryPdf(deps, caller.id, params.id, supervisionSection);
    return sendPdf(reply, doc, filename, { inline: true });
  });
}
