#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine, then the npm dependencies.
#
# - Debian packages (as root; each one skipped when already there): postgresql, the server the
#   PostgreSQL tests start a throw-away cluster of (scripts/postgres.sh); python3, make and g++,
#   which node-gyp needs to build better-sqlite3 (rxadk/sqlite) from source; chromium (the browser
#   tests drive Debian's Chromium with playwright-core) and a font for its screenshots; tmux (the
#   `rxadk run` terminal test).
# - npm install, at the root and in examples/angular-chat, then rxadk's dist/lib (tsc, keyed by a
#   hash of its inputs: scripts/build-rxadk-dist.mjs; the consumer test packs it and the Angular
#   example depends on it), then the Angular example's production
#   build (scripts/build-angular-example.mjs, kept in examples/angular-chat/dist and keyed by a hash
#   of its inputs): its browser test rebuilds it only when an input changed, so on a fresh clone
#   the build is part of set-up, not of `npm test`. The committed locks are the ones
#   npm 11 writes on a fresh clone, every platform's optional packages included, so the install
#   leaves them unchanged (spec/examples/package-locks.spec.ts fails when package.json moved on).
#   better-sqlite3 is built from source, never downloaded prebuilt: .npmrc sets build-from-source
#   (prebuild-install then steps aside) and package.json's allowScripts lets its install script run.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v chromium >/dev/null 2>&1 || [[ -x /usr/bin/chromium ]] || missing+=(chromium)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
fc-list 2>/dev/null | grep -qi dejavu || missing+=(fonts-dejavu-core)

if ((${#missing[@]} == 0)); then
  echo "== Debian packages: postgresql, python3, make, g++, chromium, tmux, fonts already installed"
elif [[ $(id -u) -eq 0 ]]; then
  echo "== apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update </dev/null
  apt-get install -y --no-install-recommends "${missing[@]}" </dev/null
else
  echo "scripts/setup.sh: missing Debian packages: ${missing[*]}. Install them as root:" \
    "apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "== npm install"
npm install --no-audit --no-fund </dev/null

node -e 'new (require("better-sqlite3"))(":memory:").close()' || {
  echo "scripts/setup.sh: better-sqlite3 did not build (see the npm install output above)." >&2
  exit 1
}
echo "== better-sqlite3 built from source: $(ls node_modules/better-sqlite3/build/Release/better_sqlite3.node)"

echo "== npm install in scripts/typecheck (TypeScript 7, for npm test's type-check)"
(cd scripts/typecheck && npm install --no-audit --no-fund </dev/null)

echo "== npm install in examples/angular-chat"
(cd examples/angular-chat && npm install --no-audit --no-fund </dev/null)

# adk-web, Google's dev UI (`rxadk web --ui adk`, and the Chromium test that drives it): the browser
# build inside @google/adk-devtools. Installing that package fails on one of its dependencies, so
# its tarball is unpacked in its place; only dist/browser is used.
ADK_DEVTOOLS=node_modules/@google/adk-devtools
if [[ ! -f $ADK_DEVTOOLS/dist/browser/index.html ]]; then
  echo "== adk-web: npm pack @google/adk-devtools@2.0.0 into $ADK_DEVTOOLS"
  pack=$(mktemp -d)
  (cd "$pack" && npm pack --silent @google/adk-devtools@2.0.0 </dev/null >/dev/null)
  mkdir -p "$ADK_DEVTOOLS"
  tar xzf "$pack"/google-adk-devtools-2.0.0.tgz -C "$ADK_DEVTOOLS" --strip-components=1
  rm -rf "$pack"
fi
echo "== adk-web: $(node -p "require('./$ADK_DEVTOOLS/package.json').version") at $ADK_DEVTOOLS/dist/browser"

echo "== rxadk's dist/lib (scripts/build-rxadk-dist.mjs: once per set of inputs; the consumer test packs it)"
node scripts/build-rxadk-dist.mjs </dev/null

echo "== Angular example (examples/angular-chat/dist)"
node scripts/build-angular-example.mjs </dev/null
