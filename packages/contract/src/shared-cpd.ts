import { Type } from "@sinclair/typebox";
import { Empty, endpoint, IsoDate, Message, Nullable, Paged } from "./endpoint.js";
import { IdParams, PageParams, Text, Uuid } from "./primitives.js";

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
  id: Text(),
  title: Text(),
  description: Text(),
  avatarUrl: Nullable(Text()),
  category: Text(),
  nickname: Text(),
  date: IsoDate,
  websiteUrl: Text(),
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
  query: Type.Object({ entryId: Uuid() }),
  body: Type.Object({
    title: Text({ maxLength: 300 }),
    description: Text({ maxLength: 5000 }),
    category: Text({ maxLength: 100 }),
    websiteUrl: Text({ maxLength: 2000 }),
  }),
  response: Type.Composite([Message, Type.Object({ shareId: Text() })]),
});

export const unshare = endpoint({
  method: "DELETE",
  path: "/shared-cpd/:shareId",
  summary: "Stop sharing",
  tags,
  auth: true,
  params: Type.Object({ shareId: Uuid() }),
  response: Empty,
});

export const listSharedCpd = endpoint({
  method: "GET",
  path: "/shared-cpd/limit/:perPage/page/:page",
  summary: "A page of shared CPD",
  tags,
  auth: true,
  params: PageParams(50),
  query: Type.Object({
    category: Type.Optional(Text({ maxLength: 100 })),
    search: Type.Optional(Text({ maxLength: 200 })),
    sort: Type.Optional(Type.Union([Type.Literal("newest"), Type.Literal("helpful")])),
  }),
  response: Paged(SharedCpdItem),
});

export const sharedCpdCategories = endpoint({
  method: "GET",
  path: "/shared-cpd/categories",
  summary: "The shared CPD categories",
  tags,
  auth: true,
  response: Type.Array(Text()),
});

const Upvotes = Type.Object({ currentUpvotes: Type.Integer() });
const ShareId = IdParams;

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
