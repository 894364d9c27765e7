#!/usr/bin/env python3
"""Consistency checks for scenarios/bloody_monday.json (Bloody Monday, Borodino 1812).

Usage: python3 scenarios/check_bloody_monday.py [path/to/bloody_monday.json]

Prints one PASS/FAIL line per check and a per-corps summary; exits 1 if any check fails.
Uses shapely for the polygon checks when it can be imported (pip install shapely) and a
pure-Python fallback of its own otherwise; set BM_NO_SHAPELY=1 to force the fallback.

What it checks, with the rulebook section or bm-gaps.md entry each check comes from:
- the areas: 111 with ids 1..111, colours, symmetric adjacency, a connected graph, Kolocha
  borders symmetric and a subset of adjacency and exactly the borders where the bank changes,
  the victory areas and their names, the start line, the 9.11 parts and every map fact the
  rulebook's examples need;
- the blocks: 53 French and 62 Russian, counts and colours per corps ([Armies]), types,
  levels, per-dot firepower, shields (2.5.2, 2.6.1), MP (2.1, 9.3), morale counting (2.3b),
  the 3.5b and 9.8 example constraints, Last Blood points;
- the setup: designation counts per (side, colour, group) equal bm-gaps G1.c and the
  blocks left after the reserve (FAQ-1, FAQ-2), the reserve (7 a side), leader start areas,
  stacking at setup, 9.12 at setup;
- the drawing: one simple polygon per area inside 1000x700, labels inside their polygons,
  adjacent polygons share an edge, no two polygons overlap, and the Kolocha, the red dotted
  start line and the 9.11 white line run exactly along the borders they stand for.
"""
import json
import math
import os
import sys
from collections import Counter, deque
from itertools import combinations

PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "bloody_monday.json")

from checklib import check, finish, load_json


def short(items, n=8):
    items = list(items)
    return ", ".join(map(str, items[:n])) + (f" ... ({len(items)} in all)" if len(items) > n else "")


D = load_json(PATH)

# ------------------------------------------------------------------ constants from the text
SIDES = ("french", "russian")
AREA_COLOURS = {"green": (0, 4, 1), "yellow": (1, 2, 2), "red": (2, 1, 2)}  # bonus, stacking, MP (1.2)
VICTORY_SINGLE = {19, 41, 55, 62, 69, 107}  # 1.1
FLECHES = {57, 58, 59}  # 1.1
VA_NAMES = {"Tatarinovo", "Gorki", "Utitsa", "Great Redoubt", "Shevardino", "Borodino"}  # 3.3
RUSSIAN_ORDER_NAMES = ["Tatarinovo", "Gorki", "Utitsa", "Great Redoubt", "Shevardino", "Borodino"]  # 3.3
CORPS_TEXT = {  # [Armies]: (side, colour) -> (name, blocks incl. the tactical leader)
    ("french", "blue"): ("Imperial Guard", 7), ("french", "orange"): ("1st Corps", 9),
    ("french", "yellow"): ("3rd Corps", 6), ("french", "green"): ("4th Corps", 8),
    ("french", "brown"): ("5th Corps", 5), ("french", "pink"): ("8th Corps", 5),
    ("french", "red"): ("Cavalry Reserve", 12),
    ("russian", "red"): ("Russian Guard", 10), ("russian", "yellow"): ("1st Army", 20),
    ("russian", "lightblue"): ("2nd Army", 17), ("russian", "brown"): ("Cossacks", 10),
    ("russian", "white"): ("Militia", 4),
}
CORPS_LEADER = {  # [Armies]
    ("french", "blue"): "Bessi", ("french", "orange"): "Davout", ("french", "yellow"): "Ney",
    ("french", "green"): "Eug", ("french", "brown"): "Poniatowski", ("french", "pink"): "Junot",
    ("french", "red"): "Murat", ("russian", "red"): "Lavrov", ("russian", "yellow"): "Barclay",
    ("russian", "lightblue"): "Bagration", ("russian", "brown"): "Platov", ("russian", "white"): None,
}
# bm-gaps G1.c: designations on the map per (side, colour) -> {group: count}
G1C = {
    ("french", "blue"): {"infantry": 0, "cavalry": 0, "artillery": 1},
    ("french", "orange"): {"infantry": 5, "cavalry": 1, "artillery": 2},
    ("french", "yellow"): {"infantry": 3, "cavalry": 1, "artillery": 1},
    ("french", "green"): {"infantry": 3, "cavalry": 2, "artillery": 2},
    ("french", "brown"): {"infantry": 2, "cavalry": 1, "artillery": 1},
    ("french", "pink"): {"infantry": 2, "cavalry": 1, "artillery": 1},
    ("french", "red"): {"infantry": 0, "cavalry": 9, "artillery": 1},
    ("russian", "red"): {"jager": 1, "infantry": 2, "cavalry": 1, "artillery": 4},
    ("russian", "yellow"): {"jager": 6, "infantry": 6, "cavalry": 2, "artillery": 3},
    ("russian", "lightblue"): {"jager": 4, "infantry": 7, "cavalry": 2, "artillery": 3},
    ("russian", "brown"): {"cavalry": 6, "artillery": 0},
    ("russian", "white"): {"infantry": 4},
}
TYPES = {  # type -> (category, setup group, base MP, MP with 9.3, counts on the morale track)
    "line_infantry": ("infantry", "infantry", 3, 3, True),
    "jager": ("infantry", "jager", 3, 4, False),
    "militia": ("infantry", "infantry", 3, 2, False),
    "light_cavalry": ("cavalry", "cavalry", 5, 6, True),
    "cossack": ("cavalry", "cavalry", 5, 6, False),
    "heavy_cavalry": ("cavalry", "cavalry", 5, 5, True),
    "foot_artillery": ("artillery", "artillery", 3, 3, True),
    "horse_artillery": ("artillery", "artillery", 5, 5, True),
    "tactical_leader": ("leader", None, 5, 5, True),
    "commander_in_chief": ("leader", None, 5, 5, True),
}
DOT_COST = {"black": 1, "white": 2, "red": 3, "blue": 4}  # 3.5b
W, H = 1000, 700
TOL = 0.5  # px: points closer than this are the same point

# ------------------------------------------------------------------ top level
for key in ("id", "title", "notes", "sides", "terrain", "firepower", "map", "areas", "corps", "blocks",
            "leaders", "reserve", "reinforcements", "tracks", "victory", "grand_battery", "last_blood"):
    check(key in D, f"top-level key '{key}' present")
