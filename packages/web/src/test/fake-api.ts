// A stand-in for the API in component tests: answers fetch() from a list of routes and
// records every request, so a test can check what the screen asked for.
import { vi } from "vitest";

interface Request {
  method: string;
  url: URL;
  body: unknown;
}
export type Route = [method: string, path: RegExp, answer: (req: Request) => unknown];

const STATUS = Symbol("status");
/** Answers with a status other than 200 (and an error envelope, usually). */
export const withStatus = (code: number, body: unknown) => ({ [STATUS]: code, body });
/** Answers with the API's error envelope. */
export const withError = (status: number, code: string, message: string) =>
  withStatus(status, { statusCode: status, code, message });

export function fakeApi(routes: Route[]) {
  const requests: Request[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : (init.body ?? null);
    const req = { method, url, body };
    requests.push(req);
    const route = routes.find(([m, p]) => m === method && p.test(url.pathname));
    if (!route) return json(404, { statusCode: 404, code: "ROUTE_NOT_FOUND", message: "No fake route" });
    const answer = route[2](req) as { [STATUS]?: number; body?: unknown } | null;
    return answer && typeof answer === "object" && answer[STATUS]
      ? json(answer[STATUS], answer.body)
      : json(200, answer);
  });
  return {
    requests,
    /** The requests to paths matching `path`. */
    to: (path: RegExp, method = "GET") =>
      requests.filter((r) => r.method === method && path.test(r.url.pathname)),
  };
}

const json = (code: number, body: unknown) =>
  new Response(JSON.stringify(body), { status: code, headers: { "Content-Type": "application/json" } });
