#!/usr/bin/env python3
"""Consistency checks for scenarios/napoleons_battles.json (Napoleon's Battles, a miniatures game
on a table measured in inches).

Usage: python3 scenarios/check_napoleons_battles.py [path/to/napoleons_battles.json]

Prints one PASS/FAIL line per check and a per-side summary of figures; exits 1 if any check
fails. Standard library only.

The file must deserialize into src/games/napoleons_battles/scenario.rs (`deny_unknown_fields`
everywhere), so the first checks repeat its key sets. Lengths are integers in hundredths of an
inch, x east, y north, origin at the south-west corner; facings are whole-degree compass
bearings. What it checks, with the nb-gaps.md section each check comes from:
- the unit types: the keys of each arm, the a.3 bases, the a.4 allowances and costs by class,
  the a.7 card values (target number, melee modifiers, disorder, rout, response);
- per scenario: the table, the sides (b.8), the terrain (a.5: polygons simple and inside the
  table, lines inside it, a bridge where a road crosses a stream, the 16-gon discs of c.3);
- the generals: ratings parse as span"Q(response)+-combat with Q in E G A P (General (1), a.10,
  D4), superiors of a higher level on the same side, every chain of command ending at exactly
  one Overall commander per side (Command control (1), D7);
- the units: types exist, their general is a division commander of the same side, at most 8
  bases (a.3), formation allowed for the arm, calibre for and only for artillery (a.8);
- the footprints (a.3, rotated by facing): on the table, none overlapping (b.2, b.8), and for
  Medina de Rioseco the footprint columns of c.4/c.5 and the figure totals of §c;
- every unit type, terrain piece, general and unit has a `source`.
Information lines (not checks) list, per scenario, units outside their division commander's span
at set-up, which is allowed.
"""
import json
import math
import os
import re
import sys
from collections import defaultdict

PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "napoleons_battles.json")

from checklib import check, finish, load_json

D = load_json(PATH)

EPS = 1e-6  # hundredths
FORMATIONS = {"COL", "LIN", "MCH_COL", "SQ", "LIM", "ULM"}
ARM_FORMATIONS = {"infantry": {"COL", "LIN", "MCH_COL"}, "cavalry": {"COL", "LIN", "MCH_COL"}, "artillery": {"LIM", "ULM"}}
NATIONS = {"french", "spanish", "british", "kgl", "portuguese", "austrian"}
SIDES = {"French", "Allied"}
EDGES = {"north", "east", "south", "west"}
LEVELS = ["overall", "wing", "corps", "division"]
KINDS = {"town", "woods", "rough", "steep", "ravine", "enclosure", "stream", "road", "marsh", "hill", "bridge"}
CALIBRES = {"4lb", "6lb", "8lb", "12lb", "howitzer"}
RATING = re.compile(r'^(\d+)(?:\.(\d))?"([EGAP])\((\d+)\)([+-]\d+)$')

# ---- key sets of scenario.rs (required, optional)
KEYS = {
    "file": ({"schema_version", "unit_types", "scenarios"}, set()),
    "type": ({"source", "name", "arm", "nation", "base", "move_allowance", "change_formation", "rough", "backward_sideways",
              "target_number", "melee", "disorder", "rout", "response"},
             {"horse", "rough_unlimbered", "square", "fire", "range", "target_number_limbered"}),
    "base": ({"width", "depth", "figures"}, {"depth_limbered"}),
    "melee": ({"column", "line"}, {"vs_other", "square_vs_cavalry"}),
    "scenario": ({"id", "title", "description", "source", "table", "turns", "start_time", "first_player", "sides", "terrain", "generals", "units"}, set()),
    "table": ({"width", "height"}, set()),
    "side": ({"side", "name", "retreat_edge", "break_at"}, set()),
    "terrain": ({"name", "kind", "source"}, {"level", "objective", "polygon", "line", "width"}),
    "general": ({"id", "name", "side", "level", "rating", "at", "superior", "source"}, set()),
    "unit": ({"id", "name", "side", "type", "figures", "formation", "front", "facing", "general", "source"}, {"calibre", "response"}),
}


