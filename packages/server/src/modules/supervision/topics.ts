// The owner changes the topics of a record already shared (ADR 0022): adds, edits and removes
// them until the first signature, under the entry's row lock (the lock a sign-off takes), so a
// signature never covers a list that changed under it. The reviewee reads the current topics.
import { randomUUID } from "node:crypto";
import { type api, type BodyOf, SUPERVISION_MESSAGES as M, SUPERVISION } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { AppError } from "../../lib/errors.js";
import { topicEditRefusal } from "../../policies/supervision.js";
import { refuseTypedForShare } from "../identifiers/gate.js";
import { partyForShare, type ResolvedParty } from "./party.js";
import * as repo from "./repository.js";
import { topicAnswer, underLock } from "./review.js";
import { checkTopic } from "./share.js";

type TopicBody = BodyOf<typeof api.addSupervisionTopic>;

/** Patient identifiers in a topic's text stop it, as they stop a share (the reviewee reads it). */
const refuseIdentifiers = (party: ResolvedParty, input: { title: string; actions: string }) =>
  refuseTypedForShare(party.entry, [
    ["topicTitle", input.title],
    ["topicActions", input.actions],
  ]);

/** The owner's change to the topics (`topicId` null when adding), under the entry lock, until the first signature. */
function ownerEdit<T>(
  deps: Deps,
  party: ResolvedParty,
  topicId: string | null,
  change: Parameters<typeof underLock<T>>[4],
): Promise<T> {
  return underLock(deps, party, topicId, (facts) => topicEditRefusal(party, facts), change);
}

export async function addTopic(deps: Deps, token: string | null, shareId: string, body: TopicBody) {
  const party = await partyForShare(deps, token, shareId);
  const input = checkTopic(body);
  return ownerEdit(deps, party, null, async (tx) => {
    refuseIdentifiers(party, input);
    if ((await repo.countTopics(tx, party.entry.id)) >= SUPERVISION.maxTopics)
      throw new AppError(409, "TOO_MANY_TOPICS", M.tooManyTopics);
    const { id } = await repo.createTopic(tx, {
      id: randomUUID(),
      entryId: party.entry.id,
      position: await repo.nextTopicPosition(tx, party.entry.id),
      ...input,
      createdAt: deps.now(),
    });
    return { message: M.topicAdded, topic: await topicAnswer(tx, id) };
  });
}

export async function updateTopic(
  deps: Deps,
  token: string | null,
  shareId: string,
  topicId: string,
  body: TopicBody,
) {
  const party = await partyForShare(deps, token, shareId);
  const input = checkTopic(body);
  return ownerEdit(deps, party, topicId, async (tx) => {
    refuseIdentifiers(party, input);
    await repo.updateTopic(tx, topicId, input);
    return { message: M.topicSaved, topic: await topicAnswer(tx, topicId) };
  });
}

export async function removeTopic(deps: Deps, token: string | null, shareId: string, topicId: string) {
  const party = await partyForShare(deps, token, shareId);
  return ownerEdit(deps, party, topicId, async (tx) => {
    await repo.deleteTopic(tx, topicId);
    return { message: M.topicRemoved };
  });
}
