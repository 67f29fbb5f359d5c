// Saves a binary answer that needs the session's bearer token (links cannot send headers), such
// as the whole-record export: fetched as a Blob, then handed to the browser as a download.
import type { BodyOf, EndpointDef, ErrorEnvelope, ParamsOf, QueryOf } from "@cpd/contract";
import { buildUrl, failure } from "./api-client";
import { ApiError } from "./api-error";
import { session } from "./session";

export async function downloadWithSession<E extends EndpointDef>(
  endpoint: E,
  params: ParamsOf<E>,
  filename: string,
  input: { query?: QueryOf<E>; body?: BodyOf<E> } = {},
): Promise<void> {
  const token = session.token();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (input.body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(buildUrl(endpoint.path, params, input.query), {
      method: endpoint.method,
      headers,
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    });
  } catch {
    throw new ApiError("Network error", { status: 0 });
  }
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
    throw failure(endpoint, res.status, envelope, res.statusText, res.headers.get("Retry-After"));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
