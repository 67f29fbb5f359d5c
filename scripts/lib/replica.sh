#!/usr/bin/env bash
# A streaming PostgreSQL read replica for tests and local runs (docs/decisions/0032-read-replicas.md).
#
#   scripts/lib/replica.sh start DIR PORT [SOURCE]
#       a standby of SOURCE (host:port, default 127.0.0.1:5432): pg_basebackup -R into DIR/replica,
#       started on PORT. Exits 3, saying why, when SOURCE refuses replication connections (its
#       pg_hba.conf has no "replication" line); this script never changes SOURCE's configuration.
#   scripts/lib/replica.sh start-pair DIR PRIMARY_PORT REPLICA_PORT
#       a private primary (initdb into DIR/primary, replication allowed from 127.0.0.1 only) and its
#       standby: for machines whose PostgreSQL does not allow replication.
#   scripts/lib/replica.sh stop DIR
#       stops what DIR holds (fast shutdown) and removes DIR.
#
# The servers run as the "postgres" OS user (PostgreSQL refuses root). Binaries come from
# PG_BIN, else /usr/lib/postgresql/<newest>/bin, else PATH. Log lines go to stderr; the last
# line on stdout is the connection URL of the replica (without a database name).
set -euo pipefail

say() { printf 'replica: %s\n' "$*" >&2; }
die() {
  say "$1"
  exit "${2:-1}"
}

pg_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then
    echo "$PG_BIN"
    return
  fi
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
  if [[ -n "$newest" ]]; then echo "$newest"; else dirname "$(command -v pg_ctl || echo /nonexistent/pg_ctl)"; fi
}
BIN="$(pg_bin)"
[[ -x "$BIN/pg_ctl" ]] || die "no PostgreSQL server binaries (pg_ctl) in $BIN; set PG_BIN"

# Runs a command as the postgres OS user when we are root.
as_pg() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

prepare_dir() {
  mkdir -p "$1"
  chmod 700 "$1"
  if [[ "$(id -u)" == 0 ]]; then chown postgres:postgres "$1"; fi
}

wait_ready() { # PORT LABEL
  local i
  for i in $(seq 1 120); do
    if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$1"; then return 0; fi
    sleep 0.5
  done
  die "$2 on port $1 did not accept connections within 60 s"
}

start_server() { # DATADIR PORT LABEL
  as_pg "$BIN/pg_ctl" -D "$1" -l "$1.log" -w -t 60 \
    -o "-p $2 -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c hot_standby=on" start >&2 ||
    die "$3 did not start; see $1.log"
  wait_ready "$2" "$3"
}

basebackup() { # SOURCE_HOST SOURCE_PORT DATADIR
  prepare_dir "$3"
  # -X stream: the WAL written during the copy comes along; -R writes standby.signal and primary_conninfo.
  as_pg "$BIN/pg_basebackup" -h "$1" -p "$2" -U postgres -D "$3" -X stream -R -c fast >&2
}

cmd="${1:-}"
case "$cmd" in
start)
  dir="${2:?DIR}" port="${3:?PORT}" source="${4:-127.0.0.1:5432}"
  host="${source%%:*}" sport="${source##*:}"
  # Ask before copying: a refusal here is the source's pg_hba.conf, which we must not edit.
  if ! err="$("$BIN/psql" "host=$host port=$sport user=postgres replication=true dbname=postgres" \
    -Atc "IDENTIFY_SYSTEM" 2>&1 >/dev/null)"; then
    die "PostgreSQL at $source refuses a replication connection: ${err##*FATAL:  }" 3
  fi
  prepare_dir "$dir"
  basebackup "$host" "$sport" "$dir/replica"
  start_server "$dir/replica" "$port" "replica"
  say "streaming replica of $source on 127.0.0.1:$port ($dir/replica)"
  echo "postgresql://postgres@127.0.0.1:$port"
  ;;
start-pair)
  dir="${2:?DIR}" pport="${3:?PRIMARY_PORT}" rport="${4:?REPLICA_PORT}"
  prepare_dir "$dir"
  prepare_dir "$dir/primary"
  as_pg "$BIN/initdb" -D "$dir/primary" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null ||
    die "initdb failed in $dir/primary"
  # Loopback only, trust: a throwaway test server.
  cat >"$dir/primary/pg_hba.conf" <<'HBA'
host all all 127.0.0.1/32 trust
host replication postgres 127.0.0.1/32 trust
HBA
  start_server "$dir/primary" "$pport" "private primary"
  basebackup 127.0.0.1 "$pport" "$dir/replica"
  start_server "$dir/replica" "$rport" "replica"
  say "private primary on 127.0.0.1:$pport, streaming replica on 127.0.0.1:$rport ($dir)"
  echo "postgresql://postgres@127.0.0.1:$rport"
  ;;
stop)
  dir="${2:?DIR}"
  [[ -d "$dir" ]] || exit 0
  # The replica first, so it does not log a lost primary.
  for d in "$dir/replica" "$dir/primary"; do
    if [[ -f "$d/postmaster.pid" ]]; then as_pg "$BIN/pg_ctl" -D "$d" -m fast -w stop >&2 || true; fi
  done
  rm -rf "$dir"
  ;;
*)
  sed -n '2,17p' "$0" >&2
  exit 2
  ;;
esac
