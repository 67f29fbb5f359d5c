import { api, type EntryType } from "@cpd/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { entryMetadata, listEntries } from "../modules/entries/list.js";
import * as entries from "../modules/entries/service.js";
import * as forms from "../modules/forms/service.js";
import { entryPdf } from "../modules/pdf/service.js";
import { featuresForUser } from "../modules/shell/service.js";
import { supervisionSection } from "../modules/supervision/pdf-section.js";
import { entryForm as supervisionForm } from "../modules/supervision/review.js";
import { extractToken } from "../plugins/auth.js";
import { showsPercentages } from "../policies/feature-switches.js";
import { all, identifiers, type Policy, policies } from "../policies/index.js";
import { define, perMinute } from "./define.js";
import { entrySwitch, feature, premium } from "./feature-policy.js";
import { sendPdf } from "./file-reply.js";

export function entryRoutes(app: FastifyInstance, deps: Deps) {
  // Reflection is a feature (REQ-ROLE-04) and supervision a premium one (REQ-MEMBER-04); each has
  // the person's dashboard switch too (ADR 0020). A blank form and a new entry need them;
  // reading and editing entries already held does not.
  const gates: Partial<Record<EntryType, Policy>> = {
    reflection: all(feature("Reflection"), entrySwitch("reflection")),
    supervision: all(premium, entrySwitch("supervision")),
  };
  for (const [e, id] of [
    [api.diaryForm, "diary"],
    [api.reflectionForm, "reflection"],
    [api.supervisionForm, "supervision"],
  ] as const) {
    const policy = gates[id];
    define(app, deps, e, policy ? { policy } : {}, ({ caller }) =>
      forms.getForm(deps, caller.id, id as EntryType),
    );
  }
  define(app, deps, api.formSchema, {}, ({ caller, params }) =>
    forms.getFormSchema(deps, caller.id, params.identifier),
  );
  // The owner's session token, or a reviewee's guest token for the one shared entry (ADR 0022).
  define(app, deps, api.entryForm, {}, ({ params, request }) =>
    supervisionForm(deps, extractToken(request), params.id),
  );

  // An autosave sends no entry receipt (ADR 0018).
  define(app, deps, api.createEntry, {}, async ({ caller, params, query, body }) => {
    await gates[params.identifier]?.(caller, deps);
    return entries.createEntry(deps, caller.id, params.identifier, body, {
      autosave: query.autosave === true,
    });
  });
  define(app, deps, api.updateEntry, { policy: policies.userBasic }, ({ caller, params, query, body }) =>
    entries.updateEntry(deps, caller.id, params.id, body, { autosave: query.autosave === true }),
  );
  // Marking a finding "not a patient identifier" (REQ-IDENT-03): the text is hashed, never logged.
  define(
    app,
    deps,
    api.resolveEntryIdentifier,
    { ...perMinute(60), policy: identifiers.resolveInEntry },
    ({ caller, params, body }) => entries.resolveEntryIdentifier(deps, caller.id, params.id, body.text),
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
