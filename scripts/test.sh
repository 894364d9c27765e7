#!/usr/bin/env bash
# Run every test: setup, all Rust tests (release), a short fuzz run, the wasm + page build, then
# the end-to-end tests in headless Chromium. A failing Rust test does not stop the build and the
# end-to-end tests (so one run reports everything); a failing setup or build stops what depends
# on it.
# Exits non-zero if anything failed, with a summary of every phase and its time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n==> %s\n' "$*"; }

started=$SECONDS
declare -a summary=()
failed=0

# phase NAME COMMAND...: run it, record PASS/FAIL and the time; returns the command's status.
phase() {
  local name="$1"; shift
  local t=$SECONDS rc=0
  step "$name"
  "$@" || rc=$?
  if [ "$rc" -eq 0 ]; then
    summary+=("$(printf 'PASS  %-26s %5s s' "$name" "$((SECONDS - t))")")
  else
    summary+=("$(printf 'FAIL  %-26s %5s s  (exit %s)' "$name" "$((SECONDS - t))" "$rc")")
    failed=1
  fi
  return "$rc"
}
skip() { summary+=("$(printf 'SKIP  %-26s         (%s)' "$1" "$2")"); }

finish() {
  step "summary ($((SECONDS - started)) s)"
  printf '    %s\n' "${summary[@]}"
  if [ "$failed" -ne 0 ]; then
    printf '\ntest.sh: FAILED\n' >&2
    exit 1
  fi
  printf '\ntest.sh: all tests passed\n'
}

if ! phase "setup" "$ROOT/scripts/setup.sh"; then
  skip "cargo test --release" "setup failed"; skip "build" "setup failed"; skip "end-to-end (Chromium)" "setup failed"
  finish
fi
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

check_scenarios() {
  local f rc=0
  for f in "$ROOT"/scenarios/check_*.py; do
    python3 "$f" >/tmp/check-scenario.log 2>&1 || { cat /tmp/check-scenario.log; echo "FAILED: $f"; rc=1; }
    tail -n 1 /tmp/check-scenario.log
  done
  return "$rc"
}
phase "scenario data checkers" check_scenarios || true

phase "cargo test --release" cargo test --release --no-fail-fast || true

# A short coverage-guided run of every fuzz target (15 s each; FUZZ_MINUTES sets the total).
phase "fuzz (scripts/fuzz.sh)" "$ROOT/scripts/fuzz.sh" "${FUZZ_MINUTES:-0.5}" || true

if phase "build" "$ROOT/scripts/build.sh"; then
  phase "wasm API under Node" node "$ROOT/tests/node/api.mjs" || true
  phase "engine modules under Node" node "$ROOT/tests/node/modules.mjs" || true
  phase "play by email under Node" node "$ROOT/tests/node/mail.mjs" || true
  phase "end-to-end (Chromium)" node "$ROOT/tests/e2e/run.mjs" || true
  phase "npm package (installed)" node "$ROOT/tests/package/run.mjs" || true
else
  skip "end-to-end (Chromium)" "build failed"
fi

finish
