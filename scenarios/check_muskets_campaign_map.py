#!/usr/bin/env python3
"""Consistency checks for scenarios/muskets_campaign_map.json, the STAND-IN strategic map of
Age of Muskets I, *Tomb for an Empire* (the printed map is not in the rulebook text).

Usage: python3 scenarios/check_muskets_campaign_map.py [map.json] [rulebook.txt]

Standard library only. Prints one PASS/FAIL line per check and exits 1 if any check fails.
It checks the geometry (closed simple integer polygons that do not overlap; a border exactly
where two polygons share an edge segment, SR II), the graph (symmetric adjacency, connected,
mountains not adjacent), the values (ranges and vocabularies), every place the campaign
scenarios' set-ups and reinforcements name, and every topology hint of aom-gaps.md G1.
When it finds the rulebook (second argument, $MUSKETS_RULEBOOK, or shared/seeds/ beside or above
the repository) it also checks that every place name it looks for is printed in the text.
"""
import json
import os
import sys
import unicodedata
from collections import deque

from checklib import check, finish, find_rulebook

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "muskets_campaign_map.json")
RULEBOOK_NAME = "002_638eac295c9d147c.txt"

TERRAINS = {"Clear", "Rough", "Forest", "Swamp", "Mountain Pass"}
LOCALITIES = {"none", "Town", "Town with Castle", "Defensible City", "Fortress"}
COUNTRIES = {"Spain", "Portugal", "France"}
REGION_COUNTRY = {
    "Galicia": "Spain", "Asturias": "Spain", "León": "Spain", "Castilla la Vieja": "Spain", "Castilla la Nueva": "Spain",
    "Extremadura": "Spain", "Andalucía": "Spain", "Murcia": "Spain", "Valencia": "Spain", "Aragón": "Spain",
    "Catalonia": "Spain", "Navarre": "Spain", "Basque Country": "Spain", "Portugal": "Portugal", "France": "France",
}
CLIMATES = {"North", "Central", "South"}
RIVER_KINDS = {"major", "minor"}
ZONE_KEYS = ["id", "name", "label", "lonlat", "polygon", "terrain", "locality", "breach_modifier", "port", "coastal", "coast_index",
             "country", "region", "climate", "guerrilla_region", "forage", "vp_per_turn", "ebro_navigable", "spanish_city",
             "special", "aliases", "adjacent", "source", "stand_in"]
BORDER_KEYS = ["a", "b", "adjacent", "mountain", "river", "river_kind", "bridge", "east_coast_drought", "length", "stand_in"]

# SC B: VP per turn.
VP = {"Madrid": 2, "Lisboa": 2, "Seville": 2, "Barcelona": 1, "Burgos": 1, "Valencia": 1, "Zaragoza": 1, "Oporto": 1}
# Places the text besieges, blockades or calls fortresses (aom-gaps.md G1, "Inferable").
FORTIFIED = ["Zaragoza", "Gerona", "Seville", "Cádiz", "Valencia", "Astorga", "Lérida", "Tarragona", "Olivenza", "Badajoz",
             "Elvas", "Pamplona", "Hostalrich", "Alicante", "Gibraltar"]
# Regions the text states (aom-gaps.md G1 and gazetteer, "S").
STATED_REGIONS = {
    "Madrilejos": "Castilla la Nueva", "Somosierra": "Castilla la Nueva", "Coria": "Extremadura", "Almaraz": "Extremadura",
    "Trujillo": "Extremadura", "Olivenza": "Extremadura", "Mountain Pass north of Andújar": "Andalucía", "Béjar": "León",
    "Salamanca": "León", "Mountain Pass South of Santander": "Castilla la Vieja",
    "Mountain Pass two zones South of Aranda de Duero": "Castilla la Vieja", "Tudela": "Navarre", "Bayonne": "France",
    "Perpignan": "France", "Orthez": "France", "South of Tajo River in front of Almaraz": "Extremadura",
}
# Every place the campaign scenarios' set-ups, reinforcements and maps name (CS1-CS18), as printed
# (accents as in the text; a few spelling variants are listed apart).
PLACES = [
    "Abrantes", "Alcántara", "Alicante", "Almaraz", "Almeida", "Andújar", "Andujar", "Aranda", "Astorga", "Avila", "Ávila",
    "Badajoz", "Barcelona", "Bayonne", "Béjar", "Belchite", "Benavente", "Bilbao", "Braga", "Burgos", "Calahorra",
    "Cartagena", "Caspe", "Castellón", "Chaves", "Ciudad Real", "Ciudad Rodrigo", "Coimbra", "Coria", "Cáceres", "Cádiz",
    "Córdoba", "Elvas", "Figueras", "Gerona", "Gibraltar", "Gijón", "Granada", "Guadalajara", "Hostalrich", "Huelva",
    "La Coruña", "Lisboa", "Logroño", "Lugo", "Lérida", "Madrid", "Madrilejos", "Mequinenza", "Miranda", "Monterrey",
    "Málaga", "Murcia", "Olivenza", "Oporto", "Oropesa", "Orthez", "Oviedo", "Palencia", "Pamplona", "Perpignan", "Plasencia",
    "Requena", "Rosas", "Sagunto", "Salamanca", "San Sebastián", "Santander", "Santarem", "Santiago", "Segovia", "Setúbal",
    "Seville", "Talavera", "Tarifa", "Tarragona", "Teruel", "Toledo", "Tordesillas", "Tortosa", "Trujillo", "Tudela", "Utrera",
    "Valdepeñas", "Valencia", "Valladolid", "Vich", "Vigo", "Villafranca", "Vitoria", "Zafra", "Zamora", "Zaragoza", "Écija",
    "León", "Bailén", "Medellín", "Medina de Rioseco", "Ocaña", "Somosierra", "Bordeaux", "Torres Vedras",
    "Mountain Pass North of Pamplona", "zone adjacent to Vitoria, South of Pamplona", "zone between San Sebastián and Bilbao",
    "Between Pamplona and Calahorra", "Clear zone North of Tudela", "Clear zone North of river Ebro and adjacent to Caspe y Mequinenza",
    "Clear zone between Zaragoza and Belchite", "Coastal zone North of Santarem", "Mountain Pass north of Andújar",
    "Mountain pass two zones away from Braga and Chaves", "Rough Zone adjacent to Coimbra",
    "Rough zone North of Elvas and South of Tajo River", "Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva",
    "Rough zone adjacent to Gerona and Figueras", "Rough zone between Coria and Plasencia", "Rough zone in Portugal adjacent to Coria",
    "South of Mountain pass two zones away from Braga and Chaves (adjacent to Almeida)", "South of Tajo River in front of Almaraz",
    "South of Tajo river and adjacent to Setúbal", "Zone East of Badajoz and South of Guadiana River", "Zone East of Badajoz",
    "Zone South of Olivenza and into Portugal", "Zone South of Oporto", "Zone West of Almeida", "Zone West of Granada",
    "Zone West of Oviedo", "Zone adjacent to Badajoz South of Tajo River", "Zone adjacent to Bayonne and adjacent to the one that contains Soult's army",
    "Zone adjacent to Tajo River between Madrilejos and the frontier with Murcia", "Zone between Bayonne and San Sebastián",
    "Zone between Ciudad Real and mountain pass North of Córdoba", "Zone between Salamanca and Ciudad Rodrigo",
    "Zone between Tordesillas and Valladolid", "Adjacent to Talavera separated from it by minor river",
    "Mountain Pass South of Santander", "Mountain Pass two zones South of Aranda de Duero", "Mountain Pass adjacent to Madrid",
]
# Places that are only aliases in the text's spelling differences (not searched in the text).
NOT_IN_TEXT = {"Mountain Pass adjacent to Madrid", "Mountain Pass South of Santander", "Mountain Pass two zones South of Aranda de Duero",
               "Clear zone North of river Ebro and adjacent to Caspe y Mequinenza"}
