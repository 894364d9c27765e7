#!/usr/bin/env bash
# Build the wasm engine (web + Node targets) and the page. Run scripts/setup.sh first.
#   pkg/       wasm-pack --target web output     (copied to www/pkg/ for the page)
#   pkg-node/  wasm-pack --target nodejs output  (for benchmarks and scripts in Node;
#              SKIP_NODE_PKG=1 skips it, as serve.sh does)
#   www/dist/  the page's TypeScript, bundled by esbuild (main.js, and worker.js for the computer)
#   *.br, *.gz precompressed copies of www/'s files, served by scripts/serve.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nbuild.sh: ERROR: %s\n' "$*" >&2; exit 1; }
trap 'rc=$?; [ $rc -eq 0 ] || printf "\nbuild.sh: FAILED (exit %s) at line %s: %s\n" "$rc" "$LINENO" "$BASH_COMMAND" >&2' EXIT

# npm's binaryen provides wasm-opt and must win over any other (Debian's 108 builds broken modules).
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
[ -x node_modules/.bin/wasm-opt ] || fail "node_modules/.bin/wasm-opt missing: run scripts/setup.sh"
[ "$(command -v wasm-opt)" = "$ROOT/node_modules/.bin/wasm-opt" ] || fail "wrong wasm-opt first on PATH: $(command -v wasm-opt)"
command -v wasm-pack >/dev/null 2>&1 || fail "wasm-pack missing: run scripts/setup.sh"
command -v wasm-bindgen >/dev/null 2>&1 || fail "wasm-bindgen missing: run scripts/setup.sh"

started=$SECONDS
timed() {
  local t=$SECONDS
  "$@"
  printf '    (%s s)\n' "$((SECONDS - t))"
}

step "wasm-pack build --target web --release -> pkg/"
timed wasm-pack build --target web --release --mode no-install --out-dir pkg

step "copy pkg/ -> www/pkg/"
rm -rf www/pkg
mkdir -p www/pkg
cp pkg/*.js pkg/*.d.ts pkg/*.wasm www/pkg/
ls -l www/pkg

# Bundled into the page: its start screen is drawn from it while the wasm is still downloading.
step "the engine's catalogue -> www/pkg/catalogue.json"
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/catalogue.mjs

step "tsc --noEmit (typecheck www/src against the generated pkg types)"
timed tsc --noEmit -p tsconfig.json

# Two entries: the page, and the computer opponent's Web Worker (its own wasm instance).
# Minified (the source maps keep the sources): main.js crosses a slow line with the wasm before
# the engine is ready, 61 KB instead of 74 KB once brotli'd.
step "esbuild www/src/main.ts www/src/worker.ts -> www/dist/"
rm -rf www/dist
timed esbuild www/src/main.ts www/src/worker.ts --bundle --format=esm --platform=browser --target=es2022 \
  --minify --sourcemap --outdir=www/dist --log-level=warning

if [ "${SKIP_NODE_PKG:-0}" = "1" ]; then
  step "pkg-node/ skipped (SKIP_NODE_PKG=1)"
else
  step "wasm-pack build --target nodejs --release -> pkg-node/"
  timed wasm-pack build --target nodejs --release --mode no-install --out-dir pkg-node
fi

# scripts/serve.sh and the e2e tests send these to browsers that accept them (Content-Encoding).
step "precompress the page's files (.br, .gz beside each)"
timed node scripts/compress.mjs www/index.html www/style.css www/dist www/pkg

wasm_bytes="$(stat -c %s www/pkg/napoleonic_bg.wasm)"
wasm_gz="$(stat -c %s www/pkg/napoleonic_bg.wasm.gz)"
wasm_br="$(stat -c %s www/pkg/napoleonic_bg.wasm.br)"
# serve.sh rebuilds only when a source is newer than this stamp.
touch www/.built
trap - EXIT
step "build done in $((SECONDS - started)) s (napoleonic_bg.wasm: $wasm_bytes bytes, $wasm_gz gzip, $wasm_br brotli)"