def keys_ok(obj, kind, label):
    req, opt = KEYS[kind]
    if not isinstance(obj, dict):
        return check(False, f"{label}: is an object")
    missing, unknown = req - set(obj), set(obj) - req - opt
    return check(not missing and not unknown, f"{label}: keys as scenario.rs expects",
                 f"missing {sorted(missing)}, unknown {sorted(unknown)}")


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


# ------------------------------------------------------------------ stand-in tables of nb-gaps.md
# a.4, hundredths: class -> (COL, LIN, MCH_COL, CG FM, RGH, SQ, BCK/SID)
INF_CLASS = {"drilled": (800, 600, 1200, 200, [2, 1], [2, 1], [2, 1]), "light": (800, 700, 1200, 100, [3, 2], [2, 1], [3, 2]),
             "conscript": (800, 500, 1200, 200, [2, 1], [2, 1], [2, 1]), "raw": (700, 400, 1200, 300, [2, 1], [3, 1], [3, 1])}
CAV_CLASS = {"light": (1400, 1200, 1800, 200, [3, 1], [2, 1]), "heavy": (1200, 1000, 1800, 200, [3, 1], [2, 1]),
             "raw": (1200, 900, 1800, 300, [3, 1], [3, 1])}
ART_CLASS = {False: (800, 100, 300), True: (1400, 200, 200)}  # horse? -> LIM, ULM, CG FM
# a.2 class and a.7 card: id -> (class, fire, TN, COL, LIN, VS OT, SQ VS CV, disorder, rout, response)
INF_CARD = {
    "FR-GD-INF": ("drilled", 1, 5, 3, 2, -1, 4, 4, 6, 8), "FR-LN-INF": ("drilled", 0, 4, 2, 1, -2, 3, 3, 5, 6),
    "FR-LT-INF": ("light", 1, 4, 2, 1, -2, 3, 3, 5, 6), "FR-PRV-INF": ("conscript", -1, 4, 1, 0, -3, 2, 3, 4, 5),
    "SP-REG-INF": ("conscript", -1, 4, 1, 1, -3, 2, 3, 4, 5), "SP-LT-INF": ("light", 0, 4, 0, 1, -3, 2, 3, 4, 5),
    "SP-MIL-INF": ("raw", -1, 4, 0, 0, -4, 1, 2, 3, 4), "SP-LEV-INF": ("raw", -2, 3, -1, -1, -5, 0, 2, 3, 3),
    "BR-LN-INF": ("drilled", 1, 4, 1, 2, -2, 3, 3, 5, 6), "BR-LT-INF": ("light", 2, 4, 1, 1, -2, 3, 3, 5, 6),
    "PT-LN-INF": ("conscript", 0, 4, 1, 1, -3, 2, 3, 4, 5),
}
# id -> (class, TN, COL, LIN, VS OT, disorder, rout, response)
CAV_CARD = {
    "FR-GD-CAV": ("heavy", 5, 2, 3, 4, 4, 5, 7), "FR-HV-CAV": ("heavy", 5, 2, 3, 4, 3, 5, 6), "FR-LT-CAV": ("light", 4, 1, 2, 3, 3, 4, 6),
    "SP-HV-CAV": ("heavy", 5, 2, 3, 3, 3, 4, 6), "SP-LN-CAV": ("raw", 4, 0, 1, 2, 2, 3, 4), "BR-HV-CAV": ("heavy", 5, 2, 3, 4, 3, 5, 6),
    "BR-LT-CAV": ("light", 4, 1, 2, 3, 3, 4, 6), "KGL-CAV": ("light", 4, 1, 2, 3, 3, 5, 6),
}
# id -> (horse, LIM, ULM, disorder, rout, response); SP-HS-ART is this file's addition (README)
ART_CARD = {
    "FR-FT-ART": (False, -4, -1, 2, 3, 6), "BR-FT-ART": (False, -4, -1, 2, 3, 6), "FR-HS-ART": (True, -3, -1, 2, 3, 6),
    "BR-HS-ART": (True, -3, -1, 2, 3, 6), "SP-FT-ART": (False, -4, -1, 2, 3, 5), "SP-HS-ART": (True, -3, -1, 2, 3, 5),
}
NATION_OF = {"FR": "french", "SP": "spanish", "BR": "british", "KGL": "kgl", "PT": "portuguese"}