MAP_REGIONS = ["Andalucía", "Portugal", "Extremadura", "Castilla la Nueva", "Castilla la Vieja", "León", "Galicia", "Asturias",
               "Basque Country", "Navarre", "Aragón", "France", "Catalonia", "Valencia", "Murcia"]


def fold(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = s.replace(" y ", " and ")
    return " ".join(s.replace(",", " ").replace("'", " ").split())


def base_name(name):
    return name.split(" (")[0]


# ------------------------------------------------------------------ geometry
def orient(a, b, c):
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def on_seg(a, b, p):
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def seg_intersect(p1, p2, q1, q2):
    """Closed segments intersect (touching counts)."""
    o1, o2, o3, o4 = orient(p1, p2, q1), orient(p1, p2, q2), orient(q1, q2, p1), orient(q1, q2, p2)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return ((o1 == 0 and on_seg(p1, p2, q1)) or (o2 == 0 and on_seg(p1, p2, q2))
            or (o3 == 0 and on_seg(q1, q2, p1)) or (o4 == 0 and on_seg(q1, q2, p2)))


def proper_cross(p1, p2, q1, q2):
    return orient(p1, p2, q1) * orient(p1, p2, q2) < 0 and orient(q1, q2, p1) * orient(q1, q2, p2) < 0


def area2(ring):
    return sum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1] for i in range(len(ring) - 1))


def point_in(pt, ring):
    """Strictly inside (ray casting); points on the boundary may go either way."""
    x, y = pt
    inside = False
    for i in range(len(ring) - 1):
        (x1, y1), (x2, y2) = ring[i], ring[i + 1]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def on_boundary(pt, ring):
    return any(orient(ring[i], ring[i + 1], pt) == 0 and on_seg(ring[i], ring[i + 1], pt) for i in range(len(ring) - 1))


def simple_problem(ring):
    """None if the closed ring is a simple polygon, else what is wrong."""
    pts = ring[:-1]
    n = len(pts)
    if n < 3:
        return "fewer than 3 vertices"
    if len(set(map(tuple, pts))) != n:
        return "a repeated vertex"
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        for j in range(i + 1, n):
            if j == i or (j + 1) % n == i or j == (i + 1) % n:
                continue
            c, d = pts[j], pts[(j + 1) % n]
            if seg_intersect(a, b, c, d):
                return f"edges {a}-{b} and {c}-{d} meet"
        # adjacent edges must not fold back onto each other
        c = pts[(i + 2) % n]
        if orient(a, b, c) == 0 and ((c[0] - b[0]) * (a[0] - b[0]) + (c[1] - b[1]) * (a[1] - b[1])) > 0:
            return f"the edges at {b} fold back"
    if area2(ring) == 0:
        return "zero area"
    return None


def interior_point(ring):
    """A point strictly inside the ring: the middle of the first inside interval of a scanline."""
    ys = sorted(set(p[1] for p in ring))
    best = None
    for k in range(len(ys) - 1):
        y = (ys[k] + ys[k + 1]) / 2
        xs = []
        for i in range(len(ring) - 1):
            (x1, y1), (x2, y2) = ring[i], ring[i + 1]
            if (y1 > y) != (y2 > y):
                xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        xs.sort()
        for m in range(0, len(xs) - 1, 2):
            w = xs[m + 1] - xs[m]
            if best is None or w > best[0]:
                best = (w, ((xs[m] + xs[m + 1]) / 2, y))
    return best[1]


def collinear_overlap(a, b, c, d):
    """Length of the overlap of segments ab and cd if they are collinear, else 0."""
    if orient(a, b, c) != 0 or orient(a, b, d) != 0:
        return 0.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy
    if L2 == 0:
        return 0.0
    t = sorted([0.0, 1.0])
    tc = ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / L2
    td = ((d[0] - a[0]) * dx + (d[1] - a[1]) * dy) / L2
    lo, hi = max(t[0], min(tc, td)), min(t[1], max(tc, td))
    return max(0.0, hi - lo) * L2 ** 0.5


def bbox(ring):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_touch(p, q):
    return p[0] <= q[2] and q[0] <= p[2] and p[1] <= q[3] and q[1] <= p[3]


# ------------------------------------------------------------------ load
try:
    with open(PATH, encoding="utf-8") as f:
        DOC = json.load(f)
except (OSError, ValueError) as e:
    check(False, f"{PATH} is readable JSON", str(e))
    finish()

check(isinstance(DOC, dict) and DOC.get("id") == "muskets-campaign-map", "top level: id is muskets-campaign-map")
check(DOC.get("stand_in") is True, "top level: stand_in is true")
notes = DOC.get("notes", [])
check(isinstance(notes, list) and notes and "STAND-IN" in notes[0] and "not contain" in notes[0],
      "top level: the first note says the map is a STAND-IN the rulebook does not contain")
