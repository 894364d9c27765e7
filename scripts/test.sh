#!/usr/bin/env bash
# Run every test: setup, all Rust tests (release), the wasm + page build, then the end-to-end
# tests in headless Chromium. Exits non-zero on the first failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n==> %s\n' "$*"; }
trap 'rc=$?; [ $rc -eq 0 ] || printf "\ntest.sh: FAILED (exit %s) at: %s\n" "$rc" "$BASH_COMMAND" >&2' EXIT

started=$SECONDS
declare -a timings=()
phase() {
  local name="$1"; shift
  local t=$SECONDS
  step "$name"
  "$@"
  timings+=("$(printf '%-28s %4s s' "$name" "$((SECONDS - t))")")
}

phase "setup" "$ROOT/scripts/setup.sh"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
phase "cargo test --release" cargo test --release
phase "build" "$ROOT/scripts/build.sh"
phase "end-to-end (Chromium)" node "$ROOT/tests/e2e/run.mjs"

trap - EXIT
step "all tests passed in $((SECONDS - started)) s"
printf '    %s\n' "${timings[@]}"