check(isinstance(D.get("notes"), list) and len(D["notes"]) > 0 and any("STAND-IN" in n for n in D["notes"]),
      "top-level notes list labels the stand-ins")

T = D.get("terrain", {})
check(all(c in T and (T[c]["defence_bonus"], T[c]["stacking"], T[c]["mp"]) == AREA_COLOURS[c] for c in AREA_COLOURS)
      and T.get("red", {}).get("bonus_needs_control") is True and T.get("yellow", {}).get("bonus_needs_control") is False,
      "terrain table matches 1.2 (green 0/4/1, yellow 1/2/2, red 2 if controlled/1/2)")
check(T.get("extra_mp") == {"engage": 1, "disengage": 1, "kolocha": 1, "activate_support": 1},
      "extra MP: engage, disengage, Kolocha, support activation +1 each (1.2.2-1.2.4)")
FP = D.get("firepower", {})
check(all(FP.get(c, {}).get("restore_cost") == v for c, v in DOT_COST.items())
      and FP.get("black", {}).get("hits") == [6] and FP.get("white", {}).get("hits") == [5, 6]
      and FP.get("red", {}).get("hits") == [4, 5, 6] and FP.get("blue", {}).get("hits") == [3, 4, 5, 6]
      and FP.get("blue", {}).get("inspired_hits") == [2, 3, 4, 5, 6],
      "firepower table matches 2.2, 5.2.2 and 3.5b")

# ------------------------------------------------------------------ areas
AREAS = D.get("areas", [])
ids = [a.get("id") for a in AREAS]
check(len(AREAS) == 111, "111 areas", f"{len(AREAS)}")
check(sorted(ids) == list(range(1, 112)), "area ids are exactly 1..111", short(sorted(set(range(1, 112)) ^ set(i for i in ids if isinstance(i, int)))))
A = {a["id"]: a for a in AREAS if isinstance(a.get("id"), int)}
AREA_KEYS = ("id", "name", "colour", "neighbours", "kolocha_borders", "victory", "victory_name", "fleche",
             "start_side", "command_line_side", "bank", "designations", "leader_designations", "label", "polygon", "source")
missing = [(a.get("id"), k) for a in AREAS for k in AREA_KEYS if k not in a]
check(not missing, "every area has all schema keys", short(missing))
check(all(a.get("colour") in AREA_COLOURS for a in AREAS), "area colours are green/yellow/red",
      short(a["id"] for a in AREAS if a.get("colour") not in AREA_COLOURS))
check(all(isinstance(a.get("source"), str) and a["source"] for a in AREAS), "every area has a source/stand-in string")
N = {i: set(a.get("neighbours", [])) for i, a in A.items()}
bad = [(i, j) for i in N for j in N[i] if j not in A or j == i]
check(not bad, "neighbours are other existing areas", short(bad))
check(all(len(a.get("neighbours", [])) == len(N[a["id"]]) for a in AREAS), "no duplicate neighbours")
asym = [(i, j) for i in N for j in N[i] if j in N and i not in N[j]]
check(not asym, "adjacency is symmetric", short(asym))


def components(nodes, nbr):
    nodes = set(nodes)
    seen, comps = set(), []
    for s in sorted(nodes):
        if s in seen:
            continue
        comp, q = {s}, deque([s])
        seen.add(s)
        while q:
            u = q.popleft()
            for v in nbr.get(u, ()):
                if v in nodes and v not in seen:
                    seen.add(v)
                    comp.add(v)
                    q.append(v)
        comps.append(comp)
    return comps


comps = components(A.keys(), N)
check(len(comps) == 1, "area graph is connected", f"{len(comps)} components, smallest {short(min(comps, key=len)) if comps else ''}")
K = {i: set(a.get("kolocha_borders", [])) for i, a in A.items()}
check(all(K[i] <= N[i] for i in K), "Kolocha borders are a subset of adjacency", short((i, sorted(K[i] - N[i])) for i in K if not K[i] <= N[i]))
kasym = [(i, j) for i in K for j in K[i] if j in K and i not in K[j]]
check(not kasym, "Kolocha borders are symmetric", short(kasym))
nk = sum(len(v) for v in K.values()) // 2
check(nk > 0, f"the Kolocha has borders ({nk})")
bankbad = [(i, j) for i in N for j in N[i] if j in A and ((A[i].get("bank") != A[j].get("bank")) != (j in K[i]))]
check(all(a.get("bank") in ("west", "east") for a in AREAS) and not bankbad,
      "a border is a Kolocha border exactly when the bank changes (the river splits the map in two)", short(bankbad))
check(len(components([i for i in A if A[i].get("bank") == "west"], N)) == 1
      and len(components([i for i in A if A[i].get("bank") == "east"], N)) == 1, "each Kolocha bank is one connected piece")

# victory areas
vic = {i for i, a in A.items() if a.get("victory")}
check(vic == VICTORY_SINGLE | FLECHES, "victory areas are 19, 41, 55, 62, 69, 107 and the flèches 57-59 (1.1)", short(sorted(vic)))
check({i for i, a in A.items() if a.get("fleche")} == FLECHES, "flèche flags on exactly 57, 58, 59")
vnames = {A[i].get("victory_name") for i in VICTORY_SINGLE if i in A}
check(vnames == VA_NAMES, "the six single victory areas carry the six names of 3.3, one each", short(sorted(map(str, vnames))))
check(all(A[i].get("victory_name") == "Flèches" for i in FLECHES if i in A), "flèche areas are named 'Flèches' as victory areas")
check(all(a.get("victory_name") is None for i, a in A.items() if i not in vic), "non-victory areas have no victory_name")
NAME2ID = {A[i]["victory_name"]: i for i in VICTORY_SINGLE if i in A}
M = D.get("map", {})
check(sorted(M.get("victory_areas", [])) == sorted(VICTORY_SINGLE) and sorted(M.get("fleches", [])) == sorted(FLECHES)
      and sorted(D.get("victory", {}).get("areas", [])) == sorted(VICTORY_SINGLE) and sorted(D.get("victory", {}).get("fleches", [])) == sorted(FLECHES),
      "map/victory lists agree with the area flags")
V = D.get("victory", {})
check(V.get("stars") == 7 and V.get("end_turn") == 4 and V.get("immediate", {}).get("destroyed_counting_units") == 10
      and V.get("immediate", {}).get("enemy_cinc_destroyed") is True and V.get("immediate", {}).get("all_seven_victory_areas") is True,
      "victory conditions: 7 stars, CinC killed, all 7 areas, 10 units, end of turn 4 ([Win])")
