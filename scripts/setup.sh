#!/usr/bin/env bash
# Install everything needed to build and test on a fresh Debian 12 machine (root, rustup Rust,
# Node 20, npm 11). Idempotent: what is already there at the right version is skipped.
# Only crates.io, npm, PyPI and Debian's archive are used; nothing is downloaded from GitHub.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

WASM_PACK_VERSION="0.15.1"

step() { printf '\n==> %s\n' "$*"; }
info() { printf '    %s\n' "$*"; }
fail() { printf '\nsetup.sh: ERROR: %s\n' "$*" >&2; exit 1; }
trap 'rc=$?; [ $rc -eq 0 ] || printf "\nsetup.sh: FAILED (exit %s) at line %s: %s\n" "$rc" "$LINENO" "$BASH_COMMAND" >&2' EXIT

started=$SECONDS

# --- Rust -------------------------------------------------------------------------------------
step "Rust toolchain"
if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi
command -v cargo >/dev/null 2>&1 || fail "cargo not found: install Rust with rustup first (https://rustup.rs)"
command -v rustup >/dev/null 2>&1 || fail "rustup not found: the wasm32 target is added with rustup"
export PATH="$HOME/.cargo/bin:$PATH"
info "$(rustc --version)"
info "$(cargo --version)"

step "rustup target add wasm32-unknown-unknown"
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  info "already installed"
else
  rustup target add wasm32-unknown-unknown
fi

# --- wasm-pack ----------------------------------------------------------------------------------
step "wasm-pack $WASM_PACK_VERSION"
have_pack="$(wasm-pack --version 2>/dev/null || true)"
if [ "$have_pack" = "wasm-pack $WASM_PACK_VERSION" ]; then
  info "already installed: $have_pack"
else
  info "found: ${have_pack:-none}; installing from crates.io (a few minutes)"
  cargo install wasm-pack --version "$WASM_PACK_VERSION"
fi

# --- wasm-bindgen-cli at the lockfile's version ----------------------------------------------------
[ -f Cargo.lock ] || fail "Cargo.lock is missing: it must be committed (it pins wasm-bindgen)"
BINDGEN_VERSION="$(awk '
  $0 == "name = \"wasm-bindgen\"" { found = 1; next }
  found && /^version = / { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock)"
[ -n "$BINDGEN_VERSION" ] || fail "no wasm-bindgen package in Cargo.lock"
step "wasm-bindgen-cli $BINDGEN_VERSION (the version of wasm-bindgen in Cargo.lock)"
have_bindgen="$(wasm-bindgen --version 2>/dev/null || true)"
if [ "$have_bindgen" = "wasm-bindgen $BINDGEN_VERSION" ]; then
  info "already installed: $have_bindgen"
else
  info "found: ${have_bindgen:-none}; installing from crates.io (a few minutes)"
  # Never --locked: the CLI's own lockfile pins a webpki-roots version crates.io lacks.
  cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
fi
[ "$(wasm-bindgen --version)" = "wasm-bindgen $BINDGEN_VERSION" ] ||
  fail "wasm-bindgen on PATH is '$(wasm-bindgen --version)', expected $BINDGEN_VERSION"

# --- nightly Rust and cargo-fuzz, for scripts/fuzz.sh ------------------------------------------------
step "nightly toolchain and cargo-fuzz (coverage-guided fuzzing, scripts/fuzz.sh)"
if rustup run nightly rustc --version >/dev/null 2>&1; then
  info "nightly already installed: $(rustup run nightly rustc --version)"
else
  rustup toolchain install nightly --profile minimal
fi
if have_fuzz="$(cargo fuzz --version 2>/dev/null)"; then
  info "already installed: $have_fuzz"
else
  info "installing cargo-fuzz from crates.io (a few minutes)"
  cargo install cargo-fuzz --locked
fi

# --- Chromium for the end-to-end tests -------------------------------------------------------------
step "Chromium (Debian packages chromium, chromium-driver)"
if [ -x /usr/bin/chromium ]; then
  info "already installed: $(/usr/bin/chromium --version 2>/dev/null | head -n1)"
else
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "not root and no sudo: install chromium chromium-driver by hand"
    SUDO="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get install -y chromium chromium-driver; then
    info "install failed; running apt-get update and retrying"
    $SUDO apt-get update
    $SUDO apt-get install -y chromium chromium-driver
  fi
  [ -x /usr/bin/chromium ] || fail "/usr/bin/chromium is still missing after apt-get install"
fi

# --- Node packages --------------------------------------------------------------------------------
step "npm ci (typescript, esbuild, binaryen's wasm-opt, playwright-core)"
command -v node >/dev/null 2>&1 || fail "node not found: Node 20 or newer is needed"
command -v npm >/dev/null 2>&1 || fail "npm not found"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 20 ] || fail "Node $(node --version) is too old: 20 or newer is needed"
info "node $(node --version), npm $(npm --version)"
[ -f package-lock.json ] || fail "package-lock.json is missing: it must be committed"
stamp="node_modules/.setup-lock-sha256"
want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x node_modules/.bin/wasm-opt ]; then
  info "node_modules already matches package-lock.json"
else
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
info "$(node_modules/.bin/wasm-opt --version) (npm binaryen; Debian's binaryen is never used)"
if command -v wasm-opt >/dev/null 2>&1 && [ "$(command -v wasm-opt)" != "$ROOT/node_modules/.bin/wasm-opt" ]; then
  info "note: another wasm-opt is on PATH at $(command -v wasm-opt); build.sh puts node_modules/.bin first"
fi

trap - EXIT
step "setup done in $((SECONDS - started)) s"
