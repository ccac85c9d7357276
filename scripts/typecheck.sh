#!/usr/bin/env bash
# The type-check of every file (tsconfig.json: lib, spec, examples, bench, browser), as `npm test`
# runs it before Jest and `npm run typecheck` alone. It runs TypeScript 7, the native compiler
# (scripts/typecheck: its own package, installed by scripts/setup.sh), which checks the same
# program as TypeScript 5.9 with the same options in about a quarter of the CPU time; rxadk
# builds, documents and ships with the root package's TypeScript 5.9 (`npm run build`, the
# consumer test). Without scripts/typecheck/node_modules, it falls back to TypeScript 5.9 and says so.
# Extra arguments go to tsc.
set -uo pipefail
cd "$(dirname "$0")/.."
tsc7=scripts/typecheck/node_modules/typescript/bin/tsc
if [[ -f $tsc7 ]]; then
  exec node "$tsc7" -p tsconfig.json --noEmit "$@"
fi
echo "== scripts/typecheck is not installed (scripts/setup.sh installs it): type-checking with TypeScript $(npx tsc --version | cut -d' ' -f2)" >&2
exec npx tsc -p tsconfig.json --noEmit "$@"
