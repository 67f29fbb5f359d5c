// Additional profile fields: the organisation's definitions (managers) and each member's answers.
import {
  type AdditionalFieldGroup,
  type AdditionalFieldValue,
  ADDITIONAL_FIELD_MESSAGES as M,
} from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { badRequest, notFound } from "../../lib/errors.js";
import type { Caller } from "../../policies/index.js";
import { findUser } from "../account/repository.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import { findOrganisation, updateOrganisation } from "../organisations/repository.js";
import { dropAnswersNotAsked, replaceAnswers } from "./repository.js";
import { checkDefinitions, checkValues } from "./rules.js";

const groupsOf = (json: unknown) => (Array.isArray(json) ? (json as AdditionalFieldGroup[]) : []);

export async function organisationFields(deps: Deps, organisationId: number) {
  const o = await findOrganisation(deps.prisma, organisationId, { additionalFields: true });
  if (!o) throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
  return groupsOf(o.additionalFields);
}

/** Replaces the definitions; members' answers to fields that are gone go with them. */
export async function putOrganisationFields(
  deps: Deps,
  caller: Caller,
  organisationId: number,
  groups: AdditionalFieldGroup[],
) {
  const clean = checkDefinitions(groups);
  const ids = clean.flatMap((g) => g.fields.map((f) => f.fieldId));
  return deps.prisma.$transaction(async (tx) => {
    const before = await findOrganisation(tx, organisationId, { additionalFields: true });
    if (!before) throw notFound("Organisation not found", "ORGANISATION_NOT_FOUND");
    await updateOrganisation(tx, organisationId, { additionalFields: clean as never });
    const removed = await dropAnswersNotAsked(tx, organisationId, ids);
    const old = groupsOf(before.additionalFields).flatMap((g) => g.fields.map((f) => f.fieldId));
    await recordActivity(tx, {
      action: "organisation.fields-changed",
      actorId: actingAccount(caller),
      organisationId,
      details: {
        added: ids.filter((i) => !old.includes(i)),
        removed: old.filter((i) => !ids.includes(i)),
        answersRemoved: removed.count,
      },
    });
    return clean;
  });
}

async function memberGroups(deps: Deps, userId: string) {
  const u = await findUser(deps.prisma, userId, { organisation: { select: { additionalFields: true } } });
  return u?.organisation ? groupsOf(u.organisation.additionalFields) : null;
}

export const myFields = async (deps: Deps, userId: string) => (await memberGroups(deps, userId)) ?? [];

/** The member's answers to fields their organisation still asks. */
export async function myValues(deps: Deps, userId: string): Promise<AdditionalFieldValue[]> {
  const groups = (await memberGroups(deps, userId)) ?? [];
  const ids = groups.flatMap((g) => g.fields.map((f) => f.fieldId));
  const rows = await deps.prisma.additionalFieldValue.findMany({
    where: { userId, fieldId: { in: ids } },
    select: { fieldId: true, value: true },
  });
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .map((r) => ({ fieldId: r.fieldId, value: r.value as AdditionalFieldValue["value"] }))
    .sort((a, b) => (order.get(a.fieldId) ?? 0) - (order.get(b.fieldId) ?? 0));
}

/** Replaces all the member's answers at once: a field left out is cleared. */
export async function saveMyValues(deps: Deps, userId: string, values: AdditionalFieldValue[]) {
  const groups = await memberGroups(deps, userId);
  if (!groups) throw badRequest(M.noOrganisation, "NO_ORGANISATION");
  const clean = checkValues(groups, values);
  await replaceAnswers(deps.prisma, userId, clean);
  return clean;
}
