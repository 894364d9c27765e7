#!/usr/bin/env python3
"""Consistency checks for scenarios/muskets_battles.json (Age of Muskets I: Tomb for an Empire,
Field Battle data and the six battle scenarios D.1-D.6).

Usage: python3 scenarios/check_muskets_battles.py [path/to/muskets_battles.json] [path/to/rulebook.txt]

Standard library only. Prints one PASS/FAIL line per check (WARN lines are information, not
failures), a table of each side's totals per scenario, and exits 1 if any check fails.

The rulebook text is looked for in the second argument, then $MUSKETS_RULEBOOK, then
shared/seeds/002_638eac295c9d147c.txt beside or above the repository. When it is found, every
printed line stored in the JSON is compared with the text, and each scenario's set-up must be
exactly the stored lines, in order, with none missing. When it is not found that part is skipped
(SKIP line) and everything else still runs.
"""
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "muskets_battles.json")
RULEBOOK_NAME = "002_638eac295c9d147c.txt"

from checklib import check, finish, find_rulebook


def warn(what):
    print("WARN " + what)


# ---------------------------------------------------------------- expectations from the rulebook text
SCENARIO_NAMES = ["Medina de Rioseco", "Medellín", "Sagunto", "Ocaña", "Arapiles", "Vitoria"]
# SR 9.2.m.2: "The options are stated below, with the number available in brackets"
CHITS = {"reserve": 6, "outflank": 1, "assault": 5, "pin": 3, "bombardment": 2,
         "cavalry_charge": 4, "withdraw": 1, "recover": 4, "reinforce": 4}
ATTACK_OPTIONS = {"assault", "pin", "cavalry_charge", "outflank"}          # SR 9.2.o.1.a
OCC_CHIT_MODS = {"outflank": (1, 2), "assault": (1, 1), "cavalry_charge": (2, 1)}  # SR 9.2.n.1
OCC_MODS = {"defender": -1, "joint_command": 2, "joint_no_hq": 5}         # SR 9.2.n.1
TERRAIN_TYPES = {"clear", "hills", "woods", "village"}                    # SR 9.2.i.3
HQ_RANK = {"XXX": 3, "XXXX": 4, "XXXXX": 5}                               # SR III.1.B.1
GENERIC = {"Vet", "Ln", "Rec", "Cav"}
MONTHS = {m: i + 1 for i, m in enumerate(["January", "February", "March", "April", "May", "June", "July",
                                          "August", "September", "October", "November", "December"])}
# Words the stand-in document must cover (one bullet each at least)
DOC_TOPICS = ["Troop Value Chart", "Pursuit Table", "nationalit", "HQ size", "OCN", "terrain layout",
              "Hill", "Village", "Woods", "Assault", "Pin", "Bombardment", "Outflank", "Cavalry Charge",
              "morale check", "battle end", "LoC", "Reinforce", "Broken", "D19", "Mermet", "VetPr",
              "Boussard", "(5)+1", "Wellington", "display", "0(5)0", "D54", "D22", "ER 4.5.c", "Merlé",
              "G9"]

LEADER_RE = re.compile(r"^(?:(\d+)/)?([-+]?\d+)\((\d+)\)([-+]?\d+)$")
SP_RE = re.compile(r"^(\d+)([A-Za-z]+)$")


def parse_notation(s):
    m = LEADER_RE.match(s)
    if not m:
        return None
    return {"ocn": int(m.group(1)) if m.group(1) else None, "morale_modifier": int(m.group(2)),
            "initiative": int(m.group(3)), "tactical": int(m.group(4))}


def signed(v):
    return "0" if v == 0 else f"{v:+d}"


def format_notation(f):
    return (f"{f['ocn']}/" if f["ocn"] is not None else "") + f"{signed(f['morale_modifier'])}({f['initiative']}){signed(f['tactical'])}"


LEADER_FIELDS = ("ocn", "morale_modifier", "initiative", "tactical")


def fields_of(leader):
    return {k: leader.get(k) for k in LEADER_FIELDS}


# ---------------------------------------------------------------- independent parsers of printed lines
NOTATION_TAIL = r"((?:\d+/)?[-+]?\d+\(\d+\)[-+]?\d+)"
CU_PAREN = re.compile(r"^(.*?) \((.+?) " + NOTATION_TAIL + r"\)$")
CU_PLAIN = re.compile(r"^(.*) " + NOTATION_TAIL + r"$")
KIND_PREFIXES = ["Div. Ligera", "Div. Española", "Div. Pt.", "ID", "CD", "CB", "BI", "Art"]
NAME_QUALIFIERS = {"Ge", "1It", "Pol", "Pt"}


def parse_cu_line(line):
    """'ID Mouton 0(6)+1: 1Vet/4Ln' -> dict(counter, leader, notation, sp=[(tok, n)])."""
    if ": " not in line:
        return None
    head, sp = line.rsplit(": ", 1)
    toks = []
    for t in sp.rstrip(".").split("/"):
        m = SP_RE.match(t.strip())
        if not m:
            return None
        toks.append((m.group(2), int(m.group(1))))
    out = {"sp": toks}
    m = CU_PAREN.match(head)
    if m:
        out.update(counter=m.group(1), leader=m.group(2), notation=m.group(3))
        return out
    m = CU_PLAIN.match(head)
    if m:
        label = m.group(1)
        words = label
        for p in KIND_PREFIXES:
            if words.startswith(p + " "):
                words = words[len(p) + 1:]
                break
        parts = words.split(" ")
        while len(parts) > 1 and parts[0] in NAME_QUALIFIERS:
            parts = parts[1:]
        out.update(counter=label, leader=" ".join(parts), notation=m.group(2))
        return out
    # artillery: 'Art I: 2Art.' (generic leader, SR III.1.A.5)
    out.update(counter=head, leader=None, notation=None)
    return out


