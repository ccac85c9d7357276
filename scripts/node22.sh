#!/usr/bin/env bash
# Prints the path of a Node.js 22 binary for `npm run bench:node22`, fetching it once into
# .tmp/node22 from the npm registry (the node-<platform>-<arch> package that the `node` package
# itself installs). Nothing comes from outside the registry. A Node 22 already on the PATH is used
# as it is.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v node >/dev/null && [[ "$(node --version)" == v22.* ]]; then
  command -v node
  exit 0
fi

version="${RXADK_NODE22_VERSION:-22}"
platform="$(node -p 'process.platform')"
arch="$(node -p 'process.arch')"
dir=".tmp/node22"
bin="$dir/package/bin/node"

if [[ ! -x "$bin" ]]; then
  mkdir -p "$dir"
  tarball="$(cd "$dir" && npm pack --silent "node-${platform}-${arch}@${version}" | tail -1)"
  tar -xzf "$dir/$tarball" -C "$dir"
  rm -f "$dir/$tarball"
fi

"$bin" --version >/dev/null
echo "$PWD/$bin"
