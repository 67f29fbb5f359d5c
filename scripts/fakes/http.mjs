// What the local fakes share: JSON answers and reading a JSON request body.

/** Answers `body` as JSON with `status`. */
export function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * Reads the request's JSON body and hands it to `then`; a body that does not parse gets
 * 400 {error: "bad json"}. A body longer than `limit` characters drops the connection.
 */
export function readJson(req, res, then, limit = Number.POSITIVE_INFINITY) {
  let raw = "";
  req.on("data", (c) => {
    raw += c;
    if (raw.length > limit) req.destroy();
  });
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, { error: "bad json" });
    }
    then(body);
  });
}
