#!/usr/bin/env bash
# Coverage-guided fuzzing of every ruleset with cargo-fuzz (libFuzzer, nightly Rust). The
# targets (fuzz/fuzz_targets/) are `import` (arbitrary bytes as a saved string) and `apply`
# (arbitrary bytes as steps of a game); their bodies are tests/common/fuzz.rs, which
# `cargo test --test fuzz_replay` also replays on stable. Run scripts/setup.sh once first.
#
#   scripts/fuzz.sh MINUTES        fuzz for MINUTES in all (default 1; fractions allowed),
#                                  shared equally by the targets, one after the other
#   FUZZ_TARGETS="apply" ...       only these targets
#   FUZZ_SANITIZER=address ...     build with a sanitizer (default none: the crate is safe
#                                  Rust, and libFuzzer catches panics and stack overflows)
#   FUZZ_SKIP_TYPES="muskets-battle:Command" ...   the apply target does not apply offered
#                                  actions of these types: to fuzz past a crash already reported
#
# fuzz/<target>.dict, if there, is the target's libFuzzer dictionary (action tags, field names).
# Each target reads the committed corpus fuzz/corpus/<target>/ (seeds and the inputs of fixed
# crashes) and writes what it learns to fuzz/corpus-work/<target>/ (not committed). Crashes go
# to fuzz/artifacts/<target>/; minimise one with `cargo +nightly fuzz tmin <target> <file>` and
# commit it to fuzz/corpus/<target>/ with a regression test in tests/fuzz_replay.rs.
# Prints the CPU-minutes used and the number of crashes; exits non-zero if there was any.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT/fuzz"
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nfuzz.sh: ERROR: %s\n' "$*" >&2; exit 1; }

MINUTES="${1:-1}"
read -r -a TARGETS <<<"${FUZZ_TARGETS:-import apply}"
SANITIZER="${FUZZ_SANITIZER:-none}"
awk -v m="$MINUTES" 'BEGIN { exit !(m + 0 > 0) }' || fail "MINUTES must be a positive number, not '$MINUTES'"
SECONDS_EACH="$(awk -v m="$MINUTES" -v n="${#TARGETS[@]}" 'BEGIN { s = int(m * 60 / n); print (s < 1 ? 1 : s) }')"

rustup run nightly rustc --version >/dev/null 2>&1 || fail "no nightly toolchain: run scripts/setup.sh"
cargo +nightly fuzz --version >/dev/null 2>&1 || fail "cargo-fuzz missing: run scripts/setup.sh"

step "cargo +nightly fuzz build -s $SANITIZER (${TARGETS[*]})"
for t in "${TARGETS[@]}"; do
  cargo +nightly fuzz build -s "$SANITIZER" "$t"
done

total_cpu=0
total_crashes=0
report=()
for t in "${TARGETS[@]}"; do
  mkdir -p "corpus-work/$t" "corpus/$t" "artifacts/$t"
  before="$(find "artifacts/$t" -type f | wc -l)"
  touch "artifacts/.stamp-$t"
  step "fuzz $t for $SECONDS_EACH s"
  dict=()
  [ -f "$t.dict" ] && dict=(-dict="$t.dict")
  rc=0
  # Fork mode with one worker keeps going after a crash, so every crash of the run is counted.
  /usr/bin/time -f '%U %S' -o "artifacts/.time-$t" \
    cargo +nightly fuzz run -s "$SANITIZER" "$t" "corpus-work/$t" "corpus/$t" -- \
      -max_total_time="$SECONDS_EACH" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -timeout=20 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 "${dict[@]}" \
      >"artifacts/.log-$t" 2>&1 || rc=$?
  tail -n 5 "artifacts/.log-$t"
  cpu="$(awk '{ printf "%.2f", ($1 + $2) / 60 }' "artifacts/.time-$t")"
  crashes=$(( $(find "artifacts/$t" -type f | wc -l) - before ))
  if [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ]; then
    cat "artifacts/.log-$t" >&2
    fail "cargo fuzz run $t exited with $rc and left no crash input"
  fi
  total_cpu="$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN { printf "%.2f", a + b }')"
  total_crashes=$(( total_crashes + crashes ))
  report+=("$(printf '%-8s %5s s  %6s CPU-minutes  %s crash(es)  corpus %s inputs' "$t" "$SECONDS_EACH" "$cpu" "$crashes" \
    "$(find "corpus-work/$t" "corpus/$t" -type f | wc -l)")")
  # Each new crash input, replayed once to show where it panicked.
  while read -r f; do
    [ -n "$f" ] || continue
    where="$(timeout 60 "target/x86_64-unknown-linux-gnu/release/$t" "$f" 2>&1 | grep -m1 -A1 'panicked at' | tr '\n' ' ' || true)"
    printf '    %s: %s\n' "$f" "${where:-(no panic message)}"
  done < <(find "artifacts/$t" -type f -newer "artifacts/.stamp-$t" | sort)
done

step "fuzz summary"
printf '    %s\n' "${report[@]}"
printf '    total: %s CPU-minutes, %s crash(es)\n' "$total_cpu" "$total_crashes"
[ "$total_crashes" -eq 0 ] || fail "$total_crashes crash(es): inputs in fuzz/artifacts/"
