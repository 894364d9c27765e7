#!/usr/bin/env python3
"""Consistency checks for scenarios/bailen.json (Bailén 1808).

Usage: python3 scenarios/check_bailen.py [path/to/bailen.json]

Standard library only. Prints one line per check and a per-formation summary; exits 1 if any
check fails. The geometry is the engine's: labels XXYY (column, row, from 01), flat-topped hexes
in vertical columns, even-numbered columns shifted half a hex down; axial q = col - 1,
r = row - (q - (q & 1)) // 2; neighbours (+-1,0), (0,+-1), (+1,-1), (-1,+1); axial distance.
"""
import json
import os
import re
import sys

PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "bailen.json")

from checklib import check, finish


# ---------------------------------------------------------------- geometry
COLUMNS, ROWS = 40, 35
LABEL_RE = re.compile(r"^\d{4}$")


def valid_label(s):
    if not isinstance(s, str) or not LABEL_RE.match(s):
        return False
    c, r = int(s[:2]), int(s[2:])
    return 1 <= c <= COLUMNS and 1 <= r <= ROWS


def axial(label):
    c, r = int(label[:2]), int(label[2:])
    q = c - 1
    return q, r - (q - (q & 1)) // 2


def distance(a, b):
    (q1, r1), (q2, r2) = axial(a), axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a, b):
    return distance(a, b) == 1


def neighbours(label):
    q, r = axial(label)
    out = []
    for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
        nq, nr = q + dq, r + dr
        c = nq + 1
        row = nr + (nq - (nq & 1)) // 2
        lab = f"{c:02d}{row:02d}"
        if 1 <= c <= COLUMNS and 1 <= row <= ROWS:
            out.append(lab)
    return out


# ---------------------------------------------------------------- expectations (rulebook text)
EXPECTED_COUNTS = {
    "French": {"leader": 4, "elite_infantry": 10, "line_infantry": 22, "artillery": 7, "horse_artillery": 6,
               "cuirassier": 3, "regular_cavalry": 11, "light_cavalry": 4},
    "Spanish": {"leader": 4, "elite_infantry": 10, "line_infantry": 23, "militia": 11, "artillery": 4,
                "horse_artillery": 10, "regular_cavalry": 14, "light_cavalry": 4, "water_carrier": 1},
}
SIDE_TOTAL = {"French": 67, "Spanish": 81}
LEADERS = {"French": {"Dupont", "Fresia", "Barbou", "Vedel"}, "Spanish": {"Venegas", "Reding", "Coupigny", "Castaños"}}
FORMATION_ORDER = {"French": ["Dupont", "Fresia", "Barbou", "Vedel"], "Spanish": ["Venegas", "Reding", "Coupigny", "Castaños"]}
DEPLOY = {"Dupont": "French", "Fresia": "French", "Barbou": "French", "Vedel": "reinforcement",
          "Venegas": "V", "Reding": "R", "Coupigny": "C", "Castaños": "reinforcement"}
KIND_ORDER = ["leader", "elite_infantry", "line_infantry", "militia", "artillery", "horse_artillery",
              "cuirassier", "regular_cavalry", "light_cavalry", "water_carrier"]