R = D.get("reinforcements", {})
check(R.get("russian") == [NAME2ID.get(n) for n in RUSSIAN_ORDER_NAMES], "Russian reinforcement order is Tatarinovo, Gorki, Utitsa, Great Redoubt, Shevardino, Borodino (3.3)", str(R.get("russian")))
check(R.get("french") == list(reversed(R.get("russian", []))), "French reinforcement order is the Russian order reversed (3.3)")
check(R.get("cinc_counts_for_stacking") is False, "the CinC does not count for reinforcement stacking (3.3)")

# start line and parts
check(all(a.get("start_side") in SIDES for a in AREAS), "every area has a start side (french/russian)")
check(all(a.get("command_line_side") in ("north", "south") for a in AREAS), "every area has a 9.11 part (north/south)")
for s in SIDES:
    part = [i for i in A if A[i].get("start_side") == s]
    check(len(components(part, N)) == 1, f"{s} start areas form one connected region (starting lines of communication, 4.1.1)")
for p in ("north", "south"):
    part = [i for i in A if A[i].get("command_line_side") == p]
    check(part and len(components(part, N)) == 1, f"9.11 {p} part is one connected region")

# ------------------------------------------------------------------ examples' map facts
def area(i):
    return A.get(i, {})


check(area(21).get("start_side") == "french" and area(69).get("start_side") == "russian", "Napoleon's 21 is French and Kutuzov's 69 Russian at start ([Units])")
check(NAME2ID.get("Gorki") == 69, "69 is Gorki (Kutuzov's headquarters; bm-gaps G1.a)")
check(area(69).get("colour") == "yellow" and len(K.get(69, ())) > 0, "Gorki is yellow and has a Kolocha border (5.2 example: 2 + engage + Kolocha = 4 MP)")
check(area(NAME2ID.get("Tatarinovo")).get("colour") == "green", "Tatarinovo is green (takes four reinforcements, 3.3 example)")
check(area(NAME2ID.get("Shevardino")).get("start_side") == "french" and area(NAME2ID.get("Borodino")).get("start_side") == "russian",
      "Shevardino starts French and Borodino Russian (3.2 example: French hold both after turn 1; red infantry in Borodino, 9.1)")
e1 = [f for f in A if A[f].get("start_side") == "french" and 42 in N[f] and 42 not in K[f] and 54 in N[f] and 54 in K[f]]
check(area(42).get("colour") == "green" and area(54).get("colour") == "green" and area(42).get("start_side") == "russian"
      and area(54).get("start_side") == "russian" and bool(e1),
      "1.2.3 example: a French area enters 42 for 2 MP (green, no river) and 54 for 3 MP (green, across the Kolocha)", f"sources {e1}")
check(71 in N.get(69, ()), "71 is adjacent to 69 (4.1.1 example: Bagration moves to 71 to reach Kutuzov)")


def des(i, side=None, colour=None, group=None):
    return [d for d in area(i).get("designations", []) if (side is None or d.get("side") == side)
            and (colour is None or d.get("colour") == colour) and (group is None or d.get("group") == group)]


check(bool(des(42, "russian", "yellow", "jager")), "42 has a yellow jager designation ([Units] example)")
check(bool(des(72, "russian", "lightblue", "cavalry")) and bool(des(72, "russian", "lightblue", "jager") + des(72, "russian", "lightblue", "infantry")),
      "72 has light-blue cavalry and light-blue infantry designations ([Units], 9.1 examples)")
check(bool(des(71, "russian", "yellow", "infantry") + des(71, "russian", "yellow", "jager")), "71 has a yellow infantry designation (9.1 example)")
check(bool(des(NAME2ID.get("Borodino"), "russian", "red", "jager") + des(NAME2ID.get("Borodino"), "russian", "red", "infantry")),
      "Borodino has a red infantry designation (9.1 example)")
GB = D.get("grand_battery", {})
check(GB.get("areas") == [16, 28, 31, 32] and GB.get("dice_per_artillery") == 4 and GB.get("fire") == "red",
      "Grand Battery: areas 16, 28, 31, 32, 4 TF dice each (9.2)")
gb_ok = all(len(des(i, "french", None, "artillery")) == 1 and area(i).get("start_side") == "french" for i in (16, 28, 31, 32))
check(gb_ok, "16, 28, 31 and 32 each hold one French artillery designation (9.2)")
targets = {i: {j for j in N.get(i, ()) if area(j).get("start_side") == "russian" and des(j, "russian")} for i in (16, 28, 31, 32)}


def matching(options, used=()):
    if not options:
        return True
    (k, opts), rest = options[0], options[1:]
    return any(matching(rest, used + (t,)) for t in opts if t not in used)


check(matching(list(targets.items())), "the four Grand Battery guns can fire at four distinct Russian-occupied areas (9.2: 'up to four areas')",
      str({k: sorted(v) for k, v in targets.items()}))

# ------------------------------------------------------------------ corps and blocks
BLOCKS = D.get("blocks", [])
B = {b.get("id"): b for b in BLOCKS}
BLOCK_KEYS = ("id", "code", "side", "name", "corps", "colour", "type", "category", "setup_group", "max_strength", "levels",
              "firepower", "shield", "mp", "mp_mobility", "counts_for_morale", "setup", "reserve", "reserve_draw",
              "last_blood_points", "source")
missing = [(b.get("id"), k) for b in BLOCKS for k in BLOCK_KEYS if k not in b]
check(not missing, "every block has all schema keys", short(missing))
check(len(B) == len(BLOCKS) and len({b.get("code") for b in BLOCKS}) == len(BLOCKS), "block ids and codes are unique")
for s, n, p in (("french", 53, "F"), ("russian", 62, "R")):
    sb = [b for b in BLOCKS if b.get("side") == s]
    check(len(sb) == n, f"{n} {s} blocks ({len(sb)})")
    check(sorted(b["id"] for b in sb) == [f"{p}{k:02d}" for k in range(1, n + 1)], f"{s} block ids are {p}01..{p}{n:02d}")
check(all(b.get("side") in SIDES for b in BLOCKS), "every block is french or russian")
check(all(isinstance(b.get("source"), str) and ("STAND-IN" in b["source"] or "TEXT" in b["source"]) for b in BLOCKS),
      "every block says which values are TEXT and which STAND-IN")