check(any("make_campaign_map.py" in n for n in notes), "top level: a note names the authoring script")
MAPW, MAPH = DOC.get("map", {}).get("width"), DOC.get("map", {}).get("height")
check(isinstance(MAPW, int) and isinstance(MAPH, int) and MAPW > 0 and MAPH > 0, "map: integer width and height")
proj = DOC.get("projection", {})
check(all(k in proj for k in ("lon0", "lat0", "x_per_degree", "y_per_degree")), "projection: lon0, lat0, x_per_degree, y_per_degree")

zones = DOC.get("zones", [])
borders = DOC.get("borders", [])
check(isinstance(zones, list) and 150 <= len(zones) <= 250, f"zones: 150-250 zones (aom-gaps.md G1: about 180)", f"{len(zones)}")
ZI = {}
for z in zones:
    ZI.setdefault(z.get("id"), z)
check(len(ZI) == len(zones), "zones: ids are unique")
missing = [(z.get("id"), k) for z in zones for k in ZONE_KEYS if k not in z]
check(not missing, "zones: every zone has every field", str(missing[:5]))
if missing:
    finish()
names = [z["name"] for z in zones]
check(len(set(names)) == len(names), "zones: names are unique")

# ------------------------------------------------------------------ values
bad = []
for z in zones:
    i = z["id"]
    if z["terrain"] not in TERRAINS: bad.append((i, "terrain"))
    if z["locality"] not in LOCALITIES: bad.append((i, "locality"))
    if z["locality"] == "Fortress":
        if not (isinstance(z["breach_modifier"], int) and 0 <= z["breach_modifier"] <= 3): bad.append((i, "breach_modifier"))
    elif z["breach_modifier"] is not None: bad.append((i, "breach_modifier on a non-fortress"))
    if z["country"] not in COUNTRIES: bad.append((i, "country"))
    if REGION_COUNTRY.get(z["region"]) != z["country"]: bad.append((i, "region/country"))
    if z["climate"] not in CLIMATES: bad.append((i, "climate"))
    gr = z["guerrilla_region"]
    if z["country"] == "France" and gr is not None: bad.append((i, "guerrilla_region in France"))
    if z["country"] == "Portugal" and gr != "Portugal": bad.append((i, "guerrilla_region in Portugal"))
    if z["country"] == "Spain" and gr != z["region"]: bad.append((i, "guerrilla_region in Spain"))
    if not (isinstance(z["forage"], int) and 1 <= z["forage"] <= 9): bad.append((i, "forage"))
    if z["vp_per_turn"] not in (0, 1, 2): bad.append((i, "vp_per_turn"))
    for k in ("port", "coastal", "ebro_navigable", "spanish_city"):
        if not isinstance(z[k], bool): bad.append((i, k))
    if not isinstance(z["special"], dict) or any(not isinstance(v, bool) for v in z["special"].values()): bad.append((i, "special"))
    if not isinstance(z["aliases"], list) or any(not isinstance(a, str) for a in z["aliases"]): bad.append((i, "aliases"))
    if not (isinstance(z["stand_in"], str) and z["stand_in"].startswith("STAND-IN")): bad.append((i, "stand_in"))
    if z["source"] is not None and not isinstance(z["source"], str): bad.append((i, "source"))
    if z["port"] and not z["coastal"]: bad.append((i, "port but not coastal"))
    if z["port"] and z["locality"] == "none": bad.append((i, "port without a town or city"))
    if z["terrain"] == "Mountain Pass" and z["locality"] != "none": bad.append((i, "a pass with a locality"))
    want_city = z["country"] == "Spain" and z["locality"] != "none" and not z["special"].get("gibraltar_naval_base")
    if z["spanish_city"] != want_city: bad.append((i, "spanish_city (G16)"))
check(not bad, "zones: every value in range (terrain, locality, breach 0-3 on fortresses only, country/region, climate, guerrilla region, forage 1-9, VP 0-2, flags, stand_in)", str(bad[:8]))

coastal = sorted((z for z in zones if z["coastal"]), key=lambda z: z["coast_index"] or 0)
idx = [z["coast_index"] for z in coastal]
check(idx == list(range(1, len(coastal) + 1)) and all(z["coast_index"] is None for z in zones if not z["coastal"]),
      "coast: coast_index numbers the coastal zones 1..N, null inland")
check(DOC.get("coast_order") == [z["id"] for z in coastal], "coast: coast_order lists the coastal zones by coast_index")

# ------------------------------------------------------------------ polygons
RINGS = {}
bad = []
for z in zones:
    ring = z["polygon"]
    ok = (isinstance(ring, list) and len(ring) >= 4 and all(isinstance(p, list) and len(p) == 2 and all(isinstance(c, int) for c in p) for p in ring))
    if not ok or ring[0] != ring[-1]:
        bad.append((z["id"], "not a closed ring of integer points"))
        continue
    if any(not (0 <= x <= MAPW and 0 <= y <= MAPH) for x, y in ring):
        bad.append((z["id"], "outside the map"))
    RINGS[z["id"]] = [tuple(p) for p in ring]
check(not bad, "polygons: closed rings (first vertex repeated) of integer points inside the map", str(bad[:5]))
probs = [(i, simple_problem(r)) for i, r in RINGS.items()]
probs = [p for p in probs if p[1]]
check(not probs, "polygons: every polygon is simple (no repeated vertex, no edges meeting)", str(probs[:5]))
check(all(area2(r) > 0 for r in RINGS.values()), "polygons: all wound the same way (positive signed area)")
bad = [z["id"] for z in zones if z["id"] in RINGS and not point_in(tuple(z["label"]), RINGS[z["id"]])]
check(not bad, "polygons: every zone's label point lies inside its polygon", str(bad[:5]))

BOX = {i: bbox(r) for i, r in RINGS.items()}
ids = sorted(RINGS)
overlaps = []
shared = {}
for ai in range(len(ids)):
    A = ids[ai]
    ra = RINGS[A]
    for bi in range(ai + 1, len(ids)):
        B = ids[bi]
        if not boxes_touch(BOX[A], BOX[B]):
            continue
        rb = RINGS[B]
        L = 0.0
        crossing = False
        for k in range(len(ra) - 1):
            a1, a2 = ra[k], ra[k + 1]
            for m in range(len(rb) - 1):
                b1, b2 = rb[m], rb[m + 1]
                if proper_cross(a1, a2, b1, b2):
                    crossing = True
                L += collinear_overlap(a1, a2, b1, b2)
        if L > 0:
            shared[(A, B)] = L
        if crossing or point_in(interior_point(ra), rb) or point_in(interior_point(rb), ra):
            overlaps.append((A, B))
            continue
        if any(point_in(p, rb) and not on_boundary(p, rb) for p in ra[:-1]) or any(point_in(p, ra) and not on_boundary(p, ra) for p in rb[:-1]):
            overlaps.append((A, B))
