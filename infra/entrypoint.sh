#!/bin/sh
# Container entrypoint for infra/Dockerfile.
#   api      apply pending migrations (prisma migrate deploy), then run the API (serves the SPA too)
#   worker   run the BullMQ worker (PDFs, e-mail, scheduled jobs)
#   migrate  apply pending migrations and exit
#   seed     load the demo data into an empty database (refused when NODE_ENV=production)
#   anything else is executed as given (e.g. `sh`)
set -eu
cd /app

case "${1:-api}" in
  api)
    node scripts/db.mjs deploy
    cd packages/server
    exec node_modules/.bin/tsx src/main.ts
    ;;
  worker)
    cd packages/server
    exec node_modules/.bin/tsx src/worker.ts
    ;;
  migrate)
    exec node scripts/db.mjs deploy
    ;;
  seed)
    exec node scripts/db.mjs seed
    ;;
  *)
    exec "$@"
    ;;
esac
