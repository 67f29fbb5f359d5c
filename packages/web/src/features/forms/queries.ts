// Server state of the entry form: the form (blank, or an entry's) and the Save button's call.
import { api, ENTRY_TYPE_LABELS, type EntryType, IDENTIFIER_FINDING_MESSAGES } from "@cpd/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { entryChanged, fileChanged } from "../../lib/invalidate";
import { notifySuccess } from "../../lib/notify";
import type { Values } from "./form-model";

const formEndpoint = {
  diary: api.diaryForm,
  reflection: api.reflectionForm,
  supervision: api.supervisionForm,
};

export const loadErrorTitle = (type: EntryType, editing: boolean) =>
  editing
    ? "Failed to load entry"
    : type === "supervision"
      ? "Failed to load supervision form"
      : `Failed to load ${ENTRY_TYPE_LABELS[type]} form`;

/** A new entry's blank form, or the saved entry's form when `routeId` names it. */
export const useEntryForm = (type: EntryType, routeId: string | null) =>
  useQuery({
    queryKey: routeId ? ["form", "entry", routeId] : ["form", type],
    queryFn: () => (routeId ? call(api.entryForm, { params: { id: routeId } }) : call(formEndpoint[type])),
    staleTime: 0,
    // When a new entry's URL becomes its edit URL, the form stays on screen (no loader, no
    // remounted fields under the user's cursor) while the saved entry's form loads.
    placeholderData: keepPreviousData,
    meta: { errorTitle: loadErrorTitle(type, Boolean(routeId)) },
  });

export interface SaveRequest {
  snapshot: Values;
  /** The save is on the way out of the page (Save and Close, Save and Exit). */
  leaving: boolean;
}

/** The Save button's save (`save` creates or updates the entry); says so when it worked. */
export const useManualSave = (save: (r: SaveRequest) => Promise<string>, onError: (e: unknown) => void) =>
  useMutation({
    mutationFn: save,
    onSuccess: () => notifySuccess("Entry saved successfully"),
    onError,
  });

/**
 * Save a saved entry's tags at once, shown before the server answers (`show`) and put back if
 * it fails; the entry lists refresh.
 */
export function useSaveEntryTags(
  entryId: string | null,
  tags: string[],
  show: (tags: string[]) => void,
  errorTitle: string,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (next: string[]) => {
      if (!entryId) throw new Error("Save the entry first");
      return call(api.putEntryTags, { params: { id: entryId }, body: { tags: next } });
    },
    meta: { errorTitle },
    onMutate: (next) => {
      const previous = tags;
      show(next);
      return { previous };
    },
    onError: (_e, _v, ctx) => ctx && show(ctx.previous),
    onSuccess: (res) => {
      show(res.tags);
      void entryChanged(qc);
    },
  });
}

/** Take a file off the entry (a file not yet saved with it only leaves the form); returns the file's id. */
export function useDetachEvidence(entryId: string | null, onDetached: (fileId: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fid: string) => {
      if (entryId)
        await call(api.detachEvidence, { params: { id: entryId, fileId: fid } }).catch((e) => {
          // Not yet saved with the entry: removing it from the form is enough.
          if ((e as { status?: number }).status !== 404) throw e;
        });
      return fid;
    },
    meta: { errorTitle: "Failed to remove evidence" },
    onSuccess: (fid) => {
      onDetached(fid);
      void fileChanged(qc, { entries: Boolean(entryId) });
    },
  });
}

/**
 * "This is not a patient identifier" for a flagged text of a saved entry (ADR 0029): the server
 * remembers it for this entry; `onResolved` hides the flag. The entry's cached form learns the hash
 * too, so the same text in the entry's other fields is no longer flagged.
 */
export function useResolveIdentifier(entryId: string | null, onResolved: (hash: string) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ text }: { text: string; hash: string }) => {
      if (!entryId) throw new Error("Save the entry first");
      return call(api.resolveEntryIdentifier, { params: { id: entryId }, body: { text } });
    },
    meta: { errorTitle: "Failed to mark the text as not a patient identifier" },
    onSuccess: (_res, { hash }) => {
      onResolved(hash);
      qc.setQueryData<{ identifierResolutions?: string[] }>(["form", "entry", entryId], (form) =>
        form ? { ...form, identifierResolutions: [...(form.identifierResolutions ?? []), hash] } : form,
      );
      notifySuccess(IDENTIFIER_FINDING_MESSAGES.resolved);
    },
  });
}
