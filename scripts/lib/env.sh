# shellcheck shell=bash
# Local defaults for ./scripts/start and ./scripts/test. Sourced, never executed.
# Every value already set in the environment wins; see .env.example and README.md
# for what each variable means. The server validates them all at boot.
#
# ROOT must be set by the caller (the repository root).

: "${ROOT:?ROOT must be set before sourcing scripts/lib/env.sh}"

# --- server -------------------------------------------------------------------
export NODE_ENV="${NODE_ENV:-development}"
# Loopback only: the local run is not reachable from the network (docker compose sets 0.0.0.0 itself).
export HOST="${HOST:-127.0.0.1}"
export PORT="${PORT:-3000}"
export LOG_LEVEL="${LOG_LEVEL:-info}"
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/cpd}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
export REDIS_PREFIX="${REDIS_PREFIX:-cpd}"
# Secrets: never a value written in the repository (anyone could sign tokens with it). Each
# checkout generates its own on first use into .data/secrets.env (ignored by git, mode 600) and
# reads them back afterwards; values already in the environment win. Delete the file to rotate
# them (every session then ends; Clinical Skills links must be made again).
SECRETS_FILE="${SECRETS_FILE:-${ROOT}/.data/secrets.env}"
random_secret() {
  if command -v openssl >/dev/null 2>&1; then
    openssl rand -hex 32
  else
    node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))'
  fi
}
load_local_secrets() {
  local name value
  mkdir -p "$(dirname "$SECRETS_FILE")"
  (umask 077 && touch "$SECRETS_FILE")
  for name in JWT_SECRET SUPPORT_CHAT_SECRET DATA_ENCRYPTION_KEY; do
    [[ -n "${!name:-}" ]] && continue
    # Read the file as data (KEY=value lines), never source it.
    value="$(sed -n "s/^${name}=//p" "$SECRETS_FILE" | tail -n 1)"
    if [[ -z "$value" ]]; then
      value="$(random_secret)"
      if ((${#value} < 32)); then
        warn "could not generate ${name} (openssl or node needed)"
        return 1
      fi
      printf '%s=%s\n' "$name" "$value" >>"$SECRETS_FILE"
    fi
    export "$name=$value"
  done
}
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:${PORT}}"
export CORS_ORIGINS="${CORS_ORIGINS:-http://localhost:${PORT},http://127.0.0.1:${PORT},http://localhost:5173}"
export WEB_DIST="${WEB_DIST:-${ROOT}/packages/web/dist}"
export WELCOME_VIDEO_URL="${WELCOME_VIDEO_URL:-}"

# --- local services (scripts/services.mjs) -------------------------------------
export SERVICES_HOST="${SERVICES_HOST:-127.0.0.1}"
export S3_PORT="${S3_PORT:-4569}"
export S3_DATA_DIR="${S3_DATA_DIR:-${ROOT}/.data/s3}"
export MAILDEV_WEB_PORT="${MAILDEV_WEB_PORT:-1080}"
export MAILDEV_DATA_DIR="${MAILDEV_DATA_DIR:-${ROOT}/.data/maildev}"

export S3_ENDPOINT="${S3_ENDPOINT:-http://127.0.0.1:${S3_PORT}}"
export S3_REGION="${S3_REGION:-us-east-1}"
export S3_BUCKET="${S3_BUCKET:-cpd}"
export S3_ACCESS_KEY_ID="${S3_ACCESS_KEY_ID:-S3RVER}"
export S3_SECRET_ACCESS_KEY="${S3_SECRET_ACCESS_KEY:-S3RVER}"
export S3_FORCE_PATH_STYLE="${S3_FORCE_PATH_STYLE:-true}"

export SMTP_HOST="${SMTP_HOST:-127.0.0.1}"
export SMTP_PORT="${SMTP_PORT:-1025}"
export SMTP_USER="${SMTP_USER:-}"
export SMTP_PASSWORD="${SMTP_PASSWORD:-}"
export SMTP_SECURE="${SMTP_SECURE:-false}"
export MAIL_FROM="${MAIL_FROM:-CPD <no-reply@cpd.local>}"

# The Clinical Skills service: locally the fake in scripts/fakes/clinical-skills.mjs (started by
# scripts/services.mjs; demo login demo@example.org / Skills123!).
export CLINICAL_SKILLS_PORT="${CLINICAL_SKILLS_PORT:-4600}"
export CLINICAL_SKILLS_URL="${CLINICAL_SKILLS_URL:-http://127.0.0.1:${CLINICAL_SKILLS_PORT}}"
export CLINICAL_SKILLS_API_KEY="${CLINICAL_SKILLS_API_KEY:-local-clinical-skills-key}"

# An SMS gateway for supervision 2FA codes: locally the fake in scripts/fakes/sms.mjs (started by
# scripts/services.mjs; messages listed at $SMS_API_URL/v1/messages).
export SMS_PORT="${SMS_PORT:-4610}"
export SMS_API_URL="${SMS_API_URL:-http://127.0.0.1:${SMS_PORT}}"
export SMS_API_KEY="${SMS_API_KEY:-local-sms-gateway-key}"

# Registration captcha: locally the siteverify-compatible fake in scripts/fakes/captcha.mjs.
export CAPTCHA_PORT="${CAPTCHA_PORT:-4640}"
export CAPTCHA_VERIFY_URL="${CAPTCHA_VERIFY_URL:-http://127.0.0.1:${CAPTCHA_PORT}/siteverify}"
export CAPTCHA_SCRIPT_URL="${CAPTCHA_SCRIPT_URL:-http://127.0.0.1:${CAPTCHA_PORT}/api.js}"
export CAPTCHA_SECRET="${CAPTCHA_SECRET:-local-captcha-secret}"
export CAPTCHA_SITE_KEY="${CAPTCHA_SITE_KEY:-local-captcha-site-key}"

# Membership payments: locally the fake direct-debit page in scripts/fakes/payment.mjs, which posts
# signed webhooks to PAYMENT_WEBHOOK_TARGET.
export PAYMENT_PORT="${PAYMENT_PORT:-4630}"
export UPGRADE_URL="${UPGRADE_URL:-http://127.0.0.1:${PAYMENT_PORT}/checkout}"
export PAYMENT_WEBHOOK_SECRET="${PAYMENT_WEBHOOK_SECRET:-local-payment-webhook-secret-not-for-production}"
export PAYMENT_WEBHOOK_TARGET="${PAYMENT_WEBHOOK_TARGET:-${PUBLIC_URL:-http://localhost:3000}/api/membership/webhook}"

# Organisation single sign-on: locally a real OpenID provider (oidc-provider) in scripts/fakes/oidc.mjs,
# on plain http (allowed only outside production).
export OIDC_PORT="${OIDC_PORT:-4620}"
export OIDC_ISSUER="${OIDC_ISSUER:-http://127.0.0.1:${OIDC_PORT}}"
export OIDC_ALLOW_HTTP="${OIDC_ALLOW_HTTP:-true}"

# --- helpers -------------------------------------------------------------------
log() { printf '\033[1;34m==>\033[0m %s\n' "$*" >&2; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

# wait_http URL SECONDS [PID]: poll URL until it answers 2xx; give up after SECONDS
# or as soon as PID (the process expected to serve it) has exited.
wait_http() {
  local url="$1" secs="${2:-60}" pid="${3:-}" i
  for ((i = 0; i < secs * 4; i++)); do
    if curl -fsS -o /dev/null --max-time 2 "$url" 2>/dev/null; then return 0; fi
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.25
  done
  return 1
}

# wait_line FILE PATTERN SECONDS [PID]: wait until FILE contains PATTERN.
wait_line() {
  local file="$1" pattern="$2" secs="${3:-30}" pid="${4:-}" i
  for ((i = 0; i < secs * 4; i++)); do
    if grep -q -- "$pattern" "$file" 2>/dev/null; then return 0; fi
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.25
  done
  return 1
}

# stop_group PID...: SIGTERM each process group, wait up to 10 s, then SIGKILL what is left.
# The children were started with `setsid`, so PID is also their process-group id.
stop_group() {
  local pid i alive
  for pid in "$@"; do
    [[ -n "$pid" ]] && kill -TERM -- "-$pid" 2>/dev/null || true
  done
  for ((i = 0; i < 40; i++)); do
    alive=0
    for pid in "$@"; do
      [[ -n "$pid" ]] && kill -0 -- "-$pid" 2>/dev/null && alive=1
    done
    ((alive)) || return 0
    sleep 0.25
  done
  for pid in "$@"; do
    [[ -n "$pid" ]] && kill -KILL -- "-$pid" 2>/dev/null || true
  done
  return 0
}

# ensure_demo_database: DATABASE_URL's database created, migrated and seeded with the demo
# accounts once, then reused (the benchmarks that sign in as demo@example.org).
ensure_demo_database() {
  if ! psql "${DATABASE_URL%/*}/postgres" -tAc "select 1 from pg_database where datname='${DATABASE_URL##*/}'" | grep -q 1; then
    node "$ROOT/scripts/db.mjs" migrate >/dev/null
    node "$ROOT/scripts/db.mjs" seed >/dev/null
  fi
}

# ensure_pnpm: install pnpm 10 through npm when it is missing (corepack's signature check fails here).
ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1; then
    log "installing pnpm 10 (npm install -g pnpm@10)"
    npm install -g pnpm@10 >/dev/null
  fi
}

# install_deps: pnpm install from the lockfile (plain install when there is no lockfile).
install_deps() {
  ensure_pnpm
  local args=(install --reporter=append-only)
  if [[ -f "$ROOT/pnpm-lock.yaml" ]]; then
    args+=(--frozen-lockfile)
  else
    warn "no pnpm-lock.yaml: running a plain pnpm install"
  fi
  log "pnpm ${args[*]}"
  local out rc=0
  out="$(cd "$ROOT" && pnpm "${args[@]}" 2>&1)" || rc=$?
  if ((rc != 0)); then
    printf '%s\n' "$out" >&2
    return "$rc"
  fi
  printf '%s\n' "$out" | tail -n 3 >&2
}

# After the helpers (it warns through them).
load_local_secrets
