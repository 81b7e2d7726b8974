#!/usr/bin/env bash
# Installs the Debian packages the tests need, when missing: chromium (Playwright drives
# Debian's Chromium; `playwright install` cannot download a browser here) and libkrb5-dev
# (code-server's kerberos addon compiles from source). Needs root and apt-get; otherwise it
# says what to install and fails.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -e /usr/include/krb5.h ] || [ -e /usr/include/krb5/krb5.h ] || need+=(libkrb5-dev)
command -v git >/dev/null 2>&1 || need+=(git)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing ${need[*]} (apt-get)" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "missing system packages: ${need[*]} — install them (e.g. sudo apt-get install ${need[*]}) and run again" >&2
  exit 1
fi
