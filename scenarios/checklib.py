"""What the scenario checkers (check_*.py) share: one PASS/FAIL line per check, and the
summary that makes the checker fail (exit status 1) when any check failed."""
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


def finish():
    """Print how many checks passed; exit 1 naming the failed ones, else 0."""
    n = _COUNT[0]
    print(f"\n{n - len(FAILS)}/{n} checks passed")
    if FAILS:
        print("FAILED:\n  " + "\n  ".join(FAILS))
        sys.exit(1)
    sys.exit(0)