check(not overlaps, "polygons: no two polygons overlap", str(overlaps[:5]))

# outer edges: not shared with any zone; coastal = an outer edge off the map frame
def on_frame(a, b):
    return (a[1] == 0 and b[1] == 0) or (a[0] == MAPW and b[0] == MAPW) or (a[1] == MAPH and b[1] == MAPH) or (a[0] == 0 and b[0] == 0)


edge_count = {}
for i, r in RINGS.items():
    for k in range(len(r) - 1):
        key = (min(r[k], r[k + 1]), max(r[k], r[k + 1]))
        edge_count[key] = edge_count.get(key, 0) + 1
bad = []
for z in zones:
    r = RINGS.get(z["id"])
    if not r:
        continue
    sea = any(edge_count[(min(r[k], r[k + 1]), max(r[k], r[k + 1]))] == 1 and not on_frame(r[k], r[k + 1]) for k in range(len(r) - 1))
    if sea != z["coastal"]:
        bad.append(z["id"])
check(not bad, "coast: a zone is coastal exactly when it has an edge on the sea (an unshared edge off the map frame)", str(bad[:6]))

# ------------------------------------------------------------------ borders
bad = []
pairs = {}
for b in borders:
    if any(k not in b for k in BORDER_KEYS):
        bad.append((b.get("a"), b.get("b"), "fields"))
        continue
    if b["a"] not in ZI or b["b"] not in ZI or b["a"] == b["b"]:
        bad.append((b["a"], b["b"], "zones"))
        continue
    key = tuple(sorted((b["a"], b["b"])))
    if key in pairs:
        bad.append((b["a"], b["b"], "listed twice"))
    pairs[key] = b
    if b["adjacent"] == b["mountain"]:
        bad.append((b["a"], b["b"], "adjacent must be 'not mountain'"))
    if (b["river"] is None) != (b["river_kind"] is None) or (b["river_kind"] is not None and b["river_kind"] not in RIVER_KINDS):
        bad.append((b["a"], b["b"], "river/river_kind"))
    if b["bridge"] and (b["river"] is None or b["mountain"]):
        bad.append((b["a"], b["b"], "bridge without a river"))
    if not (isinstance(b["stand_in"], str) and b["stand_in"].startswith("STAND-IN")):
        bad.append((b["a"], b["b"], "stand_in"))
check(not bad, "borders: fields, known zones, each pair once, adjacent = not mountain, river kind, bridges on rivers, stand_in", str(bad[:6]))
RIVERS = {r["name"]: r for r in DOC.get("rivers", [])}
bad = [(b["a"], b["b"]) for b in borders if b.get("river") and (b["river"] not in RIVERS or RIVERS[b["river"]]["kind"] != b["river_kind"])]
check(not bad, "borders: every river is a listed river of the same kind", str(bad[:5]))
EASTREG = {"Valencia", "Murcia"}
bad = [(b["a"], b["b"]) for b in borders if b.get("east_coast_drought") != bool(
    b.get("river") and RIVERS.get(b["river"], {}).get("east_coast_drought") and ZI[b["a"]]["region"] in EASTREG and ZI[b["b"]]["region"] in EASTREG)]
check(not bad, "borders: east_coast_drought exactly on east-coast rivers inside Valencia and Murcia (ER 1.10)", str(bad[:5]))

no_edge = [k for k in pairs if shared.get(k, 0) <= 0]
check(not no_edge, "borders: every border joins two zones whose polygons share an edge segment (SR II)", str(no_edge[:5]))
unlisted = [k for k, L in shared.items() if L > 0 and k not in pairs]
check(not unlisted, "borders: every pair of polygons sharing an edge segment has a border", str(unlisted[:5]))
bad = [(k, pairs[k]["length"], round(shared[k])) for k in pairs if k in shared and abs(pairs[k]["length"] - shared[k]) > 1.5]
check(not bad, "borders: each border's length is the length of the shared edge", str(bad[:5]))

ADJ = {i: set() for i in ZI}
for (a, b), bd in pairs.items():
    if bd["adjacent"]:
        ADJ[a].add(b)
        ADJ[b].add(a)
bad = [z["id"] for z in zones if set(z["adjacent"]) != ADJ[z["id"]]]
check(not bad, "adjacency: each zone's 'adjacent' is exactly its non-mountain borders", str(bad[:5]))
asym = [(a, b) for a in ZI for b in ZI[a]["adjacent"] if b not in ZI or a not in ZI[b]["adjacent"]]
check(not asym, "adjacency: symmetric", str(asym[:5]))


def bfs(start, adj=ADJ):
    dist = {start: 0}
    dq = deque([start])
    while dq:
        u = dq.popleft()
        for v in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + 1
                dq.append(v)
    return dist


reach = bfs(zones[0]["id"])
check(len(reach) == len(zones), "adjacency: the zone graph is connected", str(sorted(set(ZI) - set(reach))[:8]))
passes = [z["id"] for z in zones if z["terrain"] == "Mountain Pass"]
bad = [p for p in passes if len([n for n in ADJ[p] if ZI[n]["terrain"] != "Mountain Pass"]) < 2]
check(not bad, "mountains: every Mountain Pass zone connects at least two other zones (SR 8.2.a.2)", str(bad))
bad = [k for k, bd in pairs.items() if bd["adjacent"] and ZI[k[0]]["terrain"] == ZI[k[1]]["terrain"] == "Mountain Pass"]
check(not bad, "mountains: no two passes are adjacent to each other", str(bad))
check(sum(1 for b in borders if b.get("mountain")) >= 20, "mountains: the ranges make mountain borders (at least 20)")

# ------------------------------------------------------------------ names, places
BYNAME = {}
for z in zones:
    BYNAME.setdefault(fold(base_name(z["name"])), z)
    BYNAME.setdefault(fold(z["name"]), z)
    for a in z["aliases"]:
        BYNAME.setdefault(fold(a), z)
        BYNAME.setdefault(fold(a.split(" (")[0]), z)
