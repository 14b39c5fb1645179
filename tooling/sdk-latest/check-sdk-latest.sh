#!/usr/bin/env bash
# The HTTP fast lane against the newest 2.x SDK the registry serves, not only the pinned one: in a scratch
# clone of this commit, `npm ci`, then the newest @modelcontextprotocol/{server,node,client,core} 2.x
# installed over the pinned ones (--no-save: the clone's lockfile is not touched), a build, the two-paths
# comparison suites (the lane's answers against the SDK path's, its start-up check, the order of checks), the
# client accelerators' contracts (packages/client/test/contracts),
# and the conformance suite's server leg on both HTTP paths. Exits non-zero on any failure; the scratch
# clone is removed whatever happens.
#
# Usage: tooling/sdk-latest/check-sdk-latest.sh      Environment: SDK_RANGE (default ^2), KEEP_SCRATCH=1 to keep the clone
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RANGE="${SDK_RANGE:-^2}"
SCRATCH="$(mktemp -d)"
cleanup() { [ "${KEEP_SCRATCH:-}" = 1 ] && echo "scratch kept: $SCRATCH" || rm -rf "$SCRATCH"; }
trap cleanup EXIT

log() { printf '\n== %s\n' "$*"; }

newest() { npm view "$1@$RANGE" version --json | node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(Array.isArray(v) ? v[v.length - 1] : v)'; }

PACKAGES=()
for name in server node client core; do
  version="$(newest "@modelcontextprotocol/$name")"
  PACKAGES+=("@modelcontextprotocol/$name@$version")
done
log "newest SDK in $RANGE: ${PACKAGES[*]}"

log "scratch clone of $(git -C "$ROOT" rev-parse --short HEAD)"
git clone --quiet --no-hardlinks "$ROOT" "$SCRATCH/repo"
cd "$SCRATCH/repo"
npm ci --no-audit --no-fund
npm install --no-save --no-audit --no-fund "${PACKAGES[@]}"
for name in server node client core; do
  echo "installed: @modelcontextprotocol/$name $(node -p "require('./node_modules/@modelcontextprotocol/$name/package.json').version")"
done

log "build"
npm run build

log "the client accelerators against the public path on this SDK"
npx jest --maxWorkers=1 packages/client/test/contracts

log "the two-paths comparison on this SDK"
npx jest --maxWorkers=1 \
  packages/core/test/e2e/two-paths-divergences.test.ts \
  packages/core/test/e2e/direct-tool-calls.test.ts \
  packages/core/test/e2e/direct-tool-calls.fuzz.test.ts \
  packages/core/test/e2e/http-fast-path.test.ts \
  packages/core/test/e2e/checks-before-the-body.test.ts \
  packages/core/test/e2e/checks-before-the-body-faces.test.ts \
  packages/core/test/e2e/low-level-pipeline.test.ts \
  packages/core/test/e2e/fast-lane-start-up-check.test.ts

log "conformance, server leg, on both HTTP paths"
CONFORMANCE_SERVER_PATHS="fast sdk" bash tooling/conformance/run-conformance.sh server

log "check:sdk-latest: ok (${PACKAGES[*]})"
