import { api, ENTRY_TYPES, type EntryType, MESSAGES } from "@cpd/contract";
import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { nowMs } from "../../lib/clock";
import { errorMessage } from "../../lib/error-messages";
import { entryChanged } from "../../lib/invalidate";
import { notifySuccess } from "../../lib/notify";
import { Spinner } from "../../lib/Spinner";
import { StatusAlert } from "../../lib/StatusAlert";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import { usePageTitle } from "../../lib/use-page-title";
import { PdfPreviewModal } from "../entries/PdfPreviewModal";
import { UnsavedChangesModal } from "../profile/UnsavedChangesModal";
import { openUpgradeModal } from "../shell/UpgradeModal";
import { isFrozen } from "../supervision/review-model";
import { EntryTags, saveNewEntryTags } from "./EntryTags";
import { ErrorSummary } from "./ErrorSummary";
import { FormItemField, REMINDER_DATE, REMINDER_RECURRENCE } from "./FormItemField";
import {
  entryTitle,
  type Form,
  initialValues,
  missingFields,
  sameValues,
  toBody,
  type Values,
  visiblePages,
} from "./form-model";
import { reminderDate, todayIso } from "./recurrence";

/** Spec 2 §4 timings. */
export const AUTOSAVE_MS = 10_000;
export const SAVED_INDICATOR_MS = 2_000;
export const LEAVE_BYPASS_MS = 3_000;

const TYPE_NAMES: Record<EntryType, string> = {
  diary: "Diary",
  reflection: "Reflection",
  supervision: "Supervision",
};
const DATE_FIELDS = ["DiaryDate", "ReflectionDate", "SupervisionDate"];
/** Sharing, topics and sign-off of a supervision record: its own chunk (with the signature pad). */
const SupervisionPanel = lazy(() => import("../supervision/SupervisionPanel"));
const FORM_ID = "entry-form";

const formEndpoint = {
  diary: api.diaryForm,
  reflection: api.reflectionForm,
  supervision: api.supervisionForm,
};
const loadErrorTitle = (type: EntryType, editing: boolean) =>
  editing
    ? "Failed to load entry"
    : type === "supervision"
      ? "Failed to load supervision form"
      : `Failed to load ${TYPE_NAMES[type]} form`;

/** Keeps the page (and its state) when a new entry's URL becomes its edit URL after the first save. */
export default function EntryFormRoute() {
  const { type, id } = useParams();
  const location = useLocation();
  if (!type || !(ENTRY_TYPES as readonly string[]).includes(type)) return <Navigate to="/entries" replace />;
  const keep = (location.state as { keep?: string } | null)?.keep;
  return <EntryFormPage key={keep ?? location.key} type={type as EntryType} routeId={id ?? null} />;
}

type Banner = { kind: "error"; message: string } | { kind: "limit"; message: string } | null;
type SaveState = "idle" | "auto-saving" | "saved";

