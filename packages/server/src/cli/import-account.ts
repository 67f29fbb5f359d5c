// Restores a whole-record export (the ZIP a user downloads from the account page) into this
// instance: `pnpm --filter @cpd/server import-account <export.zip>`, with the server's environment
// (DATABASE_URL, S3_*; see README). Refuses when the e-mail address is already registered here.
import path from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { createDb } from "../lib/db.js";
import { Storage } from "../lib/storage.js";
import { ImportRefused, importAccount } from "../modules/export/import.js";

export { ImportRefused, importAccount };

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length || file === "--help" || file === "-h") {
    console.error("usage: pnpm --filter @cpd/server import-account <export.zip>");
    return 2;
  }
  // pnpm runs scripts in the package's directory; a relative path means the caller's.
  const zipPath = path.resolve(env.INIT_CWD ?? process.cwd(), file);
  const config = loadConfig(env);
  const db = createDb(config.databaseUrl, 2);
  const storage = new Storage(config.s3);
  try {
    await storage.ensureBucket();
    const result = await importAccount({ db: db.prisma, storage }, zipPath);
    const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Imported ${result.email} (${result.userId}): ${rows} rows, ${result.objects} objects.` +
        (Object.keys(result.skipped).length
          ? ` Left out (not on this instance): ${JSON.stringify(result.skipped)}.`
          : "") +
        ' The account has no password here: sign in after "Forgot password".',
    );
    return 0;
  } catch (err) {
    if (err instanceof ImportRefused) {
      console.error(`Not imported: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db.prisma.$disconnect();
    await db.pool.end();
  }
}

const isEntry =
  process.argv[1]?.endsWith("import-account.ts") || process.argv[1]?.endsWith("import-account.js");
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