ALIASES = {"andujar": "andújar", "avila": "ávila", "oporto": "oporto"}


def find(place):
    key = fold(place)
    return BYNAME.get(key) or BYNAME.get(fold(place.split(" (")[0]))


def Zn(place):
    z = find(place)
    if z is None:
        raise KeyError(place)
    return z


missing = [p for p in PLACES if find(p) is None]
check(not missing, f"places: every place the campaign set-ups, reinforcements and maps name is a zone ({len(PLACES)} names)", str(missing))
dups = {}
for z in zones:
    for a in z["aliases"]:
        dups.setdefault(fold(a), []).append(z["id"])
bad = {a: v for a, v in dups.items() if len(v) > 1}
check(not bad, "places: no alias names two zones", str(bad))
present = {z["region"] for z in zones}
check(all(r in present for r in MAP_REGIONS), "places: every region a scenario's 'Game Map' names has zones")

rulebook = find_rulebook(HERE, RULEBOOK_NAME)
if rulebook:
    text = fold(open(rulebook, encoding="utf-8").read())
    absent = [p for p in PLACES if p not in NOT_IN_TEXT and fold(p) not in text]
    check(not absent, f"places: every name looked for is printed in the rulebook ({os.path.basename(rulebook)})", str(absent))
else:
    print("WARN rulebook not found; the place names were not compared with the text")

# ------------------------------------------------------------------ stated values
bad = [(p, Zn(p)["region"]) for p, r in STATED_REGIONS.items() if find(p) is None or Zn(p)["region"] != r]
check(not bad, "regions: every region the text states (CS3, CS5, CS6, CS8, CS13, ER 2.2)", str(bad))
bad = [(p, Zn(p)["vp_per_turn"]) for p, v in VP.items() if Zn(p)["vp_per_turn"] != v]
extra = [z["id"] for z in zones if z["vp_per_turn"] and base_name(z["name"]) not in VP]
check(not bad and not extra, "VP: Madrid, Lisboa, Seville 2; Barcelona, Burgos, Valencia, Zaragoza, Porto 1; no others (SC B)", str(bad + extra))
check(Zn("Madrid")["locality"] == "Town", "localities: Madrid is a Town (ER 1.16)")
bad = [p for p in FORTIFIED if Zn(p)["locality"] not in ("Defensible City", "Fortress")]
check(not bad, "localities: every place the text besieges or blockades is a Defensible City or Fortress", str(bad))
check(any(z["locality"] == "Town with Castle" for z in zones), "localities: Towns with Castle exist (player notes: 'garrison every castle')")
for place, terrain, rule in [("Medina de Rioseco", "Clear", "BS1"), ("Medellín", "Clear", "BS2"), ("Sagunto", "Rough", "BS3 'Broken'"),
                             ("Ocaña", "Clear", "BS4"), ("Salamanca", "Clear", "BS5"), ("Vitoria", "Rough", "BS6 'Broken'")]:
    check(Zn(place)["terrain"] == terrain, f"terrain: {place} is {terrain} ({rule})")
sp = [z for z in zones if z["special"].get("lisboa_lines")]
check(len(sp) == 1 and sp[0]["name"] == "Lisboa", "special: the Lines of Torres Vedras are in the Lisboa zone, and only there (ER 3.1.d)")
sp = [z for z in zones if z["special"].get("gibraltar_naval_base")]
check(len(sp) == 1 and sp[0]["name"] == "Gibraltar" and sp[0]["port"] and sp[0]["locality"] == "Fortress",
      "special: Gibraltar alone carries the printed Naval Base, and is a PORT Fortress (ER 1.12, 3.8)")
sp = [z for z in zones if z["special"].get("bordeaux_arrow")]
ok = len(sp) == 1
if ok:
    bz = sp[0]
    ok = (bz["country"] == "France" and bz["terrain"] == "Clear" and bz["locality"] == "none" and bz["special"].get("off_map") is True)
check(ok, "special: one 'To Bourdeaux' arrow zone, off-map, in France, Clear, without a city (ER 3.15)")
ports = sorted(base_name(z["name"]) for z in zones if z["port"])
check(len(ports) >= 15 and {"Lisboa", "Cádiz", "Gibraltar", "La Coruña", "Santander", "Tarragona", "Almeida"} & set(ports)
      == {"Lisboa", "Cádiz", "Gibraltar", "La Coruña", "Santander", "Tarragona"},
      "ports: the naval-base places of the set-ups (Lisboa, Cádiz, La Coruña, Santander, Tarragona, Gibraltar) are PORTs; inland Almeida is not (D50)", str(ports))
# climate spot checks (G1.4)
for place, cl in [("La Coruña", "North"), ("Burgos", "North"), ("Madrid", "Central"), ("Badajoz", "Central"), ("Seville", "South"),
                  ("Murcia", "South"), ("Oporto", "North"), ("Coimbra", "Central"), ("Setúbal", "South"), ("Salamanca", "Central"),
                  ("Bayonne", "North"), ("Barcelona", "North")]:
    check(Zn(place)["climate"] == cl, f"climate: {place} is {cl} (G1.4 stand-in)")
regs = {r["id"]: r for r in DOC.get("regions", [])}
check(set(regs) == set(REGION_COUNTRY) and {r for r, v in regs.items() if v.get("guerrilla_extra_level")} == {"Galicia", "Catalonia", "Navarre", "Basque Country"},
      "regions: the 15 regions; one Guerrilla level more in Galicia, Catalonia, Navarre and the Basque Country (ER 2.1.b)")
check(all(z["country"] != "France" or z["guerrilla_region"] is None for z in zones), "regions: no Guerrilla region in France (ER 2.1.a)")
tec = DOC.get("terrain_effects_chart", {})
check({t.get("terrain") for t in tec.get("terrain", [])} == TERRAINS and any(b.get("feature") == "mountain" for b in tec.get("borders", [])),
      "terrain effects chart: a row per terrain and the border features (G2)")

# ------------------------------------------------------------------ topology hints (aom-gaps.md G1, gazetteer)
def L(place):
    return Zn(place)["label"]


def north_of(a, b):
    return L(a)[1] < L(b)[1]


def south_of(a, b):
    return L(a)[1] > L(b)[1]


