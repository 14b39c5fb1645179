#!/usr/bin/env bash
# Makes sure the named programs are on this machine, installing their Debian packages when they are not.
# Usage: ensure-debian-packages.sh PROGRAM=PACKAGE [PROGRAM=PACKAGE ...]   (e.g. nginx=nginx redis-server=redis-server)
# Tests and scripts that run real services (nginx, redis-server, chromium, tmux) call it first, so a new
# machine installs what it needs; when a package cannot be installed it says so and exits 3.
set -uo pipefail

missing=()
for pair in "$@"; do
  program="${pair%%=*}"
  package="${pair#*=}"
  command -v "$program" >/dev/null 2>&1 || [ -x "/usr/sbin/$program" ] || missing+=("$package")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-debian-packages: cannot install ${missing[*]}: needs root and apt-get (install them by hand)" >&2
  exit 3
fi

# One installer at a time: several test files may ask at once.
exec 9>/tmp/tessera-apt.lock
flock 9
echo "ensure-debian-packages: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/tessera-apt.log 2>&1; then
  echo "ensure-debian-packages: could not install ${missing[*]} from Debian's packages; see /tmp/tessera-apt.log:" >&2
  tail -n 5 /tmp/tessera-apt.log >&2
  exit 3
fi
