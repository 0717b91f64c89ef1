#!/usr/bin/env bash
# The one contract suite, twice: against the Prism mock, then against the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
# The journeys run through the SDK as third parties install it (its dist/): build it first.
npm run build -w sdk > /dev/null
cd contract-tests
echo "== contract tests against the Prism mock"
CONTRACT_TARGET=mock vitest run
echo "== contract tests against the real server (prism proxy --errors)"
CONTRACT_TARGET=real vitest run