def west_of(a, b):
    return L(a)[0] < L(b)[0]


def east_of(a, b):
    return L(a)[0] > L(b)[0]


def adj(a, b):
    return Zn(b)["id"] in ADJ[Zn(a)["id"]]


def border(a, b):
    return pairs.get(tuple(sorted((Zn(a)["id"], Zn(b)["id"]))))


def dist(a, b):
    return bfs(Zn(a)["id"]).get(Zn(b)["id"])


def hint(desc, fn):
    try:
        ok = bool(fn())
    except KeyError as e:
        ok = False
        desc += f"  -- missing {e}"
    check(ok, "hint: " + desc)


def has_river(place, river):
    return any(bd["river"] == river for k, bd in pairs.items() if Zn(place)["id"] in k)


P = "Mountain Pass"
hint("Somosierra is a Mountain Pass adjacent to Madrid (CS5)", lambda: Zn("Somosierra")["terrain"] == P and adj("Somosierra", "Madrid"))
hint("Lisboa and Setúbal are not adjacent, nor share a border (ER 1.12.d)", lambda: border("Lisboa", "Setúbal") is None)
hint("Setúbal is reachable from Lisboa by land in 2 or 3 zones", lambda: dist("Lisboa", "Setúbal") in (2, 3))
hint("Talavera has an adjacent zone across a minor river (CS3)", lambda: adj("Talavera", "Adjacent to Talavera separated from it by minor river")
     and border("Talavera", "Adjacent to Talavera separated from it by minor river")["river_kind"] == "minor")
hint("Almaraz borders the Tajo with a bridge, to the zone south of the Tajo in front of it (CS3, CS12 SR-l)",
     lambda: border("Almaraz", "South of Tajo River in front of Almaraz")["river"] == "Tajo"
     and border("Almaraz", "South of Tajo River in front of Almaraz")["bridge"] and adj("Almaraz", "South of Tajo River in front of Almaraz")
     and south_of("South of Tajo River in front of Almaraz", "Almaraz"))
hint("Béjar is adjacent to Salamanca and leads into Extremadura within 2 zones (CS3)",
     lambda: adj("Béjar", "Salamanca") and any(ZI[n]["region"] == "Extremadura" for m in ADJ[Zn("Béjar")["id"]] for n in ADJ[m] | {m}))
hint("no Extremadura zone is adjacent to Salamanca (the French go through Béjar, CS3)",
     lambda: all(ZI[n]["region"] != "Extremadura" for n in ADJ[Zn("Salamanca")["id"]]))
for pas, town, d in [("Mountain Pass north of Andújar", "Andújar", "north"), ("mountain pass North of Córdoba", "Córdoba", "north"),
                     ("Mountain Pass North of Pamplona", "Pamplona", "north"), ("Mountain Pass South of Santander", "Santander", "south")]:
    hint(f"the {pas} is a Mountain Pass adjacent to {town}, {d} of it",
         lambda pas=pas, town=town, d=d: Zn(pas)["terrain"] == P and adj(pas, town) and (north_of(pas, town) if d == "north" else south_of(pas, town)))
hint("the Mountain Pass north of Andújar is in Andalucía and joins it to Castilla la Nueva",
     lambda: Zn("Mountain Pass north of Andújar")["region"] == "Andalucía"
     and any(ZI[n]["region"] == "Castilla la Nueva" for n in ADJ[Zn("Mountain Pass north of Andújar")["id"]]))
hint("the Mountain Pass north of Pamplona joins Navarre to France", lambda: any(ZI[n]["country"] == "France" for n in ADJ[Zn("Mountain Pass North of Pamplona")["id"]]))
hint("the pass two zones south of Aranda de Duero is a Castilla la Vieja Mountain Pass, two zones away and south (CS6, D51)",
     lambda: Zn("Mountain Pass two zones South of Aranda de Duero")["terrain"] == P and dist("Aranda", "Mountain Pass two zones South of Aranda de Duero") == 2
     and south_of("Mountain Pass two zones South of Aranda de Duero", "Aranda"))
hint("Somosierra and the Aranda pass are different zones (D51)", lambda: Zn("Somosierra")["id"] != Zn("Mountain Pass two zones South of Aranda de Duero")["id"])
BC = "Mountain pass two zones away from Braga and Chaves"
hint("the pass two zones away from Braga and Chaves is a Mountain Pass two zones from each (CS15)",
     lambda: Zn(BC)["terrain"] == P and dist("Braga", BC) == 2 and dist("Chaves", BC) == 2)
hint("the zone south of that pass is adjacent to it and to Almeida (CS15)",
     lambda: adj(BC, "South of Mountain pass two zones away from Braga and Chaves (adjacent to Almeida)")
     and adj("Almeida", "South of Mountain pass two zones away from Braga and Chaves (adjacent to Almeida)")
     and south_of("South of Mountain pass two zones away from Braga and Chaves (adjacent to Almeida)", BC))
hint("the zone between Ciudad Real and the pass north of Córdoba is adjacent to both (CS12, CS16)",
     lambda: adj("Zone between Ciudad Real and mountain pass North of Córdoba", "Ciudad Real")
     and adj("Zone between Ciudad Real and mountain pass North of Córdoba", "mountain pass North of Córdoba"))
hint("the Rough zone west of Andújar is adjacent to it, west of it, and touches Castilla la Nueva (CS12, CS16)",
     lambda: Zn("Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva")["terrain"] == "Rough"
     and adj("Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva", "Andújar")
     and west_of("Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva", "Andújar")
     and any(ZI[k[0] if k[1] == Zn("Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva")["id"] else k[1]]["region"] == "Castilla la Nueva"
             for k in pairs if Zn("Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva")["id"] in k))
hint("the zone west of Granada is adjacent to it and west (CS1, CS9)", lambda: adj("Zone West of Granada", "Granada") and west_of("Zone West of Granada", "Granada"))
hint("Cádiz can be reached from Andújar by land (CS1 automatic victory)", lambda: dist("Andújar", "Cádiz") is not None)
hint("Gobert's road: Madrid reaches Andalucía through the pass north of Andújar (CS1)",
     lambda: dist("Madrid", "Mountain Pass north of Andújar") is not None)
EB = "Zone East of Badajoz and South of Guadiana River"
hint("the zone east of Badajoz, south of the Guadiana, is adjacent to Badajoz, east of it, with no Guadiana between (BS2, CS2, CS15)",
     lambda: adj(EB, "Badajoz") and east_of(EB, "Badajoz") and border(EB, "Badajoz")["river"] != "Guadiana")