KINDS = set(KIND_ORDER)
# bailen-gaps.md §3.1/§3.2 composition (kept by this scenario): formation -> kind -> count
GAPS_COMPOSITION = {
    "Dupont": {"leader": 1, "elite_infantry": 3, "line_infantry": 4, "artillery": 2},
    "Barbou": {"leader": 1, "elite_infantry": 3, "line_infantry": 10, "artillery": 3},
    "Fresia": {"leader": 1, "horse_artillery": 4, "cuirassier": 2, "regular_cavalry": 7, "light_cavalry": 3},
    "Vedel": {"leader": 1, "elite_infantry": 4, "line_infantry": 8, "artillery": 2, "horse_artillery": 2,
              "cuirassier": 1, "regular_cavalry": 4, "light_cavalry": 1},
    "Venegas": {"leader": 1, "elite_infantry": 2, "line_infantry": 3, "militia": 2, "horse_artillery": 2,
                "regular_cavalry": 3, "light_cavalry": 2},
    "Reding": {"leader": 1, "elite_infantry": 3, "line_infantry": 7, "militia": 3, "artillery": 2,
               "horse_artillery": 3, "regular_cavalry": 3, "light_cavalry": 1},
    "Coupigny": {"leader": 1, "elite_infantry": 3, "line_infantry": 6, "militia": 3, "artillery": 2,
                 "horse_artillery": 2, "regular_cavalry": 3, "light_cavalry": 1},
    "Castaños": {"leader": 1, "elite_infantry": 2, "line_infantry": 7, "militia": 3, "horse_artillery": 3,
                 "regular_cavalry": 5},
}


