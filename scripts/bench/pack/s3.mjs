// The pack's S3 (scripts/bench/scale --pack): s3rver, as scripts/services.mjs starts it, alone.
//   node s3.mjs <port> <data dir> <bucket>
// Prints "s3 ready" once it listens; stops on SIGTERM.
import S3rver from "s3rver";

const [port, directory, bucket] = process.argv.slice(2);
const s3 = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
await s3.run();
console.log("s3 ready");
process.on("SIGTERM", () => s3.close().then(() => process.exit(0)));