hint("Olivenza is adjacent to Badajoz and Zafra within 2 zones of it (CS2)", lambda: adj("Olivenza", "Badajoz") and dist("Zafra", "Badajoz") <= 2)
hint("the zone south of Olivenza 'and into Portugal' is adjacent to Olivenza, south of it, in Portugal (CS2)",
     lambda: adj("Zone South of Olivenza and into Portugal", "Olivenza") and south_of("Zone South of Olivenza and into Portugal", "Olivenza")
     and Zn("Zone South of Olivenza and into Portugal")["country"] == "Portugal")
hint("the zone adjacent to Badajoz south of the Tajo exists (CS12, CS16)", lambda: adj("Zone adjacent to Badajoz South of Tajo River", "Badajoz"))
hint("the Rough zone north of Elvas and south of the Tajo is adjacent to Elvas and north of it (CS16)",
     lambda: Zn("Rough zone North of Elvas and South of Tajo River")["terrain"] == "Rough" and adj("Rough zone North of Elvas and South of Tajo River", "Elvas")
     and north_of("Rough zone North of Elvas and South of Tajo River", "Elvas"))
hint("Elvas is adjacent to Badajoz", lambda: adj("Elvas", "Badajoz"))


def guadiana_y(x):
    line = RIVERS["Guadiana"]["course"]
    ys = [y1 + (x - x1) * (y2 - y1) / (x2 - x1) for (x1, y1), (x2, y2) in zip(line, line[1:]) if min(x1, x2) <= x <= max(x1, x2) and x1 != x2]
    return max(ys) if ys else None


ext_clear_north = [z["id"] for z in zones if z["region"] == "Extremadura" and z["terrain"] == "Clear"
                   and guadiana_y(z["label"][0]) is not None and z["label"][1] < guadiana_y(z["label"][0])]
hint("exactly three Clear zones of Extremadura lie north of the Guadiana, each bordering it (CS2)",
     lambda: len(ext_clear_north) == 3 and all(any(bd["river"] == "Guadiana" for k, bd in pairs.items() if i in k) for i in ext_clear_north))
TV = "Zone between Tordesillas and Valladolid"
hint("the zone between Tordesillas and Valladolid is adjacent to both (CS6)", lambda: adj(TV, "Tordesillas") and adj(TV, "Valladolid"))
hint("the zone north of it and south of Palencia (Medina de Rioseco, BS1) is adjacent to both (CS6)",
     lambda: adj("Medina de Rioseco", TV) and adj("Medina de Rioseco", "Palencia") and north_of("Medina de Rioseco", TV) and south_of("Medina de Rioseco", "Palencia"))
hint("Bayonne has adjacent zones (CS6)", lambda: len(ADJ[Zn("Bayonne")["id"]]) >= 2)
hint("the zone between Bayonne and San Sebastián is adjacent to both, across the Bidasoa from San Sebastián (CS8)",
     lambda: adj("Zone between Bayonne and San Sebastián", "Bayonne") and adj("Zone between Bayonne and San Sebastián", "San Sebastián")
     and border("Zone between Bayonne and San Sebastián", "San Sebastián")["river"] == "Bidasoa")
hint("a zone is adjacent to Bayonne and to the zone between Bayonne and San Sebastián (CS8)",
     lambda: adj("Zone adjacent to Bayonne and adjacent to the one that contains Soult's army", "Bayonne")
     and adj("Zone adjacent to Bayonne and adjacent to the one that contains Soult's army", "Zone between Bayonne and San Sebastián"))
hint("the zone between San Sebastián and Bilbao is adjacent to both (CS10)",
     lambda: adj("zone between San Sebastián and Bilbao", "San Sebastián") and adj("zone between San Sebastián and Bilbao", "Bilbao"))
hint("the zone adjacent to Vitoria south of Pamplona is adjacent to Vitoria and south of Pamplona (CS10)",
     lambda: adj("zone adjacent to Vitoria, South of Pamplona", "Vitoria") and south_of("zone adjacent to Vitoria, South of Pamplona", "Pamplona"))
hint("the zone between Pamplona and Calahorra is adjacent to both (CS10)",
     lambda: adj("Between Pamplona and Calahorra", "Pamplona") and adj("Between Pamplona and Calahorra", "Calahorra"))
hint("the Clear zone north of Tudela is adjacent to it and north (CS10)",
     lambda: Zn("Clear zone North of Tudela")["terrain"] == "Clear" and adj("Clear zone North of Tudela", "Tudela") and north_of("Clear zone North of Tudela", "Tudela"))
hint("the zone between Salamanca and Ciudad Rodrigo is adjacent to both (CS11)",
     lambda: adj("Zone between Salamanca and Ciudad Rodrigo", "Salamanca") and adj("Zone between Salamanca and Ciudad Rodrigo", "Ciudad Rodrigo"))
hint("the Rough zone between Coria and Plasencia is adjacent to both (CS11)",
     lambda: Zn("Rough zone between Coria and Plasencia")["terrain"] == "Rough" and adj("Rough zone between Coria and Plasencia", "Coria")
     and adj("Rough zone between Coria and Plasencia", "Plasencia"))
hint("the Rough zone adjacent to Coimbra exists (CS11)", lambda: Zn("Rough Zone adjacent to Coimbra")["terrain"] == "Rough" and adj("Rough Zone adjacent to Coimbra", "Coimbra"))
hint("the Rough zone in Portugal adjacent to Coria exists (CS11)",
     lambda: Zn("Rough zone in Portugal adjacent to Coria")["terrain"] == "Rough" and Zn("Rough zone in Portugal adjacent to Coria")["country"] == "Portugal"
     and adj("Rough zone in Portugal adjacent to Coria", "Coria"))
MT = "Zone adjacent to Tajo River between Madrilejos and the frontier with Murcia"
hint("the zone between Madrilejos and the Murcia frontier borders the Tajo and is adjacent to Madrilejos, east of it (CS12, D50)",
     lambda: adj(MT, "Madrilejos") and has_river(MT, "Tajo") and east_of(MT, "Madrilejos"))