# ------------------------------------------------------------------ top level and unit types
keys_ok(D, "file", "file")
check(D.get("schema_version") == 1, "file: schema_version is 1")
TYPES = D.get("unit_types", {})
check(isinstance(TYPES, dict) and TYPES, "file: unit_types is a non-empty map")
for tid in list(INF_CARD) + list(CAV_CARD) + list(ART_CARD):
    check(tid in TYPES, f"unit type {tid} (nb-gaps.md a.2/a.7) is present")

for tid, t in TYPES.items():
    lab = f"unit type {tid}"
    if not keys_ok(t, "type", lab):
        continue
    keys_ok(t["base"], "base", f"{lab}: base")
    keys_ok(t["melee"], "melee", f"{lab}: melee")
    check(isinstance(t["source"], str) and t["source"].strip(), f"{lab}: source present")
    check(t["nation"] in NATIONS and t["nation"] == NATION_OF.get(tid.split("-")[0]), f"{lab}: nation {t['nation']} fits its id")
    arm = t["arm"]
    check(arm in ARM_FORMATIONS, f"{lab}: arm is infantry, cavalry or artillery")
    ma = t["move_allowance"]
    check(set(ma) == ARM_FORMATIONS.get(arm, set()), f"{lab}: move_allowance has exactly the formations of its arm", str(sorted(ma)))
    b, m = t["base"], t["melee"]
    if arm == "infantry":
        cls, fire, tn, col, lin, vsot, sq, dis, rout, resp = INF_CARD.get(tid, (None,) * 10)
        check(tid in INF_CARD, f"{lab}: an a.7 infantry card")
        check((b["width"], b["depth"], b["figures"], b.get("depth_limbered")) == (100, 75, 4, None), f"{lab}: base 1\" x 0.75\", 4 figures (a.3)")
        if cls:
            c, l, mc, cg, rgh, sqr, bck = INF_CLASS[cls]
            check((ma.get("COL"), ma.get("LIN"), ma.get("MCH_COL"), t["change_formation"], t["rough"], t.get("square"), t["backward_sideways"]) == (c, l, mc, cg, rgh, sqr, bck),
                  f"{lab}: a.4 {cls} infantry allowances and costs")
            check((t.get("fire"), t.get("range"), t["target_number"], m.get("column"), m.get("line"), m.get("vs_other"), m.get("square_vs_cavalry"), t["disorder"], t["rout"], t["response"])
                  == (fire, 300, tn, col, lin, vsot, sq, dis, rout, resp), f"{lab}: a.7 card (fire, range 3\", TN, melee, disorder, rout, response)")
        check("target_number_limbered" not in t and "rough_unlimbered" not in t and not t.get("horse", False), f"{lab}: no artillery fields")
    elif arm == "cavalry":
        cls, tn, col, lin, vsot, dis, rout, resp = CAV_CARD.get(tid, (None,) * 8)
        check(tid in CAV_CARD, f"{lab}: an a.7 cavalry card")
        check((b["width"], b["depth"], b["figures"], b.get("depth_limbered")) == (100, 100, 2, None), f"{lab}: base 1\" x 1\", 2 figures (a.3)")
        if cls:
            c, l, mc, cg, rgh, bck = CAV_CLASS[cls]
            check((ma.get("COL"), ma.get("LIN"), ma.get("MCH_COL"), t["change_formation"], t["rough"], t["backward_sideways"]) == (c, l, mc, cg, rgh, bck),
                  f"{lab}: a.4 {cls} cavalry allowances and costs")
            check((t["target_number"], m.get("column"), m.get("line"), m.get("vs_other"), t["disorder"], t["rout"], t["response"]) == (tn, col, lin, vsot, dis, rout, resp),
                  f"{lab}: a.7 card (TN, melee, disorder, rout, response)")
        check(all(k not in t for k in ("fire", "range", "square", "target_number_limbered", "rough_unlimbered")) and "square_vs_cavalry" not in m,
              f"{lab}: no fire, range, square or artillery fields")
    elif arm == "artillery":
        horse, lim, ulm, dis, rout, resp = ART_CARD.get(tid, (None,) * 6)
        check(tid in ART_CARD, f"{lab}: an a.7 artillery card")
        check((b["width"], b["depth"], b.get("depth_limbered"), b["figures"]) == (100, 150, 200, 3), f"{lab}: base 1\" x 1.5\" (2\" limbered), 3 crew (a.3)")
        if horse is not None:
            a, u, cg = ART_CLASS[horse]
            check(t.get("horse", False) == horse, f"{lab}: horse flag {horse}")
            check((ma.get("LIM"), ma.get("ULM"), t["change_formation"], t["rough"], t.get("rough_unlimbered"), t["backward_sideways"]) == (a, u, cg, [3, 1], [2, 1], [2, 1]),
                  f"{lab}: a.4 {'horse' if horse else 'foot'} artillery allowances and costs")
            check((t["target_number"], t.get("target_number_limbered"), m.get("column"), m.get("line"), t["disorder"], t["rout"], t["response"]) == (4, 3, lim, ulm, dis, rout, resp),
                  f"{lab}: a.7 card (TN 4, 3 limbered, LIM/ULM melee, disorder, rout, response)")
        check(all(k not in t for k in ("fire", "range", "square")) and "vs_other" not in m and "square_vs_cavalry" not in m,
              f"{lab}: no fire (calibre decides), range, square or VS OT")


