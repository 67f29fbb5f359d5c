// An entry being written: its answers and tags, saved against what was last stored, the
// autosave, the Save button's save and the guard against leaving with unsaved changes.
import { api, type EntryType, MESSAGES } from "@cpd/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { call } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { nowMs } from "../../lib/clock";
import { errorMessage } from "../../lib/error-messages";
import { IDLE_EVENT } from "../../lib/idle-event";
import { entryChanged } from "../../lib/invalidate";
import { useLeaveGuard } from "../../lib/use-leave-guard";
import { isFrozen } from "../supervision";
import { saveNewEntryTags } from "./EntryTags";
import { REMINDER_DATE, REMINDER_RECURRENCE } from "./FormItemField";
import {
  changedFields,
  type Form,
  initialValues,
  missingFields,
  sameValues,
  toBody,
  type Values,
} from "./form-model";
import { useEntryForm, useManualSave } from "./queries";
import { reminderDate, todayIso } from "./recurrence";

/** REQ-ENTRY-06 timings. */
const AUTOSAVE_MS = 10_000;
const SAVED_INDICATOR_MS = 2_000;
const FIELD_SAVED_MS = 1_000;
const LEAVE_BYPASS_MS = 3_000;

const DATE_FIELDS = ["DiaryDate", "ReflectionDate", "SupervisionDate"];

export type Banner = { kind: "error"; message: string } | { kind: "limit"; message: string } | null;
export type SaveState = "idle" | "auto-saving" | "saved";

export function useEntryDraft(type: EntryType, routeId: string | null) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [entryId, setEntryId] = useState<string | null>(routeId);
  const formQuery = useEntryForm(type, routeId);
  const form: Form | undefined = formQuery.data;
  const [values, setValues] = useState<Values | null>(null);
  const [saved, setSaved] = useState<Values | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [banner, setBanner] = useState<Banner>(null);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  // The fields an autosave just stored: each shows a "Saved" mark for a second.
  const [savedFields, setSavedFields] = useState<string[]>([]);
  // What the user had typed when an update failed and the form was reloaded (ADR 0019).
  const [unsaved, setUnsaved] = useState<Values | null>(null);
  // Failed saves so far: from the first, the missing fields are listed and marked (until filled).
  const [attempt, setAttempt] = useState(0);
  const lastSaveAt = useRef(0);
  const inFlight = useRef<Promise<string> | null>(null);
  const valuesRef = useRef<Values | null>(null);
  const savedRef = useRef<Values | null>(null);
  const entryIdRef = useRef<string | null>(routeId);
  const tagsRef = useRef<string[]>([]);
  const bannerRef = useRef<HTMLDivElement>(null);
  valuesRef.current = values;
  savedRef.current = saved;
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
    async (snapshot: Values, leaving = false, autosave = false): Promise<string> => {
      if (!form) throw new Error("The form is not loaded");
      while (inFlight.current) await inFlight.current.catch(() => undefined);
      const body = toBody(form, snapshot);
      const run = (async () => {
        const id = entryIdRef.current;
        // Only explicit saves say so: an autosave sends no entry receipt.
        const query = autosave ? { autosave: true } : {};
        const res = id
          ? await call(api.updateEntry, { params: { id }, query, body })
          : await call(api.createEntry, { params: { identifier: type }, query, body });
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

  /**
   * An update that failed for a reason other than the answers themselves (a conflict, the server,
   * the network): the form is reloaded as last saved and what the user typed is kept, offered
   * back to restore (ADR 0019). Answers the server refused (400) stay in place with its message.
   */
  const reloadAfterFailedUpdate = useCallback(
    async (e: unknown): Promise<boolean> => {
      const typed = valuesRef.current;
      if (!entryIdRef.current || !typed || (e instanceof ApiError && e.status === 400)) return false;
      const fresh = await formQuery.refetch();
      if (fresh.isError || !fresh.data) return false;
      const init = initialValues(fresh.data);
      setValues(init);
      setSaved(init);
      setUnsaved(typed);
      setBanner(null);
      return true;
    },
    [formQuery.refetch],
  );

  const failed = useCallback(
    async (e: unknown) => {
      const message = errorMessage(e);
      if (!message) return;
      if (await reloadAfterFailedUpdate(e)) {
        window.scrollTo({ top: 0, behavior: "smooth" });
        return;
      }
      const limit =
        e instanceof ApiError &&
        (e.code === "ENTRY_LIMIT" || e.code === "TRIAL_EXPIRED" || message === MESSAGES.entryLimit);
      showBanner({ kind: limit ? "limit" : "error", message });
    },
    [showBanner, reloadAfterFailedUpdate],
  );

  /** Puts the kept text back over the reloaded entry (it is then unsaved, so autosave takes it). */
  const restoreUnsaved = () => {
    if (unsaved) setValues((cur) => (cur ? { ...cur, ...unsaved } : unsaved));
    setUnsaved(null);
  };
  const discardUnsaved = () => setUnsaved(null);

  const manualSave = useManualSave(({ snapshot, leaving }) => persist(snapshot, leaving), failed);

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

  /** An autosave: stores the answers as they are, stays on the page and marks what it saved. */
  const autoSave = useCallback(async () => {
    const snapshot = valuesRef.current;
    if (!form || !snapshot || missingFields(form, snapshot).length > 0) return;
    const before = savedRef.current ?? {};
    setSaveState("auto-saving");
    try {
      await persist(snapshot, false, true);
      setSaveState("saved");
      setSavedFields(changedFields(before, snapshot));
      setTimeout(() => setSaveState("idle"), SAVED_INDICATOR_MS);
      setTimeout(() => setSavedFields([]), FIELD_SAVED_MS);
    } catch (e) {
      setSaveState("idle");
      await failed(e);
    }
  }, [form, persist, failed]);

  // Autosave 10 s after the last edit, once the required fields are there (REQ-ENTRY-06).
  // biome-ignore lint/correctness/useExhaustiveDependencies: every edit (a new values object) restarts the timer
  useEffect(() => {
    if (!dirty || !editable || !form) return;
    const timer = setTimeout(autoSave, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, dirty, editable, form, autoSave]);

  // The idle event saves and continues at once (the session may end before the 10 s are up).
  useEffect(() => {
    if (!dirty || !editable) return;
    const onIdle = () => void autoSave();
    window.addEventListener(IDLE_EVENT, onIdle);
    return () => window.removeEventListener(IDLE_EVENT, onIdle);
  }, [dirty, editable, autoSave]);

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

  /** Adds or removes an evidence file; `persisted` when the server has already attached it. */
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

  return {
    loading: formQuery.isLoading,
    form,
    values,
    saved,
    entryId,
    tags,
    setTags,
    banner,
    bannerRef,
    saveState,
    savedFields,
    unsaved,
    restoreUnsaved,
    discardUnsaved,
    attempt,
    editable,
    dirty,
    saving: manualSave.isPending,
    saveThen,
    blocker,
    setValue,
    evidence,
  };
}