M5 = [Zn(p)["id"] for p in ("Cartagena", "Murcia", "Alicante", "Orihuela", "Elche")]
hint("the five Clear zones between Cartagena, Murcia and Alicante are Clear and connected among themselves (CS12)",
     lambda: all(ZI[i]["terrain"] == "Clear" for i in M5) and len(bfs(M5[0], {i: ADJ[i] & set(M5) for i in M5})) == 5)
hint("the Clear zone between Zaragoza and Belchite is adjacent to both (CS13)",
     lambda: Zn("Clear zone between Zaragoza and Belchite")["terrain"] == "Clear" and adj("Clear zone between Zaragoza and Belchite", "Zaragoza")
     and adj("Clear zone between Zaragoza and Belchite", "Belchite"))
hint("the Rough zone adjacent to Gerona and Figueras is adjacent to both (CS13)",
     lambda: Zn("Rough zone adjacent to Gerona and Figueras")["terrain"] == "Rough" and adj("Rough zone adjacent to Gerona and Figueras", "Gerona")
     and adj("Rough zone adjacent to Gerona and Figueras", "Figueras"))
NE = "Clear zone North of river Ebro and adjacent to Caspe y Mequinenza"
hint("the Clear zone north of the Ebro is adjacent to Caspe (across the Ebro) and Mequinenza (CS16)",
     lambda: Zn(NE)["terrain"] == "Clear" and adj(NE, "Caspe") and adj(NE, "Mequinenza") and border(NE, "Caspe")["river"] == "Ebro")
hint("the zone south of Oporto is adjacent to it and south (CS15)", lambda: adj("Zone South of Oporto", "Oporto") and south_of("Zone South of Oporto", "Oporto"))
hint("the zone west of Almeida is adjacent to it and west (CS16, CS17)", lambda: adj("Zone West of Almeida", "Almeida") and west_of("Zone West of Almeida", "Almeida"))
hint("the coastal zone north of Santarem is coastal, adjacent to it and north (CS17)",
     lambda: Zn("Coastal zone North of Santarem")["coastal"] and adj("Coastal zone North of Santarem", "Santarem") and north_of("Coastal zone North of Santarem", "Santarem"))
ST = "South of Tajo river and adjacent to Setúbal"
hint("the zone south of the Tajo adjacent to Setúbal is adjacent to it, across the Tajo from Lisboa's side (CS17)",
     lambda: adj(ST, "Setúbal") and has_river(ST, "Tajo") and ZI[Zn(ST)["id"]]["country"] == "Portugal")
hint("the zone west of Oviedo is adjacent to it and west (CS18)", lambda: adj("Zone West of Oviedo", "Oviedo") and west_of("Zone West of Oviedo", "Oviedo"))
hint("Sagunto is north of Valencia and adjacent (BS3)", lambda: adj("Sagunto", "Valencia") and north_of("Sagunto", "Valencia"))
hint("Ocaña is south of Toledo and adjacent (BS4)", lambda: adj("Ocaña", "Toledo") and south_of("Ocaña", "Toledo"))
hint("Medina de Rioseco is south of Palencia (BS1)", lambda: south_of("Medina de Rioseco", "Palencia"))
hint("Medellín is the zone east of Badajoz (BS2)", lambda: Zn("Medellín")["id"] == Zn("Zone East of Badajoz")["id"])
hint("Oropesa and Castellón are different adjacent zones (CS13 'Castellón/Oropesa')", lambda: Zn("Oropesa")["id"] != Zn("Castellón")["id"] and adj("Oropesa", "Castellón"))
ebro = [z for z in zones if z["ebro_navigable"]]
eids = {z["id"] for z in ebro}
hint("Ebro navigation: every ebro_navigable zone borders the Ebro (ER 1.11)", lambda: all(has_river(z["name"], "Ebro") for z in ebro))
hint("Ebro navigation: Calahorra, Tudela, Zaragoza, Caspe, Mequinenza and Tortosa are ebro_navigable (ER 1.11)",
     lambda: all(Zn(p)["ebro_navigable"] for p in ("Calahorra", "Tudela", "Zaragoza", "Caspe", "Mequinenza", "Tortosa")))
hint("Ebro navigation: the navigable zones are connected from Calahorra to Tortosa (ER 1.11)",
     lambda: Zn("Tortosa")["id"] in bfs(Zn("Calahorra")["id"], {i: ADJ[i] & eids for i in eids}))
hint("Ebro navigation: Logroño and Miranda, upstream of Calahorra, are not navigable (ER 1.11)",
     lambda: not Zn("Logroño")["ebro_navigable"] and not Zn("Miranda")["ebro_navigable"])
BZ = [z for z in zones if z["special"].get("bordeaux_arrow")]
hint("the 'To Bourdeaux' zone is reached only from France north of the Adour (ER 3.15)",
     lambda: BZ and ADJ[BZ[0]["id"]] and all(ZI[n]["country"] == "France" and n != Zn("Bayonne")["id"] and n != Zn("Orthez")["id"] for n in ADJ[BZ[0]["id"]])
     and all(not has_river(ZI[n]["name"], "Adour") or north_of(ZI[n]["name"], "Orthez") for n in ADJ[BZ[0]["id"]]))
hint("the Adour separates Bayonne from the zones north of it (ER 3.15)", lambda: has_river("Bayonne", "Adour"))
hint("Bayonne, Perpignan and Orthez are in France (CS6, CS13, CS8)", lambda: all(Zn(p)["country"] == "France" for p in ("Bayonne", "Perpignan", "Orthez")))
hint("France and Spain meet only through the passes and the coast roads (the Pyrenees are mountain elsewhere)",
     lambda: all(ZI[a]["terrain"] == P or ZI[b]["terrain"] == P or not bd["adjacent"] or {a, b} & {Zn("Zone between Bayonne and San Sebastián")["id"], Zn("Rosas")["id"]}
                 for (a, b), bd in pairs.items() if {ZI[a]["country"], ZI[b]["country"]} == {"France", "Spain"}))
hint("Perpignan reaches Figueras through a pass (CS13: Perpignan is the Imperial entry)", lambda: dist("Perpignan", "Figueras") == 2)
hint("La Coruña, the British evacuation port, is reachable from Astorga (CS5)", lambda: dist("Astorga", "La Coruña") is not None)
hint("Cádiz, Gibraltar and Lisboa are coastal PORTs", lambda: all(Zn(p)["port"] and Zn(p)["coastal"] for p in ("Cádiz", "Gibraltar", "Lisboa")))

finish()
