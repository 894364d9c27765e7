#!/usr/bin/env bash
# Benchmark the Bailén engine natively and in wasm, on the same random games, then run the
# criterion benchmarks. Run scripts/setup.sh once first (wasm-pack, wasm-bindgen, npm tools).
#
#   scripts/bench.sh                 everything (about 3-5 minutes)
#   BENCH_GAMES=200 scripts/bench.sh  a fixed number of games (default: enough for ~3 s in wasm)
#   BENCH_SEED=7 scripts/bench.sh     another first seed (game g uses seed + g)
#   BENCH_NO_CRITERION=1 scripts/bench.sh   skip `cargo bench --bench bailen`
#   BENCH_NO_BUILD=1 scripts/bench.sh       use www/pkg/ and pkg-node/ as they are, even if stale
#
# Targets (from the issue): worst prompt+apply under 1 ms; 1,000 random games/s natively;
# wasm at least 0.7 of native; a complete game's saved string under 4 KB; report the gzipped
# wasm size. "native" is the bench profile (opt-level 3, what `cargo bench` uses); the release
# profile (opt-level "s", the same optimisation as the wasm) is shown as well.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nbench.sh: ERROR: %s\n' "$*" >&2; exit 1; }

SEED="${BENCH_SEED:-1}"
GAMES="${BENCH_GAMES:-}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

step "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (other builds skew the figures)"

# --- wasm packages ---------------------------------------------------------------------------------
need_build=""
for f in pkg-node/napoleonic.js pkg-node/napoleonic_bg.wasm www/pkg/bailen/napoleonic_bg.wasm; do
  [ -f "$f" ] || need_build="$f is missing"
done
if [ -z "$need_build" ] && [ -z "${BENCH_NO_BUILD:-}" ]; then
  newer="$(find src Cargo.toml Cargo.lock -newer pkg-node/napoleonic_bg.wasm -type f 2>/dev/null | head -n1)"
  [ -z "$newer" ] || need_build="$newer is newer than pkg-node/"
fi
if [ -n "$need_build" ]; then
  step "scripts/build.sh ($need_build)"
  scripts/build.sh
else
  step "www/pkg/ and pkg-node/ are up to date: no wasm build"
fi

# --- native binaries (both profiles; each build overwrites target/release/examples/) -----------------
step "cargo build --profile bench --example bench_native (opt-level 3)"
cargo build --profile bench --example bench_native
cp target/release/examples/bench_native "$TMP/bench_native_opt3"
step "cargo build --release --example bench_native (opt-level s, as the wasm)"
cargo build --release --example bench_native
cp target/release/examples/bench_native "$TMP/bench_native_opts"

# --- the same random games in wasm and natively ------------------------------------------------------
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

step "wasm: node bench/wasm-bench.mjs ${GAMES:+--games $GAMES }--seed $SEED"
wasm_out="$(node bench/wasm-bench.mjs ${GAMES:+--games "$GAMES"} --seed "$SEED")"
echo "$wasm_out"
wasm_line="$(grep '^wasm games=' <<<"$wasm_out")"
GAMES="$(field games "$wasm_line")"
size_line="$(grep '^wasm size' <<<"$wasm_out" || true)"

step "native opt-level 3: bench_native $GAMES $SEED"
opt3_line="$("$TMP/bench_native_opt3" "$GAMES" "$SEED" | tail -n1)"
echo "$opt3_line"
step "native opt-level s: bench_native $GAMES $SEED"
opts_line="$("$TMP/bench_native_opts" "$GAMES" "$SEED" | tail -n1)"
echo "$opts_line"

wasm_actions="$(field actions "$wasm_line")"
for line in "$opt3_line" "$opts_line"; do
  [ "$(field actions "$line")" = "$wasm_actions" ] ||
    fail "native and wasm played different games: $wasm_actions actions in wasm, $(field actions "$line") natively"
done

wasm_gps="$(field games_per_s "$wasm_line")"
opt3_gps="$(field games_per_s "$opt3_line")"
opts_gps="$(field games_per_s "$opts_line")"
summary="$(awk -v w="$wasm_gps" -v n3="$opt3_gps" -v ns="$opts_gps" -v g="$GAMES" -v a="$wasm_actions" \
  -v wa="$(field actions_per_s "$wasm_line")" -v n3a="$(field actions_per_s "$opt3_line")" \
  -v nsa="$(field actions_per_s "$opts_line")" 'BEGIN {
  printf "same %d games (%d actions, Options::all(), seeds from '"$SEED"'):\n", g, a
  printf "  native opt-level 3: %8.1f games/s %9d actions/s   (target 1000 games/s: %s)\n", n3, n3a, (n3 >= 1000 ? "met" : "NOT met")
  printf "  native opt-level s: %8.1f games/s %9d actions/s\n", ns, nsa
  printf "  wasm (Node):        %8.1f games/s %9d actions/s\n", w, wa
  printf "  ratio wasm/native:  %.2f of opt-level 3 (target 0.7: %s), %.2f of opt-level s\n", w / n3, (w / n3 >= 0.7 ? "met" : "NOT met"), w / ns
}')"
step "wasm vs native"
echo "$summary"
[ -z "$size_line" ] || echo "  $size_line"

# --- criterion -------------------------------------------------------------------------------------------
if [ -z "${BENCH_NO_CRITERION:-}" ]; then
  step "cargo bench --bench bailen"
  cargo bench --bench bailen 2>&1 | tee "$TMP/criterion.txt"
  step "summary"
  echo "$summary"
  [ -z "$size_line" ] || echo "  $size_line"
  grep -E '^[0-9]+ actions: mean|^length: min' "$TMP/criterion.txt" | sed 's/^/  /'
  grep -A1 -E '^worst actions' "$TMP/criterion.txt" | tail -n1 | sed 's/^ */  worst: /'
  grep -E '^(prompt_apply|random_games|saved_game)/' -A2 "$TMP/criterion.txt" | grep -E '^[a-z_]+/|thrpt|time:' | sed 's/^ */  /'
fi
