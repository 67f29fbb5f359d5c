// The CPD forms as data. Changing a form means adding a new version here: saved
// entries keep the version they were written with (form_definitions rows).
import {
  ACP_PILLARS,
  ENTRY_OPTION_FIELDS,
  type EntryOption,
  type EntryType,
  KSF_DIMENSIONS,
  RECURRENCE_OPTIONS,
  ITEM_TYPES as T,
} from "@cpd/contract";

export interface ItemDef {
  identifier: string;
  title: string;
  type: number;
  required: boolean;
  helpText?: string;
  values?: string[];
  maxLength?: number;
  /** Options filled per user at load time. */
  source?: "categories" | "standards" | "activityTypes";
  activators?: string[];
}

interface PageDef {
  title: string;
  items: ItemDef[];
  requiresActivation?: boolean;
  activatedBy?: string;
}

export interface FormDef {
  identifier: EntryType;
  version: number;
  pages: PageDef[];
}

/** Which items feed the entry's indexed columns. */
export const COLUMN_ITEMS = {
  title: ["Field222", "Field4"],
  date: ["DiaryDate", "ReflectionDate", "SupervisionDate"],
  hours: ["DiaryHours", "ReflectionHours", "SupervisionHours"],
  category: ["Field116"],
  activityType: ["ActivityType"],
  description: ["Field113"],
  website: ["Field219"],
  standards: ["GoverningBodyStandards"],
  reminderDate: ["DiaryReminderDate"],
  evidence: ["Evidence"],
} as const;

export const STANDARD_CATEGORIES = [
  "Clinical Skills",
  "Clinical Education",
  "Leadership",
  "Management",
  "Mandatory Training",
  "Research and Audit",
  "Safeguarding",
  "Teaching and Mentoring",
  "Wellbeing",
  "Other",
];

export const ACTIVITY_TYPES = [
  "Work-based learning",
  "Professional activity",
  "Formal and educational",
  "Self-directed learning",
  "Other",
];

const evidence: ItemDef = {
  identifier: "Evidence",
  title: "Evidence",
  type: T.upload,
  required: false,
  helpText:
    "Certificates, notes or slides that show the learning. Do not upload anything that identifies a patient.",
};
const standards: ItemDef = {
  identifier: "GoverningBodyStandards",
  title: "Governing body standards met",
  type: T.multiSelect,
  required: false,
  source: "standards",
  helpText: "The standards of your governing bodies that this activity helps you meet.",
};
const category: ItemDef = {
  identifier: "Field116",
  title: "Category",
  type: T.dropdown,
  required: true,
  source: "categories",
};

