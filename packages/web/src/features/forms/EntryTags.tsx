// An entry's tags (the profile's tag editor). A saved entry stores each change at once; a new
// one keeps them here until its first save, which stores them with saveNewEntryTags.
import { api } from "@cpd/contract";
import { call } from "../../lib/api-client";
import { notifyError } from "../../lib/notify";
import { TagListEditor } from "../profile";
import { useSaveEntryTags } from "./queries";

const FAILED = "Failed to save tags";

/**
 * Stores a new entry's tags once its first save has given it an id. A failure leaves the entry
 * saved: the error is shown and the tags the server holds (none) are returned.
 */
export async function saveNewEntryTags(entryId: string, tags: string[]): Promise<string[]> {
  if (tags.length === 0) return tags;
  try {
    return (await call(api.putEntryTags, { params: { id: entryId }, body: { tags } })).tags;
  } catch (e) {
    notifyError(FAILED, e);
    return [];
  }
}

export function EntryTags({
  entryId,
  tags,
  setTags,
  editable,
  suggestions,
}: {
  entryId: string | null;
  tags: string[];
  setTags: (tags: string[]) => void;
  editable: boolean;
  suggestions: string[];
}) {
  const save = useSaveEntryTags(entryId, tags, setTags, FAILED);
  return (
    <TagListEditor
      tags={tags}
      onSave={(next) => (entryId ? save.mutate(next) : setTags(next))}
      saving={save.isPending}
      intro={
        entryId
          ? "Tags help you group and find this entry."
          : "Tags help you group and find this entry. They are saved with it."
      }
      headingId="entry-tags-title"
      emptyText="This entry has no tags yet."
      disabled={!editable}
      suggestions={suggestions}
    />
  );
}
