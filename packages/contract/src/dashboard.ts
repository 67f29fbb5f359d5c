import { Type } from "@sinclair/typebox";
import { endpoint, IsoDate, Nullable } from "./endpoint.js";
import { Text } from "./primitives.js";

const tags = ["dashboard"];

/** 12, 24 or 36 months back from today, the whole record, or a custom range (from and to required). */
export const PERIODS = ["12", "24", "36", "lifetime", "custom"] as const;
export const Period = Type.Union(PERIODS.map((p) => Type.Literal(p)));
const PeriodParams = Type.Object({ period: Period });
const RangeQuery = Type.Object({
  from: Type.Optional(
    Type.String({
      ...IsoDate,
      description: "First day of the range (YYYY-MM-DD): required when period is custom",
    }),
  ),
  to: Type.Optional(
    Type.String({
      ...IsoDate,
      description: "Last day of the range (YYYY-MM-DD): required when period is custom",
    }),
  ),
});

export const Statistics = Type.Object(
  {
    hoursLogged: Type.Number(),
    totalEntries: Type.Integer(),
    diaryEntries: Type.Integer(),
    reflectiveEntries: Type.Integer(),
    /** Hours still to log in the current reporting period, one decimal; null without a CPD target. */
    hoursLeft: Nullable(Type.Number()),
    /** Last day of the current reporting period. */
    endDate: Nullable(IsoDate),
    /** Share of the period's target logged, a whole percent (0-100). */
    userCompliance: Nullable(Type.Integer()),
    resilientIncident: Nullable(Type.Integer()),
    resilientCourses: Nullable(Type.Integer()),
    resilientExercise: Nullable(Type.Integer()),
    resilientGeneric: Nullable(Type.Integer()),
  },
  {
    examples: [
      {
        hoursLogged: 36.5,
        totalEntries: 24,
        diaryEntries: 19,
        reflectiveEntries: 5,
        hoursLeft: 3.5,
        endDate: "2027-03-31",
        userCompliance: 91,
        resilientIncident: null,
        resilientCourses: null,
        resilientExercise: null,
        resilientGeneric: null,
      },
    ],
  },
);

export const statistics = endpoint({
  method: "GET",
  path: "/statistics/:period",
  summary: "Totals for the period and the CPD-hours countdown",
  tags,
  auth: true,
  params: PeriodParams,
  query: RangeQuery,
  response: Statistics,
});

const KeyValue = Type.Array(Type.Object({ key: Text(), value: Type.Number() }));

export const monthlyStatistics = endpoint({
  method: "GET",
  path: "/statistics/monthly",
  summary: "Entries per month for the last 12 months (key YYYY-MM)",
  tags,
  auth: true,
  response: KeyValue,
});

const CategoryValue = Type.Array(Type.Object({ category: Text(), value: Type.Number() }));

export const graphs = endpoint({
  method: "GET",
  path: "/graphs/:period",
  summary: "Entries per CPD category and per activity type",
  tags,
  auth: true,
  params: PeriodParams,
  query: RangeQuery,
  response: Type.Object({ cpdCategories: CategoryValue, activityArranged: CategoryValue }),
});

export const governingBodyGraphs = endpoint({
  method: "GET",
  path: "/graphs/governing-body-standards/:period",
  summary: "One bar chart per governing body: entries meeting each standard",
  tags,
  auth: true,
  params: PeriodParams,
  query: RangeQuery,
  response: Type.Array(
    Type.Object({
      title: Text(),
      showLegendOnMobileDevices: Type.Boolean(),
      graphData: Type.Array(Type.Object({ key: Text(), value: Type.Number(), tooltipText: Text() })),
    }),
  ),
});

export const formFieldGraph = endpoint({
  method: "GET",
  path: "/graphs/form/:formId/field/:fieldId",
  summary: "A pie of the answers to one form field (formId: diary, reflection or supervision)",
  tags,
  auth: true,
  params: Type.Object({
    formId: Text({ maxLength: 50 }),
    fieldId: Text({ maxLength: 100, pattern: "^[A-Za-z0-9_]+$" }),
  }),
  query: Type.Object({
    period: Type.Optional(Period),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
  }),
  response: CategoryValue,
});
