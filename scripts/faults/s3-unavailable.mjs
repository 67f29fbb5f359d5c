#!/usr/bin/env node
// Fault: the S3 store goes away, then comes back. Expected: an upload while it is away answers
// 503 and leaves no file row behind; once it is back, uploads work and the files stored before
// read back intact, with nothing to repair by hand. (A private s3rver, so only this run's store
// stops.)
import * as f from "./lib.mjs";

const PORT = 3980;
const S3_PORT = 3989;
const { make: s3 } = f.privateS3(S3_PORT, "s3");

await f.guard("s3-unavailable", async () => {
  const db = await f.database();
  let store = s3();
  await store.run();
  f.startApi(PORT, f.s3Env(`http://127.0.0.1:${S3_PORT}`));
  const base = `http://127.0.0.1:${PORT}`;
  await f.waitHttp(`${base}/api/health/live`);
  const user = await f.createUser(db);
  const token = await f.login(base, user);
  const bytes = (n) => Buffer.from(`%PDF-1.7\nfault ${n}\n${"x".repeat(2000)}`);
  const upload = async (n) => {
    const res = await fetch(`${base}/api/file/upload?filename=fault-${n}.pdf`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/pdf" },
      body: bytes(n),
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.json().catch(() => ({}));
    return { status: res.status, code: body.code, id: body.id ?? body.fileId };
  };
  const rows = async () =>
    Number((await db.query("SELECT count(*) FROM files WHERE user_id = $1", [user.id])).rows[0].count);

  const first = await upload(1);
  const rowsBefore = await rows();
  await store.close();
  const whileDown = await upload(2);
  const rowsWhileDown = await rows();
  store = s3();
  await store.run();
  const afterwards = await upload(3);
  const rowsAfter = await rows();
  const { rows: files } = await db.query(
    "SELECT id::text FROM files WHERE user_id = $1 ORDER BY created_at",
    [user.id],
  );
  const readBack = await fetch(`${base}/api/file/${files[0]?.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const intact = readBack.ok && Buffer.from(await readBack.arrayBuffer()).equals(bytes(1));
  await db.end();
  await store.close();
  const ok =
    first.status === 200 &&
    whileDown.status === 503 &&
    rowsWhileDown === rowsBefore &&
    afterwards.status === 200 &&
    rowsAfter === rowsBefore + 1 &&
    intact;
  await f.finish("s3-unavailable", ok, {
    first,
    whileDown,
    afterwards,
    rowsBefore,
    rowsWhileDown,
    rowsAfter,
    intact,
  });
});
