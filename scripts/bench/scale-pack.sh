#!/usr/bin/env bash
# scripts/bench/scale --pack DIR: a self-contained folder (and DIR.tar.xz, at most 60 MB) that runs
# the scale bench (packages/server/bench/scale.ts) on a machine without the project's services:
#   node/bin/node              the project's Node (scripts/lib/node.sh, .node-version), stripped
#   pg/lib/postgresql/15/...   postgres, initdb, pg_ctl, psql, their lib dir (no JIT) and share dir,
#                              in Debian's layout so that PostgreSQL finds them relative to its bin/
#   redis/redis-server
#   lib/                       the shared libraries of those binaries (ldd), glibc's own left out
#   server/                    package.json, dist/ (node build.mjs) and the production node_modules
#                              (pnpm deploy --prod, pruned as infra/Dockerfile prunes the image's)
#   server/bench/*.mjs         the bench, its generator and the seed (bench/seed.ts), and s3rver,
#                              bundled with esbuild (packages/server/bench/pack-bundle.mjs)
#   migrations/*.sql           prisma/migrations in order, applied with psql (no Prisma CLI)
#   scripts/lib/               proxy.mjs (the replicas' proxy) and env.sh (the server's settings)
#   run.sh                     scripts/bench/pack/run.sh
# glibc's libraries (ld-linux, libc, libm, libdl, libpthread, librt, libresolv) are left out: they
# must match the machine's own loader and kernel interface, and every Linux has them; the target
# needs glibc 2.36 or newer (Debian 12, Ubuntu 22.10), which these binaries were built against.
set -euo pipefail
ROOT="${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}"
# shellcheck source=../lib/env.sh
source "$ROOT/scripts/lib/env.sh"
# shellcheck source=../lib/node.sh
source "$ROOT/scripts/lib/node.sh"
DIR="$(realpath -m "$1")"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
PG_LIB="$(dirname "$PG_BIN")/lib"
PG_SHARE="${PG_SHARE:-/usr/share/postgresql/15}"
MAX_MB=60
[[ -x "$PG_BIN/postgres" ]] || { warn "no PostgreSQL in $PG_BIN (set PG_BIN)"; exit 1; }
command -v redis-server >/dev/null || { warn "no redis-server on PATH"; exit 1; }

rm -rf "$DIR" "$DIR.tar.xz"
mkdir -p "$DIR"/{node/bin,redis,lib,migrations,scripts/lib}

log "Node $(tr -d ' \n' <"$ROOT/.node-version")"
node_bin="$(node_binary_for "$(tr -d ' \n' <"$ROOT/.node-version")")"
cp "$node_bin/node" "$DIR/node/bin/node"
# The official binary carries its debug information and symbol table (126 MB); the code, and the
# dynamic symbols native addons link against, are the same without them (108 MB).
strip --strip-all "$DIR/node/bin/node"