HQ_RE = re.compile(r"^(.*?) \((.+?) " + NOTATION_TAIL + r"\)$")


def parse_hq_line(line):
    m = HQ_RE.match(line)
    if not m or ": " in line:
        return None
    label, leader, notation = m.group(1), m.group(2), m.group(3)
    size = None
    m2 = re.search(r"[–-](x{3,5}) size-", label)
    if m2:
        size = m2.group(1).upper()
    m3 = re.match(r"^(X{3,5}) ", label)
    if m3:
        size = m3.group(1)
    m4 = re.search(r" (x{3,5})$", label)
    if m4:
        size = m4.group(1).upper()
    return {"label": label, "leader": leader, "notation": notation, "size": size}


# ---------------------------------------------------------------- troop types
def build_resolver(types):
    national = {}
    generic = {}
    alias = {}
    for t in types:
        if t.get("national_type"):
            national.setdefault(t["abbr"], []).append(t)
        else:
            generic.setdefault((t["nationality"], t["abbr"]), []).append(t)
        for a in t.get("generic_aliases", []):
            generic.setdefault((t["nationality"], a), []).append(t)
        for a in t.get("aliases", []):
            alias.setdefault(a, []).append(t)

    def resolve(token, nat):
        cands = national.get(token, []) + alias.get(token, [])
        if cands:
            return cands[0] if len(cands) == 1 else None
        cands = generic.get((nat, token), [])
        return cands[0] if len(cands) == 1 else None
    return resolve, national, generic, alias


def all_cus(side):
    for h in side["hqs"]:
        for c in h["cus"]:
            yield h, c


def is_infcav(cu):
    return cu["arm"] in ("infantry", "cavalry")


