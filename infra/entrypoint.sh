#!/bin/sh
# Container entrypoint (infra/Dockerfile).
#   runtime image (/app/packages/server: dist/ and production node_modules)
#     api            the HTTP API, which also serves the built SPA
#     worker         the BullMQ worker (e-mail and scheduled jobs)
#     worker-health  exit 0 when this container's worker wrote its heartbeat recently (healthcheck)
#     healthcheck    the image's HEALTHCHECK: worker-health in a worker container, else GET
#                    /api/health/ready (PostgreSQL, Redis and S3 answer)
#   migrate image (the build workspace, with the Prisma CLI)
#     migrate        create the database if missing and apply pending migrations, then exit
#     seed           load the demo data into an empty database (refused when NODE_ENV=production)
#   anything else is executed as given (e.g. `sh`)
# Node runs as PID 1's direct replacement (exec), so SIGTERM reaches it and it drains before exiting.
set -eu

needs() {
  if [ ! -f "$1" ]; then
    echo "cpd-entrypoint: '$2' is not available in this image ($1 is missing); $3" >&2
    exit 64
  fi
}

case "${1:-api}" in
  api)
    needs /app/packages/server/dist/main.js api "use the default (runtime) target"
    exec node --enable-source-maps /app/packages/server/dist/main.js
    ;;
  worker)
    needs /app/packages/server/dist/worker.js worker "use the default (runtime) target"
    exec node --enable-source-maps /app/packages/server/dist/worker.js
    ;;
  worker-health)
    needs /app/packages/server/dist/worker-health.js worker-health "use the default (runtime) target"
    exec node /app/packages/server/dist/worker-health.js
    ;;
  healthcheck)
    # PID 1 is the Node process this entrypoint exec'd: its command line says which role runs here.
    if tr '\0' ' ' </proc/1/cmdline | grep -q 'dist/worker.js'; then
      exec node /app/packages/server/dist/worker-health.js
    fi
    exec node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
    ;;
  migrate)
    needs /app/scripts/db.mjs migrate "build the migrate target (docker build --target migrate)"
    cd /app
    exec node scripts/db.mjs deploy
    ;;
  seed)
    needs /app/scripts/db.mjs seed "build the migrate target (docker build --target migrate)"
    cd /app
    exec node scripts/db.mjs seed
    ;;
  *)
    exec "$@"
    ;;
esac
