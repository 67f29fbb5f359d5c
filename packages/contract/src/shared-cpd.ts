import { Type } from "@sinclair/typebox";
import { Empty, endpoint, IsoDate, Message, Nullable } from "./endpoint.js";

const tags = ["shared-cpd"];

export const SHARED_CPD_CATEGORIES = [
  "Business Management and Admin",
  "Clinical Education",
  "Coaching and Mentoring",
  "Computer Science and Technology",
  "Financial Management and Admin",
  "Health Safety and Security",
  "Leadership",
  "Mandatory Training",
  "Management",
  "Trauma Care",
  "Wellbeing",
  "Other",
] as const;

export const SHARED_CPD_MESSAGES = {
  titleRequired: "A title is required",
  descriptionRequired: "A description is required",
  descriptionTooLong: "The description is too long.",
  invalidWebsite: "Please enter a valid website address, starting with http(s)://",
  categoryRequired: "Please choose a category",
  onlyDiary: "Only diary entries can be shared",
  alreadyShared: "This entry is already shared",
  shared: "Shared Successfully",
} as const;

export const SharedCpdItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  avatarUrl: Nullable(Type.String()),
  category: Type.String(),
  nickname: Type.String(),
  date: IsoDate,
  websiteUrl: Type.String(),
  upvotes: Type.Integer(),
  hasUpvoted: Type.Boolean(),
  mine: Type.Boolean(),
});

export const shareEntry = endpoint({
  method: "POST",
  path: "/shared-cpd",
  summary: "Share a diary entry with the community",
  tags,
  auth: true,
  query: Type.Object({ entryId: Type.String({ format: "uuid" }) }),
  body: Type.Object({
    title: Type.String({ maxLength: 300 }),
    description: Type.String({ maxLength: 5000 }),
    category: Type.String({ maxLength: 100 }),
    websiteUrl: Type.String({ maxLength: 2000 }),
  }),
  response: Type.Composite([Message, Type.Object({ shareId: Type.String() })]),
});

export const unshare = endpoint({
  method: "DELETE",
  path: "/shared-cpd/:shareId",
  summary: "Stop sharing",
  tags,
  auth: true,
  params: Type.Object({ shareId: Type.String({ format: "uuid" }) }),
  response: Empty,
});

export const listSharedCpd = endpoint({
  method: "GET",
  path: "/shared-cpd/limit/:perPage/page/:page",
  summary: "A page of shared CPD",
  tags,
  auth: true,
  params: Type.Object({
    perPage: Type.Integer({ minimum: 1, maximum: 50 }),
    page: Type.Integer({ minimum: 1 }),
  }),
  query: Type.Object({
    category: Type.Optional(Type.String({ maxLength: 100 })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    sort: Type.Optional(Type.Union([Type.Literal("newest"), Type.Literal("helpful")])),
  }),
  response: Type.Object({ items: Type.Array(SharedCpdItem), total: Type.Integer() }),
});

export const sharedCpdCategories = endpoint({
  method: "GET",
  path: "/shared-cpd/categories",
  summary: "The shared CPD categories",
  tags,
  auth: true,
  response: Type.Array(Type.String()),
});

const Upvotes = Type.Object({ currentUpvotes: Type.Integer() });
const ShareId = Type.Object({ id: Type.String({ format: "uuid" }) });

export const upvote = endpoint({
  method: "POST",
  path: "/shared-cpd/:id/upvote",
  summary: "Upvote (once per user; repeating changes nothing)",
  tags,
  auth: true,
  params: ShareId,
  response: Upvotes,
});

export const removeUpvote = endpoint({
  method: "DELETE",
  path: "/shared-cpd/:id/upvote",
  summary: "Remove one's upvote",
  tags,
  auth: true,
  params: ShareId,
  response: Upvotes,
});
