#!/usr/bin/env bash
# Build the wasm engine (web + Node targets) and the page. Run scripts/setup.sh first.
#   pkg/       wasm-pack --target web output of every ruleset, not optimised and not served:
#              its napoleonic.d.ts types the page (copied to www/pkg/), and it writes the
#              catalogue the page ships (www/pkg/catalogue.json)
#   www/pkg/<ruleset>/  the page's engine: one module per ruleset (its Cargo feature alone, built
#              by wasm-pack --target web into pkg-web/<ruleset>/), loaded when a game of it is
#              played; napoleonic.js (the glue) and napoleonic_bg.wasm
#   pkg-node/  wasm-pack --target nodejs output, every ruleset (for benchmarks and scripts in
#              Node; SKIP_NODE_PKG=1 skips it, as serve.sh does)
#   www/dist/  the page's TypeScript, bundled by esbuild (main.js, and worker.js for the computer)
#   www/custom-elements.json  the <napoleonic-game> element's manifest (scripts/manifest.mjs)
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

# Each ruleset as the catalogue names it and the Cargo feature that builds it in (Cargo.toml,
# games::for_each_ruleset); scripts/catalogue.mjs checks that every ruleset of the catalogue has
# its module here and that each module holds its ruleset alone.
RULESETS=(bailen:bailen muskets-battle:muskets bloody-monday:bloody-monday napoleons-battles:napoleons-battles)

# Every ruleset, for the page's types and catalogue only: not served, so not optimised (the
# cargo build is the one pkg-node/ takes up again below).
step "wasm-pack build --target web --release --no-opt -> pkg/ (every ruleset: types and catalogue)"
timed wasm-pack build --target web --release --mode no-install --no-opt --out-dir pkg

if [ "${SKIP_NODE_PKG:-0}" = "1" ]; then
  step "pkg-node/ skipped (SKIP_NODE_PKG=1)"
else
  step "wasm-pack build --target nodejs --release -> pkg-node/"
  timed wasm-pack build --target nodejs --release --mode no-install --out-dir pkg-node
fi

rm -rf www/pkg
mkdir -p www/pkg
cp pkg/napoleonic.d.ts www/pkg/

# One module per ruleset, with wasm-opt as Cargo.toml sets it: a page playing one game downloads
# that game's module only.
for pair in "${RULESETS[@]}"; do
  ruleset="${pair%%:*}" feature="${pair#*:}"
  step "wasm-pack build --target web --release --no-default-features --features $feature -> www/pkg/$ruleset/"
  timed wasm-pack build --target web --release --mode no-install --out-dir "pkg-web/$ruleset" -- --no-default-features --features "$feature"
  mkdir -p "www/pkg/$ruleset"
  cp "pkg-web/$ruleset/napoleonic.js" "pkg-web/$ruleset/napoleonic_bg.wasm" "www/pkg/$ruleset/"
done
ls -l www/pkg www/pkg/*/

# Bundled into the page: its start screen is drawn from it before any module has loaded.
step "the engine's catalogue -> www/pkg/catalogue.json (and each module checked against it)"
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/catalogue.mjs

step "tsc --noEmit (typecheck www/src against the generated pkg types)"
timed tsc --noEmit -p tsconfig.json

# Two entries: the page (the <napoleonic-game> element, its stylesheet style.css bundled in as
# text), and the computer opponent's Web Worker (its own wasm instance).
# Minified (the source maps keep the sources): main.js crosses a slow line with the wasm before
# the engine is ready, 61 KB instead of 74 KB once brotli'd.
step "esbuild www/src/main.ts www/src/worker.ts -> www/dist/"
rm -rf www/dist
timed esbuild www/src/main.ts www/src/worker.ts --bundle --format=esm --platform=browser --target=es2022 \
  --loader:.css=text --define:MODULES_DIR='"../pkg/"' --minify --sourcemap --outdir=www/dist --log-level=warning

# The element's interface for publishers' tools (attributes, events, parts, custom properties).
step "custom-elements.json (@custom-elements-manifest/analyzer) -> www/custom-elements.json"
timed node scripts/manifest.mjs

# scripts/serve.sh and the e2e tests send these to browsers that accept them (Content-Encoding).
step "precompress the page's files (.br, .gz beside each)"
timed node scripts/compress.mjs www/index.html www/dist www/pkg

# serve.sh rebuilds only when a source is newer than this stamp.
touch www/.built
trap - EXIT
step "build done in $((SECONDS - started)) s; the page's engine modules (bytes, gzip, brotli):"
for pair in "${RULESETS[@]}"; do
  wasm="www/pkg/${pair%%:*}/napoleonic_bg.wasm"
  printf '    %-48s %9s %9s %9s\n' "$wasm" "$(stat -c %s "$wasm")" "$(stat -c %s "$wasm.gz")" "$(stat -c %s "$wasm.br")"
done
