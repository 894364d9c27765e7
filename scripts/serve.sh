#!/usr/bin/env bash
# Set everything up, build if a source changed, and serve the page at http://localhost:8080
# (PORT and HOST override), the precompressed files first (scripts/serve.mjs).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PORT="${PORT:-8080}"
export HOST="${HOST:-127.0.0.1}"

"$ROOT/scripts/setup.sh"

# The last build's stamp (www/.built, written by build.sh) against every source of the page.
stale() {
  [ -f www/.built ] || return 0
  [ -n "$(find src build.rs Cargo.toml Cargo.lock scenarios www/src www/index.html www/style.css tsconfig.json \
    package-lock.json scripts/build.sh scripts/catalogue.mjs scripts/compress.mjs -newer www/.built -print -quit 2>/dev/null)" ]
}
if stale; then
  # The page needs only the web build; pkg-node/ (for Node benchmarks) is skipped here.
  SKIP_NODE_PKG=1 "$ROOT/scripts/build.sh"
else
  printf '\n==> www/ is up to date with its sources: no rebuild (scripts/build.sh rebuilds)\n'
fi

printf '\n==> Serving www/ at http://localhost:%s/  (Ctrl-C to stop)\n\n' "$PORT"
exec node "$ROOT/scripts/serve.mjs" "$ROOT/www"