def main():
    with open(PATH, encoding="utf-8") as fh:
        data = json.load(fh)

    # ------------------------------------------------------------ geometry self-test
    check(distance("2329", "1227") == 11, "distance(2329,1227) == 11 (Stifling Heat example: just out of range)")
    check(distance("2329", "1327") == 10, "distance(2329,1327) == 10")
    check(adjacent("3001", "3002") and adjacent("2906", "3005") and adjacent("2906", "3006")
          and adjacent("2827", "2928") and not adjacent("2827", "2926"),
          "odd/even column adjacency matches 'even columns shifted down'")
    check(all(len(neighbours(h)) == 6 for h in ("2020", "2121")) and len(neighbours("0101")) == 2,
          "neighbour enumeration (interior 6, corner 0101 has 2)")

    # ------------------------------------------------------------ schema keys
    top = {"id", "title", "notes", "map", "classes", "formations", "counters"}
    check(set(data) == top, "top-level keys exactly " + ", ".join(sorted(top)), str(sorted(set(data) ^ top)))
    check(data.get("id") == "bailen-1808", "id is bailen-1808")
    check(data.get("title") == "Bailén 1808: La primera derrota de Napoleón", "title")
    notes = data.get("notes", [])
    check(isinstance(notes, list) and all(isinstance(n, str) for n in notes) and any("STAND-IN" in n and "map" in n.lower() for n in notes),
          "notes are strings and say the map is a STAND-IN")

    m = data["map"]
    map_keys = {"columns", "rows", "stand_in", "hill", "olive_grove", "river", "building", "town", "farms",
                "royal_road", "minor_roads", "stars", "deployment", "entry", "places"}
    check(map_keys <= set(m) and set(m) <= map_keys | {"decorative"}, "map keys", str(sorted(set(m) ^ map_keys)))
    check(m["columns"] == COLUMNS and m["rows"] == ROWS, "map is 40 columns x 35 rows")
    check(isinstance(m["stand_in"], str) and "STAND-IN" in m["stand_in"], "map.stand_in labelled STAND-IN")

    # ------------------------------------------------------------ labels
    all_lists = {k: m[k] for k in ("hill", "olive_grove", "river", "building", "town", "farms", "royal_road", "stars")}
    for i, road in enumerate(m["minor_roads"]):
        all_lists[f"minor_roads[{i}]"] = road
    for k, v in m["deployment"].items():
        all_lists[f"deployment.{k}"] = v
    for k, v in m.get("decorative", {}).items():
        all_lists[f"decorative.{k}"] = v
    all_lists["entry"] = list(m["entry"].values())
    all_lists["places"] = [p["hex"] for p in m["places"]]
    all_lists["historical"] = [c["historical"] for c in data["counters"] if c.get("historical") is not None]
    bad = [(k, h) for k, v in all_lists.items() for h in v if not valid_label(h)]
    check(not bad, "every hex label is 4 digits with column 01-40 and row 01-35", str(bad[:10]))
    dups = [k for k, v in all_lists.items() if k != "places" and len(v) != len(set(v))]
    check(not dups, "no duplicate labels inside any hex list", str(dups))

    S = {k: set(m[k]) for k in ("hill", "olive_grove", "river", "building", "town", "farms", "stars")}
    road = m["royal_road"]
    road_set = set(road)

    # ------------------------------------------------------------ Royal Road
    check(road[0] == "3001" and road[-1] == "3035", "Royal Road runs from 3001 to 3035")
    gaps_ = [(a, b) for a, b in zip(road, road[1:]) if not adjacent(a, b)]
    check(not gaps_, "Royal Road is a connected path of adjacent hexes (in list order)", str(gaps_[:5]))
    check(len(road) == len(road_set), "Royal Road visits no hex twice")
    check(int(road[0][2:]) == 1 and int(road[-1][2:]) == ROWS, "3001 and 3035 lie on opposite board edges (rows 01 and 35)")
    check(m["entry"] == {"Castaños": "3001", "Vedel": "3035"}, "entry: Castaños 3001, Vedel 3035")

    # ------------------------------------------------------------ minor roads
    for i, mr in enumerate(m["minor_roads"]):
        g = [(a, b) for a, b in zip(mr, mr[1:]) if not adjacent(a, b)]
        check(len(mr) >= 2 and not g, f"minor road {i} is a connected path", str(g[:5]))
        ends_join = any(adjacent(mr[e], h) or mr[e] == h for e in (0, -1) for h in road) or mr[0][:2] in ("01", "40") or mr[-1][:2] in ("01", "40")
        check(ends_join, f"minor road {i} touches the Royal Road or a board edge")
        check(not (set(mr) & road_set), f"minor road {i} is listed apart from the Royal Road hexes")

    # ------------------------------------------------------------ stars and town
    check(S["stars"] <= road_set, "every star hex is on the Royal Road")
    check("3035" in S["stars"], "3035 is a star hex")
    star_idx = sorted(road.index(h) for h in S["stars"])
    check(star_idx == list(range(star_idx[0], star_idx[-1] + 1)) and star_idx[-1] == len(road) - 1,
          "stars form one stretch of the road ending at the La Carolina edge (3035)")
    first_town_on_road = next(i for i, h in enumerate(road) if h in S["town"])
    check(star_idx[0] == first_town_on_road, "the star stretch starts at the road's entrance to Bailén (gaps A6 default)")
    check(len(S["stars"]) >= 5, "at least 5 star hexes (France needs 5 counters on them)")
    check(S["town"] <= S["building"], "every town hex is a building")
    check(S["farms"] <= S["building"] and S["building"] == S["town"] | S["farms"] and not (S["town"] & S["farms"]),
          "building = town + farms, disjoint")
    town_road = S["town"] & road_set
    check(bool(town_road), "the Royal Road crosses Bailén town", "")
    # town connected
    tl = list(S["town"])
    seen, stack = {tl[0]}, [tl[0]]
    while stack:
        h = stack.pop()
        for n in neighbours(h):
            if n in S["town"] and n not in seen:
                seen.add(n)
                stack.append(n)
    check(seen == S["town"], "Bailén town hexes form one connected cluster")
    bailen = [p for p in m["places"] if p["name"] == "Bailén"]
    check(len(bailen) == 1 and bailen[0]["hex"] in S["town"], "place 'Bailén' is on a town hex")
    check(all(set(p) == {"name", "hex"} and p["name"] for p in m["places"]) and len({p["name"] for p in m["places"]}) == len(m["places"]),
          "places: name + hex, names unique")

    # ------------------------------------------------------------ terrain overlaps
    terr = ["hill", "olive_grove", "river", "building"]
    for i, a in enumerate(terr):
        for b in terr[i + 1:]:
            ov = S[a] & S[b]
            check(not ov, f"{a} and {b} do not overlap", str(sorted(ov)[:10]))
    check(S["river"] & road_set == {"3004"}, "the Royal Road crosses the river only at the bridge 3004")
    check(not (S["hill"] & road_set) and not (S["olive_grove"] & road_set), "no hill or olive grove on the Royal Road")
    check(not (S["building"] & road_set) - S["town"], "the only buildings on the Royal Road are Bailén town hexes")
    deco = m.get("decorative", {})
    rule_hexes = S["hill"] | S["olive_grove"] | S["river"] | S["building"] | road_set | {h for mr in m["minor_roads"] for h in mr}
    check(set(deco) <= {"wheat", "scrub"} and not (set(deco.get("wheat", [])) & set(deco.get("scrub", [])))
          and not ((set(deco.get("wheat", [])) | set(deco.get("scrub", []))) & rule_hexes),
          "decorative wheat/scrub only on otherwise clear, off-road hexes and not overlapping")
    river_rows = {int(h[2:]) for h in S["river"]}
    check(len(river_rows) == 1 and len(S["river"]) == COLUMNS, "the river spans the board on a single row")

    # ------------------------------------------------------------ deployment zones
    dep = {k: set(v) for k, v in m["deployment"].items()}
    check(set(dep) == {"French", "V", "R", "C"}, "deployment keys French, V, R, C")
    spanish_zone = dep["V"] | dep["R"] | dep["C"]
    check("3001" not in dep["French"] | spanish_zone, "3001 (Castaños's entry) is in no deployment zone")
    check("3035" not in dep["French"] | spanish_zone, "3035 (Vedel's entry) is in no deployment zone")
    check(not (dep["French"] & spanish_zone), "French and Spanish deployment hexes do not overlap",
          str(sorted(dep["French"] & spanish_zone)[:10]))
    river_row = min(river_rows)
    check(all(int(h[2:]) > river_row for h in dep["French"]) and all(int(h[2:]) > river_row for h in spanish_zone),
          "both armies deploy on the Bailén side of the Rumblar (French on 'the side where the stream is')")
    check(max(int(h[2:]) for h in dep["French"]) < min(int(h[2:]) for h in spanish_zone) - 1,
          "French zone lies wholly on the stream side of every Spanish hex, with a gap")
    two_letter = {h for h in spanish_zone if sum(h in dep[k] for k in "VRC") >= 2}
    check(not (dep["V"] & dep["R"] & dep["C"]), "no hex carries all three letters")
    print(f"     (two-letter hexes: {len(two_letter)}; V {len(dep['V'])}, R {len(dep['R'])}, C {len(dep['C'])}, French {len(dep['French'])})")

    # ------------------------------------------------------------ classes
    classes = data["classes"]
    base_keys = {"kind", "cf", "attacks", "mf", "df", "df_disorganised", "range", "source"}
    for cid, c in classes.items():
        extra = {"command"} if c.get("kind") == "leader" else {"water_range"} if c.get("kind") == "water_carrier" else set()
        check(set(c) == base_keys | extra, f"class {cid}: keys", str(sorted(set(c) ^ (base_keys | extra))))
        check(c.get("kind") in KINDS, f"class {cid}: kind valid")
        check(c.get("attacks") in (1, 2) and all(isinstance(c.get(k), int) for k in ("cf", "mf", "df", "df_disorganised", "range")),
              f"class {cid}: integer values, attacks 1|2")
        check(isinstance(c.get("source"), str) and "STAND-IN" in c["source"] and "Text" in c["source"],
              f"class {cid}: source says what is text and what is STAND-IN")
    K = classes
    check(K["leader"]["command"] == 5, "leader command factor 5 (text)")
    check(K["water_carrier"]["water_range"] == 10 and K["water_carrier"]["cf"] == 0 and K["water_carrier"]["mf"] == 0
          and K["water_carrier"]["df"] == 0 and K["water_carrier"]["range"] == 0, "water carrier: water range 10, cf/mf/df/range 0")
    tv = lambda k: (K[k]["cf"], K[k]["attacks"], K[k]["df"])
    check(tv("elite_infantry") == (3, 2, 7), "elite infantry CF 3, 2 attacks, DF 7 (text)")
    check(tv("line_infantry") == (3, 1, 6) and K["line_infantry"]["mf"] == 4, "line infantry CF 3, 1 attack, DF 6, MF 4 (text/example)")
    check(tv("militia") == (2, 1, 6), "militia CF 2, 1 attack, DF 6 (text)")
    check((K["spanish_artillery_12pdr"]["cf"], K["spanish_artillery_12pdr"]["attacks"], K["spanish_artillery_12pdr"]["range"]) == (3, 2, 18),
          "Spanish 12-pdr CF 3, 2 attacks, range 18 (text)")
    for k in ("spanish_horse_artillery", "french_artillery"):
        check((K[k]["cf"], K[k]["attacks"], K[k]["range"]) == (2, 2, 12), f"{k} CF 2, 2 attacks, range 12 (text)")
    check((K["french_horse_artillery"]["attacks"], K["french_horse_artillery"]["range"]) == (1, 8), "French light pieces 1 attack, range 8 (text)")
    check(K["light_cavalry"]["attacks"] == 1 and K["light_cavalry"]["mf"] == 8, "light cavalry 1 attack (text), MF 8 (example)")
    check(K["regular_cavalry"]["cf"] > K["light_cavalry"]["cf"] and K["regular_cavalry"]["mf"] < K["light_cavalry"]["mf"],
          "regular cavalry: higher CF and slower than light cavalry (text)")
    check(K["cuirassier"]["cf"] == K["regular_cavalry"]["cf"] and K["cuirassier"]["df"] > K["regular_cavalry"]["df"],
          "cuirassiers: CF = regular cavalry, better DF (text)")
    check(all(K[h]["mf"] > K[f]["mf"] for h, f in (("spanish_horse_artillery", "spanish_artillery_12pdr"), ("french_horse_artillery", "french_artillery"))),
          "horse artillery moves more than foot artillery (text)")
    check(min(K[k]["mf"] for k in ("light_cavalry", "regular_cavalry", "cuirassier")) > K["militia"]["mf"],
          "every cavalry type out-moves militia (tactical-retreat example)")
    check(all(K[k]["range"] == 1 for k, c in K.items() if c["kind"] not in ("artillery", "horse_artillery", "water_carrier")),
          "non-artillery combat classes have range 1")
    check(K["french_artillery"]["df"] <= 6 and K["regular_cavalry"]["df"] <= 6, "French artillery and cavalry DF <= 6 (combined-attack example)")

    # ------------------------------------------------------------ formations
    forms = data["formations"]
    fkeys = {"name", "side", "colour", "leader", "deploy", "stand_in"}
    check(len(forms) == 8 and all(set(f) == fkeys for f in forms), "8 formations with keys " + ", ".join(sorted(fkeys)))
    fby = {f["name"]: f for f in forms}
    check(set(fby) == LEADERS["French"] | LEADERS["Spanish"], "formation names are the 8 leaders' names")
    check(all(fby[n]["side"] == s for s in LEADERS for n in LEADERS[s]), "formation sides")
    check(all(fby[n]["deploy"] == d for n, d in DEPLOY.items()), "deploy: Dupont/Fresia/Barbou French, Venegas V, Reding R, Coupigny C, Vedel and Castaños reinforcement")
    check(all(re.match(r"^#[0-9a-fA-F]{6}$", f["colour"]) for f in forms) and len({f["colour"].lower() for f in forms}) == 8,
          "colours are distinct #rrggbb")
    vc = fby["Vedel"]["colour"]
    rgb = [int(vc[i:i + 2], 16) for i in (1, 3, 5)]
    check(sum((a - b) ** 2 for a, b in zip(rgb, (0x7f, 0xff, 0xd4))) <= 40 ** 2, "Vedel's colour is aquamarine (#7fffd4-like)")
    check(all("STAND-IN" in f["stand_in"] for f in forms), "every formation's stand_in is labelled STAND-IN")
    check([f["name"] for f in forms] == FORMATION_ORDER["French"] + FORMATION_ORDER["Spanish"], "formations listed by side in counter order")

    # ------------------------------------------------------------ counters
    cs = data["counters"]
    ckeys = {"id", "name", "side", "class", "formation", "swiss", "pursuit_bonus", "historical"}
    check(all(set(c) == ckeys for c in cs), "every counter has exactly the keys " + ", ".join(sorted(ckeys)))
    kind = lambda c: classes[c["class"]]["kind"]
    check(all(c["class"] in classes for c in cs), "every counter's class exists")
    for side, pre in (("French", "F"), ("Spanish", "S")):
        ids = [c["id"] for c in cs if c["side"] == side]
        check(ids == [f"{pre}{i:02d}" for i in range(1, SIDE_TOTAL[side] + 1)], f"{side} ids run {pre}01..{pre}{SIDE_TOTAL[side]}")
        names = [c["name"] for c in cs if c["side"] == side]
        check(len(names) == len(set(names)) and all(n.strip() for n in names), f"{side} counter names are unique and non-empty",
              str([n for n in names if names.count(n) > 1]))
        counts = {}
        for c in cs:
            if c["side"] == side:
                counts[kind(c)] = counts.get(kind(c), 0) + 1
        check(counts == EXPECTED_COUNTS[side], f"{side} per-type counts exact ({SIDE_TOTAL[side]})", f"{counts}")
        check(len(ids) == SIDE_TOTAL[side], f"{side} total {SIDE_TOTAL[side]}")
        ldr = {c["name"] for c in cs if c["side"] == side and kind(c) == "leader"}
        check({n.replace("é", "e") for n in ldr} == {n.replace("é", "e") for n in LEADERS[side]}, f"{side} leaders are " + ", ".join(sorted(LEADERS[side])), str(ldr))
    ids_all = [c["id"] for c in cs]
    check(len(ids_all) == len(set(ids_all)), "counter ids unique")
    # side / class compatibility
    bad = [c["id"] for c in cs if (c["class"].startswith("french_") and c["side"] != "French")
           or (c["class"].startswith("spanish_") and c["side"] != "Spanish")
           or (kind(c) in ("militia", "water_carrier") and c["side"] != "Spanish")
           or (kind(c) == "cuirassier" and c["side"] != "French")]
    check(not bad, "side-specific classes used by the right side", str(bad))
    check(all(c["class"] == "spanish_artillery_12pdr" for c in cs if c["side"] == "Spanish" and kind(c) == "artillery"),
          "the 4 Spanish artillery counters are the 12-pounders")
    check(all(c["class"] == "french_horse_artillery" for c in cs if c["side"] == "French" and kind(c) == "horse_artillery")
          and all(c["class"] == "french_artillery" for c in cs if c["side"] == "French" and kind(c) == "artillery"),
          "French foot artillery range 12, French horse artillery range 8")
    # formations membership
    for f in forms:
        members = [c for c in cs if c["formation"] == f["name"]]
        leaders = [c for c in members if kind(c) == "leader"]
        check(len(leaders) == 1 and leaders[0]["id"] == f["leader"] and leaders[0]["name"].replace("é", "e") == f["name"].replace("é", "e"),
              f"formation {f['name']}: exactly one leader counter, the one named in 'leader'")
        check(all(c["side"] == f["side"] for c in members), f"formation {f['name']}: members on its side")
        comp = {}
        for c in members:
            comp[kind(c)] = comp.get(kind(c), 0) + 1
        check(comp == GAPS_COMPOSITION[f["name"]], f"formation {f['name']}: composition as bailen-gaps.md §3", str(comp))
    wc = [c for c in cs if kind(c) == "water_carrier"]
    check(len(wc) == 1 and wc[0]["name"] == "María Bellido" and wc[0]["formation"] is None and wc[0]["historical"] is None
          and wc[0]["side"] == "Spanish", "María Bellido: the one water carrier, no formation, no historical hex")
    check(all(c["formation"] in fby for c in cs if kind(c) != "water_carrier"), "every other counter belongs to a formation")
    # order: side, formation, leader first, then type
    pos = {n: i for i, n in enumerate(FORMATION_ORDER["French"] + FORMATION_ORDER["Spanish"] + [None])}
    key = lambda c: (0 if c["side"] == "French" else 1, pos[c["formation"]], KIND_ORDER.index(kind(c)))
    check([key(c) for c in cs] == sorted(key(c) for c in cs), "counters ordered by side, formation (leader first), type")
    # Swiss
    sw = [c for c in cs if c["swiss"]]
    check(sum(c["side"] == "French" for c in sw) == 4 and sum(c["side"] == "Spanish" for c in sw) == 2,
          "4 French and 2 Spanish Swiss counters")
    check(all(kind(c) == "line_infantry" for c in sw), "every Swiss counter is line infantry")
    check(all(isinstance(c["swiss"], bool) and isinstance(c["pursuit_bonus"], bool) for c in cs), "swiss / pursuit_bonus are booleans")
    # pursuit bonus
    pb = [c for c in cs if c["pursuit_bonus"]]
    lc_sp = [c for c in cs if c["side"] == "Spanish" and kind(c) == "light_cavalry"]
    check(pb == lc_sp and len(pb) == 4, "pursuit_bonus exactly on the 4 Spanish light cavalry")
    check(all(("Garrochistas" in c["name"] or "Lanceros" in c["name"]) for c in pb), "the 4 are Garrochistas / Lanceros")

    # ------------------------------------------------------------ historical deployment
    onmap = [c for c in cs if c["formation"] in fby and fby[c["formation"]]["deploy"] != "reinforcement"]
    offmap = [c for c in cs if c not in onmap]
    check(all(c["historical"] is None for c in offmap), "reinforcements and María have historical null")
    check(all(c["historical"] is not None for c in onmap), "every on-map counter has a historical hex")
    hx = [c["historical"] for c in onmap]
    check(len(hx) == len(set(hx)), "historical hexes are unique (one counter per hex)")
    bad = []
    for c in onmap:
        d = fby[c["formation"]]["deploy"]
        zone = dep["French"] if d == "French" else dep[d]
        if c["historical"] not in zone:
            bad.append((c["id"], c["historical"]))
    check(not bad, "every historical hex lies in its counter's own deployment zone (Spanish: hex carries the formation's letter)", str(bad))
    fr_h = {c["historical"] for c in onmap if c["side"] == "French"}
    sp_h = {c["historical"] for c in onmap if c["side"] == "Spanish"}
    touching = [(s, f) for s in sp_h for f in fr_h if distance(s, f) <= 1]
    check(not touching, "no Spanish historical hex is adjacent to a French one (armies start apart)", str(touching[:5]))
    check(min(distance(s, f) for s in sp_h for f in fr_h) >= 5, "armies start at least 5 hexes apart")
    # historical-setup guidance (gaps §1.10)
    byname = {(c["side"], c["name"]): c for c in cs}
    twelve = [c for c in cs if c["class"] == "spanish_artillery_12pdr" and c["formation"] == "Reding"]
    check(len(twelve) == 2 and {c["historical"] for c in twelve} <= S["hill"] and {c["historical"] for c in twelve} == {"2920", "3120"},
          "Reding's 12-pounders start on Cerro Valentín (2920/3120, hill)")
    bar_art = {c["historical"] for c in cs if c["formation"] == "Barbou" and kind(c) == "artillery"}
    check({"3009", "2909"} <= bar_art, "Barbou's (Chabert's) guns lead on 3009/2909")
    check(all(5 <= int(h[2:]) <= 9 for h in fr_h), "French start in rows 05-09")
    dupont_rows = {int(c["historical"][2:]) for c in cs if c["formation"] == "Dupont"}
    barbou_rows = {int(c["historical"][2:]) for c in cs if c["formation"] == "Barbou"}
    check(max(dupont_rows) < min(barbou_rows), "Dupont's reserve stands behind Barbou's division")
    fres_cols = {int(c["historical"][:2]) for c in cs if c["formation"] == "Fresia"}
    check(min(fres_cols) < 25 and max(fres_cols) > 32 and not any(25 <= x <= 32 for x in fres_cols),
          "Frésia's cavalry is on both flanks of the column")
    ven = [c for c in cs if c["formation"] == "Venegas" and kind(c) not in ("militia",)]
    check(sum(c["historical"] in S["hill"] for c in ven) >= len(ven) - 1, "Venegas's front-line units are on the north hills")
    red_cols = {int(c["historical"][:2]) for c in cs if c["formation"] == "Reding" and int(c["historical"][2:]) <= 22}
    check(min(red_cols) < 30 < max(red_cols), "Reding stands astride the Royal Road")
    cou_cols = {int(c["historical"][:2]) for c in cs if c["formation"] == "Coupigny"}
    check(max(cou_cols) < 30, "Coupigny stands south of the road (columns below 30)")
    for fm in ("Venegas", "Reding", "Coupigny"):
        front = min(int(c["historical"][2:]) for c in cs if c["formation"] == fm and kind(c) != "militia")
        mil = [int(c["historical"][2:]) for c in cs if c["formation"] == fm and kind(c) == "militia"]
        check(all(r > front + 1 for r in mil), f"{fm}'s militia stand in second line")

    # ------------------------------------------------------------ zone capacity
    size = {f["name"]: sum(1 for c in cs if c["formation"] == f["name"]) for f in forms}
    check(len(dep["French"]) >= size["Dupont"] + size["Fresia"] + size["Barbou"], "French zone holds Dupont + Fresia + Barbou")
    V, R, C = dep["V"], dep["R"], dep["C"]
    v, r, c_ = size["Venegas"], size["Reding"], size["Coupigny"]
    hall = (len(V) >= v and len(R) >= r and len(C) >= c_ and len(V | R) >= v + r and len(V | C) >= v + c_
            and len(R | C) >= r + c_ and len(V | R | C) >= v + r + c_)
    check(hall, "Spanish zones can hold Venegas on V, Reding on R, Coupigny on C together (Hall's condition)")
    # Venegas deploys first and may take any V hexes: Reding and Coupigny must still fit whatever he took.
    check(len(R - V) >= r and len(C - V) >= c_ and len((R | C) - V) >= r + c_,
          "Reding and Coupigny fit even if Venegas fills every shared V/R hex")
    # ------------------------------------------------------------ surrender at setup
    fr_on = sum(1 for c in onmap if c["side"] == "French")
    sp_on = sum(1 for c in onmap if c["side"] == "Spanish")
    check(not (fr_on > 2 * sp_on or sp_on > 2 * fr_on), f"no surrender at setup (French {fr_on} vs Spanish {sp_on} on the map)")

    # ------------------------------------------------------------ summary
    print("\nCounters per formation:")
    for f in forms:
        comp = {}
        for c in cs:
            if c["formation"] == f["name"]:
                comp[kind(c)] = comp.get(kind(c), 0) + 1
        print(f"  {f['side']:8s} {f['name']:9s} {size[f['name']]:3d}  " + ", ".join(f"{k} {comp[k]}" for k in KIND_ORDER if k in comp))
    print(f"  Spanish  (none)      1  water_carrier 1")
    finish()


if __name__ == "__main__":
    main()
