// A small reverse proxy for several API replicas on one machine (./scripts/start --api N), the
// same role Caddy plays in docker-compose.yml: round robin over the replicas that answer their
// liveness probe, and a request that could not connect to one (refused: it never reached it)
// goes to the next, whatever its method. A request already sent to a replica that dies is
// answered 502: only the requests in flight fail.
//
//   node scripts/lib/proxy.mjs <listen port> <upstream port> [<upstream port> ...]
//
// Streams both ways (uploads, CSV and PDF downloads); each upstream request has its own
// connection, so a refused connection is always detected before any byte of the body is sent.
import http from "node:http";

const [listen, ...ports] = process.argv.slice(2).map(Number);
if (!listen || ports.length === 0 || [listen, ...ports].some((p) => !Number.isInteger(p))) {
  console.error("usage: node scripts/lib/proxy.mjs <listen port> <upstream port> [...]");
  process.exit(2);
}
const HEALTH_EVERY_MS = Number(process.env.PROXY_HEALTH_MS ?? 1000);
const upstreams = ports.map((port) => ({ port, up: true }));
let next = 0;

/** The replicas to try, starting with the next in turn; those that are down go last. */
function order() {
  const start = next++ % upstreams.length;
  const turn = [...upstreams.slice(start), ...upstreams.slice(0, start)];
  return [...turn.filter((u) => u.up), ...turn.filter((u) => !u.up)];
}

function probe(u) {
  const req = http.get({ host: "127.0.0.1", port: u.port, path: "/api/health/live", timeout: 800 }, (res) => {
    res.resume();
    u.up = res.statusCode === 200;
  });
  req.on("timeout", () => req.destroy(new Error("timeout")));
  req.on("error", () => {
    u.up = false;
  });
}
setInterval(() => upstreams.forEach(probe), HEALTH_EVERY_MS).unref();

function forward(req, res, candidates) {
  const u = candidates.shift();
  if (!u) {
    res.writeHead(503, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        statusCode: 503,
        code: "UNAVAILABLE",
        error: "Service Unavailable",
        message: "No API replica is available. Please try again.",
      }),
    );
    return;
  }
  // This proxy is the edge: what a client claims in X-Forwarded-* is replaced, never passed on
  // (the replicas trust these headers, so a client could otherwise choose its rate-limit key).
  const headers = {
    ...req.headers,
    "x-forwarded-for": req.socket.remoteAddress ?? "",
    "x-forwarded-proto": "http",
    "x-forwarded-host": req.headers.host ?? "",
  };
  let connected = false;
  const up = http.request(
    { host: "127.0.0.1", port: u.port, method: req.method, path: req.url, headers, agent: false },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    },
  );
  up.on("socket", (socket) => {
    socket.once("connect", () => {
      connected = true;
      req.pipe(up);
    });
  });
  up.on("error", (err) => {
    if (!connected) {
      // Refused: the replica never saw the request; mark it down and try the next.
      u.up = false;
      forward(req, res, candidates);
      return;
    }
    if (!res.headersSent) {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          statusCode: 502,
          code: "BAD_GATEWAY",
          error: "Bad Gateway",
          message: `The API replica failed during the request (${err.code ?? err.message}). Please try again.`,
        }),
      );
    } else res.destroy();
  });
  res.on("close", () => {
    if (!res.writableFinished) up.destroy();
  });
}

const server = http.createServer((req, res) => forward(req, res, order()));
server.keepAliveTimeout = 65_000;
server.listen(listen, "127.0.0.1", () => {
  console.log(`[proxy] :${listen} -> ${ports.map((p) => `:${p}`).join(", ")}`);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.close(() => process.exit(0)));
