#!/usr/bin/env bash
# The scale bench's pack (scripts/bench/scale --pack): runs packages/server/bench/scale.ts with the
# pack's own Node, PostgreSQL, Redis and S3 (s3rver), nothing of the machine's but glibc:
# a throwaway PostgreSQL cluster (initdb, free port), Redis and S3 on free ports, the migrations
# applied with psql, the cpd_bench seed, then the table. Everything is removed at the end.
#   ./run.sh                      SCALE_REPLICAS ("1 2 4 8"), BENCH_SECONDS (10), SCALE_GENERATORS,
#                                 BENCH_CONNECTIONS (64), BENCH_ENTRIES (200000) as in the repository
# As root, PostgreSQL (which refuses root) runs as `nobody` (setpriv or runuser).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PG="$HERE/pg/lib/postgresql/15/bin"
export PATH="$HERE/node/bin:$PG:$HERE/redis:$PATH"
export LD_LIBRARY_PATH="$HERE/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/cpd-scale.XXXXXX")"
chmod 755 "$WORK"
say() { printf '==> %s\n' "$*" >&2; }

as_pg=()
if [[ "$(id -u)" == 0 ]]; then
  if command -v setpriv >/dev/null; then
    as_pg=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --)
  else
    as_pg=(runuser -u nobody --)
  fi
  chown nobody "$WORK"
fi
pg() { "${as_pg[@]}" env LD_LIBRARY_PATH="$LD_LIBRARY_PATH" "$@"; }

REDIS_PID="" S3_PID=""
cleanup() {
  pg "$PG/pg_ctl" -D "$WORK/pg" -m fast -w stop >/dev/null 2>&1 || true
  for p in $S3_PID $REDIS_PID; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
PG_PORT="$(free_port)" REDIS_PORT="$(free_port)" S3_PORT="$(free_port)"

say "PostgreSQL $("$PG/postgres" --version | awk '{print $3}') on :$PG_PORT (throwaway cluster in $WORK)"
pg "$PG/initdb" -D "$WORK/pg" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 ||
  pg "$PG/initdb" -D "$WORK/pg" -U postgres -A trust -E UTF8 --locale=C >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log" >&2; exit 1; }
# Enough connections for 8 replicas' pools; no JIT (the pack has no LLVM).
pg "$PG/pg_ctl" -D "$WORK/pg" -l "$WORK/pg.log" -w \
  -o "-p $PG_PORT -k $WORK -c listen_addresses=127.0.0.1 -c max_connections=300 -c jit=off" start >/dev/null ||
  { cat "$WORK/pg.log" >&2; exit 1; }

say "Redis on :$REDIS_PORT, S3 (s3rver) on :$S3_PORT"
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no >"$WORK/redis.log" 2>&1 &
REDIS_PID=$!
node "$HERE/server/bench/s3.mjs" "$S3_PORT" "$WORK/s3" cpd-bench >"$WORK/s3.log" 2>&1 &
S3_PID=$!

export ROOT="$HERE" SECRETS_FILE="$WORK/secrets.env"
export DATABASE_URL="postgresql://postgres@127.0.0.1:$PG_PORT/cpd_bench"
export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0" S3_PORT S3_BUCKET=cpd-bench
export S3_ENDPOINT="http://127.0.0.1:$S3_PORT"
# shellcheck source=/dev/null
source "$HERE/scripts/lib/env.sh"
wait_line "$WORK/s3.log" "s3 ready" 30 "$S3_PID" || { cat "$WORK/s3.log" >&2; exit 1; }

say "migrations ($(ls "$HERE"/migrations/*.sql | wc -l) files, psql)"
psql_() { psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U postgres "$@"; }
psql_ -d postgres -c "CREATE DATABASE cpd_bench"
for f in "$HERE"/migrations/*.sql; do psql_ -d cpd_bench -f "$f" >/dev/null; done

say "seed and scale bench"
cd "$HERE"
BENCH_MIGRATED=1 SCALE_ROOT="$HERE" SCALE_SERVER=server/dist/main.js \
  SCALE_NOTE="${SCALE_NOTE:-the pack: its own PostgreSQL (max_connections=300, jit=off), Redis and s3rver}" \
  node server/bench/scale.mjs