# ---------------------------------------------------------------- rulebook
def main():
    with open(PATH, encoding="utf-8") as f:
        doc = json.load(f)

    # ------------------------------------------------------------ top level
    for k in ("leader_notation", "nationalities", "troop_types", "troop_type_resolution", "battle_display",
              "battle_terrain", "battle_options", "operational_control_check", "battle_endurance",
              "engagement", "morale_check", "battle_end", "pursuit_table", "losses",
              "field_battle_threshold", "deployment", "exclusive_battle_rules", "scenarios"):
        check(k in doc, f"top-level key '{k}' present")

    nats = {n["id"]: n for n in doc["nationalities"]}
    types = doc["troop_types"]
    resolve, national, generic, alias = build_resolver(types)

    # ------------------------------------------------------------ troop value chart
    ids = [t["id"] for t in types]
    check(len(ids) == len(set(ids)), "troop type ids are unique")
    bad = [t["id"] for t in types if t["nationality"] is not None and t["nationality"] not in nats]
    check(not bad, "every troop type's nationality is a listed nationality", str(bad))
    bad = [a for a, l in national.items() if len(l) > 1] + [k for k, l in generic.items() if len(l) > 1] + \
          [a for a, l in alias.items() if len(l) > 1 or a in national]
    check(not bad, "troop type abbreviations resolve uniquely (national, per-nationality generic, aliases)", str(bad))
    bad = []
    for t in types:
        if t["arm"] == "artillery":
            if t["morale"] is not None or t["tactical"] is not None:
                bad.append(t["id"])
        elif not (isinstance(t["morale"], int) and 3 <= t["morale"] <= 9 and isinstance(t["tactical"], int)):
            bad.append(t["id"])
    check(not bad, "Morale Values are 3..9 and Tactical Values integers; Art has none (SR III.1.A.4-5)", str(bad))
    bad = [t["id"] for t in types if not (("source" in t) ^ ("stand_in" in t))]
    check(not bad, "every troop type is labelled with exactly one of source / stand_in", str(bad))
    bad = [t["id"] for t in types if t["arm"] not in ("infantry", "cavalry", "artillery")]
    check(not bad, "every troop type has arm infantry/cavalry/artillery", str(bad))
    brv = next((t for t in types if t["id"] == "Br-Vet"), None)
    check(brv is not None and (brv["morale"], brv["tactical"]) == (6, 2) and
          (brv.get("defending", {}).get("morale"), brv.get("defending", {}).get("tactical")) == (8, 3),
          "British Vet is (6)+2, (8)+3 when defending (text, ER 3.10)")
    frc = next((t for t in types if t["id"] == "Fr-Cav"), None)
    check(frc is not None and (frc["morale"], frc["tactical"]) == (7, 2), "French Cav is (7)+2 (text, CS7 special rule d)")

    # ------------------------------------------------------------ leader notation
    ln = doc["leader_notation"]
    check(ln.get("regex") == LEADER_RE.pattern, "leader_notation.regex is the checker's parser")
    check(set(ln.get("fields", {})) == set(LEADER_FIELDS), "leader_notation explains ocn, morale_modifier, initiative, tactical")
    check(ln.get("cu_leader_ocn") == 11 and doc["operational_control_check"].get("cu_leader_ocn") == 11,
          "CU leaders have OCN 11 (SR 9.2.n.1)")
    gl = ln["generic_leaders"]
    check(gl["artillery_cu"]["notation"] == "0(3)0" and gl["hq_after_leader_loss"]["notation"] == "8/0(4)0" and
          gl["garrison"]["notation"] == "0(5)0", "generic leaders 0(3)0, 8/0(4)0, 0(5)0 (SR III.1.A.5, 12.1.b.3, III.1.C.5)")
    check(parse_notation("15/-2(7)+1") == {"ocn": 15, "morale_modifier": -2, "initiative": 7, "tactical": 1},
          "notation 'Bessieres 15/-2(7)+1' = OCN 15, Morale Modifier -2, Initiative 7, Tactical +1 (SR III.1.D.4)")

    # ------------------------------------------------------------ battle options (chits)
    bo = doc["battle_options"]
    opts = {o["id"]: o for o in bo["options"]}
    check(set(opts) == set(CHITS), "the nine battle options of SR 9.2.m.2 exist", str(sorted(set(opts) ^ set(CHITS))))
    check(all(isinstance(o["count"], int) and o["count"] >= 0 for o in bo["options"]), "chit counts are non-negative integers")
    check({k: opts[k]["count"] for k in opts} == CHITS, "chit counts per side are the printed ones (SR 9.2.m.2)",
          str({k: opts[k]["count"] for k in opts}))
    check(sum(o["count"] for o in bo["options"]) == 30 and bo["sets"] == 2, "30 chits per side, two sets (SR 9.2.m.2)")
    check({k for k, o in opts.items() if o["attack_option"]} == ATTACK_OPTIONS,
          "attack options are Assault, Pin, Cavalry Charge, Outflank (SR 9.2.o.1.a)")
    check(all(bool(o["continuable"]) == (k in ATTACK_OPTIONS) for k, o in opts.items()),
          "only attack options may be continued (SR 9.2.o.1.b.ii)")
    got = {k: (o["occ_per_chits"]["chits"], o["occ_per_chits"]["modifier"]) for k, o in opts.items() if o.get("occ_per_chits")}
    check(got == OCC_CHIT_MODS, "OCC modifiers per chit: Outflank +2, Assault +1, Cavalry Charge +1 per two (SR 9.2.n.1)", str(got))
    occ = doc["operational_control_check"]["modifiers"]
    check(all(occ.get(k) == v for k, v in OCC_MODS.items()) and occ.get("per_outflank_chit") == 2 and
          occ.get("per_assault_chit") == 1 and occ.get("per_two_cavalry_charge_chits") == 1,
          "OCC modifiers -1 defender, +2 joint, +5 no HQ (SR 9.2.n.1)")
    eff = doc["operational_control_check"]["effect"]
    check((eff["pass"], eff["fail"]) == (1, -2), "OCC effect +1 / -2 on all engagement rolls (SR 9.2.n.2)")
    check(set(opts["cavalry_charge"]["forbidden_target_terrain"]) == {"woods", "hills"},
          "no Cavalry Charge against Woods or Hill (SR 9.2.i.7.i, BOE)")
    bad = [k for k, o in opts.items() if not any(x in o for x in ("source",)) ]
    check(not bad, "every option cites its source", str(bad))
    bad = [k for k in ("outflank", "assault", "pin", "bombardment", "cavalry_charge") if "effect_stand_in" not in opts[k]]
    check(not bad, "options whose explanation is missing from the text carry effect_stand_in", str(bad))
    check(opts["recover"].get("roll_modifier") == 3, "Recover adds +3 (BOE 4)")
    hs = bo["hand_size"]
    check(hs.get("king_joseph_cic") == 6, "King Joseph as CiC picks 6 options (ER 4.4)")

    # ------------------------------------------------------------ battle endurance
    bep = doc["battle_endurance"]
    check((bep["per_infantry_or_cavalry_cu"], bep["no_loc_at_start"], bep["half_or_more_british_or_french_cu"],
           bep["napoleon_cic"]) == (1, -2, 1, 3), "BEP +1 per inf/cav CU, -2 no LoC (SR 9.2.l), +1 British/French, +3 Napoleon (ER 1.7)")

    # ------------------------------------------------------------ terrain
    bt = doc["battle_terrain"]
    tt = {t["id"]: t for t in bt["types"]}
    check(set(tt) == TERRAIN_TYPES, "battle terrain types are clear, hills, woods, village (SR 9.2.i.3)")
    supplied = {k: v["layouts"] for k, v in tt.items() if k != "clear"}
    check(all(isinstance(v, int) and v >= 0 for v in supplied.values()) and sum(supplied.values()) == bt["layouts_supplied"] == 8,
          "layout counts are non-negative and add up to the 8 supplied layouts", str(supplied))
    check(bt["choice"]["max_per_side"] == 4, "at most 4 layouts per side (SR 9.2.i.6)")
    check(tt["woods"]["effects"].get("morale_check_modifier") == -1 and tt["woods"]["effects"].get("hidden_until_engaged") is True,
          "Woods: -1 to morale checks, hidden until engaged (SR 9.2.i.7.i)")
    check(all(tt[k]["effects"].get("cavalry_charge_against") is False for k in ("woods", "hills")),
          "Woods and Hills forbid Cavalry Charges (SR 9.2.i.7.i, BOE)")
    zone_ids = {}
    for z in bt["zone_types"]:
        zone_ids[z["id"]] = z
        for a in z.get("aliases", []):
            zone_ids[a] = z
        check(all(e["type"] in TERRAIN_TYPES | {"any"} and e["count"] > 0 for e in z["extra_defender_layouts"]),
              f"zone type '{z['id']}' extra layouts are well formed")
    check([e["count"] for e in zone_ids["rough"]["extra_defender_layouts"]] == [1] and
          zone_ids["mountain_pass"]["extra_defender_layouts"] == [{"type": "hills", "count": 2}] and
          zone_ids["forest"]["extra_defender_layouts"] == [{"type": "woods", "count": 1}],
          "zone extras: Rough +1 any, Mountain Pass +2 Hills, Forest +1 Woods (SR 9.2.i.4)")

    # ------------------------------------------------------------ display
    disp = doc["battle_display"]
    line = disp["battle_line"]
    check(set(line) == {"left", "centre", "right"} and disp["reserve"] == "reserve" and len(disp["flanking"]) == 2,
          "display: 3 Battle Line Sections, a Reserve, two Flanking sections per side (SR 9.2.f)")
    opp = disp["opposite"]
    check(opp["left"] == "right" and opp["right"] == "left" and opp["centre"] == "centre",
          "Left faces enemy Right, Centre faces Centre (SR 9.2.o)")
    check("flank_right" in disp["oblique_targets"]["left"] and "centre" in disp["oblique_targets"]["left"],
          "ER 4.9 example: the left may attack the enemy centre or right flanking box")

    # ------------------------------------------------------------ pursuit table
    pt = doc["pursuit_table"]
    cols, rows, grid = pt["columns"], pt["rows"], pt["results_percent"]
    check(len(cols) == 10 and len(rows) == 10, "pursuit table has 10 columns and 10 die rows (1d10)", f"{len(cols)}x{len(rows)}")
    shape_ok = check(len(grid) == len(rows) and all(len(r) == len(cols) for r in grid), "pursuit grid shape matches rows x columns")
    check(all(isinstance(v, int) and v >= 0 for r in grid for v in r), "pursuit results are non-negative integer percentages")
    if shape_ok:
        mono = all(grid[i][j] <= grid[i][j + 1] for i in range(len(grid)) for j in range(len(cols) - 1)) and \
            all(grid[i][j] <= grid[i + 1][j] for i in range(len(grid) - 1) for j in range(len(cols)))
        check(mono, "pursuit results never fall as the column moves right or the die rises")
        formula_ok = len(grid) == 10 and all(grid[r][c] == max(0, min(150, 10 * (c + 1 - 3) + 5 * r)) for r in range(10) for c in range(10))
        check(formula_ok, "pursuit grid equals its stated formula")
    else:
        check(False, "pursuit grid monotonicity and formula (skipped: bad shape)")
    bands = sorted(pt["base_column"]["bands"], key=lambda b: b["min"])
    cover = bands[0]["min"] == 0 and bands[-1]["max"] == 100 and all(
        bands[i]["max"] + 1 == bands[i + 1]["min"] for i in range(len(bands) - 1))
    check(cover and all(b["column"] in cols for b in bands), "base-column bands cover 0-100% without gap or overlap")
    shifts = {s["id"]: s for s in pt["shifts"]}
    want = {"round_after_second": -1, "winner_double_cavalry": 2, "loser_double_cavalry": -3, "loser_without_loc": 4,
            "winner_cavalry_commander": "tactical", "loser_retreats_over_river": 2, "withdraw_passed": -3, "withdraw_failed": 2}
    check({k: s["columns"] for k, s in shifts.items()} == want, "pursuit shifts are the text's (SR 9.2.p.1, BOE 1)")
    check(pt["clamp"]["min"] in cols and pt["clamp"]["max"] in cols, "pursuit clamp columns exist")

    # ------------------------------------------------------------ scenarios
    sc = doc["scenarios"]
    check(len(sc) == 6, "six battle scenarios")
    check([s["name"] for s in sc] == SCENARIO_NAMES, "scenario names are the printed ones, in order", str([s["name"] for s in sc]))
    check([s["id"] for s in sc] == [f"BS{i}" for i in range(1, 7)] and [s["number"] for s in sc] == list(range(1, 7)),
          "scenario ids BS1-BS6")
    er_ids = {e["id"] for e in doc["exclusive_battle_rules"]}
    rows_out = []
    for s in sc:
        sid = s["id"]
        m = re.match(r"^(\d+)(?:st|nd|rd|th) (\w+) (\d{4})$", s["date_printed"])
        iso = f"{int(m.group(3)):04d}-{MONTHS[m.group(2)]:02d}-{int(m.group(1)):02d}" if m else None
        check(iso == s["date"], f"{sid} date {s['date']} = printed '{s['date_printed']}'")
        check(s["heading_printed"].startswith(f"{s['number']}. {s['name']} (" + s["date_printed"]),
              f"{sid} heading carries number, name and date")
        check(s["zone_type"] in zone_ids and s["zone_printed"].lower() in zone_ids, f"{sid} zone type '{s['zone_printed']}' is known")
        check({s["attacker"], s["defender"]} == {"Imperial", "Allied"}, f"{sid} attacker and defender are the two sides")
        check(f"attacker is the {s['attacker'].upper()} SIDE" in s["setting_printed"], f"{sid} attacker agrees with the printed setting")
        # terrain
        per_side = {}
        per_type = {}
        seen = set()
        ok = True
        for t in s["fixed_terrain"]:
            ok &= t["type"] in TERRAIN_TYPES - {"clear"} and t["section"] in line + disp["flanking"] and t["side"] in ("Imperial", "Allied")
            ok &= (t["side"], t["section"]) not in seen
            seen.add((t["side"], t["section"]))
            per_side[t["side"]] = per_side.get(t["side"], 0) + 1
            per_type[t["type"]] = per_type.get(t["type"], 0) + 1
            ok &= "source" in t
        ok &= all(v <= 4 for v in per_side.values()) and all(per_type[k] <= supplied[k] for k in per_type)
        check(ok, f"{sid} fixed terrain: known types and sections, one per section, <=4 per side, within the layouts supplied")
        for t in s["fixed_terrain"]:
            word = {"hills": "hill", "village": "village", "woods": "wood"}[t["type"]]
            check(word in s["setting_printed"].lower(),
                  f"{sid} {t['side']} {t['section']} {t['type']} is in the printed setting")
        # outflank
        of = s["outflank"]
        check(of["mode"] in ("normal", "roll_off", "forbidden", "forced"), f"{sid} outflank mode known")
        if of["mode"] == "forced":
            check(f"{of['holder'].upper()} SIDE has to choose the Outflank" in s["setting_printed"] or
                  f"The {of['holder']} has to choose the Outflank" in s["setting_printed"],
                  f"{sid} forced Outflank holder matches the printed setting")
        if of["mode"] == "forbidden":
            check("nobody can choose the Outflank option" in s["setting_printed"], f"{sid} Outflank forbidden as printed")
        check(all(r in er_ids for r in s["exclusive_rules"]), f"{sid} exclusive rules are defined")
        check(s["victory"]["printed"].startswith("Victory: The winner is the one who wins the battle. If neither wins it is a draw")
              and s["victory"]["type"] == "battle_winner" and s["victory"]["draw_if_no_winner"] is True,
              f"{sid} victory: the battle's winner, else a draw")
        check(s["loc"]["Imperial"] is True and s["loc"]["Allied"] is True and "stand_in" in s["loc"], f"{sid} LoC stand-in present")

        derived_calc = {}
        for side_name in ("Imperial", "Allied"):
            side = s["sides"][side_name]
            tag = f"{sid} {side_name}"
            check(side["role"] == ("attacker" if s["attacker"] == side_name else "defender"), f"{tag} role matches attacker")
            # --- HQs and leaders
            for h in side["hqs"]:
                ld = h["leader"]
                p = parse_notation(ld["notation"])
                check(p is not None and p == fields_of(ld), f"{tag} HQ {h['name']}: '{ld['notation']}' parses to the stored fields",
                      f"{p} vs {fields_of(ld)}")
                fmt = format_notation(fields_of(ld))
                check(fmt == ld["notation"] or ("notation_quirk" in ld and fmt == ld["notation"].replace("+0", "0")),
                      f"{tag} HQ {h['name']}: fields format back to '{ld['notation']}'", fmt)
                check(parse_notation(fmt) == fields_of(ld), f"{tag} HQ {h['name']}: format/parse round trip")
                if ld["ocn"] is None:
                    check(ld.get("ocn_stand_in") == doc["leader_notation"]["hq_leader_without_ocn"]["ocn"] and "stand_in" in ld,
                          f"{tag} HQ {h['name']}: OCN not printed, stand-in {ld.get('ocn_stand_in')} labelled")
                check(h["size"] in HQ_RANK and (("size_source" in h) ^ ("size_stand_in" in h)), f"{tag} HQ {h['name']}: size {h['size']} labelled")
                ph = parse_hq_line(h["printed"])
                ok = ph is not None and ph["leader"] == ld["name"] and ph["notation"] == ld["notation"] and h["name"] in ph["label"]
                if ph is not None and ph["size"] is not None:
                    ok &= ph["size"] == h["size"] and "size_source" in h
                elif ph is not None:
                    ok &= "size_stand_in" in h
                check(ok, f"{tag} HQ printed line '{h['printed']}' agrees with its fields", str(ph))
                arts = [c for c in h["cus"] if c["arm"] == "artillery"]
                check(len(arts) <= 1, f"{tag} HQ {h['name']}: at most 1 artillery CU (SR 1.d)")
            # --- CUs
            for h, c in all_cus(side):
                ctag = f"{tag} {c['counter']}"
                check(c["nationality"] in nats and side_name in nats[c["nationality"]]["sides"],
                      f"{ctag}: nationality {c['nationality']} belongs to the {side_name} side")
                check(("nationality_source" in c) ^ ("nationality_stand_in" in c), f"{ctag}: nationality labelled")
                res = []
                for e in c["sp"]:
                    t = resolve(e["type"], c["nationality"])
                    check(t is not None and isinstance(e["count"], int) and e["count"] > 0,
                          f"{ctag}: {e['count']}{e['type']} is a troop type in the chart", "unresolved" if t is None else "")
                    res.append((t, e["count"]))
                res = [(t, n) for t, n in res if t is not None]
                arms = {t["arm"] for t, _ in res}
                if c["arm"] == "artillery":
                    ok = arms == {"artillery"}
                elif c["arm"] == "cavalry":
                    ok = arms == {"cavalry"}
                else:
                    ok = "infantry" in arms
                check(ok, f"{ctag}: arm '{c['arm']}' fits its SP ({sorted(arms)})")
                # ER 1.3.a / 1.3.e: which nationalities a CU may hold
                sp_nats = {t["nationality"] for t, _ in res if t["arm"] != "artillery"}
                allowed = {"French": {n for n, v in nats.items() if "Imperial" in v["sides"]},
                           "German": {"German", "Dutch"}, "Italian": {"Italian", "Neapolitan"},
                           "British": {"British", "Portuguese", "Neapolitan"}}.get(c["nationality"], {c["nationality"]})
                check(sp_nats <= allowed, f"{ctag}: SP nationalities {sorted(sp_nats)} allowed in a {c['nationality']} CU (ER 1.3.e)")
                if c["nationality"] == "British" and c["kind"] == "ID":
                    npt = sum(n for t, n in res if t["nationality"] == "Portuguese")
                    check(npt <= 3, f"{ctag}: at most 3 Portuguese SP in a British ID (ER 1.3.e.5)", str(npt))
                if c["kind"] == "Div. Ligera":
                    nbr = sum(n for t, n in res if t["nationality"] == "British")
                    npt = sum(n for t, n in res if t["nationality"] == "Portuguese")
                    check(nbr <= 4 and npt <= 2 and all(t["quality"] == "Vet" for t, _ in res),
                          f"{ctag}: Light Division holds <=4 British + <=2 Portuguese SP, all Vet (ER 3.3)")
                # leader
                ld = c["leader"]
                if c["arm"] == "artillery" and ld.get("generic"):
                    check(ld["notation"] == doc["leader_notation"]["generic_leaders"]["artillery_cu"]["notation"] and
                          parse_notation(ld["notation"]) == fields_of(ld), f"{ctag}: generic artillery leader 0(3)0 (SR III.1.A.5)")
                else:
                    p = parse_notation(ld["notation"])
                    check(p is not None and p == fields_of(ld) and ld["ocn"] is None,
                          f"{ctag}: leader '{ld['notation']}' parses to the stored fields (no OCN on a CU leader)")
                    fmt = format_notation(fields_of(ld))
                    check(fmt == ld["notation"] or ("notation_quirk" in ld and fmt == ld["notation"].replace("+0", "0")),
                          f"{ctag}: fields format back to '{ld['notation']}'", fmt)
                # printed line, parsed independently
                pc = parse_cu_line(c["printed"])
                ok = pc is not None and pc["counter"] == c["counter"]
                if ok and not (c["arm"] == "artillery" and ld.get("generic")):
                    ok = pc["leader"] == ld["name"] and pc["notation"] == ld["notation"]
                if ok:
                    printed_sp = [(resolve(tk, c["nationality"]) or {}).get("id") for tk, _ in pc["sp"]]
                    stored_sp = [(resolve(e["type"], c["nationality"]) or {}).get("id") for e in c["sp"]]
                    ok = printed_sp == stored_sp and [n for _, n in pc["sp"]] == [e["count"] for e in c["sp"]]
                check(ok, f"{ctag}: printed line '{c['printed']}' agrees with counter, leader and SP", str(pc))

            # --- derived values, recomputed
            hqs = side["hqs"]
            top = max(HQ_RANK[h["size"]] for h in hqs) if hqs else None
            largest = [h for h in hqs if HQ_RANK[h["size"]] == top]
            hq_sp = {h["name"]: sum(e["count"] for c in h["cus"] for e in c["sp"]) for h in hqs}
            if not hqs:
                command, cic_hq, joint = "joint_no_hq", None, []
            elif len(largest) == 1:
                command, cic_hq, joint = "unified", largest[0], []
            else:
                command = "joint"
                cic_hq = max(largest, key=lambda h: hq_sp[h["name"]])
                joint = [h["leader"]["name"] for h in largest]
                if sorted(hq_sp[h["name"]] for h in largest)[-2:].count(hq_sp[cic_hq["name"]]) > 1:
                    warn(f"{tag}: Joint Command CiC tie on SP")
            cic = cic_hq["leader"]
            if command == "unified":
                chits = 6 if cic["name"] == "José I" else cic["initiative"]
                ocns = [cic["ocn"] if cic["ocn"] is not None else cic.get("ocn_stand_in")]
            else:
                chits = min(h["leader"]["initiative"] for h in largest) - 1
                ocns = [h["leader"]["ocn"] for h in largest]
            occ_base = (OCC_MODS["defender"] if side["role"] == "defender" else 0) + \
                (OCC_MODS["joint_command"] if command == "joint" else OCC_MODS["joint_no_hq"] if command == "joint_no_hq" else 0)
            forced = ["outflank"] if (s["outflank"]["mode"] == "forced" and s["outflank"]["holder"] == side_name) else []
            cus = [c for _, c in all_cus(side)]
            infcav = [c for c in cus if is_infcav(c)]
            brfr = sum(1 for c in infcav if c["nationality"] in ("British", "French"))
            bep_v = len(infcav) * bep["per_infantry_or_cavalry_cu"] + \
                (bep["half_or_more_british_or_french_cu"] if 2 * brfr >= len(infcav) else 0) + \
                (0 if s["loc"][side_name] else bep["no_loc_at_start"]) + \
                (bep["napoleon_cic"] if cic["name"] == "Napoleon" and side_name == "Imperial" else 0)
            sp = {"infantry": 0, "cavalry": 0, "artillery": 0}
            by_type = {}
            for c in cus:
                for e in c["sp"]:
                    t = resolve(e["type"], c["nationality"])
                    if t:
                        sp[t["arm"]] += e["count"]
                        by_type[t["id"]] = by_type.get(t["id"], 0) + e["count"]
            sp["total"] = sum(sp.values())
            d = side["derived"]
            check(d["command"] == command, f"{tag} command {command} (SR 9.2.h.1)", d["command"])
            check(d["cic"] == cic["name"], f"{tag} CiC {cic['name']}", d["cic"])
            check(d["joint_leaders"] == joint, f"{tag} joint leaders {joint}", str(d["joint_leaders"]))
            check(d["option_chits"] == chits, f"{tag} option chits {chits} (SR 9.2.m.1, ER 4.4)", str(d["option_chits"]))
            check(d["occ_ocns"] == ocns, f"{tag} OCC against OCN {ocns} (SR 9.2.n.1)", str(d["occ_ocns"]))
            check(d["occ_base_modifier"] == occ_base, f"{tag} OCC base modifier {occ_base:+d}", str(d["occ_base_modifier"]))
            check(d["forced_chits"] == forced, f"{tag} forced chits {forced}")
            check(d["infantry_cavalry_cus"] == len(infcav), f"{tag} {len(infcav)} infantry/cavalry CU", str(d["infantry_cavalry_cus"]))
            check(d["bep"] == bep_v, f"{tag} BEP {bep_v} (SR 9.2.l, ER 1.7)", str(d["bep"]))
            check(d["sp"] == sp, f"{tag} SP totals {sp}", str(d["sp"]))
            check(len(infcav) >= doc["field_battle_threshold"]["min_infantry_cavalry_cus_each_side"],
                  f"{tag} has at least 3 infantry/cavalry CU, so it is a Field Battle (SR 9.2.d)")
            non_cic = [h for h in hqs if h is not cic_hq and sum(1 for c in h["cus"]) >= 2]
            check(len(non_cic) <= len(line), f"{tag} deployable: {len(non_cic)} non-CiC HQ need a Battle Line Section (SR 9.2.k.5)")
            check(chits <= sum(CHITS.values()), f"{tag} chit hand fits the 30-chit set")
            # ER 1.3.b assignment limits: information only (the scenario sets up what it prints)
            for h in hqs:
                n = len(h["cus"])
                if side_name == "Imperial":
                    lim = 7 if h["size"] == "XXX" else 10
                elif h["name"].startswith(("Left Wing", "Right Wing")):
                    lim = 7
                elif h["name"] == "British Army":
                    lim = 11
                else:
                    lim = 12
                if n > lim:
                    warn(f"{tag} {h['name']} has {n} CU, over the ER 1.3.b limit of {lim} (as printed; the scenario overrides)")
            derived_calc[side_name] = (command, cic["name"], chits, ocns, occ_base + 2 * len(forced), len(infcav), bep_v, sp, by_type)

        # outflank holder recomputed (SR 9.2.j.1)
        imp, al = derived_calc["Imperial"], derived_calc["Allied"]
        if imp[0] != "unified" and al[0] != "unified":
            holder = None
        elif imp[0] != "unified":
            holder = "Allied"
        elif al[0] != "unified":
            holder = "Imperial"
        else:
            ii = next(h for h in s["sides"]["Imperial"]["hqs"] if h["leader"]["name"] == imp[1])["leader"]["initiative"]
            ai = next(h for h in s["sides"]["Allied"]["hqs"] if h["leader"]["name"] == al[1])["leader"]["initiative"]
            holder = "Imperial" if ii > ai else "Allied" if ai > ii else "roll_off"
        if s["outflank"]["mode"] == "roll_off":
            check(holder == "roll_off" and s["outflank"]["holder"] is None, f"{sid} outflank option decided by a roll-off (tie)")
        elif s["outflank"]["mode"] in ("normal", "forbidden"):
            check(holder == s["outflank"]["holder"], f"{sid} outflank option holder {holder} (SR 9.2.j.1)", str(s["outflank"]["holder"]))
        else:
            check(s["outflank"]["holder"] in ("Imperial", "Allied"), f"{sid} forced outflank holder named")
        # special rules and exclusive rules consistency
        for r in s["special_rules"]:
            data = r.get("data", {})
            if "combat_bonus" in data:
                cb = data["combat_bonus"]
                check(any(c["counter"] == cb["counter"] for _, c in all_cus(s["sides"][cb["side"]])) and cb["counter"] in r["printed"],
                      f"{sid} special rule {r['id']}: {cb['counter']} exists on the {cb['side']} side")
            if "troop_value_override" in data:
                ov = data["troop_value_override"]
                check(3 <= ov["morale"] <= 9 and f"({ov['morale']}){ov['tactical']:+d}" in r["printed"],
                      f"{sid} special rule {r['id']}: {ov['side']} {ov['arm']} ({ov['morale']}){ov['tactical']:+d} as printed")
        has = lambda side, pred: any(pred(resolve(e["type"], c["nationality"]), c) for _, c in all_cus(s["sides"][side]) for e in c["sp"])
        want = {"ER 1.7", "ER 4.9"}
        if has("Imperial", lambda t, c: t and t["id"] in ("Gd", "Glc", "Ghc")):
            want.add("ER 4.5.c")
        if imp[1] == "José I":
            want.add("ER 4.4")
        if s["defender"] == "Allied" and al[1] == "Wellington":
            want.add("ER 3.1.b")
        if has("Allied", lambda t, c: t and t["id"] == "Br-Cav"):
            want.add("ER 3.4.b")
        if has("Allied", lambda t, c: t and t["id"] == "Br-Vet"):
            want.add("ER 3.10")
        check(set(s["exclusive_rules"]) == want, f"{sid} exclusive rules in force {sorted(want)}", str(sorted(s["exclusive_rules"])))
        if "ER 3.1.b" in want:
            check("wellington_extra_layout" in s["terrain_choice"] and "defender_deploys_second" in s["terrain_choice"],
                  f"{sid} Wellington defending: extra layout and deploying second recorded (ER 3.1.b)")
        rows_out.append((s, derived_calc))

    # ------------------------------------------------------------ provenance walk
    missing = []

    def has_prov(o):
        return any(k == "source" or k == "stand_in" or k.endswith("_source") or k.endswith("_stand_in") for k in o)

    def walk(o, path, covered):
        if isinstance(o, dict):
            here = covered or has_prov(o)
            numeric = [k for k in ("morale", "tactical", "count", "layouts") if k in o and isinstance(o[k], int)]
            if numeric and not here and not path.startswith(("scenarios", "battle_options.options")):
                missing.append(path)
            for k, v in o.items():
                walk(v, f"{path}.{k}" if path else k, here)
        elif isinstance(o, list):
            for i, v in enumerate(o):
                walk(v, f"{path}[{i}]", covered)
    walk(doc, "", False)
    check(not missing, "every table entry with values says source or stand_in", str(missing[:5]))
    stand_ins = []

    def collect(o):
        if isinstance(o, dict):
            for k, v in o.items():
                if (k == "stand_in" or k.endswith("_stand_in")) and isinstance(v, str):
                    stand_ins.append(v)
                collect(v)
        elif isinstance(o, list):
            for v in o:
                collect(v)
    collect(doc)
    check(all("STAND-IN" in v for v in stand_ins), f"all {len(stand_ins)} stand_in strings say STAND-IN",
          str([v for v in stand_ins if "STAND-IN" not in v][:3]))

    # ------------------------------------------------------------ the sources document
    docp = os.path.join(os.path.dirname(HERE), "docs", "sources-muskets.md")
    if os.path.isfile(docp):
        text = open(docp, encoding="utf-8").read()
        miss = [w for w in DOC_TOPICS if w.lower() not in text.lower()]
        check(not miss, "docs/sources-muskets.md covers every stand-in topic", str(miss))
    else:
        check(False, "docs/sources-muskets.md exists", docp)

    # ------------------------------------------------------------ rulebook cross-check
    rb = find_rulebook(HERE, RULEBOOK_NAME)
    if rb is None:
        print("SKIP rulebook cross-check: " + RULEBOOK_NAME + " not found (pass its path as the second argument)")
    else:
        lines = open(rb, encoding="utf-8").read().split("\n")
        for s in sc:
            sid = s["id"]
            m = re.search(r"rulebook lines (\d+)-(\d+)", s["source"])
            a, b = int(m.group(1)), int(m.group(2))
            block = lines[a - 1:b]
            check(block[0] == s["heading_printed"], f"{sid} heading is line {a} of the rulebook", block[0])
            check(block[-1] == s["victory"]["printed"], f"{sid} victory line is line {b} of the rulebook", block[-1])
            check(s["setting_printed"] in block, f"{sid} setting paragraph is printed word for word")
            for r in s["special_rules"]:
                check(r["printed"] in block, f"{sid} special rule {r['id']} is printed word for word")
            bullets = []
            cur = None
            for ln_ in block:
                st = ln_.strip()
                if st in ("IMPERIAL SIDE",) or st.startswith("ALLIED SIDE"):
                    cur = st
                    bullets.append(("label", st))
                elif st.startswith("• ") and cur:
                    bullets.append(("item", st[2:]))
                elif st.startswith(("Special Rule", "Victory")):
                    cur = None
            stored = []
            for side_name in ("Imperial", "Allied"):
                side = s["sides"][side_name]
                stored.append(("label", side["label_printed"]))
                for h in side["hqs"]:
                    stored.append(("item", h["printed"]))
                    for c in h["cus"]:
                        stored.append(("item", c["printed"]))
            check(bullets == stored, f"{sid} set-up: every printed line, in order, none missing ({len(stored) - 2} HQ/CU lines)",
                  str([x for x in bullets if x not in stored][:3] + [x for x in stored if x not in bullets][:3]))
        hd = next((i for i, l_ in enumerate(lines) if l_.startswith("(Leaders are printed as in the source")), None)
        check(hd is not None, "the transcriber's leader-notation note exists in the text (rejected, see leader_notation)")
        check(any("Operational Control Number / Morale Modifier (Initiative) Tactical Modifier" in l_ for l_ in lines),
              "SR III.1.D.4 notation 'Operational Control Number / Morale Modifier (Initiative) Tactical Modifier' is in the text")
        m_ = [l_ for l_ in lines if l_.strip().startswith("• ") and re.search(r"^\s*• (Reserve|Outflank|Assault|Pin|Bombardment|Cavalry Charge|Withdraw|Recover|Reinforce) \(\d+\)$", l_)]
        printed_chits = {re.sub(r" ", "_", x.strip()[2:].rsplit(" (", 1)[0].lower()): int(x.rsplit("(", 1)[1][:-1]) for x in m_}
        check(printed_chits == CHITS, "chit counts agree with the rulebook's SR 9.2.m.2 list", str(printed_chits))

    # ------------------------------------------------------------ totals table
    print("\nTotals per side (SP infantry/cavalry/artillery = total; inf/cav CU; BEP; CiC; chits; OCC)")
    for s, dc in rows_out:
        print(f"  {s['id']} {s['name']} ({s['date']}), attacker {s['attacker']}")
        for side_name in ("Imperial", "Allied"):
            command, cic, chits, ocns, occ_mod, ncu, bep_v, sp, by_type = dc[side_name]
            types_s = " ".join(f"{n}{k}" for k, n in sorted(by_type.items()))
            print(f"    {side_name:8s} SP {sp['infantry']:>2}/{sp['cavalry']:>2}/{sp['artillery']} = {sp['total']:>2}; "
                  f"{ncu:>2} inf/cav CU; BEP {bep_v:>2}; {command} CiC {cic}; {chits} chits; OCC {'/'.join(map(str, ocns))} {occ_mod:+d}  [{types_s}]")

    finish()


if __name__ == "__main__":
    main()
