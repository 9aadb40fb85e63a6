#!/usr/bin/env bash
# Installs the system programs the test suites need when they are missing:
# Chromium (end-to-end tests) and nginx (the reverse-proxy test), both from
# Debian. `make test` and `.ci/run` call it. Programs named as arguments
# are installed too (`make bench` asks for wrk).
#
# Installing needs root and apt-get. Without them it says what is missing
# and carries on (the suites then skip or fail with their own message),
# except under CI=true, where a missing program is an error.
set -uo pipefail

# program → Debian package
declare -A packages=([chromium]=chromium [nginx]=nginx [wrk]=wrk)
programs=(chromium nginx "$@")

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }

missing=()
for prog in "${programs[@]}"; do
  have "$prog" || missing+=("${packages[$prog]:-$prog}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-deps: missing ${missing[*]}; install with: apt-get install ${missing[*]}" >&2
  [ "${CI:-}" = "true" ] && exit 1
  exit 0
fi

echo "ensure-deps: installing ${missing[*]}"
# Retry once: a first install can fail while another apt runs.
for attempt in 1 2; do
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "${missing[@]}" >/dev/null; then
    break
  fi
  echo "ensure-deps: install failed (attempt $attempt)" >&2
  sleep 15
done

status=0
for prog in "${programs[@]}"; do
  if ! have "$prog"; then
    echo "ensure-deps: $prog is not installed" >&2
    status=1
  fi
done
exit $status