CORPS = D.get("corps", [])
check(len(CORPS) == 12, "12 corps/armies (7 French, 5 Russian)")
cmap = {}
for c in CORPS:
    key = (c.get("side"), c.get("colour"))
    cmap[key] = c
    exp = CORPS_TEXT.get(key)
    check(exp is not None and c.get("name") == exp[0] and c.get("blocks") == exp[1], f"corps {c.get('id')}: {key} is {exp} ([Armies])", f"{c.get('name')}, {c.get('blocks')}")
for key, (name, n) in CORPS_TEXT.items():
    c = cmap.get(key)
    members = [b for b in BLOCKS if (b.get("side"), b.get("colour")) == key]
    check(c is not None and len(members) == n and all(b.get("corps") == c.get("id") for b in members),
          f"{key[0]} {name} ({key[1]}) has {n} blocks, all of its corps", f"{len(members)}")
    tls = [b for b in members if b.get("type") == "tactical_leader"]
    lead = CORPS_LEADER[key]
    if lead is None:
        check(not tls and c is not None and c.get("leader") is None, f"{name} has no tactical leader")
    else:
        check(len(tls) == 1 and lead in tls[0].get("name", "") and c is not None and c.get("leader") == tls[0]["id"],
              f"{name}'s one tactical leader is {lead}...", short(t.get("name") for t in tls))
for s, name in (("french", "Napoleon"), ("russian", "Kutuzov")):
    cc = [b for b in BLOCKS if b.get("side") == s and b.get("type") == "commander_in_chief"]
    check(len(cc) == 1 and cc[0].get("name") == name and cc[0].get("corps") is None and cc[0].get("colour") is None
          and D.get("sides", {}).get(s, {}).get("cinc") == cc[0]["id"],
          f"{name} is the one {s} CinC, outside every corps (53 = 52 + 1, 62 = 61 + 1)")
check(all(b.get("corps") is not None for b in BLOCKS if b.get("type") != "commander_in_chief"), "every other block belongs to a corps")
check(D.get("sides", {}).get("french", {}).get("blocks") == 53 and D.get("sides", {}).get("russian", {}).get("blocks") == 62,
      "sides: 53 French and 62 Russian blocks")

bad_type = [b["id"] for b in BLOCKS if b.get("type") not in TYPES]
check(not bad_type, "block types are the rulebook's (line/jager/militia, light/heavy/cossack, foot/horse artillery, leaders)", short(bad_type))
ok_blocks = [b for b in BLOCKS if b.get("type") in TYPES]
check(all(b["category"] == TYPES[b["type"]][0] and b["setup_group"] == TYPES[b["type"]][1] for b in ok_blocks),
      "category and setup group follow the type (FAQ-1: light+heavy cavalry, foot+horse artillery grouped)")
check(all(b["mp"] == TYPES[b["type"]][2] for b in ok_blocks), "MP: infantry and foot artillery 3, cavalry, horse artillery and leaders 5 (2.1, D21)",
      short(b["id"] for b in ok_blocks if b["mp"] != TYPES[b["type"]][2]))
mob = [b["id"] for b in ok_blocks if b["mp_mobility"] != (6 if b.get("name") == "Murat" else TYPES[b["type"]][3])]
check(not mob, "9.3 MP: Murat and light cavalry 6, jagers 4, militia 2, others unchanged", short(mob))
check(all(b["counts_for_morale"] == TYPES[b["type"]][4] for b in ok_blocks),
      "jagers, militia and cossacks do not count on the morale track, everyone else does, Platov included (2.3b)")
check(all(b["side"] == "russian" for b in ok_blocks if b["type"] in ("jager", "militia", "cossack")), "jagers, militia and cossacks are Russian")
check(all(b["colour"] == "brown" for b in ok_blocks if b["type"] == "cossack")
      and all(b["type"] in ("cossack", "tactical_leader") for b in ok_blocks if b["side"] == "russian" and b["colour"] == "brown"),
      "cossacks are exactly the brown Russian cavalry (2.3b)")
check(all(b["colour"] == "white" for b in ok_blocks if b["type"] == "militia")
      and all(b["type"] == "militia" for b in ok_blocks if b["side"] == "russian" and b["colour"] == "white"), "militia are exactly the white blocks")

# levels and firepower
lv_bad = []
for b in ok_blocks:
    lv, ms = b.get("levels"), b.get("max_strength")
    if not (isinstance(lv, list) and lv and lv[0] == ms and all(x > y for x, y in zip(lv, lv[1:]))):
        lv_bad.append(b["id"])
    elif not (1 <= ms <= 5):
        lv_bad.append(b["id"])
    elif b["category"] in ("infantry", "cavalry"):
        if lv != list(range(ms, 0, -1)):
            lv_bad.append(b["id"])
    elif lv[-1] != 0:
        lv_bad.append(b["id"])
check(not lv_bad, "levels: max_strength first, strictly decreasing, 1..5; combat units down to 1, support units down to 0 (exhausted)", short(lv_bad))
check(all(b["max_strength"] <= 4 for b in ok_blocks), "no block above 4 (four-sided blocks, bm-gaps D22)")
fp_bad = [b["id"] for b in ok_blocks if not isinstance(b.get("firepower"), list) or any(c not in DOT_COST for c in b["firepower"])
          or (b["category"] in ("infantry", "cavalry") and len(b["firepower"]) != b["max_strength"])
          or (b["category"] == "leader" and b["firepower"] != ["red"])
          or (b["category"] == "artillery" and b["firepower"] != ["black"])]
check(not fp_bad, "firepower: one colour per dot for combat units; one red heart for leaders, one black pawn for artillery (2.2, 2.3a)", short(fp_bad))
sh_bad = [b["id"] for b in ok_blocks if b.get("shield") not in (None, "silver", "gold")
          or (b["type"] == "heavy_cavalry" and b["shield"] != "silver")
          or (b["category"] == "artillery" and b["shield"] != "gold")
          or (b["shield"] == "gold" and b["category"] != "artillery")
          or (b["shield"] == "silver" and b["category"] not in ("infantry", "cavalry"))]
check(not sh_bad, "shields: heavy cavalry silver (2.5.2), artillery gold (2.6.1), silver only on combat units, gold only on support units", short(sh_bad))
lb_bad = [b["id"] for b in ok_blocks if b.get("last_blood_points") != (1 if not b["counts_for_morale"] else {"gold": 5, "silver": 3, None: 2}.get(b["shield"]))]
check(not lb_bad, "Last Blood points per block: gold 5, silver 3, none 2, jager/militia/cossack 1 (10.0, D34)", short(lb_bad))


def by_name(part, side=None):
    return [b for b in ok_blocks if part in b.get("name", "") and (side is None or b["side"] == side)]