log "PostgreSQL ($PG_BIN) and Redis ($(command -v redis-server))"
pg_rel="pg/lib/postgresql/15"
mkdir -p "$DIR/$pg_rel/bin" "$DIR/pg/share/postgresql"
cp "$PG_BIN"/{postgres,initdb,pg_ctl,psql} "$DIR/$pg_rel/bin/"
# Of the lib dir, what the cluster loads: PL/pgSQL, the text search dictionaries initdb makes, the
# encoding conversions and the extensions the migrations create. No JIT (llvmjit needs libLLVM,
# about 100 MB; run.sh sets jit=off).
mkdir -p "$DIR/$pg_rel/lib"
cp "$PG_LIB"/{plpgsql,dict_snowball,btree_gin,pg_trgm}.so "$PG_LIB"/*_and_*.so "$DIR/$pg_rel/lib/"
cp -r "$PG_SHARE" "$DIR/pg/share/postgresql/15"
cp "$(command -v redis-server)" "$DIR/redis/redis-server"

log "shared libraries (ldd), glibc's own left out"
glibc='^(linux-vdso|ld-linux|libc|libm|libdl|libpthread|librt|libresolv)\.so'
mapfile -t elves < <(find "$DIR/node/bin" "$DIR/$pg_rel" "$DIR/redis" -type f \( -perm -u+x -o -name '*.so*' \))
for f in "${elves[@]}"; do
  ldd "$f" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}'
done | sort -u | while read -r name path; do
  [[ "$name" =~ $glibc ]] || cp -L "$path" "$DIR/lib/$name"
done

log "server: node build.mjs, then pnpm deploy --prod (pruned as in infra/Dockerfile)"
(cd "$ROOT/packages/server" && node build.mjs >/dev/null)
ensure_pnpm
deploy_log="$(mktemp)"
(cd "$ROOT" && pnpm deploy --legacy --prod --prefer-offline --filter @cpd/server \
  --pnpmfile infra/deploy.pnpmfile.cjs "$DIR/server" >"$deploy_log" 2>&1) || { cat "$deploy_log" >&2; exit 1; }
rm -f "$deploy_log"
nm="$DIR/server/node_modules"
find "$nm"/.pnpm/@prisma+client@*/node_modules/@prisma/client/runtime \
  \( -name 'query_engine_bg.*' -o \( -name 'query_compiler_bg.*' ! -name 'query_compiler_bg.postgresql.*' \) \) -delete
find "$nm" -name '*.map' -delete
find "$nm"/.pnpm/@expo-google-fonts+noto-sans@*/node_modules/@expo-google-fonts/noto-sans \
  -name '*.ttf' ! -name 'NotoSans_400Regular.ttf' ! -name 'NotoSans_700Bold.ttf' -delete
# And what the bench never loads, for the 60 MB: the PDF fonts (only the worker draws PDFs; the
# pack runs no worker), unpdf's optional canvas (page rendering, which the product does not use:
# it reads text), type declarations and documentation.
rm -rf "$nm"/.pnpm/@napi-rs+canvas* "$nm"/.pnpm/unpdf@*/node_modules/@napi-rs
find "$nm"/.pnpm/dejavu-fonts-ttf@* "$nm"/.pnpm/@expo-google-fonts+noto-sans@* -name '*.ttf' -delete
find "$nm" \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.md' \) -delete
rm -f "$DIR"/server/dist/*.map "$DIR"/server/dist/*/*.map
test -f "$DIR/server/dist/main.js"

log "bench bundles (esbuild), migrations, run.sh"
node "$ROOT/packages/server/bench/pack-bundle.mjs" "$DIR"
i=0
for m in "$ROOT"/prisma/migrations/*/migration.sql; do
  i=$((i + 1))
  cp "$m" "$DIR/migrations/$(printf '%03d' "$i")_$(basename "$(dirname "$m")").sql"
done
cp "$ROOT/scripts/lib/proxy.mjs" "$ROOT/scripts/lib/env.sh" "$DIR/scripts/lib/"
install -m 0755 "$ROOT/scripts/bench/pack/run.sh" "$DIR/run.sh"

log "compressing $DIR.tar.xz"
# One LZMA2 block with a window larger than the pack, and PostgreSQL's ICU data just before Node
# (which holds its own ICU data): much of the one is found again in the other.
name="$(basename "$DIR")"
(cd "$(dirname "$DIR")" && {
  find "$name" ! -type d ! -name 'libicudata.so.*' ! -path "$name/node/bin/node" | sort
  find "$name/lib" -name 'libicudata.so.*'
  echo "$name/node/bin/node"
} | tar -cf - --no-recursion -T - | xz -T0 --lzma2=preset=9,dict=256MiB >"$DIR.tar.xz")
bytes="$(stat -c %s "$DIR.tar.xz")"
printf 'pack: %s (%s uncompressed), %s: %.1f MB compressed (limit %s MB)\n' "$DIR" \
  "$(du -sh "$DIR" | cut -f1)" "$DIR.tar.xz" "$(echo "$bytes / 1000000" | bc -l)" "$MAX_MB"
if ((bytes > MAX_MB * 1000 * 1000)); then
  warn "the pack is over $MAX_MB MB"
  exit 1
fi
