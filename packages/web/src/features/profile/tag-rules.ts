// REQ-PROFILE-04: tags are trimmed, empty ones ignored, at most 50 characters, no duplicates.
import { MESSAGES, TAG_MAX_LENGTH } from "@cpd/contract";

export type TagResult = { ok: true; tags: string[] } | { ok: false; error: string | null };

/** Adds a tag; error null means "nothing to do" (an empty entry is silently ignored). */
export function addTag(tags: readonly string[], input: string): TagResult {
  const tag = input.trim();
  if (!tag) return { ok: false, error: null };
  if (tag.length > TAG_MAX_LENGTH) return { ok: false, error: MESSAGES.tagTooLong };
  if (tags.some((t) => t.toLocaleLowerCase("en-GB") === tag.toLocaleLowerCase("en-GB"))) {
    return { ok: false, error: MESSAGES.duplicateTag };
  }
  return { ok: true, tags: [...tags, tag] };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}