nap = by_name("Napoleon", "french")
check(len(nap) == 1 and nap[0]["levels"] == [4, 3, 2, 0], "Napoleon: 4 stars, exhausted after three activations: levels 4,3,2,0 (5.1, 3.2, 9.8 example, D22)",
      str(nap[0]["levels"] if nap else None))
fifth = by_name("5th Infantry Division", "french")


def restore_cost(b, frm, to):
    return sum(DOT_COST[c] for c in b["firepower"][frm:to])


check(len(fifth) == 1 and fifth[0]["firepower"] and restore_cost(fifth[0], 1, fifth[0]["max_strength"]) == 11 and restore_cost(fifth[0], 1, 3) == 7,
      "5th Infantry Division: minimum to maximum costs 11 LP, minimum to 3 steps 7 LP (3.5b example; mixed dot colours, D23)",
      str(fifth[0]["firepower"] if fifth else None))
lgj = by_name("Life Guard Jagers", "russian")
check(len(lgj) == 1 and lgj[0]["type"] == "jager" and lgj[0]["colour"] == "red" and DOT_COST[lgj[0]["firepower"][-1]] == 2,
      "Life Guard Jagers: a red jager whose top step costs 2 LP (3.5b example)")
og = by_name("Old Guard", "french")
check(len(og) == 1 and set(og[0]["firepower"]) == {"red"}, "Old Guard fires TF (red dots), QF when inspired (5.3.6.1 example)")
tl_bad = [b["id"] for b in ok_blocks if b["type"] == "tactical_leader" and not 1 <= b["max_strength"] <= 4]
check(not tl_bad, "tactical leaders have 1-4 stars (2.6.2, 5.1.1)", short(tl_bad))

# 9.1 groupings and setup examples
def group(side, colour, pred):
    return [b for b in ok_blocks if b["side"] == side and b["colour"] == colour and pred(b)]


inf91 = lambda b: b["category"] == "infantry"  # noqa: E731
check(len(group("russian", "yellow", inf91)) == 12 and len(group("russian", "yellow", lambda b: b["type"] == "jager")) == 6,
      "yellow Russian infantry: 12, of them 6 jagers (9.1 example; '42: one of the six jager blocks')")
check(len(group("russian", "lightblue", inf91)) == 11 and len(group("russian", "lightblue", lambda b: b["type"] == "jager")) == 4,
      "light-blue Russian infantry: 11, of them 4 jagers (9.1 example)")
check(len(group("russian", "red", inf91)) == 3, "red Russian infantry: 3, the Life Guard Jagers + 2 (9.1 example)")
check(len(group("russian", "lightblue", lambda b: b["category"] == "cavalry")) == 2, "two light-blue Russian cavalry blocks ([Units] example, area 72)")
check(len(group("french", "red", lambda b: b["type"] == "heavy_cavalry")) >= 6, "at least six red French heavy cavalry ([Reserve])")

# reserve
RES = D.get("reserve", {})
TEXT_DRAWS = {
    "french": [(1, "blue", "artillery"), (1, "red", "heavy_cavalry")],
    "russian": [(1, "red", "artillery"), (1, "yellow", "artillery"), (1, "yellow", "cavalry"), (3, "brown", "cossack")],
}
TEXT_POOL = {("french", "blue", "artillery"): 2, ("french", "red", "heavy_cavalry"): 6, ("russian", "red", "artillery"): 5,
             ("russian", "yellow", "artillery"): 4, ("russian", "yellow", "cavalry"): 3, ("russian", "brown", "cossack"): 9}
draw_of = {}
for s in SIDES:
    r = RES.get(s, {})
    fixed = r.get("fixed", [])
    draws = r.get("draws", [])
    check(r.get("size") == 7 and len(fixed) + sum(d.get("count", 0) for d in draws) == 7, f"{s} reserve is 7 units ([Reserve])")
    check(sorted(fixed) == sorted(b["id"] for b in ok_blocks if b["side"] == s and b.get("reserve")), f"{s} fixed reserve = blocks flagged reserve")
    fb = [B[i] for i in fixed if i in B]
    if s == "french":
        check(sorted((b["colour"], b["category"], b["type"]) for b in fb) == sorted(
            [("blue", "leader", "tactical_leader"), ("blue", "cavalry", "heavy_cavalry")] + [("blue", "infantry", "line_infantry")] * 3)
            and any(b["name"].startswith("Bessi") for b in fb),
            "French fixed reserve: Bessières, the blue cavalry, three blue infantry ([Reserve], D42)")
    else:
        check(len(fb) == 1 and fb[0]["name"] == "Lavrov", "Russian fixed reserve: Lavrov ([Reserve])")
    for d in draws:
        for i in d.get("from", []):
            draw_of[i] = d.get("id")
    exp = TEXT_DRAWS[s]
    ok = len(draws) == len(exp)
    for (cnt, col, kind), d in zip(exp, draws):
        pool = sorted(b["id"] for b in ok_blocks if b["side"] == s and b["colour"] == col and kind in (b["category"], b["type"]))
        ok = ok and d.get("count") == cnt and len(pool) == TEXT_POOL[(s, col, kind)] and sorted(d.get("from", [])) == pool
    check(ok, f"{s} random reserve draws match [Reserve] (" + "; ".join(f"{c} of {TEXT_POOL[(s, col, k)]} {col} {k}" for c, col, k in exp) + ")")
check(all(b.get("reserve_draw") == draw_of.get(b["id"]) for b in ok_blocks), "each block's reserve_draw names the draw it is a candidate of")
check(not any(b.get("reserve") and b.get("reserve_draw") for b in ok_blocks), "no block is both fixed reserve and a draw candidate")

# setup kinds and leaders
LEAD = D.get("leaders", [])
lb = [b for b in ok_blocks if b["category"] == "leader"]
check(sorted(l.get("id") for l in LEAD) == sorted(b["id"] for b in lb), "leaders list = every leader block (7+1 French, 4+1 Russian)",
      short(sorted(l.get("id") for l in LEAD)))
check(len([b for b in lb if b["side"] == "french"]) == 8 and len([b for b in lb if b["side"] == "russian"]) == 5,
      "8 French leaders (Napoleon + 7 tactical, D20) and 5 Russian (Kutuzov + 4)")
