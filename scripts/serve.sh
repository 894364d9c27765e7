#!/usr/bin/env bash
# Set everything up, build, and serve the page at http://localhost:8080 (PORT and HOST override).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${PORT:-8080}"
HOST="${HOST:-127.0.0.1}"

"$ROOT/scripts/setup.sh"
# The page needs only the web build; pkg-node/ (for Node benchmarks) is skipped here.
SKIP_NODE_PKG=1 "$ROOT/scripts/build.sh"

printf '\n==> Serving www/ at http://localhost:%s/  (Ctrl-C to stop)\n\n' "$PORT"
cd "$ROOT/www"
# Python's http.server serves .wasm as application/wasm, which streaming instantiation needs.
exec python3 -m http.server "$PORT" --bind "$HOST"
