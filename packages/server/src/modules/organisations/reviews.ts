// Annual reviews: a manager records one for a member of their organisation; the member reads theirs.
import type { api, BodyOf } from "@cpd/contract";
import type { Deps } from "../../deps.js";
import { dateColumn, toDateColumn } from "../../lib/dates.js";
import { badRequest } from "../../lib/errors.js";
import type { Caller } from "../../policies/index.js";
import { requireManagedMember } from "../../policies/organisations.js";
import { findUser } from "../account/repository.js";
import { actingAccount, recordActivity } from "../activity-log/repository.js";
import { createReview } from "./repository.js";

const REVIEW_SELECT = {
  id: true,
  date: true,
  metRequirements: true,
  comments: true,
  organisation: { select: { name: true } },
  reviewer: { select: { profile: { select: { firstName: true, lastName: true } } } },
} as const;

type ReviewRow = {
  id: string;
  date: Date;
  metRequirements: boolean;
  comments: string;
  organisation: { name: string };
  reviewer: { profile: { firstName: string; lastName: string } | null } | null;
};

const toReview = (r: ReviewRow) => ({
  id: r.id,
  date: dateColumn(r.date) as string,
  metRequirements: r.metRequirements,
  comments: r.comments,
  organisationName: r.organisation.name,
  reviewerName: r.reviewer?.profile
    ? `${r.reviewer.profile.firstName} ${r.reviewer.profile.lastName}`.trim()
    : "",
});

export async function recordReview(deps: Deps, caller: Caller, body: BodyOf<typeof api.createUserReview>) {
  const member = await findUser(deps.prisma, body.user, { id: true, organisationId: true });
  requireManagedMember(caller, member);
  if (body.date > deps.today())
    throw badRequest("The review date cannot be in the future", "VALIDATION_ERROR");
  const organisationId = member.organisationId;
  return deps.prisma.$transaction(async (tx) => {
    const review = await createReview(
      tx,
      {
        userId: member.id,
        organisationId,
        reviewerId: actingAccount(caller),
        date: toDateColumn(body.date) as Date,
        metRequirements: body.metRequirements,
        comments: body.comments.trim(),
      },
      REVIEW_SELECT,
    );
    await recordActivity(tx, {
      action: "organisation.review-recorded",
      actorId: actingAccount(caller),
      subjectId: member.id,
      organisationId,
      details: { date: body.date, metRequirements: body.metRequirements },
    });
    return toReview(review);
  });
}

export async function myReviews(deps: Deps, userId: string, page = 1, perPage = 10) {
  const [rows, total] = await deps.prisma.$transaction([
    deps.prisma.annualReview.findMany({
      where: { userId },
      orderBy: [{ date: "desc" }, { createdAt: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: REVIEW_SELECT,
    }),
    deps.prisma.annualReview.count({ where: { userId } }),
  ]);
  return { items: rows.map(toReview), total };
}
