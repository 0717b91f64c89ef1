#!/usr/bin/env bash
# The client against the Prism mock of the contract (no server, no database): scripts/mock/run.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/mock/run.ts "$@"
