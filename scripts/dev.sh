#!/usr/bin/env bash
# Server restarted on change (embedded defaults) and the Vite dev server with hot reload.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT
node --watch-path=server/src --watch-preserve-output server/src/launch.ts &
API_PROXY_TARGET="http://127.0.0.1:${PORT:-3000}" vite --config client/vite.config.ts client &
wait