function EntryFormPage({ type, routeId }: { type: EntryType; routeId: string | null }) {
  const name = TYPE_NAMES[type];
  usePageTitle(routeId ? `Edit ${name} entry` : `New ${name} entry`);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [entryId, setEntryId] = useState<string | null>(routeId);
  const formQuery = useQuery({
    queryKey: routeId ? ["form", "entry", routeId] : ["form", type],
    queryFn: () => (routeId ? call(api.entryForm, { params: { id: routeId } }) : call(formEndpoint[type])),
    staleTime: 0,
    // When a new entry's URL becomes its edit URL, the form stays on screen (no loader, no
    // remounted fields under the user's cursor) while the saved entry's form loads.
    placeholderData: keepPreviousData,
    meta: { errorTitle: loadErrorTitle(type, Boolean(routeId)) },
  });
  const form: Form | undefined = formQuery.data;
  const [values, setValues] = useState<Values | null>(null);
  const [saved, setSaved] = useState<Values | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [banner, setBanner] = useState<Banner>(null);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [preview, setPreview] = useState(false);
  // Failed saves so far: from the first, the missing fields are listed and marked (until filled).
  const [attempt, setAttempt] = useState(0);
  const lastSaveAt = useRef(0);
  const inFlight = useRef<Promise<string> | null>(null);
  const valuesRef = useRef<Values | null>(null);
  const entryIdRef = useRef<string | null>(routeId);
  const tagsRef = useRef<string[]>([]);
  const bannerRef = useRef<HTMLDivElement>(null);
  valuesRef.current = values;
  entryIdRef.current = entryId;
  tagsRef.current = tags;

  // Start from the loaded form once; later refetches do not overwrite what the user types.
  useEffect(() => {
    if (form && values === null) {
      const init = initialValues(form);
      setValues(init);
      setSaved(init);
      setTags(form.tags);
    }
  }, [form, values]);

  // A signed or completed supervision is frozen (the signatures cover what it says).
  const editable = form?.editable !== false && !isFrozen(form?.reviewee ?? null);
  // A new entry's tags are saved with it, so they too are unsaved changes.
  const dirty =
    Boolean(values && saved && !sameValues(values, saved)) || (entryId === null && tags.length > 0);

  const showBanner = useCallback((b: Banner) => {
    setBanner(b);
    if (b) {
      window.scrollTo({ top: 0, behavior: "smooth" });
      setTimeout(() => bannerRef.current?.focus(), 50);
    }
  }, []);

  /**
   * Saves the given values: creates the entry the first time, then updates it. One save at a time.
   * A new entry's URL becomes its edit URL, unless the save is on the way out of the page (Save
   * and Close, Save and Exit): that navigation would replace the one the user asked for.
   */
  const persist = useCallback(
    async (snapshot: Values, leaving = false): Promise<string> => {
      if (!form) throw new Error("The form is not loaded");
      while (inFlight.current) await inFlight.current.catch(() => undefined);
      const body = toBody(form, snapshot);
      const run = (async () => {
        const id = entryIdRef.current;
        const res = id
          ? await call(api.updateEntry, { params: { id }, body })
          : await call(api.createEntry, { params: { identifier: type }, body });
        lastSaveAt.current = nowMs();
        setSaved(snapshot);
        setBanner(null);
        setAttempt(0);
        if (!id) {
          entryIdRef.current = res.entryId;
          setEntryId(res.entryId);
          setTags(await saveNewEntryTags(res.entryId, tagsRef.current));
          if (!leaving)
            navigate(`/edit/${type}/${res.entryId}`, { replace: true, state: { keep: location.key } });
        }
        void entryChanged(qc);
        return res.entryId;
      })();
      inFlight.current = run;
      try {
        return await run;
      } finally {
        inFlight.current = null;
      }
    },
    [form, type, navigate, location.key, qc],
  );

  const failed = useCallback(
    (e: unknown) => {
      const message = errorMessage(e);
      if (!message) return;
      const limit =
        e instanceof ApiError &&
        (e.code === "ENTRY_LIMIT" || e.code === "TRIAL_EXPIRED" || message === MESSAGES.entryLimit);
      showBanner({ kind: limit ? "limit" : "error", message });
    },
    [showBanner],
  );

  const manualSave = useMutation({
    mutationFn: ({ snapshot, leaving }: { snapshot: Values; leaving: boolean }) => persist(snapshot, leaving),
    onSuccess: () => notifySuccess("Entry saved successfully"),
    onError: failed,
  });

  /** Save (after the required check); then, if given, go on. */
  const saveThen = useCallback(
    async (after?: () => void) => {
      if (!form || !values) return;
      if (missingFields(form, values).length > 0) {
        setBanner(null);
        setAttempt((n) => n + 1);
        return;
      }
      try {
        if (dirty || !entryIdRef.current)
          await manualSave.mutateAsync({ snapshot: values, leaving: Boolean(after) });
        after?.();
      } catch {
        // The banner says what went wrong.
      }
    },
    [form, values, dirty, manualSave],
  );

  // Autosave 10 s after the last edit, once the required fields are there (spec 2 §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: every edit (a new values object) restarts the timer
  useEffect(() => {
    if (!dirty || !editable || !form) return;
    const timer = setTimeout(async () => {
      const snapshot = valuesRef.current;
      if (!snapshot || missingFields(form, snapshot).length > 0) return;
      setSaveState("auto-saving");
      try {
        await persist(snapshot);
        setSaveState("saved");
        setTimeout(() => setSaveState("idle"), SAVED_INDICATOR_MS);
      } catch (e) {
        setSaveState("idle");
        failed(e);
      }
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, editable, form, persist, failed]);

  const blocker = useLeaveGuard(dirty, () => nowMs() - lastSaveAt.current > LEAVE_BYPASS_MS);

  const setValue = (identifier: string, v: string | string[]) => {
    setValues((cur) => {
      if (!cur) return cur;
      const next = { ...cur, [identifier]: v };
      if (identifier === REMINDER_RECURRENCE && typeof v === "string" && v) {
        const activity = DATE_FIELDS.map((f) => cur[f]).find((d) => typeof d === "string" && d) as
          | string
          | undefined;
        next[REMINDER_DATE] = reminderDate(Number(v), activity, todayIso());
      }
      return next;
    });
    if (banner?.kind === "error") setBanner(null);
  };
  const evidence = (identifier: string, fileId: string, add: boolean, persisted: boolean) => {
    const change = (cur: Values | null) => {
      if (!cur) return cur;
      const list = Array.isArray(cur[identifier]) ? (cur[identifier] as string[]) : [];
      const next = add
        ? list.includes(fileId)
          ? list
          : [...list, fileId]
        : list.filter((x) => x !== fileId);
      return { ...cur, [identifier]: next };
    };
    setValues(change);
    if (persisted) setSaved(change);
  };

  if (formQuery.isLoading || (form && !values)) {
    return <Spinner label={`Loading the ${name.toLowerCase()} form`} />;
  }
  if (!form || !values) {
    return (
      <StatusAlert tone="error" title={loadErrorTitle(type, Boolean(routeId))}>
        Please refresh the page to try again.
      </StatusAlert>
    );
  }

  const title = entryTitle(values);
  const problems = attempt > 0 ? missingFields(form, values) : [];
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{entryId ? `Edit ${name} Entry` : `New ${name} Entry`}</Title>
          {title && (
            <Text c="dimmed" mt={4}>
              {title}
            </Text>
          )}
        </div>
        <Text
          fz="sm"
          role="status"
          aria-live="polite"
          fw={600}
          c={saveState === "saved" ? "green.9" : "dimmed"}
        >
          {saveState === "auto-saving" ? "Auto-saving..." : saveState === "saved" ? "Saved" : ""}
        </Text>
      </Group>

      <ErrorSummary problems={problems} attempt={attempt} />
      <div ref={bannerRef} tabIndex={-1} style={{ outline: "none" }}>
        {banner?.kind === "error" && (
          <Alert color="red" variant="filled" title="The entry was not saved" role="alert">
            {banner.message}
          </Alert>
        )}
        {banner?.kind === "limit" && (
          <Alert
            color="orange"
            variant="light"
            title="Upgrade to add more entries"
            role="alert"
            styles={{ title: { color: "#8a3b00" } }}
          >
            <Stack gap="sm" align="flex-start">
              <Text fw={700}>{banner.message}</Text>
              <Text fz="sm">
                Free trial accounts can keep up to 5 diary entries. Premium members have no limit.
              </Text>
              <Button color="#9c3d00" onClick={() => openUpgradeModal("Unlimited entries")}>
                Upgrade to Premium
              </Button>
            </Stack>
          </Alert>
        )}
      </div>

      {!editable && (
        <StatusAlert tone="info" title="Read only">
          This entry can no longer be edited.
        </StatusAlert>
      )}

      {/* The form holds the entry's fields only: the tags card has a form of its own (forms must
          not nest), and the Save button below reaches this one by its id. A submit bubbling up
          from a dialog's form (React passes events up through portals) is not a Save. */}
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (e.target !== e.currentTarget) return;
          saveThen();
        }}
      >
        <Stack gap="lg">
          {visiblePages(form, values).map((page, i) => (
            <Card key={page.title} withBorder padding="lg" component="section" aria-labelledby={`page-${i}`}>
              <Title order={2} fz="h3" id={`page-${i}`} mb="md">
                {page.title}
              </Title>
              <Stack gap="md">
                {page.items
                  .filter((item) => item.visible !== false)
                  .map((item) => (
                    <FormItemField
                      key={item.identifier}
                      item={item}
                      value={values[item.identifier] ?? ""}
                      disabled={!editable}
                      entryId={entryId}
                      evidenceFiles={form.files}
                      onChange={(v) => setValue(item.identifier, v)}
                      error={problems.find((p) => p.identifier === item.identifier)?.message}
                      onEvidenceAdd={(fid, persisted) => evidence(item.identifier, fid, true, persisted)}
                      onEvidenceRemove={(fid, persisted) => evidence(item.identifier, fid, false, persisted)}
                    />
                  ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      </form>

      {type === "supervision" && (
        <Suspense fallback={<Spinner size="sm" label="Loading the supervision review" />}>
          <SupervisionPanel
            entryId={entryId}
            reviewee={form.reviewee}
            savedRole={typeof saved?.SupervisionRole === "string" ? saved.SupervisionRole : undefined}
            dirty={dirty}
          />
        </Suspense>
      )}

      <EntryTags
        entryId={entryId}
        tags={tags}
        setTags={setTags}
        editable={editable}
        suggestions={form.suggestedTags ?? []}
      />

      <Group justify="flex-end" gap="sm" wrap="wrap" className="form-actions">
        <Button
          variant="default"
          disabled={!entryId || dirty}
          onClick={() => setPreview(true)}
          title={!entryId || dirty ? "Save the entry to preview it" : undefined}
        >
          Preview
        </Button>
        {editable && (
          <>
            <Button variant="default" type="submit" form={FORM_ID} loading={manualSave.isPending}>
              Save
            </Button>
            <Button onClick={() => saveThen(() => navigate("/entries"))} loading={manualSave.isPending}>
              Save and Close
            </Button>
          </>
        )}
      </Group>

      <UnsavedChangesModal
        opened={blocker.state === "blocked"}
        saving={manualSave.isPending}
        onLeave={() => blocker.proceed?.()}
        onKeepEditing={() => blocker.reset?.()}
        onSaveAndExit={() =>
          saveThen(() => blocker.proceed?.()).then(() => {
            if (blocker.state === "blocked" && dirty) blocker.reset?.();
          })
        }
      />
      <PdfPreviewModal
        entry={preview && entryId ? { id: entryId, title: title || name } : null}
        onClose={() => setPreview(false)}
      />
    </Stack>
  );
}
