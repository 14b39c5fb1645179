#!/usr/bin/env bash
# The accelerators against the newest published versions of everything they shadow, not only the pinned ones:
# in a scratch clone of this commit, `npm ci`, then the newest SDK packages (@modelcontextprotocol/server,
# node, client, core in SDK_RANGE), class-validator, class-transformer and tsyringe installed over the pinned
# ones (--no-save: the clone's lockfile is not touched, the repository's never), a build, each accelerator's
# start-up probe (on, or off with what changed), then every contract folder (packages/*/test/contracts/<name>/)
# whole, and the conformance suite's server leg on both HTTP paths. An accelerator the newest versions turn off
# is reported, not a failure (its probe did its job; its contract is not run); a contract test failing with its
# accelerator on is. The scratch clone is removed whatever happens.
#
# Usage: tooling/deps-latest/check-deps-latest.sh
# Environment: SDK_RANGE (default ^2), KEEP_SCRATCH=1 to keep the clone, DEPS_LATEST_FORCE=1 to run even when
# nothing is newer than what is installed, DEPS_LATEST_CONFORMANCE=0 to skip the
# conformance leg, JEST_WORKERS (default 1)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RANGE="${SDK_RANGE:-^2}"
SCRATCH="$(mktemp -d)"
cleanup() { [ "${KEEP_SCRATCH:-}" = 1 ] && echo "scratch kept: $SCRATCH" || rm -rf "$SCRATCH"; }
trap cleanup EXIT

log() { printf '\n== %s\n' "$*"; }

newest() { npm view "$1@$2" version --json | node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(Array.isArray(v) ? v[v.length - 1] : v)'; }

SHADOWED=()
for name in server node client core; do SHADOWED+=("@modelcontextprotocol/$name@$(newest "@modelcontextprotocol/$name" "$RANGE")"); done
for name in class-validator class-transformer tsyringe; do SHADOWED+=("$name@$(newest "$name" latest)"); done
log "newest of what the accelerators shadow: ${SHADOWED[*]}"

# Nothing newer than what `npm ci` installed here: the main suite has just run every contract folder and the
# conformance suite on these very versions, so a scratch clone would repeat it (DEPS_LATEST_FORCE=1 runs it anyway).
NEWER="$(node "$ROOT/tooling/deps-latest/newer-than-installed.mjs" --root "$ROOT" "${SHADOWED[@]}")"
if [ -z "$NEWER" ] && [ "${DEPS_LATEST_FORCE:-}" != 1 ]; then
  log "check:deps-latest: ok, the newest are the installed versions (${SHADOWED[*]}): covered by the main suite"
  exit 0
fi
[ -n "$NEWER" ] && printf 'newer than installed:\n%s\n' "$NEWER"

log "scratch clone of $(git -C "$ROOT" rev-parse --short HEAD)"
git clone --quiet --no-hardlinks "$ROOT" "$SCRATCH/repo"
cd "$SCRATCH/repo"
# --prefer-offline: what npm's cache holds is not fetched again (the newest versions are named exactly)
npm ci --prefer-offline --no-audit --no-fund
npm install --prefer-offline --no-save --no-audit --no-fund "${SHADOWED[@]}"
for spec in "${SHADOWED[@]}"; do
  name="${spec%@*}"
  echo "installed: $name $(node -p "require('./node_modules/$name/package.json').version")"
done

# the packages only: the probes read their dist/, the contract tests their src/ (the conformance leg builds its own)
log "build of the packages"
npx tsc -b packages/common packages/request-state packages/core packages/client packages/testing
node scripts/build/bundle-packages.mjs

log "each accelerator's start-up probe on these versions"
node tooling/deps-latest/probe-accelerators.mjs --folders-out "$SCRATCH/contracts.txt"
mapfile -t CONTRACTS < "$SCRATCH/contracts.txt"

if [ "${#CONTRACTS[@]}" -gt 0 ]; then
  log "contract folders, whole: ${CONTRACTS[*]}"
  npx jest --maxWorkers="${JEST_WORKERS:-1}" "${CONTRACTS[@]}"
fi

if [ "${DEPS_LATEST_CONFORMANCE:-1}" != 0 ]; then
  log "conformance, server leg, on both HTTP paths"
  CONFORMANCE_SERVER_PATHS="fast sdk" bash tooling/conformance/run-conformance.sh server
fi

log "check:deps-latest: ok (${SHADOWED[*]})"
