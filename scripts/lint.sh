#!/usr/bin/env bash
# npm run lint: eslint and prettier --check side by side (each takes one core), prettier's report printed after
# eslint's so the two never mix; exits non-zero when either finds a problem.
set -uo pipefail
cd "$(dirname "$0")/.."
report="$(mktemp)"
trap 'rm -f "$report"; [ -z "${prettier:-}" ] || kill "$prettier" 2>/dev/null || true' EXIT
node_modules/.bin/prettier --check . > "$report" 2>&1 &
prettier=$!
node_modules/.bin/eslint .
eslint_status=$?
wait "$prettier"
prettier_status=$?
prettier=""
cat "$report"
[ "$eslint_status" -eq 0 ] && [ "$prettier_status" -eq 0 ]
