// Patient identifiers while writing (ADR 0029): the contract's detector runs over a field's text as
// it is typed, and what it finds is shown under the field with its reason until the writer redacts
// it or marks it as not a patient identifier (remembered per entry by the SHA-256 of its
// resolutionKey, the hash the entry's read lists in identifierResolutions).
import {
  findIdentifiers,
  type IdentifierFinding,
  type IdentifierOptions,
  resolutionKey,
} from "@cpd/contract";
import { useEffect, useMemo, useState } from "react";

/** Typing pauses this long before the text is scanned (the scan is cheap: linear in the text). */
const IDENTIFIER_SCAN_DELAY_MS = 300;
export const REDACTED = "[redacted]";

/** What the entry form knows for the guard: its entry, the texts already resolved, the writer's own. */
export interface IdentifierGuard {
  entryId: string | null;
  /** SHA-256 (lower-case hex) of resolutionKey(text) for each text marked not an identifier. */
  resolutions: readonly string[];
  options: IdentifierOptions;
}

export interface IdentifierFlag extends IdentifierFinding {
  /** The flagged text, as written. */
  text: string;
  hash: string;
}

async function resolutionHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(resolutionKey(text)));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Where a flag is in `value` now: its own offsets while the text there is unchanged, else the first
 * place the same text is written (typing since the scan moved it), else null (it is gone).
 */
export function locateFlag(value: string, flag: Pick<IdentifierFlag, "start" | "end" | "text">) {
  if (value.slice(flag.start, flag.end) === flag.text) return { start: flag.start, end: flag.end };
  const at = value.indexOf(flag.text);
  return at < 0 ? null : { start: at, end: at + flag.text.length };
}

/** `value` with the flagged text replaced by "[redacted]" (unchanged if the text is gone). */
export function redactFlag(value: string, flag: Pick<IdentifierFlag, "start" | "end" | "text">): string {
  const at = locateFlag(value, flag);
  return at ? value.slice(0, at.start) + REDACTED + value.slice(at.end) : value;
}

/**
 * The flags in `text` not yet resolved, scanned a moment after typing stops. `scanned` is the text
 * the flags' offsets refer to. Resolving (`resolved`) hides a flag at once, without a new scan.
 */
export function useIdentifierFlags(
  text: string,
  guard: IdentifierGuard | undefined,
  enabled: boolean,
): { flags: IdentifierFlag[]; scanned: string; resolve: (hash: string) => void } {
  const [found, setFound] = useState<{ scanned: string; flags: IdentifierFlag[] }>({
    scanned: "",
    flags: [],
  });
  const [resolvedHere, setResolvedHere] = useState<readonly string[]>([]);
  const on = enabled && guard !== undefined;
  const ownEmail = guard?.options.ownEmail;
  const ownPhone = guard?.options.ownPhone;
  const optionsKey = JSON.stringify([ownEmail ?? null, ownPhone ?? null]);

  useEffect(() => {
    if (!on || text === "") {
      setFound((f) => (f.flags.length === 0 ? f : { scanned: text, flags: [] }));
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      const [email, phone] = JSON.parse(optionsKey) as [
        IdentifierOptions["ownEmail"],
        IdentifierOptions["ownPhone"],
      ];
      const findings = findIdentifiers(text, { ownEmail: email ?? undefined, ownPhone: phone ?? undefined });
      void Promise.all(
        findings.map(async (f) => {
          const flagged = text.slice(f.start, f.end);
          return { ...f, text: flagged, hash: await resolutionHash(flagged) };
        }),
      ).then((flags) => {
        if (live) setFound({ scanned: text, flags });
      });
    }, IDENTIFIER_SCAN_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, on, optionsKey]);

  const resolutions = guard?.resolutions;
  const flags = useMemo(() => {
    const hidden = new Set([...(resolutions ?? []), ...resolvedHere]);
    return on ? found.flags.filter((f) => !hidden.has(f.hash)) : [];
  }, [found, resolutions, resolvedHere, on]);
  return {
    flags,
    scanned: found.scanned,
    resolve: (hash: string) => setResolvedHere((r) => [...r, hash]),
  };
}