export const DIARY_V1: FormDef = {
  identifier: "diary",
  version: 1,
  pages: [
    {
      title: "Activity",
      items: [
        { identifier: "Field222", title: "Title", type: T.text, required: true, maxLength: 200 },
        { identifier: "DiaryDate", title: "Date of activity", type: T.date, required: true },
        {
          identifier: "DiaryHours",
          title: "Hours",
          type: T.number,
          required: true,
          helpText: "Time spent, in hours and minutes. Use the number field for activities over 24 hours.",
        },
        {
          identifier: "ActivityType",
          title: "Activity type",
          type: T.dropdown,
          required: true,
          values: ACTIVITY_TYPES,
          // The organisation's "arranged in" list replaces the standard one (the options only).
          source: "activityTypes",
        },
        category,
        {
          identifier: "Field113",
          title: "Description",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "Field219",
          title: "Website",
          type: T.url,
          required: false,
          helpText: "A link to the course or resource.",
        },
      ],
    },
    {
      title: "Learning",
      items: [
        {
          identifier: "LearningOutcomes",
          title: "What did you learn?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "PracticeImpact",
          title: "How will it change your practice and benefit service users?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        standards,
      ],
    },
    {
      title: "Planning and evidence",
      items: [
        {
          identifier: "DiaryReminderDate",
          title: "Reminder date",
          type: T.date,
          required: false,
          helpText: "For planned or repeating CPD: we remind you on this date.",
        },
        {
          identifier: "DiaryReminderRecurrence",
          title: "Repeat every",
          type: T.dropdown,
          required: false,
          values: RECURRENCE_OPTIONS.map((o) => String(o.months)),
          helpText: "How often this CPD repeats: the reminder date is set that far ahead.",
        },
        evidence,
      ],
    },
  ],
};

/** Gibbs' reflective cycle, the model most UK regulators point to. */
export const REFLECTION_V1: FormDef = {
  identifier: "reflection",
  version: 1,
  pages: [
    {
      title: "Reflection",
      items: [
        { identifier: "Field4", title: "Title", type: T.text, required: true, maxLength: 200 },
        { identifier: "ReflectionDate", title: "Date", type: T.date, required: true },
        { identifier: "ReflectionHours", title: "Hours", type: T.number, required: false },
        { ...category, required: false },
        {
          identifier: "Field113",
          title: "Description: what happened?",
          type: T.longText,
          required: true,
          maxLength: 10_000,
        },
        {
          identifier: "Feelings",
          title: "Feelings: what were you thinking and feeling?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "Evaluation",
          title: "Evaluation: what was good and bad about the experience?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "Analysis",
          title: "Analysis: what sense can you make of it?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "Conclusion",
          title: "Conclusion: what else could you have done?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "ActionPlan",
          title: "Action plan: what will you do next time?",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
      ],
    },
    { title: "Standards and evidence", items: [standards, evidence] },
  ],
};

export const SUPERVISION_V1: FormDef = {
  identifier: "supervision",
  version: 1,
  pages: [
    {
      title: "Supervision session",
      items: [
        { identifier: "Field4", title: "Title", type: T.text, required: false, maxLength: 200 },
        { identifier: "SupervisionDate", title: "Date of session", type: T.date, required: true },
        { identifier: "SupervisionHours", title: "Duration (hours)", type: T.number, required: false },
        {
          identifier: "SupervisionRole",
          title: "Your role",
          type: T.dropdown,
          required: true,
          values: ["Supervisor", "Supervisee"],
        },
        {
          identifier: "SupervisionType",
          title: "Type of supervision",
          type: T.dropdown,
          required: false,
          values: ["Clinical", "Managerial", "Professional", "Peer", "Group", "Restorative"],
        },
        {
          identifier: "OtherPartyName",
          title: "Name of supervisor or supervisee",
          type: T.text,
          required: false,
          maxLength: 200,
        },
        {
          identifier: "OtherPartyRole",
          title: "Their job title",
          type: T.text,
          required: false,
          maxLength: 200,
        },
      ],
    },
    {
      title: "Discussion",
      items: [
        {
          identifier: "Topics",
          title: "Topics discussed",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        {
          identifier: "ActionsAgreed",
          title: "Actions agreed",
          type: T.longText,
          required: false,
          maxLength: 10_000,
        },
        { identifier: "Wellbeing", title: "Wellbeing check completed", type: T.checkbox, required: false },
        standards,
        evidence,
      ],
    },
  ],
};

export const CURRENT_FORMS: Record<EntryType, FormDef> = {
  diary: DIARY_V1,
  reflection: REFLECTION_V1,
  supervision: SUPERVISION_V1,
};

/**
 * Items the user's entry options (entriesSettings.showKSF / showACP) add to the diary and
 * reflection forms, whatever version an entry was written with: they are not part of a form
 * version, so turning an option on shows the field on old entries too (ADR 0019). Always optional.
 */
const ENTRY_OPTION_ITEMS: Record<EntryOption, ItemDef> = {
  showKSF: {
    ...ENTRY_OPTION_FIELDS.showKSF,
    type: T.multiSelect,
    required: false,
    values: [...KSF_DIMENSIONS],
    helpText: "The NHS Knowledge and Skills Framework dimensions this activity develops.",
  },
  showACP: {
    ...ENTRY_OPTION_FIELDS.showACP,
    type: T.multiSelect,
    required: false,
    values: [...ACP_PILLARS],
    helpText: "The pillars of Advanced Clinical Practice this activity supports.",
  },
};

export type EntryOptions = Record<EntryOption, boolean>;
export const ALL_ENTRY_OPTIONS: EntryOptions = { showKSF: true, showACP: true };
const OPTION_FORMS = new Set<EntryType>(["diary", "reflection"]);
const OPTION_ITEM_IDS = new Set(Object.values(ENTRY_OPTION_ITEMS).map((i) => i.identifier));

export const isEntryOptionItem = (identifier: string) => OPTION_ITEM_IDS.has(identifier);

/**
 * The form with the option items that are on, placed after the governing-body standards
 * (diary and reflection only). `ALL_ENTRY_OPTIONS` is used for printing: a saved answer prints.
 */
export function withEntryOptions(def: FormDef, on: EntryOptions | undefined): FormDef {
  if (!on || !OPTION_FORMS.has(def.identifier)) return def;
  const extra = (Object.keys(ENTRY_OPTION_ITEMS) as EntryOption[])
    .filter((k) => on[k])
    .map((k) => ENTRY_OPTION_ITEMS[k]);
  if (!extra.length) return def;
  const at = def.pages.findIndex((p) => p.items.some((i) => i.identifier === standards.identifier));
  const pageIndex = at >= 0 ? at : def.pages.length - 1;
  return {
    ...def,
    pages: def.pages.map((p, n) => {
      if (n !== pageIndex) return p;
      const after = p.items.findIndex((i) => i.identifier === standards.identifier) + 1 || p.items.length;
      return { ...p, items: [...p.items.slice(0, after), ...extra, ...p.items.slice(after)] };
    }),
  };
}

/** Standards offered per governing body (the user's bodies decide which show). */
const GOVERNING_BODY_STANDARDS: Record<string, string[]> = {
  HCPC: [
    "HCPC 1: Keep a continuous, up-to-date and accurate record",
    "HCPC 2: Demonstrate a mixture of learning activities",
    "HCPC 3: Seek to ensure CPD has contributed to quality of practice",
    "HCPC 4: Seek to ensure CPD benefits the service user",
    "HCPC 5: Present a written profile when requested",
  ],
  NMC: [
    "NMC 1: Prioritise people",
    "NMC 2: Practise effectively",
    "NMC 3: Preserve safety",
    "NMC 4: Promote professionalism and trust",
  ],
  GMC: [
    "GMC 1: Knowledge, skills and performance",
    "GMC 2: Safety and quality",
    "GMC 3: Communication, partnership and teamwork",
    "GMC 4: Maintaining trust",
  ],
  GPhC: [
    "GPhC 1: Person-centred care",
    "GPhC 2: Partnership working",
    "GPhC 3: Professionalism",
    "GPhC 4: Knowledge and skills",
  ],
};

export const standardsFor = (bodies: string[]) =>
  bodies.flatMap((b) => GOVERNING_BODY_STANDARDS[b] ?? [`${b} 1: Professional standards`]);
