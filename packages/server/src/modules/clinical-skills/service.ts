// Linking a Clinical Skills account and reading its counters. The password is
// passed to the service once and never stored; its access token is kept sealed.
import { CLINICAL_SKILLS_MESSAGES as M } from "@cpd/contract";
import type { Config } from "../../config.js";
import { ClinicalSkillsUnavailable } from "../../connectors/clinical-skills/connector.js";
import type { Deps } from "../../deps.js";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.js";
import { SecretBox } from "../../lib/secret-box.js";
import { looksLikeEmail } from "../profile/rules.js";
import * as repo from "./repository.js";

/** Seals the linked account's access token at rest (also opened by the portfolio job). */
export const tokenBox = (config: Pick<Config, "dataEncryptionKey">) =>
  new SecretBox(config.dataEncryptionKey, "clinical-skills-token");
const box = (deps: Deps) => tokenBox(deps.config);

function connector(deps: Deps) {
  if (!deps.clinicalSkills) throw new AppError(503, "CLINICAL_SKILLS_NOT_CONFIGURED", M.notConfigured);
  return deps.clinicalSkills;
}

const unavailable = (err: unknown): never => {
  if (err instanceof ClinicalSkillsUnavailable)
    throw new AppError(502, "CLINICAL_SKILLS_UNAVAILABLE", M.unavailable);
  throw err;
};

export async function linkStatus(deps: Deps, userId: string) {
  const link = await repo.findLink(deps.prisma, userId);
  if (!link) throw notFound(M.notLinked, "NOT_LINKED");
  return { linked: true, email: link.email };
}

export async function link(deps: Deps, userId: string, emailAddress: string, password: string) {
  const email = emailAddress.trim().toLowerCase();
  if (!email || !password || !looksLikeEmail(email) || email.length > 254 || password.length > 256) {
    throw badRequest(M.invalidInput, "INVALID_CREDENTIALS_INPUT");
  }
  const result = await connector(deps).authenticate(email, password).catch(unavailable);
  if (!result) throw forbidden(M.notRecognised, "NOT_RECOGNISED");
  const tokenEncrypted = box(deps).seal(result.accessToken);
  await repo.saveLink(
    deps.prisma,
    userId,
    { accountId: result.accountId, email, tokenEncrypted },
    deps.now(),
  );
  return { linked: true, email };
}

export async function statistics(deps: Deps, userId: string) {
  const link = await repo.findLink(deps.prisma, userId);
  if (!link) throw notFound(M.notLinked, "NOT_LINKED");
  return connector(deps).statistics(box(deps).open(link.tokenEncrypted)).catch(unavailable);
}
