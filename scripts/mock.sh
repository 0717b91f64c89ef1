#!/usr/bin/env bash
# The client against the Prism mock of the contract (no server, no database).
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT
prism mock -h 127.0.0.1 -p 4010 generated/openapi.json &
API_PROXY_TARGET=http://127.0.0.1:4010 vite --config client/vite.config.ts client &
wait
