// "Getting started for integrators": the page /api/docs links to. The reference itself is the
// OpenAPI document (/api/docs, /api/docs/json); this page says what the reference cannot.
import { MAX_FILE_BYTES, UPLOAD_FIELD } from "@cpd/contract";
import type { FastifyInstance } from "fastify";

const MB = MAX_FILE_BYTES / 1_048_576;

const GUIDE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Getting started for integrators - CPD platform API</title>
</head>
<body>
<main>
<h1>Getting started for integrators</h1>
<p>Every call is described in the <a href="/api/docs">API reference</a>; the machine-readable
document is <a href="/api/docs/json">/api/docs/json</a> (OpenAPI 3.0). Each operation has a stable
<code>operationId</code>, so a generated client names its methods the same way from one release to
the next. For TypeScript: <code>npx openapi-typescript https://your-server/api/docs/json -o api.d.ts</code>,
then <code>createClient&lt;paths&gt;()</code> from <code>openapi-fetch</code>.</p>

<h2>Authentication</h2>
<ol>
<li><code>POST /api/auth/login</code> with <code>{"email", "password"}</code> answers
<code>{"token", ...}</code>.</li>
<li>Send it on every call: <code>Authorization: Bearer &lt;token&gt;</code>.</li>
<li>Links a browser opens without headers (file downloads, the iCalendar feed) take the same token
as <code>?auth_token=</code>.</li>
<li><code>POST /api/auth/logout</code> ends the session on every server at once. A session also ends
when its password changes or the account is deleted: the next call answers 401.</li>
</ol>

<h2>Paging</h2>
<p>Lists are paged in the path: <code>/api/entries/limit/{perPage}/page/{page}</code>, pages from 1,
each list stating its largest <code>perPage</code>. The answer is <code>{"items": [...], "total": n}</code>,
<code>total</code> counting every item that matches the filters. Filters and sorting are query
parameters.</p>

<h2>Errors</h2>
<p>Every refusal answers the same envelope:</p>
<pre>{"statusCode": 400, "error": "Bad Request", "code": "VALIDATION_ERROR", "message": "Email is required"}</pre>
<p>Program against <code>code</code> (the listed values of the ErrorEnvelope schema; they do not change);
show <code>message</code> to people. Each operation documents the statuses it can answer:</p>
<ul>
<li><strong>400</strong> the input is not valid (the message names the field);</li>
<li><strong>401</strong> no session, or an ended one: log in again;</li>
<li><strong>403</strong> signed in, but the role, the membership or a feature does not allow it;</li>
<li><strong>404</strong> no such item, or not yours: the API does not say which;</li>
<li><strong>409</strong> the item's state forbids it (a signed record, a duplicate);</li>
<li><strong>413</strong> the body is too large; <strong>415</strong> the body's media type is not one the call takes;</li>
<li><strong>429</strong> too many calls: wait the seconds in <code>Retry-After</code>;</li>
<li><strong>503</strong> a service the call needs is briefly unavailable: retry after <code>Retry-After</code>.
Nothing was changed.</li>
</ul>

<h2>Entries</h2>
<p>An entry is a form's answers, flattened: <code>POST /api/entries/diary</code> with
<code>{"Field222": "Sepsis update", "DiaryDate": "2026-10-14", "DiaryHours": "1.5", ...}</code>.
<code>GET /api/form/schema/{diary|reflection|supervision}</code> answers the JSON Schema of that body,
with your account's options as enums; keys that are not items of the form are refused with 400
<code>UNKNOWN_FIELD</code>.</p>

<h2>Uploads</h2>
<p><code>POST /api/file/upload</code> takes a <code>multipart/form-data</code> form with the file in
a part named <code>${UPLOAD_FIELD}</code> (<code>curl -F ${UPLOAD_FIELD}=@certificate.pdf</code>), or the
raw bytes with their media type, a Content-Length and <code>?filename=</code>. At most ${MB} MB; the
type is judged by the file's content. Add <code>?entryId=</code> to attach it to an entry as
evidence.</p>

<h2>Rate limits</h2>
<p>Calls that send e-mail or text messages, log in or check codes are limited per client address
(some per address and e-mail), per minute; each such operation says its limit in the reference.
Over the limit the call answers 429 with <code>Retry-After</code>.</p>

<h2>Versioning</h2>
<p>The API is version 1 and its paths carry no version. Within version 1, changes are additive
only: new operations, new optional parameters, new fields in answers and new error codes.
Clients must ignore fields they do not know. A change that would break a client (a field removed or
renamed, a stricter rule on existing input) comes with a new version, announced in the release notes,
with both versions served for at least six months.</p>
</main>
</body>
</html>
`;

export function apiGuideRoutes(app: FastifyInstance) {
  app.get("/api/docs/getting-started", { schema: { hide: true } }, (_req, reply) =>
    reply.type("text/html; charset=utf-8").send(GUIDE),
  );
}
