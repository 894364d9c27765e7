"""What the scenario checkers (check_*.py) share: one PASS/FAIL line per check, and the
summary that makes the checker fail (exit status 1) when any check failed."""
import json
import os
import sys

FAILS = []
_COUNT = [0]


def check(ok, what, detail=""):
    """Print PASS or FAIL for `what` (with `detail` on a failure) and return whether it held."""
    _COUNT[0] += 1
    print(("PASS " if ok else "FAIL ") + what + ("" if ok or not detail else f"  -- {detail}"))
    if not ok:
        FAILS.append(what)
    return bool(ok)


def load_json(path):
    """The JSON document at `path`; a checker that cannot read it fails at once, saying why."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except Exception as e:  # noqa: BLE001
        print(f"FAIL load {path}: {e}")
        sys.exit(1)


def finish():
    """Print how many checks passed; exit 1 naming the failed ones, else 0."""
    n = _COUNT[0]
    print(f"\n{n - len(FAILS)}/{n} checks passed")
    if FAILS:
        print("FAILED:\n  " + "\n  ".join(FAILS))
        sys.exit(1)
    sys.exit(0)


def find_rulebook(here, name):
    """The rulebook text `name`: the path given as the checker's second argument, then
    $MUSKETS_RULEBOOK, then shared/seeds/`name` in `here` or up to four folders above it; None
    when it is nowhere (the checks against its text are then skipped with a warning)."""
    cands = sys.argv[2:3]
    if os.environ.get("MUSKETS_RULEBOOK"):
        cands.append(os.environ["MUSKETS_RULEBOOK"])
    d = here
    for _ in range(5):
        cands.append(os.path.join(d, "shared", "seeds", name))
        d = os.path.dirname(d)
    return next((c for c in cands if c and os.path.isfile(c)), None)