lbad = []
for l in LEAD:
    b = B.get(l.get("id"))
    if not b:
        lbad.append(l.get("id"))
        continue
    st = b["setup"]
    if (l.get("name") != b["name"] or l.get("side") != b["side"] or l.get("corps") != b["corps"] or l.get("levels") != b["levels"]
            or l.get("stars") != b["max_strength"] or l.get("role") != b["type"] or l.get("command_colour") != b["colour"]
            or l.get("mp") != b["mp"] or l.get("mp_mobility") != b["mp_mobility"] or l.get("reserve") != b["reserve"]
            or l.get("start_area") != (st.get("area") if st.get("kind") == "area" else None) or not l.get("source")):
        lbad.append(l.get("id"))
check(not lbad, "leaders list agrees with the blocks (name, side, corps, stars, levels, MP, start area)", short(lbad))
on_map = [b for b in lb if not b["reserve"]]
check(all(b["setup"].get("kind") == "area" and b["setup"].get("area") in A for b in on_map)
      and all(b["setup"].get("kind") == "reserve" for b in lb if b["reserve"]),
      "every leader not in reserve starts in a named area; Bessières and Lavrov start in reserve ([Units])")
check(sorted(b["name"] for b in lb if b["reserve"]) == ["Bessières", "Lavrov"] or sorted(b["name"] for b in lb if b["reserve"]) == ["Bessieres", "Lavrov"],
      "exactly Bessières and Lavrov are leaders in reserve")
check(all(b["setup"].get("kind") == "designation" for b in ok_blocks if b["category"] != "leader" and not b["reserve"]),
      "every non-leader block outside the fixed reserve is placed by designation")
check(all(b["setup"].get("kind") == "reserve" for b in ok_blocks if b["reserve"]), "fixed reserve blocks have setup kind 'reserve'")
ld_area = {}
for i, a in A.items():
    for x in a.get("leader_designations", []):
        ld_area.setdefault(x, []).append(i)
check(all(ld_area.get(b["id"]) == [b["setup"]["area"]] for b in on_map) and set(ld_area) == {b["id"] for b in on_map},
      "each leader's start area carries his designation, once")
check(nap and nap[0]["setup"].get("area") == 21 and any(b["name"] == "Kutuzov" and b["setup"].get("area") == 69 for b in lb),
      "Napoleon starts in 21 and Kutuzov in 69 ([Units])")
check(all(area(b["setup"]["area"]).get("start_side") == b["side"] for b in on_map), "every leader starts on his own side of the red dotted line")
bt = [b for b in lb if b["name"] == "Barclay de Tolly"]
bg = [b for b in lb if b["name"] == "Bagration"]
check(bt and bg and area(bt[0]["setup"]["area"]).get("command_line_side") == "north" and area(bg[0]["setup"]["area"]).get("command_line_side") == "south"
      and any(l.get("command_part") == "north" and l["id"] == bt[0]["id"] for l in LEAD) and any(l.get("command_part") == "south" and l["id"] == bg[0]["id"] for l in LEAD),
      "Barclay starts north and Bagration south of the 9.11 line, and their command_part says so")

# designations
dcount = Counter()
dbad = []
for i, a in A.items():
    for d in a.get("designations", []):
        if d.get("side") not in SIDES or d.get("group") not in ("jager", "infantry", "cavalry", "artillery") or (d["side"], d.get("colour")) not in CORPS_TEXT:
            dbad.append((i, d))
            continue
        if d["side"] != a.get("start_side"):
            dbad.append((i, "wrong side"))
        dcount[(d["side"], d["colour"], d["group"])] += 1
check(not dbad, "designations are (side, corps colour, jager|infantry|cavalry|artillery) on their own side of the start line", short(dbad))
g1c_bad = []
for (s, col), groups in G1C.items():
    for g, n in groups.items():
        if dcount[(s, col, g)] != n:
            g1c_bad.append(f"{s} {col} {g}: {dcount[(s, col, g)]} != {n}")
extra = [k for k in dcount if k[2] not in G1C.get(k[:2], {}) and dcount[k]]
check(not g1c_bad and not extra, "designation counts per (side, colour, group) equal bm-gaps G1.c", short(g1c_bad + extra))
check(sum(v for k, v in dcount.items() if k[0] == "french") == 39 and sum(v for k, v in dcount.items() if k[0] == "russian") == 51,
      "39 French and 51 Russian designations (G1.c)")
# FAQ-2: designations = group size - reserve
faq_bad = []
keys = set(dcount) | {(b["side"], b["colour"], b["setup_group"]) for b in ok_blocks if b["setup_group"]}
for key in sorted(keys):
    s, col, g = key
    members = [b for b in ok_blocks if (b["side"], b["colour"], b["setup_group"]) == key]
    fixed = sum(1 for b in members if b["reserve"])
    drawn = 0
    for d in RES.get(s, {}).get("draws", []):
        if d.get("from") and all(i in B and (B[i]["side"], B[i]["colour"], B[i]["setup_group"]) == key for i in d["from"]):
            drawn += d.get("count", 0)
    if dcount[key] != len(members) - fixed - drawn:
        faq_bad.append(f"{key}: {dcount[key]} designations, {len(members)} blocks, {fixed}+{drawn} in reserve")
check(not faq_bad, "FAQ-2: for every (side, colour, group) the designations use up exactly the blocks left after the reserve", short(faq_bad))
# stacking at setup (the CinC does not count)
st_bad = []
for i, a in A.items():
    if a.get("colour") not in AREA_COLOURS:
        continue
    n = len(a.get("designations", [])) + len([x for x in a.get("leader_designations", []) if B.get(x, {}).get("type") != "commander_in_chief"])
    if n > AREA_COLOURS[a["colour"]][1]:
        st_bad.append(f"{i} ({a['colour']}): {n}")
check(not st_bad, "stacking at setup: designations + tactical leaders within each area's limit (1.2; the CinC exempt, D14)", short(st_bad))
p912 = [(i, d["colour"]) for i, a in A.items() for d in a.get("designations", []) if d.get("side") == "russian"
        and ((d.get("colour") == "yellow" and a.get("command_line_side") != "north") or (d.get("colour") == "lightblue" and a.get("command_line_side") != "south"))]
check(not p912, "9.12 at setup: yellow designations only north, light-blue only south of the white line (D33)", short(p912))
nap_a, kut_a = 21, 69
for s, home in (("french", nap_a), ("russian", kut_a)):
    own = {i for i in A if A[i].get("start_side") == s}
    comp = next((c for c in components(own, N) if home in c), set())
    far = [i for i, a in A.items() if (a.get("designations") or a.get("leader_designations")) and a.get("start_side") == s and i not in comp]
    check(not far, f"every {s} set-up area has a line of communication to the CinC at start (4.1.1)", short(far))
