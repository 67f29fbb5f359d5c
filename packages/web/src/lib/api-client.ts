// One typed call for every endpoint of the contract: the descriptor gives the
// method, path and schemas, so a call's types are never written by hand here.
import type { BodyOf, EndpointDef, ErrorEnvelope, ParamsOf, QueryOf, ResponseOf } from "@cpd/contract";
import { ApiError, endsSession } from "./api-error";
import { nowMs } from "./clock";
import { session } from "./session";

export const API_ROOT = "/api";

type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

type CallInput<E extends EndpointDef> = Field<"params", ParamsOf<E>> &
  Field<"query", QueryOf<E>> &
  Field<"body", BodyOf<E>> & {
    /** Raw upload body for endpoints with `rawBody` (sent with the Blob's own type). */
    raw?: Blob;
    signal?: AbortSignal;
    /**
     * A guest token, sent instead of the session token: a supervision reviewee's (calls marked
     * `guest`) or an attester's (calls marked `attester`, which take nothing else).
     */
    guestToken?: string;
  };

type Args<E extends EndpointDef> = [ParamsOf<E>, QueryOf<E>, BodyOf<E>] extends [
  undefined,
  undefined,
  undefined,
]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

/** Builds "/api/..." from a descriptor path, substituting ":name" params. */
export function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    // Arrays repeat the key (entryId=a&entryId=b), the form the server's query parser reads.
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  const qs = search.toString();
  return `${API_ROOT}${filled}${qs ? `?${qs}` : ""}`;
}

/**
 * GET calls a page load starts before the code that reads them has arrived (ADR 0038), by URL:
 * routes/lazy-pages.ts starts the shell's and the landing page's first calls while their chunks
 * load, and `call` answers from the one in flight instead of asking again. Each is used once, by
 * the same session, within a few seconds; otherwise it is left alone and `call` asks afresh.
 */
const early = new Map<string, { token: string; at: number; response: Promise<Response> }>();
const EARLY_MS = 10_000;

export function startEarlyCall(path: string): void {
  const token = session.token();
  const url = `${API_ROOT}${path}`;
  if (!token || early.has(url)) return;
  const response = fetch(url, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
  response.catch(() => undefined);
  early.set(url, { token, at: nowMs(), response });
}

function takeEarlyCall(url: string, token: string | null): Promise<Response> | undefined {
  const found = early.get(url);
  if (!found) return undefined;
  early.delete(url);
  return found.token === token && nowMs() - found.at < EARLY_MS ? found.response : undefined;
}

let onSessionEnd: () => void = () => session.clear();
/** Lets the app decide what a lost session does (clear state, go to login). */
export function setSessionEndHandler(fn: () => void) {
  onSessionEnd = fn;
}

/** The ApiError of a failed answer (ending the session when it must); shared with uploads. */
export function failure(
  endpoint: EndpointDef,
  status: number,
  envelope: Partial<ErrorEnvelope> | null,
  statusText = "",
  retryAfter: string | null = null,
  sessionCall = endpoint.auth,
): ApiError {
  const authCall = !sessionCall || endpoint.path.startsWith("/auth/");
  const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
  const err = new ApiError(envelope?.message ?? statusText, {
    status,
    code: envelope?.code,
    authCall,
    retryAfterSeconds: seconds,
    details: envelope?.details,
  });
  if (sessionCall && endsSession(err)) onSessionEnd();
  return err;
}

/**
 * A write refused because a file it would send out was uploaded moments ago and its text is still
 * being checked for patient identifiers (409 IDENTIFIER_CHECK_PENDING; the check takes seconds) is
 * made again after each of these waits, 20 s in all, before its message ("Try again in a minute")
 * is shown. The refusal changed nothing, so asking again is safe.
 */
export const PENDING_CHECK_RETRY_MS: readonly number[] = [2000, 3000, 5000, 5000, 5000];

/** Resolves after `ms`, or rejects as fetch does when `signal` aborts first. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => signal?.reason ?? new DOMException("The call was aborted", "AbortError");
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export async function call<E extends EndpointDef>(endpoint: E, ...args: Args<E>): Promise<ResponseOf<E>> {
  const input = (args[0] ?? {}) as CallInput<E>;
  const url = buildUrl(endpoint.path, input.params, input.query);
  const headers: Record<string, string> = { Accept: "application/json" };
  // A guest call goes with the guest token when there is one, else with the session's (the owner).
  const guestToken = endpoint.guest || endpoint.attester ? input.guestToken : undefined;
  const sessionCall = endpoint.auth || (endpoint.guest === true && !guestToken);
  const token = guestToken ?? (sessionCall ? session.token() : null);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (input.raw) {
    body = input.raw;
    headers["Content-Type"] = input.raw.type || "application/octet-stream";
  } else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers["Content-Type"] = "application/json";
  }
  const authCall = !sessionCall || endpoint.path.startsWith("/auth/");

  let res: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      const started =
        endpoint.method === "GET" && !guestToken && !input.signal ? takeEarlyCall(url, token) : undefined;
      res = await (started ?? fetch(url, { method: endpoint.method, headers, body, signal: input.signal }));
    } catch (e) {
      if ((e as Error)?.name === "AbortError") throw e;
      throw new ApiError("Network error", { status: 0, authCall });
    }
    if (res.ok) break;
    const envelope = (await res.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
    const wait =
      endpoint.method !== "GET" && envelope?.code === "IDENTIFIER_CHECK_PENDING"
        ? PENDING_CHECK_RETRY_MS[attempt]
        : undefined;
    if (wait === undefined)
      throw failure(
        endpoint,
        res.status,
        envelope,
        res.statusText,
        res.headers.get("Retry-After"),
        sessionCall,
      );
    await pause(wait, input.signal);
  }
  if (res.status === 204) return {} as ResponseOf<E>;
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as ResponseOf<E>;
}