# ------------------------------------------------------------------ geometry helpers (floats, hundredths)
def bases(t, figures):
    return min(8, -(-figures // t["base"]["figures"]))


def footprint(t, figures, formation, front, facing):
    """The four corners (front-left, rear-left, rear-right, front-right) of the a.3 footprint."""
    w, d = t["base"]["width"], t["base"]["depth"]
    n = bases(t, figures)
    if t["arm"] == "artillery":
        fw, fd = w, (t["base"]["depth_limbered"] if formation == "LIM" else d)
    elif formation == "LIN":
        fw, fd = n * w, d
    elif formation == "MCH_COL":
        fw, fd = w, n * d
    else:  # COL, SQ
        k = min(n, 2)
        fw, fd = k * w, -(-n // k) * d
    th = math.radians(facing)
    fx, fy = math.sin(th), math.cos(th)  # forward
    rx, ry = math.cos(th), -math.sin(th)  # to the right
    x0, y0 = front
    pt = lambda a, s: (x0 + a * fx + s * rx, y0 + a * fy + s * ry)  # noqa: E731
    return [pt(0, -fw / 2), pt(-fd, -fw / 2), pt(-fd, fw / 2), pt(0, fw / 2)]


def sat_overlap(a, b):
    """Do the interiors of two convex polygons overlap (touching does not count)?"""
    for poly in (a, b):
        for i in range(len(poly)):
            p, q = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = q[1] - p[1], p[0] - q[0]
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            L = math.hypot(nx, ny)
            if max(pa) <= min(pb) + EPS * L or max(pb) <= min(pa) + EPS * L:
                return False
    return True


def seg_cross(p, q, r, s):
    """Proper or touching intersection of segments pq and rs."""
    def o(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return 0 if abs(v) < 1e-9 else (1 if v > 0 else -1)

    def on(a, b, c):
        return min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9 and min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9
    o1, o2, o3, o4 = o(p, q, r), o(p, q, s), o(r, s, p), o(r, s, q)
    if o1 != o2 and o3 != o4:
        return True
    return (o1 == 0 and on(p, q, r)) or (o2 == 0 and on(p, q, s)) or (o3 == 0 and on(r, s, p)) or (o4 == 0 and on(r, s, q))


def simple_polygon(poly):
    n = len(poly)
    if n < 3 or len({tuple(p) for p in poly}) != n:
        return False
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if seg_cross(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]):
                return False
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    return abs(area) > 0


def point_in_polygon(p, poly):
    x, y = p
    inside = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def point_seg_dist(p, a, b):
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0 if L2 == 0 else max(0, min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def point_rect_dist(p, rect):
    if point_in_polygon(p, rect):
        return 0.0
    return min(point_seg_dist(p, rect[i], rect[(i + 1) % 4]) for i in range(4))


def polyline_dist(p, line):
    return min(point_seg_dist(p, a, b) for a, b in zip(line, line[1:]))


def inch(v):
    return f"{v / 100:g}"


# c.4 / c.5 footprint columns of Medina de Rioseco: id -> (x0, x1, y0, y1) inches
C45 = {
    "F1": (58, 60.25, 7, 9), "F2": (58, 60.25, 12, 14), "F3": (60, 62.25, 16, 18), "F4": (61, 64, 29, 31), "F5": (66, 67.5, 26, 28),
    "F6": (62, 65, 37, 39), "F7": (66, 67, 32, 34), "F8": (57, 58.5, 14.5, 15.5), "F9": (57, 58.5, 17, 18), "F10": (60, 62, 26, 27),
    "F11": (62, 64, 41, 42),
    "S1": (45.25, 46, 21, 26), "S2": (45.25, 46, 4, 11), "S3": (45.25, 46, 12.5, 19.5), "S4": (46.25, 47, 27, 33), "S5": (41.75, 44, 34.5, 36.5),
    "S6": (39.25, 40, 21, 23), "S7": (46.5, 48, 11.5, 12.5), "S8": (46.5, 48, 19.75, 20.75), "S9": (47, 48.5, 25.25, 26.25),
    "S10": (27.75, 30, 39, 41), "S11": (23.75, 26, 42, 44), "S12": (30.5, 31.5, 36.5, 38.5), "S13": (26, 27, 36.5, 38.5),
}
# §c totals: (side, arm) -> figures
RIOSECO_TOTALS = {("French", "infantry"): 99, ("Allied", "infantry"): 172, ("Allied", "cavalry"): 8}
RIOSECO_RATINGS = {"bessieres": '14"G(6)+1', "merle": '6"G(6)+1', "mouton": '6"E(7)+2', "lasalle": '8"E(8)+2', "cuesta": '8"P(4)+1',
                   "blake": '10"G(6)+1', "maceda": '6"A(5)+0', "cagigal": '6"A(5)+0', "portago": '5"P(4)+0', "castile": '5"P(4)+0'}

# ------------------------------------------------------------------ scenarios
SCEN = D.get("scenarios", [])
check(isinstance(SCEN, list) and len(SCEN) >= 2, "file: at least two scenarios")
ids = [s.get("id") for s in SCEN]
check(len(set(ids)) == len(ids), "file: scenario ids unique")
check("medina-de-rioseco" in ids, "file: scenario medina-de-rioseco present (scenario.rs MEDINA_DE_RIOSECO)")

for S in SCEN:
    sid = S.get("id", "?")
    if not keys_ok(S, "scenario", f"[{sid}] scenario"):
        continue
    print(f"\n== {sid}: {S['title']}")
    check(all(isinstance(S[k], str) and S[k].strip() for k in ("title", "description", "source")), f"[{sid}] title, description and source present")
    keys_ok(S["table"], "table", f"[{sid}] table")
    W, Ht = S["table"]["width"], S["table"]["height"]
    check(is_int(W) and is_int(Ht) and W > 0 and Ht > 0, f"[{sid}] table {inch(W)}\" x {inch(Ht)}\"")
    check(is_int(S["turns"]) and 0 < S["turns"] < 256, f"[{sid}] turns {S['turns']}")
    check(bool(re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", S["start_time"])), f"[{sid}] start_time {S['start_time']} is HH:MM")
    check(S["first_player"] in SIDES, f"[{sid}] first_player is French or Allied")
    for sd in S["sides"]:
        keys_ok(sd, "side", f"[{sid}] side {sd.get('side')}")
    sides = {sd.get("side"): sd for sd in S["sides"]}
    check(sorted(sd.get("side") for sd in S["sides"]) == ["Allied", "French"], f"[{sid}] sides: French and Allied once each")
    check(all(sd.get("retreat_edge") in EDGES for sd in S["sides"]), f"[{sid}] sides: retreat edges valid")
    check(len({sd.get("retreat_edge") for sd in S["sides"]}) == 2, f"[{sid}] sides: different retreat edges")

    # ---- terrain
    for i, t in enumerate(S["terrain"]):
        lab = f"[{sid}] terrain {i} '{t.get('name')}'"
        if not keys_ok(t, "terrain", lab):
            continue
        check(isinstance(t["source"], str) and t["source"].strip(), f"{lab}: source present")
        check(t["kind"] in KINDS, f"{lab}: kind {t['kind']}")
        poly, line = t.get("polygon", []), t.get("line", [])
        check(bool(poly) != bool(line), f"{lab}: a polygon or a line, not both")
        pts = poly or line
        check(all(isinstance(p, list) and len(p) == 2 and all(is_int(c) for c in p) for p in pts), f"{lab}: integer points")
        check(all(0 <= x <= W and 0 <= y <= Ht for x, y in pts), f"{lab}: every point on the table")
        if poly:
            check(simple_polygon(poly), f"{lab}: polygon simple ({len(poly)} corners)")
            check("width" not in t or t["width"] == 0, f"{lab}: no width on a polygon")
        else:
            check(len(line) >= 2 and is_int(t.get("width")) and t["width"] > 0, f"{lab}: line of >= 2 points with a positive width ({inch(t.get('width', 0))}\")")
        check(is_int(t.get("level", 0)) and 0 <= t.get("level", 0) <= 255 and (t.get("level", 0) == 0 or t["kind"] == "hill"), f"{lab}: level {t.get('level', 0)} (hills only)")
        check(isinstance(t.get("objective", False), bool), f"{lab}: objective is a bool")
    roads = [t["line"] for t in S["terrain"] if t.get("kind") == "road" and t.get("line")]
    streams = [t["line"] for t in S["terrain"] if t.get("kind") == "stream" and t.get("line")]
    for t in S["terrain"]:
        if t.get("kind") == "bridge" and t.get("polygon"):
            cx = sum(p[0] for p in t["polygon"]) / len(t["polygon"])
            cy = sum(p[1] for p in t["polygon"]) / len(t["polygon"])
            dr = min((polyline_dist((cx, cy), l) for l in roads), default=1e9)
            ds = min((polyline_dist((cx, cy), l) for l in streams), default=1e9)
            check(dr <= 1 and ds <= 1, f"[{sid}] bridge '{t['name']}' sits where a road crosses a stream", f"road {dr:.1f}, stream {ds:.1f}")

    # ---- generals
    G = {}
    for g in S["generals"]:
        lab = f"[{sid}] general '{g.get('id')}'"
        if not keys_ok(g, "general", lab):
            continue
        check(g["id"] not in G, f"{lab}: id unique")
        G[g["id"]] = g
        check(isinstance(g["source"], str) and g["source"].strip(), f"{lab}: source present")
        check(g["side"] in SIDES and g["level"] in LEVELS, f"{lab}: side and level valid")
        mm = RATING.match(g["rating"])
        check(bool(mm) and 1 <= int(mm.group(4)) <= 10, f"{lab}: rating {g['rating']} parses as span\"Q(response)+-combat")
        x, y = g["at"]
        check(0 <= x <= W and 0 <= y <= Ht, f"{lab}: on the table")
    for g in G.values():
        lab = f"[{sid}] general '{g['id']}'"
        sup = g["superior"]
        if g["level"] == "overall":
            check(sup is None, f"{lab}: the Overall commander has no superior")
        else:
            ok = sup in G and G[sup]["side"] == g["side"] and LEVELS.index(G[sup]["level"]) < LEVELS.index(g["level"])
            check(ok, f"{lab}: superior '{sup}' exists, same side, higher level")
            seen, cur = set(), g
            while cur and cur["superior"] is not None and cur["id"] not in seen:
                seen.add(cur["id"])
                cur = G.get(cur["superior"])
            check(cur is not None and cur["level"] == "overall" and cur["superior"] is None, f"{lab}: chain of command ends at an Overall commander")
    for side in SIDES:
        ov = [g["id"] for g in G.values() if g["side"] == side and g["level"] == "overall"]
        check(len(ov) == 1, f"[{sid}] {side}: exactly one Overall commander ({', '.join(ov)})")

    # ---- units
    U, rects = {}, {}
    totals = defaultdict(int)
    for u in S["units"]:
        lab = f"[{sid}] unit {u.get('id')}"
        if not keys_ok(u, "unit", lab):
            continue
        check(u["id"] not in U, f"{lab}: id unique")
        U[u["id"]] = u
        check(isinstance(u["source"], str) and u["source"].strip(), f"{lab}: source present")
        t = TYPES.get(u["type"])
        if not check(t is not None, f"{lab}: type {u['type']} exists"):
            continue
        g = G.get(u["general"])
        check(g is not None and g["side"] == u["side"] and g["level"] == "division", f"{lab}: general '{u['general']}' is a division commander of its side")
        check(u["side"] in SIDES, f"{lab}: side valid")
        check(is_int(u["figures"]) and 0 < u["figures"] <= 8 * t["base"]["figures"], f"{lab}: {u['figures']} figures, {bases(t, u['figures'])} bases (at most 8)")
        f_ok = u["formation"] in ARM_FORMATIONS[t["arm"]] or (u["formation"] == "SQ" and t["arm"] == "infantry")
        check(u["formation"] in FORMATIONS and f_ok, f"{lab}: formation {u['formation']} allowed for {t['arm']}")
        check((t["arm"] == "artillery") == ("calibre" in u) and u.get("calibre", "4lb") in CALIBRES, f"{lab}: calibre for and only for artillery")
        check(is_int(u["facing"]) and 0 <= u["facing"] < 360, f"{lab}: facing {u['facing']}")
        check("response" not in u or (is_int(u["response"]) and 1 <= u["response"] <= 10), f"{lab}: response override 1-10")
        rects[u["id"]] = footprint(t, u["figures"], u["formation"], u["front"], u["facing"])
        totals[(u["side"], t["arm"])] += u["figures"]
    for uid, r in rects.items():
        check(all(-EPS <= x <= W + EPS and -EPS <= y <= Ht + EPS for x, y in r), f"[{sid}] unit {uid}: footprint on the table",
              " ".join(f"({x / 100:.2f},{y / 100:.2f})" for x, y in r))
    ids_ = list(rects)
    over = [(a, b) for i, a in enumerate(ids_) for b in ids_[i + 1:] if sat_overlap(rects[a], rects[b])]
    check(not over, f"[{sid}] no two footprints overlap ({len(ids_)} units)", ", ".join(f"{a}/{b}" for a, b in over))
    for side in ("French", "Allied"):
        n = sum(1 for u in U.values() if u["side"] == side)
        ba = sides.get(side, {}).get("break_at", 0)
        check(is_int(ba) and 0 < ba <= n, f"[{sid}] {side}: break_at {ba} of {n} units")
        print(f"     {side}: {n} units; figures: " + ", ".join(f"{arm} {totals[(side, arm)]}" for arm in ("infantry", "cavalry", "artillery")))
    # informational: span at set-up
    for u in U.values():
        g = G.get(u["general"])
        if g and u["id"] in rects:
            mm = RATING.match(g["rating"])
            span = (int(mm.group(1)) * 100 + int(mm.group(2) or 0) * 10) if mm else 0
            d = point_rect_dist(g["at"], rects[u["id"]])
            if d > span + 1:
                print(f"INFO [{sid}] {u['id']} is {d / 100:.1f}\" from {g['id']} (span {span / 100:g}\") at set-up")

    # ---- Medina de Rioseco against nb-gaps.md §c
    if sid == "medina-de-rioseco":
        check((W, Ht, S["turns"], S["start_time"], S["first_player"]) == (7200, 4800, 12, "08:00", "French"), f"[{sid}] c.3/c.6: 72\" x 48\", 12 turns from 08:00, French first")
        check(S["title"] == "Medina de Rioseco, 14 July 1808", f"[{sid}] title")
        check((sides["French"]["retreat_edge"], sides["French"]["break_at"], sides["Allied"]["retreat_edge"], sides["Allied"]["break_at"]) == ("east", 6, "west", 7),
              f"[{sid}] c.6: French retreat east, break at 6; Spanish west, break at 7")
        check(sorted(U) == sorted(C45), f"[{sid}] units F1..F11 and S1..S13")
        for uid, (x0, x1, y0, y1) in C45.items():
            if uid in rects:
                xs, ys = [p[0] / 100 for p in rects[uid]], [p[1] / 100 for p in rects[uid]]
                got = (min(xs), max(xs), min(ys), max(ys))
                check(all(abs(a - b) < 0.011 for a, b in zip(got, (x0, x1, y0, y1))), f"[{sid}] {uid}: footprint as c.4/c.5 ({x0}-{x1} x {y0}-{y1})",
                      f"got {got[0]:.2f}-{got[1]:.2f} x {got[2]:.2f}-{got[3]:.2f}")
        for k, v in RIOSECO_TOTALS.items():
            check(totals[k] == v, f"[{sid}] §c figure total {k[0]} {k[1]} = {v}", f"got {totals[k]}")
        check({k: g["rating"] for k, g in G.items()} == RIOSECO_RATINGS, f"[{sid}] c.4/c.5 generals and ratings")
        check(G.get("blake", {}).get("level") == "wing" and G.get("blake", {}).get("superior") == "cuesta" and G.get("castile", {}).get("superior") == "cuesta"
              and all(G.get(k, {}).get("superior") == "blake" for k in ("maceda", "cagigal", "portago"))
              and all(G.get(k, {}).get("superior") == "bessieres" for k in ("merle", "mouton", "lasalle")), f"[{sid}] c.4/c.5 'commands' columns")
        check(U.get("S6", {}).get("response") == 7, f"[{sid}] S6 Volunteers of Navarre: response 7 (a.7, c.5)")
        T = {t["name"]: t for t in S["terrain"]}
        kinds = sorted(t["kind"] for t in S["terrain"])
        check(kinds == sorted(["town", "stream", "bridge", "road", "hill", "steep", "hill", "hill", "ravine"]), f"[{sid}] c.3 pieces", str(kinds))
        hills = {t["name"]: t for t in S["terrain"] if t["kind"] == "hill"}
        for (cx, cy, r, lvl, obj) in ((49, 32, 3, 2, True), (59, 16, 2.5, 1, False)):
            disc = [t for t in hills.values() if len(t.get("polygon", [])) == 16 and abs(sum(p[0] for p in t["polygon"]) / 1600 - cx) < 0.02 and abs(sum(p[1] for p in t["polygon"]) / 1600 - cy) < 0.02]
            ok = len(disc) == 1 and all(abs(math.hypot(p[0] / 100 - cx, p[1] / 100 - cy) - r) <= 0.01 for p in disc[0]["polygon"]) and disc[0].get("level") == lvl and disc[0].get("objective", False) == obj
            check(ok, f"[{sid}] c.3 16-gon disc centre ({cx},{cy}) r {r}, level {lvl}, objective {obj}")
        par = [t for t in hills.values() if t.get("level") == 1 and len(t.get("polygon", [])) == 8]
        steep = [t for t in S["terrain"] if t["kind"] == "steep"]
        if check(len(par) == 1 and len(steep) == 1, f"[{sid}] c.3 páramo (level 1) and its steep band"):
            poly = par[0]["polygon"]
            check(all(point_in_polygon(p, poly) for p in steep[0]["line"]) and steep[0]["width"] == 100, f"[{sid}] steep band (1\" wide) drawn just inside the páramo")
            check(all(0.49 <= min(point_seg_dist(p, poly[i], poly[(i + 1) % 8]) for i in range(8)) / 100 <= 0.51 for p in steep[0]["line"]),
                  f"[{sid}] steep band centre line 0.5\" inside the páramo's edges")

print()
finish()