check(D.get("sides", {}).get("french", {}).get("cinc") and B.get(D["sides"]["french"]["cinc"], {}).get("max_strength", 0)
      + sum(1 for i in VICTORY_SINGLE if area(i).get("start_side") == "french") + (1 if all(area(i).get("start_side") == "french" for i in FLECHES) else 0) == 5,
      "French LP at start = 4 + Shevardino = 5 (3.2 example adds Borodino for 6)")
kut = [b for b in lb if b["name"] == "Kutuzov"]
rva = sum(1 for i in VICTORY_SINGLE if area(i).get("start_side") == "russian") + (1 if all(area(i).get("start_side") == "russian" for i in FLECHES) else 0)
check(kut and kut[0]["max_strength"] + rva == 9, "Russian LP at the turn-2 Logistics = Kutuzov's stars + 6 victory areas = 9 (3.3 example, stand-in)",
      f"{kut[0]['max_strength'] if kut else '?'} + {rva}")

# ------------------------------------------------------------------ tracks, Last Blood
TR = D.get("tracks", {})
check(TR.get("turns", {}).get("first") == 1 and TR.get("turns", {}).get("last") == 4 and TR.get("turns", {}).get("hours_per_turn") == 3
      and TR.get("turns", {}).get("logistics_turns") == [2, 3, 4] and len(TR.get("turns", {}).get("labels", [])) == 4,
      "turn track: 4 turns of 3 hours, Logistics on turns 2-4 ([SoP], 3.0, 8.0)")
check(TR.get("morale", {}).get("cells") == list(range(10, 0, -1)) and TR.get("morale", {}).get("immediate_win_at") == 10
      and TR.get("morale", {}).get("start") == {"french": 0, "russian": 0}
      and sorted(TR.get("morale", {}).get("not_counted", [])) == ["cossack", "jager", "militia"],
      "morale tracks: cells 10..1, start empty, 10 destroyed wins, jagers/militia/cossacks not counted (2.3b)")
check(TR.get("initiative", {}).get("holder_at_start") == "french" and TR.get("initiative", {}).get("first_impulse") == "french",
      "the French start with the initiative disk and the first impulse ([Initiative])")
check(TR.get("impulses", {}).get("max_inspired_per_impulse") == 4, "at most 4 inspirations an impulse (5.2.2)")
LB = D.get("last_blood", {})
check(LB.get("optional_rules") == [f"9.{k}" for k in range(1, 13)], "Last Blood forces all optional rules 9.1-9.12 (10.0)")
check(LB.get("points") == {"fleches_all_three": 3, "victory_area": 2, "destroyed_gold_shield": 5, "destroyed_silver_shield": 3,
                           "destroyed_no_shield": 2, "destroyed_jager_militia_cossack": 1},
      "Last Blood points 3/2/5/3/2/1 (10.0)")
check(LB.get("turns") == 4, "Last Blood lasts 4 turns (D34 e)")

# ------------------------------------------------------------------ geometry
USE_SHAPELY = os.environ.get("BM_NO_SHAPELY") != "1"
if USE_SHAPELY:
    try:
        from shapely.geometry import LineString, Point, Polygon
    except Exception:  # noqa: BLE001
        USE_SHAPELY = False
print(f"INFO polygon checks use {'shapely' if USE_SHAPELY else 'the pure-Python fallback'}")


def is_pt(p):
    return isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(c, (int, float)) for c in p)


P = {}
pbad = []
for i, a in A.items():
    poly = a.get("polygon")
    if not (isinstance(poly, list) and len(poly) >= 3 and all(is_pt(p) for p in poly)):
        pbad.append(i)
        continue
    P[i] = [(float(x), float(y)) for x, y in poly]
check(not pbad and len(P) == 111, "every area has a polygon of at least 3 [x,y] points", short(pbad))
oob = [i for i, poly in P.items() if any(not (0 <= x <= W and 0 <= y <= H) for x, y in poly)]
check(not oob, "polygons lie inside the 1000x700 space", short(oob))


def seg_inter(p1, p2, p3, p4):
    """True if the closed segments p1p2 and p3p4 cross properly (not just touch within TOL)."""
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    eps = 1e-9
    return ((d1 > eps and d2 < -eps) or (d1 < -eps and d2 > eps)) and ((d3 > eps and d4 < -eps) or (d3 < -eps and d4 > eps))


def pip(pt, poly):
    x, y = pt
    inside = False
    n = len(poly)
    for k in range(n):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def dist_seg(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0 if L2 == 0 else max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / L2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def dist_boundary(p, poly):
    return min(dist_seg(p, poly[k], poly[(k + 1) % len(poly)]) for k in range(len(poly)))


def edges(poly):
    return [(poly[k], poly[(k + 1) % len(poly)]) for k in range(len(poly))]


def bbox(poly):
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


BB = {i: bbox(p) for i, p in P.items()}


def bb_meet(i, j, pad=TOL):
    a, b = BB[i], BB[j]
    return not (a[2] + pad < b[0] or b[2] + pad < a[0] or a[3] + pad < b[1] or b[3] + pad < a[1])


# simple polygons
simple_bad = []
for i, poly in P.items():
    es = edges(poly)
    n = len(es)
    if any(seg_inter(*es[k], *es[m]) for k in range(n) for m in range(k + 2, n) if not (k == 0 and m == n - 1)):
        simple_bad.append(i)
    elif USE_SHAPELY and not Polygon(poly).is_valid:
        simple_bad.append(i)
check(not simple_bad, "every polygon is simple (no self-crossing)", short(simple_bad))
lab_bad = [i for i, a in A.items() if i in P and not (is_pt(a.get("label")) and pip(tuple(a["label"]), P[i]) and dist_boundary(tuple(a["label"]), P[i]) > 5)]
check(not lab_bad, "every label (number circle) lies inside its polygon (9.11 reads the part from it)", short(lab_bad))


SIMPLE = set(P) - set(simple_bad)


def shared_len(i, j):
    """Length of the common boundary of polygons i and j (points of one within TOL of the other's boundary)."""
    if USE_SHAPELY and i in SIMPLE and j in SIMPLE:
        return Polygon(P[i]).exterior.buffer(TOL).intersection(Polygon(P[j]).exterior).length
    total = 0.0
    for a, b in edges(P[j]):
        if dist_boundary(a, P[i]) <= TOL and dist_boundary(b, P[i]) <= TOL and dist_boundary(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), P[i]) <= TOL:
            total += math.hypot(b[0] - a[0], b[1] - a[1])
    return total


