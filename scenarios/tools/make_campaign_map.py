#!/usr/bin/env python3
"""Author scenarios/muskets_campaign_map.json: the STAND-IN strategic map of Age of Muskets I,
*Tomb for an Empire* (the rulebook refers to the printed map but does not contain it).

Usage: python3 scenarios/tools/make_campaign_map.py [out.json] [--svg out.svg]

Standard library only. How the map is made:
1. Every zone has a seed: the real longitude/latitude of its town (nudged where a topology hint of
   the rules needs it; each nudge is noted), in the tables below.
2. Longitude/latitude are projected once, here, to integer map units (equirectangular, about 1 km
   a unit): x = (lon - LON0) * KX, y = (LAT0 - lat) * KY. North is up; y grows southwards (SVG).
3. Each zone's polygon is its seed's power-diagram (weighted Voronoi; passes weigh less, so
   they are narrow) cell clipped to a hand-traced outline of the land
   (real coastline, simplified; the Tajo estuary is open water). Every vertex is snapped to the
   integer grid once, so neighbouring zones share exactly the same vertices and edges.
4. Two zones border each other where their polygons share an edge. A border carries a river when
   the segment between the two seeds crosses that river's traced course, and is MOUNTAIN (no
   adjacency, SR 8.2.a.2) when it crosses a traced mountain range. A Mountain Pass leads only into
   the zones PASS_LINKS lists for it; its other borders, and any border between two passes, are
   mountain. Bridges are listed by town.
5. Locality, ports, forage, climate and the rest follow aom-gaps.md G1/G2/G16 (see NOTES).
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "muskets_campaign_map.json")

# ------------------------------------------------------------------ projection
LON0, LAT0 = -10.0, 44.55          # west and north edges of the map
LON1, LAT1 = 3.45, 35.85           # east and south edges
KX, KY = 85.0, 111.0               # map units per degree (about 1 km; cos 40 deg = 0.766)


def proj(lon, lat):
    return ((lon - LON0) * KX, (LAT0 - lat) * KY)


def iproj(lon, lat):
    x, y = proj(lon, lat)
    return (int(round(x)), int(round(y)))


W = int(round((LON1 - LON0) * KX))
H = int(round((LAT0 - LAT1) * KY))

# ------------------------------------------------------------------ land outline (lon, lat)
# Clockwise on the map from the north edge on the Landes coast, round the Peninsula, to the east
# edge beyond Narbonne; then along the map frame (east edge, north edge) back to the start.
COAST = [
    (-1.22, 44.55), (-1.25, 44.2), (-1.33, 43.9), (-1.45, 43.6), (-1.52, 43.52), (-1.56, 43.48),
    (-1.67, 43.40), (-1.79, 43.37), (-1.98, 43.32), (-2.17, 43.30), (-2.50, 43.37), (-2.72, 43.42),
    (-3.02, 43.34), (-3.22, 43.39), (-3.42, 43.42), (-3.78, 43.48), (-4.04, 43.44), (-4.40, 43.40),
    (-4.75, 43.43), (-5.07, 43.48), (-5.66, 43.56), (-5.85, 43.66), (-5.95, 43.59), (-6.15, 43.57),
    (-6.54, 43.56), (-7.04, 43.55), (-7.26, 43.58), (-7.60, 43.69), (-7.69, 43.79), (-7.85, 43.71),
    (-8.05, 43.67), (-8.25, 43.49), (-8.40, 43.39), (-8.81, 43.33), (-9.18, 43.16), (-9.27, 42.89),
    (-9.06, 42.77), (-9.02, 42.56), (-8.85, 42.45), (-8.86, 42.25), (-8.87, 42.11), (-8.88, 41.87),
    (-8.85, 41.69), (-8.78, 41.38), (-8.68, 41.15), (-8.66, 41.00), (-8.76, 40.64), (-8.88, 40.15),
    (-9.07, 39.60), (-9.38, 39.36), (-9.42, 38.96), (-9.50, 38.78), (-9.42, 38.70), (-9.22, 38.69),
    # the Tajo estuary (open water): up the north shore, round its head, down the south shore
    (-9.10, 38.72), (-9.03, 38.80), (-8.99, 38.92), (-8.93, 38.90), (-8.92, 38.78), (-9.05, 38.67),
    (-9.17, 38.65), (-9.24, 38.65), (-9.23, 38.58), (-9.21, 38.41), (-9.10, 38.44), (-8.90, 38.49),
    (-8.87, 38.44), (-8.87, 37.95), (-8.80, 37.50), (-8.99, 37.02), (-8.67, 37.10), (-8.54, 37.12),
    (-7.93, 36.99), (-7.65, 37.12), (-7.41, 37.17), (-6.95, 37.19), (-6.82, 37.12), (-6.55, 36.98),
    (-6.36, 36.79), (-6.36, 36.62), (-6.30, 36.52), (-6.22, 36.38), (-6.09, 36.28), (-6.03, 36.18),
    (-5.92, 36.18), (-5.60, 36.00), (-5.44, 36.08), (-5.42, 36.17), (-5.35, 36.10), (-5.32, 36.20),
    (-5.15, 36.42), (-4.88, 36.50), (-4.62, 36.54), (-4.42, 36.71), (-4.10, 36.73), (-3.87, 36.74),
    (-3.52, 36.72), (-3.02, 36.74), (-2.46, 36.83), (-2.19, 36.72), (-1.90, 36.99), (-1.82, 37.18),
    (-1.58, 37.40), (-1.26, 37.56), (-0.98, 37.57), (-0.69, 37.63), (-0.77, 37.85), (-0.68, 37.98),
    (-0.55, 38.19), (-0.47, 38.33), (-0.23, 38.50), (-0.13, 38.53), (0.23, 38.73), (0.11, 38.85),
    (-0.15, 38.98), (-0.23, 39.17), (-0.32, 39.45), (-0.22, 39.66), (0.00, 39.97), (0.14, 40.09),
    (0.41, 40.36), (0.48, 40.46), (0.87, 40.70), (0.80, 40.88), (1.06, 41.06), (1.25, 41.11),
    (1.72, 41.22), (1.81, 41.23), (2.18, 41.37), (2.45, 41.53), (2.80, 41.67), (3.03, 41.78),
    (3.13, 41.85), (3.22, 41.95), (3.13, 42.12), (3.17, 42.24), (3.32, 42.32), (3.16, 42.43),
    (3.08, 42.52), (3.04, 42.55), (3.03, 42.70), (3.05, 42.90), (3.15, 43.10), (3.45, 43.28),
]
FRAME = [(3.45, 44.55)]            # the north-east corner; the ring closes to COAST[0]

# ------------------------------------------------------------------ rivers (lon, lat), in flow order
# kind: major/minor (SR 8.2.a.1); drought: flows to the east coast south of the Ebro (ER 1.10).
RIVERS = [
    ("ebro", "Ebro", "major", False, [(-4.15, 43.00), (-3.60, 42.80), (-3.20, 42.72), (-2.95, 42.67), (-2.80, 42.56), (-2.45, 42.478),
                                       (-2.10, 42.36), (-1.97, 42.325), (-1.75, 42.17), (-1.60, 42.08), (-1.25, 41.85), (-0.88, 41.665),
                                       (-0.50, 41.45), (-0.20, 41.36), (-0.04, 41.285), (0.30, 41.36), (0.50, 41.22), (0.52, 41.00),
                                       (0.49, 40.85), (0.53, 40.74), (0.80, 40.72)]),
    ("duero", "Duero", "major", False, [(-2.80, 42.00), (-2.47, 41.74), (-2.53, 41.48), (-3.07, 41.56), (-3.69, 41.645), (-4.12, 41.60),
                                         (-4.70, 41.555), (-5.00, 41.49), (-5.40, 41.50), (-5.75, 41.49), (-6.20, 41.45), (-6.35, 41.40),
                                         (-6.62, 41.20), (-6.93, 41.03), (-7.40, 41.15), (-7.80, 41.16), (-8.20, 41.08), (-8.62, 41.135),
                                         (-8.67, 41.145)]),
    ("tajo", "Tajo", "major", False, [(-1.70, 40.30), (-2.20, 40.50), (-2.72, 40.48), (-3.05, 40.12), (-3.60, 40.03), (-4.02, 39.85),
                                       (-4.50, 39.90), (-4.83, 39.945), (-5.30, 39.88), (-5.68, 39.79), (-6.10, 39.72), (-6.88, 39.73),
                                       (-7.50, 39.65), (-7.90, 39.45), (-8.20, 39.43), (-8.40, 39.42), (-8.68, 39.20), (-8.85, 39.05),
                                       (-8.96, 38.94), (-9.02, 38.80), (-9.15, 38.68), (-9.30, 38.66)]),
    ("guadiana", "Guadiana", "major", False, [(-2.85, 38.95), (-3.20, 39.15), (-3.60, 39.10), (-3.95, 39.06), (-4.40, 39.05), (-4.90, 39.10),
                                               (-5.30, 39.00), (-5.80, 38.99), (-5.96, 38.97), (-6.34, 38.915), (-6.62, 38.86), (-6.97, 38.885),
                                               (-7.08, 38.83), (-7.20, 38.70), (-7.28, 38.50), (-7.35, 38.38), (-7.45, 38.20), (-7.55, 37.95),
                                               (-7.66, 37.64), (-7.45, 37.40), (-7.41, 37.17)]),
    ("guadalquivir", "Guadalquivir", "major", False, [(-2.90, 37.90), (-3.40, 37.95), (-3.65, 37.96), (-4.05, 38.02), (-4.38, 38.02), (-4.78, 37.865),
                                                       (-5.20, 37.70), (-5.55, 37.60), (-6.00, 37.38), (-6.15, 37.10), (-6.36, 36.79)]),
    ("minho", "Miño (Minho)", "major", False, [(-7.56, 43.20), (-7.55, 42.60), (-7.86, 42.33), (-8.20, 42.15), (-8.60, 41.95), (-8.88, 41.87)]),
    ("segre", "Segre", "major", False, [(1.45, 42.35), (1.10, 41.95), (0.64, 41.62), (0.40, 41.45), (0.30, 41.36)]),
    ("jucar", "Júcar", "major", True, [(-1.90, 40.40), (-2.13, 40.05), (-2.00, 39.50), (-1.50, 39.22), (-0.90, 39.20), (-0.43, 39.15), (-0.23, 39.17)]),
    ("adour", "Adour", "major", False, [(0.15, 43.05), (-0.10, 43.50), (-0.55, 43.76), (-1.05, 43.71), (-1.30, 43.55), (-1.48, 43.50), (-1.52, 43.52)]),
    ("turia", "Turia", "minor", True, [(-1.10, 40.30), (-1.00, 39.90), (-0.60, 39.60), (-0.33, 39.45)]),
    ("segura", "Segura", "minor", True, [(-2.40, 38.10), (-1.70, 38.25), (-1.40, 38.10), (-1.13, 37.99), (-0.94, 38.08), (-0.65, 38.11)]),
    ("alberche", "Alberche", "minor", False, [(-5.00, 40.40), (-4.60, 40.38), (-4.30, 40.33), (-4.40, 40.15), (-4.60, 40.02), (-4.78, 39.95)]),
    ("tormes", "Tormes", "minor", False, [(-5.40, 40.35), (-5.50, 40.80), (-5.66, 40.955), (-6.00, 41.05), (-6.50, 41.25)]),
    ("esla", "Esla", "minor", False, [(-5.35, 42.80), (-5.50, 42.35), (-5.66, 41.99), (-5.85, 41.75), (-5.95, 41.53)]),
    ("agueda", "Águeda", "minor", False, [(-6.60, 40.30), (-6.50, 40.60), (-6.80, 41.00)]),
    ("coa", "Côa", "minor", False, [(-7.00, 40.30), (-6.97, 40.70), (-7.10, 41.08)]),
    ("caia", "Caia", "minor", False, [(-7.25, 39.20), (-7.10, 38.82)]),
    ("mondego", "Mondego", "minor", False, [(-7.50, 40.50), (-8.00, 40.30), (-8.43, 40.19), (-8.87, 40.15)]),
    ("zezere", "Zêzere", "minor", False, [(-7.50, 40.35), (-8.00, 39.90), (-8.30, 39.46)]),
    ("genil", "Genil", "minor", False, [(-3.50, 37.15), (-4.15, 37.22), (-4.70, 37.30), (-5.08, 37.52), (-5.25, 37.70)]),
    ("llobregat", "Llobregat", "minor", False, [(1.85, 42.20), (1.85, 41.75), (2.10, 41.30)]),
    ("ter", "Ter", "minor", False, [(2.30, 42.15), (2.40, 42.00), (2.82, 41.99), (3.20, 42.05)]),
    ("bidasoa", "Bidasoa", "minor", False, [(-1.60, 43.10), (-1.72, 43.25), (-1.79, 43.37)]),
]

# ------------------------------------------------------------------ mountain ranges (lon, lat)
MOUNTAINS = [
    ("pyrenees", "Pyrenees", [(-1.72, 43.24), (-1.45, 43.12), (-1.20, 43.02), (-0.75, 42.92), (-0.35, 42.80), (0.30, 42.70),
                              (0.80, 42.75), (1.40, 42.55), (1.95, 42.42), (2.50, 42.40), (3.00, 42.45), (3.17, 42.44)]),
    ("cantabrian", "Cordillera Cantábrica", [(-7.05, 42.95), (-6.60, 42.98), (-6.00, 43.00), (-5.50, 43.02), (-5.00, 43.08),
                                             (-4.50, 43.10), (-4.10, 43.05), (-3.70, 43.08), (-3.25, 43.12)]),
    ("galicia", "Montes de Galicia (Os Ancares, O Courel)", [(-7.05, 42.95), (-6.95, 42.60), (-7.00, 42.40), (-6.98, 42.25)]),
    ("montes_de_leon", "Montes de León", [(-6.40, 42.95), (-6.30, 42.60), (-6.45, 42.30), (-6.75, 42.20)]),
    ("central", "Sistema Central (Gata, Gredos, Guadarrama, Somosierra)", [(-6.95, 40.27), (-6.60, 40.25), (-6.20, 40.28),
                                                                          (-5.80, 40.30), (-5.40, 40.27), (-5.00, 40.30), (-4.60, 40.42),
                                                                          (-4.25, 40.62), (-4.00, 40.80), (-3.70, 40.98), (-3.40, 41.10),
                                                                          (-3.00, 41.15), (-2.75, 41.17)]),
    ("morena", "Sierra Morena", [(-6.45, 38.00), (-6.20, 38.05), (-5.60, 38.10), (-5.10, 38.25), (-4.60, 38.40), (-4.00, 38.45),
                                 (-3.50, 38.42), (-3.00, 38.45), (-2.50, 38.50)]),
]

# ------------------------------------------------------------------ zones
# (id, name, lon, lat, region, terrain, locality, breach, port, aliases, note)
# terrain: C Clear, R Rough, F Forest, S Swamp, P Mountain Pass.
# locality: - none, T Town, K Town with Castle, D Defensible City, F Fortress (breach = modifier).
Z = []


PASS_WEIGHT = -600.0               # power-diagram weight of a Mountain Pass seed: passes are narrow zones


def z(id_, name, lon, lat, region, terrain="C", loc="-", breach=None, port=False, aliases=(), note="", weight=None, at=None):
    if weight is None:
        weight = PASS_WEIGHT if terrain == "P" else 0.0
    Z.append(dict(id=id_, name=name, lon=lon, lat=lat, region=region, terrain=terrain, loc=loc, breach=breach,
                  port=port, aliases=list(aliases), note=note, weight=weight, at=at))


GA, AS, LE, CV, CN = "Galicia", "Asturias", "León", "Castilla la Vieja", "Castilla la Nueva"
EX, AN, MU, VA, AR = "Extremadura", "Andalucía", "Murcia", "Valencia", "Aragón"
CA, NA, BA, PT, FR = "Catalonia", "Navarre", "Basque Country", "Portugal", "France"

# Galicia
z("la_coruna", "La Coruña", -8.40, 43.30, GA, "C", "D", port=True)
z("santiago", "Santiago", -8.54, 42.88, GA, "R", "T")
z("vigo", "Vigo", -8.65, 42.20, GA, "C", "T", port=True)
z("lugo", "Lugo", -7.56, 43.01, GA, "C", "T")
z("piedrafita", "Puerto de Piedrafita", -7.05, 42.72, GA, "P", note="pass on Moore's road from Villafranca to Lugo")
z("orense", "Orense", -7.86, 42.34, GA, "R", "-")
z("monterrey", "Monterrey", -7.45, 41.97, GA, "R", "T")
# Asturias
z("oviedo", "Oviedo", -5.85, 43.33, AS, "R", "T")
z("gijon", "Gijón", -5.60, 43.50, AS, "C", "T", port=True)
z("grado", "Grado", -6.25, 43.35, AS, "R", "-", aliases=["zone West of Oviedo"])
z("pajares", "Puerto de Pajares", -5.77, 43.02, AS, "P")
# León
z("leon", "León", -5.57, 42.60, LE, "C", "T")
z("astorga", "Astorga", -6.06, 42.46, LE, "C", "D")
z("manzanal", "Puerto de Manzanal", -6.30, 42.62, LE, "P")
z("villafranca", "Villafranca (del Bierzo)", -6.75, 42.62, LE, "R", "T")
z("benavente", "Benavente", -5.68, 42.01, LE, "C", "T")
z("sanabria", "Puebla de Sanabria", -6.60, 42.05, LE, "R", "-")
z("zamora", "Zamora", -5.75, 41.52, LE, "C", "T")
z("vitigudino", "Vitigudino", -6.40, 41.05, LE, "R", "-")
z("salamanca", "Salamanca", -5.66, 40.97, LE, "C", "T")
z("sancti_spiritus", "Sancti-Spíritus", -6.15, 40.75, LE, "C", "-", aliases=["Zone between Salamanca and Ciudad Rodrigo"])
z("ciudad_rodrigo", "Ciudad Rodrigo", -6.53, 40.60, LE, "C", "F", 2)
z("bejar", "Béjar", -5.76, 40.45, LE, "R", "T", note="the route from Salamanca into Extremadura (CS3)")
# Castilla la Vieja
z("valladolid", "Valladolid", -4.65, 41.66, CV, "C", "T")
z("simancas", "Simancas", -4.86, 41.60, CV, "C", "-", aliases=["Zone between Tordesillas and Valladolid"],
  note="seed between Tordesillas and Valladolid (CS6)")
z("tordesillas", "Tordesillas", -5.05, 41.515, CV, "C", "T")
z("medina_rioseco", "Medina de Rioseco", -4.92, 41.85, CV, "C", "T",
  aliases=["zone South of Palencia (BS1)", "Zone north of the one between Tordesillas and Valladolid and South of Palencia"],
  note="seed nudged east (real -5.04) so it touches Simancas (CS6)")
z("palencia", "Palencia", -4.53, 42.01, CV, "C", "T")
z("escudo", "Puerto del Escudo", -3.85, 43.06, CV, "P", aliases=["Mountain Pass South of Santander"])
z("santander", "Santander", -3.85, 43.40, CV, "C", "T", port=True)
z("burgos", "Burgos", -3.70, 42.34, CV, "C", "K")
z("miranda", "Miranda (de Ebro)", -2.95, 42.71, CV, "C", "T")
z("logrono", "Logroño", -2.45, 42.44, CV, "C", "T")
z("calahorra", "Calahorra", -1.97, 42.28, CV, "C", "T", note="east end of the Ebro navigation (ER 1.11) with Tortosa")
z("aranda", "Aranda (de Duero)", -3.69, 41.69, CV, "C", "T")
z("sepulveda", "Sepúlveda", -3.85, 41.25, CV, "R", "-")
z("guadarrama", "Puerto de Guadarrama", -4.05, 40.80, CV, "P",
  aliases=["Mountain Pass two zones South of Aranda de Duero"],
  note="D51: the Castilla la Vieja pass two zones south of Aranda; Somosierra is the other")
z("segovia", "Segovia", -4.30, 40.98, CV, "R", "T", note="seed nudged west (real -4.12) to make room for the Guadarrama pass")
z("cuellar", "Cuéllar", -4.32, 41.40, CV, "F", "-", note="the pine forests (pinares) of Cuéllar")
z("avila", "Ávila", -4.70, 40.66, CV, "R", "T")
z("pico", "Puerto del Pico", -5.02, 40.30, CV, "P")
z("burgo_osma", "Burgo de Osma", -3.07, 41.62, CV, "F", "-", note="the pinares of Soria")
z("soria", "Soria", -2.47, 41.80, CV, "R", "-")
z("medinaceli", "Medinaceli", -2.43, 41.20, CV, "R", "-")
# Basque Country
z("bilbao", "Bilbao", -2.93, 43.24, BA, "R", "T", port=True)
z("vergara", "Vergara", -2.42, 43.15, BA, "R", "-", aliases=["zone between San Sebastián and Bilbao"])
z("san_sebastian", "San Sebastián", -1.98, 43.29, BA, "R", "F", 2, port=True)
z("vitoria", "Vitoria", -2.67, 42.85, BA, "R", "T")
z("tolosa", "Tolosa", -2.07, 43.05, BA, "R", "-")
# Navarre
z("pamplona", "Pamplona", -1.64, 42.82, NA, "C", "F", 2)
z("roncesvalles", "Roncesvalles", -1.32, 43.02, NA, "P", aliases=["Mountain Pass North of Pamplona"])
z("estella", "Estella", -2.05, 42.66, NA, "R", "-", aliases=["zone adjacent to Vitoria, South of Pamplona"])
z("tafalla", "Tafalla", -1.72, 42.53, NA, "C", "-", aliases=["Between Pamplona and Calahorra"])
z("caparroso", "Caparroso", -1.55, 42.30, NA, "C", "-", aliases=["Clear zone North of Tudela"])
z("tudela", "Tudela", -1.60, 42.04, NA, "C", "T")
# France
z("bayonne", "Bayonne", -1.47, 43.47, FR, "C", "F", 2, port=True)
z("st_jean_de_luz", "Saint-Jean-de-Luz", -1.66, 43.37, FR, "R", "-", aliases=["Zone between Bayonne and San Sebastián"])
z("cambo", "Cambo (the Nive)", -1.38, 43.33, FR, "R", "-",
  aliases=["Zone adjacent to Bayonne and adjacent to the one that contains Soult's army"])
z("orthez", "Orthez", -0.77, 43.45, FR, "C", "T")
z("landes", "Dax (the Landes)", -1.05, 43.86, FR, "S", "T")
z("mont_de_marsan", "Mont-de-Marsan", -0.40, 43.95, FR, "C", "T")
z("bordeaux", "To Bourdeaux", -0.75, 44.42, FR, "C", "-", aliases=["Bordeaux"],
  note="the off-map arrow zone of ER 3.15: clear, no city until opened")
z("pau", "Pau (Oloron)", -0.45, 43.20, FR, "R", "T")
z("toulouse", "Toulouse", 1.44, 43.60, FR, "C", "T")
z("foix", "Foix", 1.60, 42.97, FR, "R", "-")
z("narbonne", "Narbonne", 2.95, 43.22, FR, "C", "-")
z("perpignan", "Perpignan", 2.75, 42.72, FR, "C", "F", 2)
# Aragón
z("somport", "Puerto de Somport", -0.53, 42.78, AR, "P")
z("jaca", "Jaca", -0.55, 42.50, AR, "R", "-")
z("huesca", "Huesca", -0.41, 42.12, AR, "C", "-")
z("barbastro", "Barbastro", 0.13, 42.03, AR, "C", "-")
z("zaragoza", "Zaragoza", -0.88, 41.63, AR, "C", "D")
z("maria", "María de Huerva", -0.93, 41.45, AR, "C", "-", aliases=["Clear zone between Zaragoza and Belchite"])
z("belchite", "Belchite", -0.75, 41.28, AR, "R", "T")
z("bujaraloz", "Bujaraloz (Monegros)", -0.20, 41.55, AR, "C", "-",
  aliases=["Clear zone North of river Ebro and adjacent to Caspe and Mequinenza"])
z("caspe", "Caspe", -0.08, 41.22, AR, "C", "T")
z("mequinenza", "Mequinenza", 0.33, 41.42, AR, "R", "F", 1)
z("alcaniz", "Alcañiz", -0.15, 40.98, AR, "R", "-")
z("calatayud", "Calatayud", -1.64, 41.35, AR, "R", "-")
z("teruel", "Teruel", -1.11, 40.34, AR, "R", "T")
# Catalonia
z("lerida", "Lérida", 0.58, 41.64, CA, "C", "F", 2)
z("seo_urgel", "Seo de Urgel", 1.46, 42.30, CA, "R", "-")
z("manresa", "Manresa", 1.83, 41.73, CA, "R", "-")
z("vich", "Vich", 2.25, 41.98, CA, "R", "T")
z("banolas", "Bañolas (Besalú)", 2.65, 42.15, CA, "R", "-", aliases=["Rough zone adjacent to Gerona and Figueras"])
z("figueras", "Figueras", 2.93, 42.27, CA, "C", "F", 2)
z("perthus", "Coll de Pertús (La Junquera)", 2.84, 42.47, CA, "P", weight=-300.0)
z("rosas", "Rosas", 3.13, 42.22, CA, "C", "F", 1, port=True)
z("gerona", "Gerona", 2.85, 41.98, CA, "C", "F", 1)
z("hostalrich", "Hostalrich", 2.62, 41.74, CA, "R", "F", 1)
z("barcelona", "Barcelona", 2.10, 41.42, CA, "C", "D", port=True)
z("villafranca_panades", "Villafranca del Panadés", 1.65, 41.40, CA, "C", "-")
z("tarragona", "Tarragona", 1.22, 41.15, CA, "C", "F", 1, port=True)
z("tortosa", "Tortosa", 0.60, 40.82, CA, "C", "F", 2)
# Valencia
z("vinaroz", "Vinaroz (Morella)", 0.20, 40.55, VA, "R", "-")
z("oropesa", "Oropesa", 0.12, 40.18, VA, "C", "T", note="seed nudged north (real 40.09) to make it a zone apart from Castellón (CS13)")
z("castellon", "Castellón", -0.10, 39.97, VA, "C", "T")
z("segorbe", "Segorbe", -0.60, 39.88, VA, "R", "-")
z("sagunto", "Sagunto", -0.30, 39.70, VA, "R", "F", 1, aliases=["North of Valencia (BS3)"])
z("valencia", "Valencia", -0.40, 39.45, VA, "C", "D", port=True)
z("requena", "Requena", -1.10, 39.49, VA, "R", "T")
z("jativa", "Játiva", -0.55, 39.00, VA, "C", "-")
z("alicante", "Alicante", -0.50, 38.38, VA, "C", "F", 1, port=True)
# Murcia (the five Clear zones of CS12: Murcia, Cartagena, Orihuela, Elche, Alicante)
z("elche", "Elche", -0.72, 38.25, MU, "C", "-", note="one of the five Cartagena-Murcia-Alicante zones (CS12)")
z("orihuela", "Orihuela", -0.90, 38.05, MU, "C", "-", note="one of the five Cartagena-Murcia-Alicante zones (CS12)")
z("murcia", "Murcia", -1.20, 37.99, MU, "C", "T")
z("cartagena", "Cartagena", -0.99, 37.65, MU, "C", "F", 1, port=True)
z("lorca", "Lorca", -1.70, 37.67, MU, "R", "-")
z("hellin", "Hellín", -1.70, 38.51, MU, "R", "-")
z("almansa", "Almansa", -1.10, 38.90, MU, "C", "-")
z("albacete", "Albacete", -1.86, 39.00, MU, "C", "-")
# Castilla la Nueva
z("madrid", "Madrid", -3.70, 40.42, CN, "C", "T")
z("somosierra", "Somosierra", -3.60, 40.92, CN, "P", aliases=["Mountain Pass adjacent to Madrid (called Somosierra)"])
z("guadalajara", "Guadalajara", -3.17, 40.63, CN, "C", "T")
z("cuenca", "Cuenca", -2.13, 40.07, CN, "R", "T")
z("toledo", "Toledo", -4.02, 39.90, CN, "R", "T")
z("santa_olalla", "Santa Olalla (the Alberche)", -4.40, 40.08, CN, "C", "-",
  aliases=["Adjacent to Talavera separated from it by minor river"])
z("talavera", "Talavera", -4.83, 39.98, CN, "C", "T")
z("navahermosa", "Navahermosa (Montes de Toledo)", -4.45, 39.62, CN, "F", "-")
z("ocana", "Ocaña", -3.55, 39.80, CN, "C", "T", aliases=["South of Toledo (BS4)"],
  note="seed nudged south (real 39.96) so the zone lies south of Toledo as BS4 says")
z("madrilejos", "Madrilejos", -3.53, 39.47, CN, "C", "T")
z("quintanar", "Quintanar de la Orden", -3.00, 39.62, CN, "C", "-",
  aliases=["Zone adjacent to Tajo River between Madrilejos and the frontier with Murcia"],
  note="D50: read literally, it reaches the Tajo in the north and runs towards the Murcia frontier")
z("san_clemente", "San Clemente", -2.43, 39.40, CN, "C", "-")
z("ciudad_real", "Ciudad Real", -3.93, 38.98, CN, "C", "T")
z("almodovar", "Almodóvar del Campo", -4.25, 38.68, CN, "R", "-",
  aliases=["Zone between Ciudad Real and mountain pass North of Córdoba"])
z("almaden", "Almadén", -4.90, 38.80, CN, "R", "-")
z("valdepenas", "Valdepeñas", -3.38, 38.76, CN, "C", "T")
z("alcaraz", "Alcaraz", -2.49, 38.67, CN, "R", "-")
# Extremadura
z("perales", "Puerto de Perales", -6.65, 40.28, EX, "P")
z("banos", "Puerto de Baños", -5.90, 40.28, EX, "P", weight=-200.0)
z("coria", "Coria", -6.62, 39.96, EX, "R", "T")
z("galisteo", "Galisteo (the Alagón)", -6.30, 40.03, EX, "R", "-", aliases=["Rough zone between Coria and Plasencia"])
z("plasencia", "Plasencia", -5.98, 40.08, EX, "R", "T")
z("almaraz", "Almaraz", -5.62, 39.87, EX, "R", "T")
z("deleitosa", "Deleitosa", -5.62, 39.64, EX, "R", "-", aliases=["South of Tajo River in front of Almaraz"])
z("alcantara", "Alcántara", -6.88, 39.66, EX, "R", "K")
z("caceres", "Cáceres", -6.37, 39.47, EX, "R", "T")
z("trujillo", "Trujillo", -5.88, 39.46, EX, "R", "T")
z("alburquerque", "Alburquerque", -6.95, 39.18, EX, "R", "T", aliases=["Zone adjacent to Badajoz South of Tajo River"])
z("montijo", "Montijo", -6.62, 38.95, EX, "C", "-", note="one of the three Clear zones north of the Guadiana in Extremadura (CS2)")
z("merida", "Mérida", -6.30, 39.00, EX, "C", "T", note="one of the three Clear zones north of the Guadiana in Extremadura (CS2)")
z("miajadas", "Miajadas", -5.80, 39.17, EX, "C", "-", note="one of the three Clear zones north of the Guadiana in Extremadura (CS2)")
z("badajoz", "Badajoz", -6.97, 38.86, EX, "C", "F", 2)
z("olivenza", "Olivenza", -7.10, 38.66, EX, "C", "F", 1)
z("medellin", "Medellín (Tierra de Barros)", -6.35, 38.72, EX, "C", "T",
  aliases=["Zone East of Badajoz", "Zone East of Badajoz and South of Guadiana River", "a zone East of Badajoz (BS2)"],
  note="seed at Almendralejo, between Badajoz and Medellín, so the zone touches Badajoz (CS2, CS15, BS2)")
z("serena", "La Serena (Castuera)", -5.55, 38.75, EX, "R", "-")
z("zafra", "Zafra", -6.42, 38.42, EX, "C", "T")
z("llerena", "Llerena", -5.95, 38.27, EX, "R", "-")
z("monesterio", "Monesterio", -6.25, 38.06, EX, "P", note="the Seville-Mérida road over the Sierra Morena")
# Andalucía
z("despenaperros", "Despeñaperros", -3.78, 38.40, AN, "P", aliases=["Mountain Pass north of Andújar"])
z("villaharta", "Villaharta", -4.78, 38.32, AN, "P", aliases=["mountain pass North of Córdoba"])
z("montoro", "Montoro (Sierra de Andújar)", -4.35, 38.25, AN, "R", "-",
  aliases=["Rough zone West of Andújar and adjacent to the frontier with Castilla la Nueva"])
z("andujar", "Andújar", -4.02, 38.06, AN, "C", "T")
z("bailen", "Bailén", -3.72, 38.06, AN, "C", "T")
z("ubeda", "Úbeda", -3.37, 38.01, AN, "R", "T")
z("jaen", "Jaén", -3.79, 37.77, AN, "R", "T")
z("cordoba", "Córdoba", -4.78, 37.90, AN, "C", "T")
z("ecija", "Écija", -5.08, 37.54, AN, "C", "T")
z("cazalla", "Cazalla (Sierra Norte)", -5.76, 37.90, AN, "R", "-")
z("aracena", "Aracena", -6.56, 37.89, AN, "R", "-")
z("seville", "Seville", -5.97, 37.39, AN, "C", "D")
z("huelva", "Huelva", -6.95, 37.28, AN, "C", "T", port=True)
z("marismas", "Las Marismas", -6.35, 37.00, AN, "S", "-", note="the marshes of the Guadalquivir mouth")
z("utrera", "Utrera", -5.78, 37.18, AN, "C", "T")
z("jerez", "Jerez", -6.05, 36.75, AN, "C", "-")
z("cadiz", "Cádiz", -6.25, 36.50, AN, "C", "F", 3, port=True)
z("tarifa", "Tarifa", -5.65, 36.08, AN, "R", "K", port=True)
z("gibraltar", "Gibraltar", -5.37, 36.18, AN, "R", "F", 3, port=True)
z("ronda", "Ronda", -5.17, 36.74, AN, "R", "-")
z("antequera", "Antequera", -4.56, 37.02, AN, "R", "-")
z("malaga", "Málaga", -4.42, 36.76, AN, "C", "T", port=True)
z("loja", "Loja", -4.15, 37.17, AN, "R", "-", aliases=["Zone West of Granada"])
z("granada", "Granada", -3.60, 37.18, AN, "C", "T")
z("motril", "Motril (Alpujarras)", -3.40, 36.85, AN, "R", "-")
z("baza", "Baza", -2.77, 37.55, AN, "R", "-")
z("almeria", "Almería", -2.46, 36.95, AN, "R", "-")
z("vera", "Vera (Huércal-Overa)", -1.87, 37.25, AN, "R", "-")
# Portugal
z("braga", "Braga", -8.43, 41.55, PT, "R", "T")
z("chaves", "Chaves", -7.47, 41.74, PT, "R", "K")
z("braganca", "Bragança", -6.76, 41.80, PT, "R", "-")
z("mogadouro", "Mogadouro", -6.75, 41.33, PT, "R", "-")
z("oporto", "Oporto", -8.58, 41.18, PT, "C", "D", port=True, aliases=["Porto"])
z("amarante", "Amarante", -8.10, 41.33, PT, "R", "-")
z("vila_real", "Vila Real", -7.60, 41.42, PT, "R", "-")
z("marao", "Serra do Marão", -7.85, 41.18, PT, "P", aliases=["Mountain pass two zones away from Braga and Chaves"])
z("trancoso", "Trancoso", -7.35, 40.92, PT, "R", "-",
  aliases=["South of Mountain pass two zones away from Braga and Chaves (adjacent to Almeida)"])
z("aveiro", "Aveiro", -8.55, 40.82, PT, "C", "-", aliases=["Zone South of Oporto"])
z("viseu", "Viseu", -7.91, 40.66, PT, "R", "-")
z("almeida", "Almeida", -6.91, 40.73, PT, "C", "F", 2)
z("celorico", "Celorico", -7.40, 40.62, PT, "R", "-", aliases=["Zone West of Almeida"])
z("guarda", "Guarda", -7.10, 40.42, PT, "R", "-")
z("bucaco", "Buçaco", -8.30, 40.40, PT, "R", "-", aliases=["Rough Zone adjacent to Coimbra"])
z("coimbra", "Coimbra", -8.50, 40.15, PT, "C", "T")
z("penamacor", "Penamacor", -7.10, 40.12, PT, "R", "-", aliases=["Rough zone in Portugal adjacent to Coria"])
z("castelo_branco", "Castelo Branco", -7.55, 39.85, PT, "R", "-")
z("leiria", "Leiria", -8.80, 39.70, PT, "F", "-", aliases=["Coastal zone North of Santarem"], note="the royal pine forest of Leiria")
z("obidos", "Óbidos", -9.10, 39.30, PT, "R", "-")
z("lisboa", "Lisboa", -9.15, 38.88, PT, "R", "D", port=True, aliases=["Torres Vedras (Lines)"], at=(-9.15, 38.74),
  note="the zone holds Lisboa and the Lines of Torres Vedras (ER 3.1.d); seed north of the city")
z("santarem", "Santarem", -8.62, 39.26, PT, "C", "T")
z("abrantes", "Abrantes", -8.20, 39.48, PT, "R", "K")
z("ponte_sor", "Ponte de Sor", -8.00, 39.20, PT, "C", "-")
z("alcochete", "Alcochete", -8.80, 38.80, PT, "C", "-", aliases=["South of Tajo river and adjacent to Setúbal"])
z("setubal", "Setúbal", -9.00, 38.55, PT, "R", "T", port=True)
z("portalegre", "Portalegre", -7.45, 39.30, PT, "R", "T", aliases=["Rough zone North of Elvas and South of Tajo River"])
z("elvas", "Elvas", -7.17, 38.90, PT, "C", "F", 2)
z("evora", "Évora", -7.90, 38.55, PT, "C", "T")
z("mourao", "Mourão", -7.30, 38.40, PT, "C", "-", aliases=["Zone South of Olivenza and into Portugal"])
z("alcacer", "Alcácer do Sal", -8.55, 38.30, PT, "C", "-")
z("beja", "Beja", -7.86, 38.01, PT, "C", "T")
z("mertola", "Mértola", -7.70, 37.60, PT, "R", "-")
z("faro", "Faro", -7.93, 37.12, PT, "R", "-")

# ------------------------------------------------------------------ features by zone
VP = {"madrid": 2, "lisboa": 2, "seville": 2, "barcelona": 1, "burgos": 1, "valencia": 1, "zaragoza": 1, "oporto": 1}
# Bridges over major rivers, by the bridge town's zone: the bridge is on its border over that river
# with the named neighbour (the road's direction), else with the neighbour whose seed is nearest.
BRIDGES = [("almaraz", "tajo"), ("alcantara", "tajo"), ("talavera", "tajo"), ("toledo", "tajo"), ("ocana", "tajo"),
           ("abrantes", "tajo"), ("badajoz", "guadiana"), ("merida", "guadiana"),
           ("medellin", "guadiana"), ("ciudad_real", "guadiana"), ("cordoba", "guadalquivir"), ("andujar", "guadalquivir"),
           ("seville", "guadalquivir", "huelva"), ("zaragoza", "ebro", "huesca"), ("tortosa", "ebro"), ("logrono", "ebro"), ("miranda", "ebro", "burgos"),
           ("tudela", "ebro"), ("tordesillas", "duero", "avila"), ("zamora", "duero"), ("aranda", "duero"),
           ("oporto", "duero"), ("lerida", "segre"), ("bayonne", "adour")]
# The zones each Mountain Pass connects (SR 8.2.a.2: 'entering and leaving through the zones each
# pass connects'); its other borders are mountain.
PASS_LINKS = {
    "piedrafita": ["villafranca", "lugo"], "manzanal": ["astorga", "villafranca"], "pajares": ["oviedo", "leon"],
    "escudo": ["santander", "burgos"], "somosierra": ["sepulveda", "madrid"], "guadarrama": ["segovia", "sepulveda", "madrid"],
    "pico": ["avila", "talavera"], "perales": ["ciudad_rodrigo", "coria"], "banos": ["bejar", "plasencia"],
    "roncesvalles": ["pamplona", "cambo"], "somport": ["jaca", "pau"], "perthus": ["figueras", "perpignan"],
    "despenaperros": ["valdepenas", "bailen", "andujar"], "villaharta": ["almodovar", "cordoba"],
    "monesterio": ["zafra", "llerena", "cazalla"], "marao": ["amarante", "vila_real", "trancoso"],
}
FERTILE = {"seville", "utrera", "ecija", "cordoba", "andujar", "carmona", "bailen", "valencia", "sagunto", "castellon", "jativa"}
SPECIAL = {
    "lisboa": {"lisboa_lines": True},
    "gibraltar": {"gibraltar_naval_base": True},
    "bordeaux": {"bordeaux_arrow": True, "off_map": True},
}


# ------------------------------------------------------------------ geometry helpers
def clip(poly, nx, ny, c):
    """Sutherland-Hodgman: keep the part of poly with nx*x + ny*y <= c."""
    out = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        da = nx * a[0] + ny * a[1] - c
        db = nx * b[0] + ny * b[1] - c
        if da <= 0:
            out.append(a)
        if (da < 0 < db) or (db < 0 < da):
            t = da / (da - db)
            out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
    return out


def unfold(poly):
    """Clipping a non-convex outline by half-planes joins its separate pieces with zero-width
    'bridges' that run out and back along a clip line. Remove them: drop repeated points and
    every vertex where the boundary folds straight back on itself."""
    pts = list(poly)
    changed = True
    while changed and len(pts) >= 3:
        changed = False
        n = len(pts)
        for k in range(n):
            a, b, c = pts[k - 1], pts[k], pts[(k + 1) % n]
            ux, uy = a[0] - b[0], a[1] - b[1]
            vx, vy = c[0] - b[0], c[1] - b[1]
            lu, lv = math.hypot(ux, uy), math.hypot(vx, vy)
            if lu < 1e-7 or lv < 1e-7 or (abs(ux * vy - uy * vx) <= 1e-9 * lu * lv and ux * vx + uy * vy > 0):
                del pts[k]
                changed = True
                break
    return pts


def area2(p):
    s = 0
    for i in range(len(p)):
        x1, y1 = p[i]
        x2, y2 = p[(i + 1) % len(p)]
        s += x1 * y2 - x2 * y1
    return s


def seg_cross(p1, p2, q1, q2):
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)
    return (orient(p1, p2, q1) * orient(p1, p2, q2) < 0) and (orient(q1, q2, p1) * orient(q1, q2, p2) < 0)


def crossings(a, b, line):
    return sum(1 for i in range(len(line) - 1) if seg_cross(a, b, line[i], line[i + 1]))


def point_in(pt, poly):
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def centroid(poly):
    a = area2(poly)
    cx = cy = 0.0
    for i in range(len(poly)):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % len(poly)]
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    return (cx / (3 * a), cy / (3 * a))


# ------------------------------------------------------------------ build
def build():
    land = [iproj(*p) for p in COAST] + [iproj(*p) for p in FRAME]
    n_sea_edges = len(COAST) - 1        # ring edges 0 .. len(COAST)-2 are sea; the rest are the frame
    land_f = [(float(x), float(y)) for x, y in land]
    seeds = [proj(q["lon"], q["lat"]) for q in Z]
    ids = [q["id"] for q in Z]
    assert len(set(ids)) == len(ids), "duplicate zone id"
    for q, s in zip(Z, seeds):
        if not point_in(s, land_f):
            raise SystemExit(f"seed of {q['id']} is not on land")

    # Voronoi cell of each seed, clipped to the land: clip the land polygon by every bisector.
    raw = []
    wspread = max(q["weight"] for q in Z) - min(q["weight"] for q in Z)
    for i, si in enumerate(seeds):
        poly = land_f
        order = sorted(range(len(seeds)), key=lambda j: (seeds[j][0] - si[0]) ** 2 + (seeds[j][1] - si[1]) ** 2)
        for j in order:
            if j == i:
                continue
            sj = seeds[j]
            d2 = (sj[0] - si[0]) ** 2 + (sj[1] - si[1]) ** 2
            rmax = max(((x - si[0]) ** 2 + (y - si[1]) ** 2) for x, y in poly) if poly else 0
            if (d2 - wspread) / (2 * math.sqrt(d2)) > rmax ** 0.5:
                break       # this bisector and all farther ones miss the cell
            nx, ny = sj[0] - si[0], sj[1] - si[1]
            c = (sj[0] ** 2 + sj[1] ** 2 - si[0] ** 2 - si[1] ** 2 - Z[j]["weight"] + Z[i]["weight"]) / 2
            poly = clip(poly, nx, ny, c)
        raw.append(unfold(poly))
        if len(raw[-1]) < 3:
            raise SystemExit(f"the cell of {Z[i]['id']} is empty: its seed is too close to others for its weight")

    # Snap every vertex to the integer grid through one shared table, so that the copies of one
    # vertex computed in different cells become the same point.
    table = {}

    def snap(p):
        key = (round(p[0] * 1e4), round(p[1] * 1e4))
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                k = (key[0] + dx, key[1] + dy)
                if k in table:
                    return table[k]
        v = (int(round(p[0])), int(round(p[1])))
        table[key] = v
        return v

    polys = []
    for i, poly in enumerate(raw):
        pts = []
        for p in poly:
            v = snap(p)
            if not pts or pts[-1] != v:
                pts.append(v)
        while len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        # remove spikes a-b-a
        changed = True
        while changed and len(pts) >= 3:
            changed = False
            for k in range(len(pts)):
                if pts[k - 1] == pts[(k + 1) % len(pts)]:
                    del pts[k]
                    if k < len(pts):
                        del pts[k if k < len(pts) else 0]
                    changed = True
                    break
        if area2(pts) < 0:
            pts.reverse()
        polys.append(pts)

    # Shared edges -> borders.
    edge_owner = {}
    for i, pts in enumerate(polys):
        for k in range(len(pts)):
            a, b = pts[k], pts[(k + 1) % len(pts)]
            key = (min(a, b), max(a, b))
            edge_owner.setdefault(key, []).append(i)
    pairs = {}
    outer = {}
    for (a, b), owners in edge_owner.items():
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        if len(owners) == 2:
            i, j = sorted(owners)
            pairs[(i, j)] = pairs.get((i, j), 0) + L
        elif len(owners) == 1:
            outer.setdefault(owners[0], []).append((a, b))
        else:
            raise SystemExit(f"edge {a}-{b} owned by {len(owners)} zones")

    rivers = [(rid, name, kind, dr, [proj(*p) for p in pts]) for rid, name, kind, dr, pts in RIVERS]
    ranges = [(mid, name, [proj(*p) for p in pts]) for mid, name, pts in MOUNTAINS]
    byid = {q["id"]: k for k, q in enumerate(Z)}

    borders = []
    for (i, j), L in sorted(pairs.items(), key=lambda kv: (ids[kv[0][0]], ids[kv[0][1]])):
        a, b = seeds[i], seeds[j]
        river = None
        for rid, name, kind, dr, line in rivers:
            if crossings(a, b, line) % 2 == 1:
                if river is None or (kind == "major" and river[2] == "minor"):
                    river = (rid, name, kind, dr)
        mountain = None
        pi, pj = Z[i]["terrain"] == "P", Z[j]["terrain"] == "P"
        for mid, name, line in ranges:
            if crossings(a, b, line) % 2 == 1:
                mountain = name
        if pi and pj:
            mountain = mountain or "pass to pass"
        elif pi or pj:
            pas, other = (ids[i], ids[j]) if pi else (ids[j], ids[i])
            mountain = None if other in PASS_LINKS[pas] else "pass side"
        borders.append(dict(i=i, j=j, length=L, river=river, mountain=mountain, bridge=False))

    for pas, links in PASS_LINKS.items():
        for other in links:
            key = tuple(sorted((byid[pas], byid[other])))
            if key not in pairs:
                raise SystemExit(f"pass {pas} does not touch {other}")
    for town, rid, *partner in BRIDGES:
        t = byid[town]
        cands = [bd for bd in borders if t in (bd["i"], bd["j"]) and bd["river"] and bd["river"][0] == rid and not bd["mountain"]
                 and (not partner or byid[partner[0]] in (bd["i"], bd["j"]))]
        if not cands:
            raise SystemExit(f"bridge at {town}: no border over {rid}")
        other = lambda bd: bd["j"] if bd["i"] == t else bd["i"]
        best = min(cands, key=lambda bd: (seeds[other(bd)][0] - seeds[t][0]) ** 2 + (seeds[other(bd)][1] - seeds[t][1]) ** 2)
        best["bridge"] = True
        best["bridge_town"] = Z[t]["name"]

    # Coast: the outer edges not on the map frame, in the order of the land ring.
    land_int = land

    def ring_pos(a, b):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        best = None
        for k in range(len(land_int)):
            p, q = land_int[k], land_int[(k + 1) % len(land_int)]
            vx, vy = q[0] - p[0], q[1] - p[1]
            ll = vx * vx + vy * vy
            t = 0 if ll == 0 else max(0, min(1, ((mx - p[0]) * vx + (my - p[1]) * vy) / ll))
            d = math.hypot(p[0] + t * vx - mx, p[1] + t * vy - my)
            if best is None or d < best[0]:
                best = (d, k, t)
        return best

    coast_first = {}
    coast_len = {}
    for i, edges in outer.items():
        for a, b in edges:
            d, k, t = ring_pos(a, b)
            if k >= n_sea_edges:
                continue      # the map frame
            L = math.hypot(b[0] - a[0], b[1] - a[1])
            coast_len[i] = coast_len.get(i, 0) + L
            pos = k + t
            if i not in coast_first or pos < coast_first[i]:
                coast_first[i] = pos
    coast_order = sorted(coast_first, key=lambda i: coast_first[i])
    return dict(land=land, n_sea_edges=n_sea_edges, seeds=seeds, polys=polys, borders=borders,
                coast_order=coast_order, coast_len=coast_len, rivers=rivers, ranges=ranges, byid=byid)


# ------------------------------------------------------------------ attributes
COUNTRY = {PT: "Portugal", FR: "France"}
TERRAIN = {"C": "Clear", "R": "Rough", "F": "Forest", "S": "Swamp", "P": "Mountain Pass"}
LOCALITY = {"-": "none", "T": "Town", "K": "Town with Castle", "D": "Defensible City", "F": "Fortress"}
STATED_REGION = {
    "madrilejos": "CS3 'Madrilejos (Castilla la Nueva)'", "somosierra": "CS5 (the pass adjacent to Madrid, in Castilla la Nueva)",
    "coria": "CS3 'Coria (Extremadura)'", "almaraz": "CS3 'South of Tajo River in front of Almaraz (Extremadura)'",
    "trujillo": "CS3 'Trujillo (Extremadura)'", "olivenza": "ER 2.2", "despenaperros": "CS3 'Mountain Pass north of Andújar (Andalucía)'",
    "bejar": "CS3 'Béjar (León)'", "salamanca": "CS3/CS4 map (León)", "escudo": "CS5/ER 2.4.c (Castilla la Vieja)",
    "guadarrama": "CS6 'two zones South of Aranda de Duero (in Castilla la Vieja)'", "tudela": "CS13 'the zone of Tudela (in Navarre)'",
    "bayonne": "CS6 'Bayonne (in France)'", "perpignan": "CS13 (France)", "orthez": "CS8 (France)",
    "deleitosa": "CS3 '(Extremadura)'", "gibraltar": "ER 3.8",
}


def climate(q, x, y, rivers_by_id):
    reg = q["region"]

    def north_of(rid):
        line = rivers_by_id[rid]
        # the river's y at x (nearest segment by x); north = smaller y
        best = None
        for k in range(len(line) - 1):
            (x1, y1), (x2, y2) = line[k], line[k + 1]
            lo, hi = min(x1, x2), max(x1, x2)
            if lo <= x <= hi and x2 != x1:
                yy = y1 + (x - x1) * (y2 - y1) / (x2 - x1)
                if best is None or abs(yy - y) < abs(best - y):
                    best = yy
        if best is None:
            best = min(line, key=lambda p: abs(p[0] - x))[1]
        return y < best
    if reg in (GA, AS, CV, BA, NA, CA, FR):
        return "North", "G1 stand-in climate: the whole region is North"
    if reg in (CN, EX):
        return "Central", "G1 stand-in climate: the whole region is Central"
    if reg in (AN, MU):
        return "South", "G1 stand-in climate: the whole region is South"
    if reg == LE:
        return ("North", "G1: León north of the Duero") if north_of("duero") else ("Central", "G1: León south of the Duero")
    if reg == AR:
        return ("North", "G1: Aragón north of the Ebro") if north_of("ebro") else ("Central", "G1: Aragón south of the Ebro")
    if reg == VA:
        return ("Central", "G1: Valencia north of the Júcar") if north_of("jucar") else ("South", "G1: Valencia south of the Júcar")
    if reg == PT:
        if north_of("duero"):
            return "North", "G1: Portugal north of the Duero"
        if north_of("tajo") and q["id"] not in ("alcochete", "setubal"):
            return "Central", "G1: Portugal between the Duero and the Tajo"
        return "South", "G1: Portugal south of the Tajo"
    raise ValueError(reg)


def forage(q, coastal):
    base = {"C": 6, "R": 4, "F": 3, "S": 2, "P": 1}[q["terrain"]]
    why = [f"{TERRAIN[q['terrain']]} {base}"]
    f = base
    if q["loc"] in ("D", "F"):
        f += 1
        why.append("+1 Defensible City/Fortress")
    if q["region"] == CV or q["id"] in FERTILE:
        f += 1
        why.append("+1 fertile plain (Castilla la Vieja, Guadalquivir valley, Valencian huerta)")
    if q["region"] in (GA, AS) or (q["region"] == PT and not coastal):
        f -= 1
        why.append("-1 Galicia/Asturias/Portuguese interior")
    f = max(1, min(9, f))
    return f, "STAND-IN forage (G1.5): " + ", ".join(why) + f" = {f}"


def make():
    g = build()
    seeds, polys, borders = g["seeds"], g["polys"], g["borders"]
    rivers_by_id = {rid: line for rid, _, _, _, line in g["rivers"]}
    coast_index = {i: k + 1 for k, i in enumerate(g["coast_order"])}
    adj = {i: [] for i in range(len(Z))}
    for bd in borders:
        if not bd["mountain"]:
            adj[bd["i"]].append(bd["j"])
            adj[bd["j"]].append(bd["i"])
    ebro_x0 = seeds[g["byid"]["calahorra"]][0]
    ebro_x1 = seeds[g["byid"]["tortosa"]][0]
    zones = []
    for i, q in enumerate(Z):
        country = COUNTRY.get(q["region"], "Spain")
        coastal = i in coast_index
        lx, ly = seeds[i]
        label = [int(round(lx)), int(round(ly))]
        if q["at"]:
            label = list(iproj(*q["at"]))      # the town itself, where the seed was moved off it
            assert point_in(label, polys[i]), q["id"]
        clim, clim_why = climate(q, lx, ly, rivers_by_id)
        fo, fo_why = forage(q, coastal)
        ebro = any(bd["river"] and bd["river"][0] == "ebro" for bd in borders if i in (bd["i"], bd["j"]))
        loc = LOCALITY[q["loc"]]
        src = []
        if q["id"] in STATED_REGION:
            src.append("region stated by the text: " + STATED_REGION[q["id"]])
        if q["id"] in VP:
            src.append(f"VP {VP[q['id']]}/turn: SC B")
        if q["id"] == "madrid":
            src.append("Madrid is a Town: ER 1.16")
        if q["aliases"]:
            src.append("the scenario set-ups name this zone as: " + "; ".join(q["aliases"]))
        stand = ["STAND-IN: polygon = power-diagram cell of the seed (the town's real position"
                 + (", nudged: " + q["note"] if "nudged" in q["note"] else "") + ") clipped to the traced coastline",
                 f"terrain {TERRAIN[q['terrain']]} from the relief", fo_why, "climate: " + clim_why]
        if q["id"] not in STATED_REGION:
            stand.append("region from real geography (aom-gaps.md gazetteer, I)")
        if q["loc"] != "-":
            stand.append(f"locality {loc}" + (f" breach {q['breach']}" if q["breach"] is not None else "") + " per aom-gaps.md G1.6")
        if q["port"]:
            stand.append("PORT per aom-gaps.md G1.7")
        if q["note"] and "nudged" not in q["note"]:
            stand.append(q["note"])
        ring = [list(p) for p in polys[i]]
        ring.append(list(polys[i][0]))
        z_ = {
            "id": q["id"],
            "name": q["name"],
            "label": label,
            "lonlat": [q["lon"], q["lat"]],
            "polygon": ring,
            "terrain": TERRAIN[q["terrain"]],
            "locality": loc,
            "breach_modifier": q["breach"] if q["loc"] == "F" else None,
            "port": q["port"],
            "coastal": coastal,
            "coast_index": coast_index.get(i),
            "country": country,
            "region": q["region"],
            "climate": clim,
            "guerrilla_region": None if country == "France" else ("Portugal" if country == "Portugal" else q["region"]),
            "forage": fo,
            "vp_per_turn": VP.get(q["id"], 0),
            "ebro_navigable": bool(ebro and ebro_x0 - 1 <= lx <= ebro_x1 + 1),
            "spanish_city": bool(country == "Spain" and q["loc"] != "-" and q["id"] != "gibraltar"),
            "special": SPECIAL.get(q["id"], {}),
            "aliases": q["aliases"],
            "adjacent": sorted(Z[j]["id"] for j in adj[i]),
            "source": "; ".join(src) if src else None,
            "stand_in": "; ".join(stand),
        }
        zones.append(z_)
    out_borders = []
    for bd in borders:
        a, b = Z[bd["i"]]["id"], Z[bd["j"]]["id"]
        rv = bd["river"]
        both_east = Z[bd["i"]]["region"] in (VA, MU) and Z[bd["j"]]["region"] in (VA, MU)
        e = {
            "a": a, "b": b,
            "adjacent": not bd["mountain"],
            "mountain": bd["mountain"] is not None,
            "river": rv[1] if rv else None,
            "river_kind": rv[2] if rv else None,
            "bridge": bd["bridge"],
            "east_coast_drought": bool(rv and rv[3] and both_east),
            "length": int(round(bd["length"])),
        }
        why = []
        if bd["mountain"]:
            why.append({"pass to pass": "mountain: two Mountain Pass zones do not connect to each other",
                        "pass side": "mountain: the pass does not lead into this zone (PASS_LINKS)"}.get(
                bd["mountain"], f"mountain: the seeds lie either side of the {bd['mountain']}"))
        if rv:
            why.append(f"{rv[2]} river {rv[1]}: the seeds lie either side of its traced course")
        if bd["bridge"]:
            why.append(f"bridge at {bd['bridge_town']}")
        e["stand_in"] = "STAND-IN: " + ("; ".join(why) if why else "open border")
        if a == "almaraz" or b == "almaraz":
            if bd["bridge"]:
                e["source"] = "CS12 SR-l: the Almaraz bridge over the Tajo"
        out_borders.append(e)

    doc = {
        "id": "muskets-campaign-map",
        "title": "Age of Muskets I: Tomb for an Empire: strategic map (STAND-IN)",
        "rulebook": "shared/seeds/002_638eac295c9d147c.txt (SR II, 2.1, 8.2, 9.4, 12.2.c, 14.1; ER 1.2, 1.6, 1.10-1.12, 2.1, 3.1.d, 3.15; campaign scenarios 1-18)",
        "stand_in": True,
        "notes": [
            "STAND-IN. The rulebook refers to a printed 2-part strategic map (1:1,250,000) that the text does not contain. This file is our own map, authored from real geography; no zone, border or value in it is from the printed map. See aom-gaps.md G1, G2 and G16.",
            "Generated by scenarios/tools/make_campaign_map.py (standard library only); edit the tables there and regenerate, do not edit this file by hand.",
            "Zones: every place the rules or scenarios name is a zone; every 'zone between X and Y' (and every other unnamed zone a set-up needs) is a zone of its own, named after a real town in it, with the set-up's words in 'aliases'; filler zones complete the Peninsula and the French border strip.",
            f"Coordinates: integer map units, about 1 km. x = round((lon - ({LON0})) * {KX}), y = round(({LAT0} - lat) * {KY}); north is up and y grows southwards (SVG). The map is {W} x {H}.",
            "Polygons: each zone is the power-diagram (weighted Voronoi) cell of its seed (the town's real position, nudged where a rule needs it; each nudge is noted in the zone's stand_in; Mountain Pass seeds weigh less, so passes are narrow) clipped to a traced, simplified coastline (the Tajo estuary is water, so Lisboa and Setúbal do not touch). Vertices are snapped once to the integer grid and shared by neighbours. Each polygon is a closed ring (first vertex repeated at the end), clockwise as drawn on the page (positive shoelace area in map coordinates, y down).",
            "Borders: two zones border each other exactly where their polygons share an edge (SR II: a shared corner is no border). A border lists what lies on it: a river (with its name and kind, major or minor; SR 8.2.a.1), a bridge, or a mountain (SR 8.2.a.2: impassable, so the zones are NOT adjacent). Rivers and mountains are assigned where the segment between the two seeds crosses the traced river or range; a Mountain Pass leads only into the zones listed for it in the script (PASS_LINKS, SR 8.2.a.2 'entering and leaving through the zones each pass connects'): its other borders are mountain, and two passes never connect to each other. 'adjacent' on each zone lists its non-mountain borders.",
            "Localities follow aom-gaps.md G1.6 (breach_modifier is non-negative and is SUBTRACTED from the breach roll, D26); ports G1.7 (the PORT symbol of ER 1.12); forage G1.5; climate G1.4; Spanish city status G16 (any locality in Spain except British Gibraltar). VP per turn are the text's (SC B).",
            "coast_index numbers the coastal zones in order along the coast from the Landes (north-west corner, France) round the Peninsula to Narbonne; ER 1.12.c's count of coastal zones between two zones is the difference of their indexes minus 1. The 'mountains count as one more zone' clause of ER 1.12.c is not modelled (no coast stretch is marked).",
            "Ebro navigation (ER 1.11): ebro_navigable marks the zones with a border on the Ebro from Calahorra to Tortosa, both included.",
            "D51: Somosierra (Castilla la Nueva, adjacent to Madrid) and the Castilla la Vieja pass two zones south of Aranda de Duero (here the Puerto de Guadarrama) are two different zones.",
            "D50: the CS5/CS7 'Spanish Naval Base' at inland Almeida is not given a port; the CS12 'zone adjacent to the Tajo between Madrilejos and the Murcia frontier' is Quintanar de la Orden, which reaches the Tajo.",
            "CS12's five Clear zones between Cartagena, Murcia and Alicante are Cartagena, Murcia, Orihuela, Elche and Alicante (Orihuela and Elche are counted in Murcia for this).",
        ],
        "projection": {"kind": "equirectangular", "lon0": LON0, "lat0": LAT0, "x_per_degree": KX, "y_per_degree": KY,
                       "unit_km": 1.0, "north": "up (y grows southwards)",
                       "stand_in": "STAND-IN: chosen so that one unit is about 1 km at 40 degrees north"},
        "map": {"width": W, "height": H,
                "frame": "the north edge (y = 0) and the east edge (x = width) cut France; every other outer edge of a zone is sea coast"},
        "regions": [
            {"id": r, "country": COUNTRY.get(r, "Spain"), "guerrilla_region": r != FR,
             "guerrilla_extra_level": r in (GA, CA, NA, BA), "coup_de_main_bonus": r in (GA, CA, BA, NA),
             "source": "ER 2.1.b (regions with one Guerrilla level more), ER 1.9.b.5 (+5 coup de main)" if r in (GA, CA, NA, BA)
             else ("ER 2.1.b.2 (Portugal is one Guerrilla area)" if r == PT else ("ER 2.1.a (no Guerrilla in France)" if r == FR else "ER 2.1"))}
            for r in (GA, AS, LE, CV, CN, EX, AN, MU, VA, AR, CA, NA, BA, PT, FR)],
        "terrain_effects_chart": TEC,
        "rivers": [{"id": rid, "name": name, "kind": kind, "east_coast_drought": dr,
                    "course": [list(iproj(*p)) for p in pts],
                    "stand_in": "STAND-IN: traced course (simplified), used to put the river on borders and to draw it"}
                   for rid, name, kind, dr, pts in RIVERS],
        "mountain_ranges": [{"id": mid, "name": name, "crest": [list(iproj(*p)) for p in pts],
                             "stand_in": "STAND-IN: traced crest line (simplified), used to make borders mountain and to draw it"}
                            for mid, name, pts in MOUNTAINS],
        "coast_order": [Z[i]["id"] for i in g["coast_order"]],
        "zones": zones,
        "borders": out_borders,
    }
    return doc, g


TEC = {
    "source": "aom-gaps.md G2: every terrain effect the rulebook text states; the printed chart is not in the text",
    "stand_in": "STAND-IN: no effects beyond those the text states; Clear has none; Rough and Forest cost nothing extra to enter",
    "terrain": [
        {"terrain": "Clear", "effects": [], "rules": []},
        {"terrain": "Rough", "effects": ["defender +1 battle terrain layout of any type (9.2.i.4.ii); the battle scenarios' 'Broken' is Rough"],
         "rules": ["9.2.i.4.ii"]},
        {"terrain": "Forest", "effects": ["defender +1 Woods layout (9.2.i.4.iv)", "no +2 cavalry bonus in a Minor Combat (9.3.d.1.v)"],
         "rules": ["9.2.i.4.iv", "9.3.d.1.v"]},
        {"terrain": "Swamp", "effects": ["-10% SP in Consumption (14.1)", "no Requisition (8.2.d.5)",
                                         "no +2 cavalry bonus in a Minor Combat (9.3.d.1.v)"],
         "rules": ["14.1", "8.2.d.5", "9.3.d.1.v"]},
        {"terrain": "Mountain Pass", "effects": ["-1 Art SP at every attrition check (4.4.e)", "-10% SP in Consumption (14.1)",
                                                 "no Requisition (8.2.d.5)", "Cavalry Screen Combat uses Light Infantry SP (9.1.h)",
                                                 "defender +1 in a Minor Combat, no +2 cavalry bonus (9.3.d.1.iv-v)",
                                                 "defender +2 Hill layouts in a battle (9.2.i.4.iii)", "may hold Garrisons (8.2.a.2)"],
         "rules": ["4.4.e", "14.1", "8.2.d.5", "9.1.h", "9.3.d.1.iv", "9.3.d.1.v", "9.2.i.4.iii", "8.2.a.2"]},
    ],
    "borders": [
        {"feature": "major river without an intact bridge", "effects": ["+1 AP to March across (8.2.a.1)",
                                                                        "Forced March across: -1 Art SP (4.4.e)"], "rules": ["8.2.a.1", "4.4.e"]},
        {"feature": "any river into a zone with enemy Military Forces", "effects": ["+1 AP (8.2.a.1), cumulative with the above",
                                                                                    "defender +1 in the Cavalry Screen Combat (9.1.b.iv) and in a Minor Combat (9.3.d.1.iv)"],
         "rules": ["8.2.a.1", "9.1.b.iv", "9.3.d.1.iv"]},
        {"feature": "any river on the loser's first retreat", "effects": ["pursuit +2 columns (9.2.p.1)"], "rules": ["9.2.p.1"]},
        {"feature": "minor river without a bridge, Forced March", "effects": ["-1 Art SP (4.4.e)"], "rules": ["4.4.e"]},
        {"feature": "bridge", "effects": ["cancels the major-river AP (8.2.a.1)", "may be destroyed (8.2.h) and repaired (8.2.i)",
                                          "in a besieged zone only the besiegers may use it (8.2.f.8, 9.4.i)"],
         "rules": ["8.2.a.1", "8.2.h", "8.2.i", "8.2.f.8", "9.4.i"]},
        {"feature": "mountain", "effects": ["impassable: the zones are not adjacent (8.2.a.2)"], "rules": ["8.2.a.2"]},
        {"feature": "east-coast river in summer", "effects": ["Jun-Aug, inside Valencia and Murcia: minor rivers do not count, major rivers count as minor (ER 1.10)"],
         "rules": ["ER 1.10"]},
    ],
    "localities": [
        {"locality": "Town", "effects": ["a depot may be built (8.2.c.1)", "stragglers may stay (12.2.c)"], "rules": ["8.2.c.1", "12.2.c"]},
        {"locality": "Town with Castle", "effects": ["counts as a Fortress for 2 SP or fewer, otherwise as open (9.4)"], "rules": ["9.4"]},
        {"locality": "Defensible City", "effects": ["defenders may go inside; blockade and siege (8.2.e, 8.2.f, 9.4)", "1 VP at scenario end (SC B)"],
         "rules": ["8.2.e", "8.2.f", "9.4", "SC B"]},
        {"locality": "Fortress", "effects": ["as a Defensible City; its breach modifier is subtracted from the breach roll (9.4.g.3, D26)", "2 VP at scenario end (SC B)"],
         "rules": ["9.4.g.3", "SC B"]},
        {"locality": "PORT", "effects": ["an Allied Naval Base may be placed there (ER 1.12)"], "rules": ["ER 1.12"]},
    ],
}


def svg(doc, path):
    colours = {"Clear": "#f4f0d8", "Rough": "#e0d2a8", "Forest": "#b8d8a0", "Swamp": "#b8d8d8", "Mountain Pass": "#c8a8a0"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{doc["map"]["width"]}" height="{doc["map"]["height"]}" '
           f'viewBox="0 0 {doc["map"]["width"]} {doc["map"]["height"]}"><rect width="100%" height="100%" fill="#a8c8e8"/>']
    zi = {z_["id"]: z_ for z_ in doc["zones"]}
    for z_ in doc["zones"]:
        pts = " ".join(f"{x},{y}" for x, y in z_["polygon"])
        out.append(f'<polygon points="{pts}" fill="{colours[z_["terrain"]]}" stroke="#888" stroke-width="0.6"/>')
    # borders
    for bd in doc["borders"]:
        pa = zi[bd["a"]]["polygon"]
        pb = set(map(tuple, zi[bd["b"]]["polygon"]))
        segs = []
        for k in range(len(pa) - 1):
            if tuple(pa[k]) in pb and tuple(pa[k + 1]) in pb:
                segs.append((pa[k], pa[k + 1]))
        col = "#b03020" if bd["mountain"] else ("#2050c0" if bd["river_kind"] == "major" else ("#60a0e0" if bd["river"] else None))
        w = 3 if bd["mountain"] or bd["river_kind"] == "major" else 1.5
        if col:
            for a, b in segs:
                out.append(f'<line x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}" stroke="{col}" stroke-width="{w}"/>')
        if bd["bridge"]:
            a, b = segs[0]
            out.append(f'<circle cx="{(a[0]+b[0])/2}" cy="{(a[1]+b[1])/2}" r="3" fill="black"/>')
    for z_ in doc["zones"]:
        x, y = z_["label"]
        out.append(f'<circle cx="{x}" cy="{y}" r="1.5" fill="black"/>')
        out.append(f'<text x="{x+2}" y="{y-2}" font-size="8" font-family="sans-serif">{z_["name"].split(" (")[0]}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out))


def dump(doc):
    """JSON with one zone/border per block, short numeric lists kept on one line."""
    def enc(v, ind):
        sp = " " * ind
        if isinstance(v, dict):
            if not v:
                return "{}"
            items = [f'{sp} {json.dumps(k, ensure_ascii=False)}: {enc(x, ind + 1)}' for k, x in v.items()]
            return "{\n" + ",\n".join(items) + "\n" + sp + "}"
        if isinstance(v, list):
            flat = json.dumps(v, ensure_ascii=False)
            if all(isinstance(x, str) for x in v) and len(flat) > 100:
                return "[\n" + ",\n".join(sp + " " + json.dumps(x, ensure_ascii=False) for x in v) + "\n" + sp + "]"
            if all(not isinstance(x, (dict, list)) for x in v) or all(isinstance(x, list) and all(not isinstance(y, (dict, list)) for y in x) for x in v):
                return json.dumps(v, ensure_ascii=False, separators=(",", ":") if v and isinstance(v[0], list) else (", ", ": "))
            return "[\n" + ",\n".join(sp + " " + enc(x, ind + 1) for x in v) + "\n" + sp + "]"
        return json.dumps(v, ensure_ascii=False)
    return enc(doc, 0) + "\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    svg_path = None
    if "--svg" in args:
        k = args.index("--svg")
        svg_path = args[k + 1]
        del args[k:k + 2]
    out = args[0] if args else OUT
    doc, g = make()
    with open(out, "w", encoding="utf-8") as f:
        f.write(dump(doc))
    if svg_path:
        svg(doc, svg_path)
    nb = len(doc["borders"])
    na = sum(1 for b in doc["borders"] if b["adjacent"])
    print(f"wrote {out}: {len(doc['zones'])} zones, {nb} borders ({na} adjacent, {nb - na} mountain)")