def overlap(i, j):
    if USE_SHAPELY and i in SIMPLE and j in SIMPLE:
        return Polygon(P[i]).intersection(Polygon(P[j])).area > 1.0
    if any(seg_inter(a, b, c, d) for a, b in edges(P[i]) for c, d in edges(P[j])):
        return True
    # containment: a vertex of one strictly inside the other (away from its boundary)
    return any(pip(p, P[j]) and dist_boundary(p, P[j]) > TOL for p in P[i]) or any(pip(p, P[i]) and dist_boundary(p, P[i]) > TOL for p in P[j])


adj_bad, ov_bad, touch_bad = [], [], []
SHARED = {}
for i, j in combinations(sorted(P), 2):
    if not bb_meet(i, j):
        if j in N.get(i, ()):
            adj_bad.append((i, j))
        continue
    L = shared_len(i, j)
    SHARED[(i, j)] = L
    if j in N.get(i, ()):
        if L < 3.0:
            adj_bad.append((i, j))
    elif L > 1.0:
        touch_bad.append((i, j))
    if overlap(i, j):
        ov_bad.append((i, j))
check(not adj_bad, "adjacent areas' polygons share an edge (>= 3 px of common border)", short(adj_bad))
check(not touch_bad, "non-adjacent areas' polygons share no edge (at most a corner)", short(touch_bad))
check(not ov_bad, "no two polygons overlap", short(ov_bad))
if USE_SHAPELY:
    from shapely.ops import unary_union
    U = unary_union([Polygon(p) for p in P.values()])
    holes = sum(len(g.interiors) for g in getattr(U, "geoms", [U]))
    check(U.geom_type == "Polygon" and holes == 0, "the areas tile one board without holes", f"{U.geom_type}, {holes} holes")
# geography
def mean_x(ids_):
    ids_ = [i for i in ids_ if i in A and is_pt(A[i].get("label"))]
    return sum(A[i]["label"][0] for i in ids_) / max(1, len(ids_))


def mean_y(ids_):
    ids_ = [i for i in ids_ if i in A and is_pt(A[i].get("label"))]
    return sum(A[i]["label"][1] for i in ids_) / max(1, len(ids_))


check(mean_x([i for i in A if A[i].get("start_side") == "french"]) < mean_x([i for i in A if A[i].get("start_side") == "russian"])
      and mean_x([21]) < mean_x([69]), "French areas lie to the west, Russian to the east ([Setup])")
check(mean_y([i for i in A if A[i].get("command_line_side") == "north"]) < mean_y([i for i in A if A[i].get("command_line_side") == "south"]),
      "north part lies above the south part (north up)")
check(mean_y([NAME2ID.get("Utitsa")]) > mean_y([NAME2ID.get("Great Redoubt")]) > mean_y([NAME2ID.get("Gorki")])
      and mean_y([NAME2ID.get("Shevardino")]) > mean_y([NAME2ID.get("Borodino")]),
      "geography: Gorki north of the Great Redoubt north of Utitsa; Shevardino south of Borodino")


def line_check(key, pred, what):
    line = M.get(key)
    if not (isinstance(line, list) and len(line) >= 2 and all(is_pt(p) for p in line)):
        check(False, f"map.{key} is a polyline of [x,y] points")
        return
    line = [tuple(map(float, p)) for p in line]
    pairs = [(i, j) for i in N for j in N[i] if i < j and i in P and j in P and pred(i, j)]
    # every point of the pairs' common border lies on the line
    miss = []
    for i, j in pairs:
        common = [p for p in P[i] if dist_boundary(p, P[j]) <= TOL]
        if any(min(dist_seg(p, line[k], line[k + 1]) for k in range(len(line) - 1)) > TOL for p in common):
            miss.append((i, j))
    check(pairs and not miss, f"map.{key} runs along every {what} border", short(miss))
    # every point of the line lies on the common border of one of those pairs
    off = []
    for k, p in enumerate(line):
        if not any(dist_boundary(p, P[i]) <= TOL and dist_boundary(p, P[j]) <= TOL for i, j in pairs):
            off.append(k)
    for k in range(len(line) - 1):
        mid = ((line[k][0] + line[k + 1][0]) / 2, (line[k][1] + line[k + 1][1]) / 2)
        if not any(dist_boundary(mid, P[i]) <= TOL and dist_boundary(mid, P[j]) <= TOL for i, j in pairs):
            off.append(f"seg{k}")
    check(not off, f"map.{key} runs only along {what} borders", short(off))
    ends_on_edge = all(any(dist_boundary(e, P[i]) <= TOL for i in P) for e in (line[0], line[-1]))
    check(ends_on_edge, f"map.{key} ends on area borders")


line_check("kolocha", lambda i, j: j in K[i], "Kolocha")
line_check("start_line", lambda i, j: A[i].get("start_side") != A[j].get("start_side"), "French/Russian start")
line_check("command_line", lambda i, j: A[i].get("command_line_side") != A[j].get("command_line_side"), "9.11 north/south")
dec = M.get("decor", [])
check(isinstance(dec, list) and all(d.get("kind") in ("road", "stream") and isinstance(d.get("name"), str)
                                    and all(is_pt(p) and 0 <= p[0] <= W and 0 <= p[1] <= H for p in d.get("points", [])) for d in dec),
      "decor roads/streams are named polylines inside the board (no rule effect, 1.2)")
check(isinstance(M.get("stand_in"), str) and "STAND-IN" in M["stand_in"], "map.stand_in labels the map as a stand-in")

# ------------------------------------------------------------------ summary
print()
print("Per corps/army (blocks by type):")
for c in CORPS:
    members = [b for b in ok_blocks if b.get("corps") == c.get("id")]
    types = Counter(b["type"] for b in members)
    print(f"  {c.get('side'):8} {c.get('name'):16} {c.get('colour'):9} {len(members):2}  " + ", ".join(f"{t} {n}" for t, n in sorted(types.items())))
for s in SIDES:
    print(f"  {s:8} {'CinC':16} {'-':9} {sum(1 for b in ok_blocks if b['side'] == s and b['type'] == 'commander_in_chief'):2}")
cols = Counter(a.get("colour") for a in AREAS)
print(f"Areas: {len(AREAS)} ({cols['green']} green, {cols['yellow']} yellow, {cols['red']} red); Kolocha borders {nk}; "
      f"designations French {sum(v for k, v in dcount.items() if k[0] == 'french')}, Russian {sum(v for k, v in dcount.items() if k[0] == 'russian')}")
print()
finish()
