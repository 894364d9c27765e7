//! Continuous table geometry in exact integers, for rulesets played on a table measured in
//! inches: positions in hundredths of an inch, facings as one of 720 compass directions (half
//! degrees), oriented rectangles for bases, and exact predicates over them: overlap (separating
//! axes), distance between footprints, "within N inches", point in polygon, segments crossing a
//! polygon, the length of a line inside a polygon, convex clipping and swept paths.
//!
//! No floating point and no trigonometry function is called: a direction's sine and cosine come
//! from the table below (sin of every half degree from 0 to 90, scaled by 65,536, written once
//! from the exact values and checked by a test), so a replay reaches the same position bit for
//! bit natively and in every browser. Crates such as `geo` or `parry2d` compute in floats, so
//! the few primitives needed are written here over integers (i64, with i128 where squares of
//! squares appear).
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Hundredths of an inch per inch.
pub const INCH: i64 = 100;
/// Directions in a full turn (half degrees).
pub const TURN: u16 = 720;
/// The scale of the sine table.
pub const UNIT: i64 = 1 << 16;

/// sin(k/2 degrees) × 65,536, rounded, for k = 0..=180.
const SINE: [i32; 181] = [
    0, 572, 1144, 1716, 2287, 2859, 3430, 4001, 4572, 5142, 5712, 6281, 6850, 7419, 7987, 8554,
    9121, 9687, 10252, 10817, 11380, 11943, 12505, 13066, 13626, 14185, 14742, 15299, 15855, 16409,
    16962, 17514, 18064, 18613, 19161, 19707, 20252, 20795, 21336, 21876, 22415, 22951, 23486,
    24019, 24550, 25080, 25607, 26132, 26656, 27177, 27697, 28214, 28729, 29242, 29753, 30261,
    30767, 31271, 31772, 32271, 32768, 33262, 33754, 34242, 34729, 35212, 35693, 36172, 36647,
    37120, 37590, 38057, 38521, 38982, 39441, 39896, 40348, 40797, 41243, 41686, 42126, 42562,
    42995, 43425, 43852, 44275, 44695, 45112, 45525, 45935, 46341, 46744, 47143, 47538, 47930,
    48318, 48703, 49084, 49461, 49834, 50203, 50569, 50931, 51289, 51643, 51993, 52339, 52682,
    53020, 53354, 53684, 54010, 54332, 54650, 54963, 55273, 55578, 55879, 56175, 56468, 56756,
    57040, 57319, 57594, 57865, 58131, 58393, 58650, 58903, 59152, 59396, 59635, 59870, 60100,
    60326, 60547, 60764, 60976, 61183, 61386, 61584, 61777, 61966, 62149, 62328, 62503, 62672,
    62837, 62997, 63152, 63303, 63449, 63589, 63725, 63856, 63983, 64104, 64220, 64332, 64439,
    64540, 64637, 64729, 64816, 64898, 64975, 65048, 65115, 65177, 65234, 65287, 65334, 65376,
    65414, 65446, 65474, 65496, 65514, 65526, 65534, 65536
];

/// A point on the table in hundredths of an inch; x east, y north, origin at the south-west
/// corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl Point {
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }
    /// A point given in whole inches.
    pub const fn inches(x: i32, y: i32) -> Point {
        Point { x: x * INCH as i32, y: y * INCH as i32 }
    }
    fn sub(self, o: Point) -> (i64, i64) {
        (i64::from(self.x) - i64::from(o.x), i64::from(self.y) - i64::from(o.y))
    }
    /// The point moved by `(dx, dy)` hundredths (saturating at the integer range).
    pub fn offset(self, dx: i64, dy: i64) -> Point {
        Point { x: clamp32(i64::from(self.x) + dx), y: clamp32(i64::from(self.y) + dy) }
    }
    /// Squared distance to `o`, in square hundredths.
    pub fn dist2(self, o: Point) -> i128 {
        let (dx, dy) = self.sub(o);
        mul(dx, dx) + mul(dy, dy)
    }
    /// Distance to `o` in hundredths, rounded down.
    pub fn distance(self, o: Point) -> i64 {
        isqrt(self.dist2(o)) as i64
    }
    /// The midpoint (rounded toward minus infinity).
    pub fn midpoint(self, o: Point) -> Point {
        Point {
            x: clamp32((i64::from(self.x) + i64::from(o.x)).div_euclid(2)),
            y: clamp32((i64::from(self.y) + i64::from(o.y)).div_euclid(2)),
        }
    }
}

fn clamp32(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Exact wide arithmetic without 128-bit library calls where they can be avoided. WebAssembly
/// has no 128-bit multiply or divide: each `i128` product is a call into the compiler's
/// builtins, and they took over a quarter of Napoleon's Battles' time in wasm. Positions on a
/// table fit in i32 and their products in i64, so that case is computed in i64 (the same
/// exact value); the 128-bit path stays for anything larger.
#[inline]
fn fits32(v: i64) -> bool {
    v == i64::from(v as i32)
}

/// a × b, exactly.
#[inline]
pub(crate) fn mul(a: i64, b: i64) -> i128 {
    if fits32(a) && fits32(b) {
        i128::from(a * b)
    } else {
        wide_mul(i128::from(a), i128::from(b))
    }
}

/// The 128-bit paths, out of line: inlined, the compiler computes them on every call and
/// selects (a library call each time in wasm) instead of branching.
#[cold]
#[inline(never)]
fn wide_mul(a: i128, b: i128) -> i128 {
    a * b
}

#[cold]
#[inline(never)]
fn wide_mul_div(a: i128, b: i128, d: i128) -> i128 {
    a * b / d
}

/// a × b for i128 values whose product fits, exactly.
#[inline]
fn mul128(a: i128, b: i128) -> i128 {
    match (i64::try_from(a), i64::try_from(b)) {
        (Ok(x), Ok(y)) if fits32(x) && fits32(y) => i128::from(x * y),
        _ => wide_mul(a, b),
    }
}

/// (a × b) / d rounded toward zero, exactly (d ≠ 0).
#[inline]
fn mul_div(a: i64, b: i64, d: i64) -> i128 {
    if fits32(a) && fits32(b) {
        // |a × b| ≤ 2^62: no i64 overflow, and the same truncation as in i128.
        i128::from((a * b) / d)
    } else {
        wide_mul_div(i128::from(a), i128::from(b), i128::from(d))
    }
}

/// a × b for a, b below 2^64, exactly: four 32-bit partial products in u64 (inline in wasm,
/// where a u128 product is a library call).
#[inline]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn mul_u64_limbs(a: u64, b: u64) -> u128 {
    const LOW: u64 = 0xFFFF_FFFF;
    let (a1, a0, b1, b0) = (a >> 32, a & LOW, b >> 32, b & LOW);
    let (lo, m1, m2, hi) = (a0 * b0, a1 * b0, a0 * b1, a1 * b1);
    let mid = (lo >> 32) + (m1 & LOW) + (m2 & LOW);
    let low = (lo & LOW) | (mid << 32);
    let high = hi + (m1 >> 32) + (m2 >> 32) + (mid >> 32);
    (u128::from(high) << 64) | u128::from(low)
}

/// a × b for a, b below 2^64, exactly.
#[inline]
fn mul_u64(a: u64, b: u64) -> u128 {
    #[cfg(target_arch = "wasm32")]
    {
        mul_u64_limbs(a, b)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        u128::from(a) * u128::from(b)
    }
}

/// A non-negative i128 below 2^63 as u64.
#[inline]
fn small(v: i128) -> Option<u64> {
    u64::try_from(v).ok().filter(|&x| x < 1 << 63)
}

/// Newton's method for the integer square root of `n` > 0 in type `t` of `width` bits, from a
/// power of two above the root: it decreases to the root exactly.
macro_rules! newton_root {
    ($n:expr, $t:ty, $width:expr) => {{
        let n: $t = $n;
        let mut x: $t = 1 << ($width - n.leading_zeros()).div_ceil(2);
        loop {
            let y = (x + n / x) / 2;
            if y >= x {
                break;
            }
            x = y;
        }
        x
    }};
}

/// Integer square root, rounded down (in 64 bits when `n` fits: no 128-bit division).
pub fn isqrt(n: i128) -> i128 {
    if n <= 0 {
        return 0;
    }
    if let Ok(n) = u64::try_from(n) {
        return i128::from(newton_root!(n, u64, 64));
    }
    newton_root!(n, i128, 128)
}

/// A compass direction in half degrees: 0 north (+y), 180 east (+x), 360 south, 540 west.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Tsify)]
pub struct Facing(pub u16);

impl Facing {
    /// A facing from a compass bearing in whole degrees.
    pub const fn degrees(d: u16) -> Facing {
        Facing((d % 360) * 2)
    }
    /// The facing turned clockwise by `half_degrees` (negative: anticlockwise).
    pub fn turned(self, half_degrees: i32) -> Facing {
        Facing((i32::from(self.0) + half_degrees).rem_euclid(i32::from(TURN)) as u16)
    }
    /// The opposite direction.
    pub fn reversed(self) -> Facing {
        self.turned(i32::from(TURN) / 2)
    }
    /// The smallest turn from `self` to `o`, in half degrees (0..=360).
    pub fn turn_to(self, o: Facing) -> u16 {
        let d = (i32::from(o.0) - i32::from(self.0)).rem_euclid(i32::from(TURN));
        d.min(i32::from(TURN) - d) as u16
    }
    /// (sin, cos) of the bearing, scaled by `UNIT`: the unit vector pointing this way is
    /// (sin, cos) because bearings run clockwise from north.
    pub fn sin_cos(self) -> (i64, i64) {
        (sine(self.0), sine(self.0 + 180))
    }
}

/// sin of `k` half degrees × UNIT, from the quarter table by symmetry.
fn sine(k: u16) -> i64 {
    let k = usize::from(k % TURN);
    let v = match k {
        0..=180 => SINE[k],
        181..=360 => SINE[360 - k],
        361..=540 => -SINE[k - 360],
        _ => -SINE[720 - k],
    };
    i64::from(v)
}

/// The point at `forward` hundredths ahead and `right` hundredths to the right of `from`, for
/// a body facing `facing`.
pub fn ahead(from: Point, facing: Facing, forward: i64, right: i64) -> Point {
    ahead_by(from, facing.sin_cos(), forward, right)
}

/// `ahead` with the facing's (sin, cos) already looked up.
#[inline]
fn ahead_by(from: Point, (s, c): (i64, i64), forward: i64, right: i64) -> Point {
    // forward unit (s, c); right unit (c, -s).
    // Rounding to nearest, halves up: floor((n + UNIT/2) / UNIT), a shift as UNIT is 2^16.
    let dx = (forward * s + right * c + UNIT / 2) >> 16;
    let dy = (forward * c - right * s + UNIT / 2) >> 16;
    from.offset(dx, dy)
}

/// The facing of the direction from `a` toward `b` (to the nearest half degree; north when the
/// points coincide), found in the sine table by comparing cross products (no arctangent).
pub fn bearing(a: Point, b: Point) -> Facing {
    let (dx, dy) = b.sub(a);
    if dx == 0 && dy == 0 {
        return Facing(0);
    }
    // The direction k maximising the dot product with (dx, dy): every tenth direction first,
    // then the twenty around the best of them (the dot product has one maximum on the circle).
    // |dx|, |dy| < 2^33 and |sin|, |cos| ≤ 2^16: the dot product fits in i64.
    let dot = |k: i32| {
        let (s, c) = Facing(k.rem_euclid(i32::from(TURN)) as u16).sin_cos();
        dx * s + dy * c
    };
    let mut best = (i64::MIN, 0i32);
    for k in (0..i32::from(TURN)).step_by(10) {
        let d = dot(k);
        if d > best.0 {
            best = (d, k);
        }
    }
    let centre = best.1;
    for k in centre - 10..=centre + 10 {
        let d = dot(k);
        if d > best.0 || (d == best.0 && k.rem_euclid(720) < best.1.rem_euclid(720)) {
            best = (d, k);
        }
    }
    let best = (best.0, best.1.rem_euclid(i32::from(TURN)) as u16);
    Facing(best.1)
}

/// z of the cross product (b - a) × (c - a): > 0 when c is left of a→b.
pub fn orient(a: Point, b: Point, c: Point) -> i64 {
    let (abx, aby) = b.sub(a);
    let (acx, acy) = c.sub(a);
    abx * acy - aby * acx
}

/// Do segments ab and cd meet (touching counts)?
pub fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (d1, d2) = (orient(c, d, a).signum(), orient(c, d, b).signum());
    let (d3, d4) = (orient(a, b, c).signum(), orient(a, b, d).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    let on = |p: Point, q: Point, r: Point| {
        orient(p, q, r) == 0
            && r.x >= p.x.min(q.x)
            && r.x <= p.x.max(q.x)
            && r.y >= p.y.min(q.y)
            && r.y <= p.y.max(q.y)
    };
    on(c, d, a) || on(c, d, b) || on(a, b, c) || on(a, b, d)
}

/// A squared distance as an exact fraction (num / den, den > 0).
#[derive(Clone, Copy, Debug)]
pub struct Dist2 {
    num: i128,
    den: i128,
}

impl Dist2 {
    pub const ZERO: Dist2 = Dist2 { num: 0, den: 1 };
    /// Is this distance at most `hundredths`?
    pub fn within(self, hundredths: i64) -> bool {
        let h2 = mul(hundredths, hundredths);
        match (u128::try_from(self.num), small(h2), small(self.den)) {
            (Ok(num), Some(h2), Some(den)) => num <= mul_u64(h2, den),
            _ => self.num <= wide_mul(h2, self.den),
        }
    }
    /// The distance in hundredths, rounded down.
    pub fn hundredths(self) -> i64 {
        match (i64::try_from(self.num), i64::try_from(self.den)) {
            (Ok(n), Ok(d)) => isqrt(i128::from(n / d)) as i64,
            _ => isqrt(self.num / self.den) as i64,
        }
    }
    #[inline(always)]
    fn less(self, o: Dist2) -> bool {
        // Below 2^63 each, the products are below 2^126: exact in u128 (and in i128, where
        // the saturating path would give the same answer).
        match (small(self.num), small(o.den), small(o.num), small(self.den)) {
            (Some(a), Some(b), Some(c), Some(d)) => mul_u64(a, b) < mul_u64(c, d),
            _ => saturating_less(self, o),
        }
    }
    #[inline(always)]
    fn min(self, o: Dist2) -> Dist2 {
        if o.less(self) { o } else { self }
    }
}

#[cold]
#[inline(never)]
fn saturating_less(a: Dist2, b: Dist2) -> bool {
    a.num.saturating_mul(b.den) < b.num.saturating_mul(a.den)
}

/// Squared distance from `p` to segment ab.
#[inline(always)]
pub fn point_segment_dist2(p: Point, a: Point, b: Point) -> Dist2 {
    let (abx, aby) = b.sub(a);
    let (apx, apy) = p.sub(a);
    let len2 = mul(abx, abx) + mul(aby, aby);
    let dot = mul(apx, abx) + mul(apy, aby);
    if len2 == 0 || dot <= 0 {
        return Dist2 { num: p.dist2(a), den: 1 };
    }
    if dot >= len2 {
        return Dist2 { num: p.dist2(b), den: 1 };
    }
    let cross = mul(abx, apy) - mul(aby, apx);
    Dist2 { num: mul128(cross, cross), den: len2 }
}

/// Squared distance between segments ab and cd (0 if they meet).
pub fn segment_dist2(a: Point, b: Point, c: Point, d: Point) -> Dist2 {
    if segments_meet(a, b, c, d) {
        return Dist2::ZERO;
    }
    point_segment_dist2(a, c, d)
        .min(point_segment_dist2(b, c, d))
        .min(point_segment_dist2(c, a, b))
        .min(point_segment_dist2(d, a, b))
}

/// The edges of a polygon given by its corners in order (closed).
pub fn edges(poly: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    (0..poly.len()).map(move |i| (poly[i], poly[(i + 1) % poly.len()]))
}

/// Does `p` lie on the closed segment ab (distance 0: on its line, within its box)?
fn on_segment(p: Point, a: Point, b: Point) -> bool {
    orient(a, b, p) == 0 && p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Is `p` inside the polygon or on its boundary (any simple polygon, convex or not)?
pub fn point_in_polygon(p: Point, poly: &[Point]) -> bool {
    if poly.len() < 3 {
        return false;
    }
    let mut inside = false;
    for (a, b) in edges(poly) {
        if on_segment(p, a, b) {
            return true;
        }
        if (a.y > p.y) != (b.y > p.y) {
            // x of the edge at height p.y compared with p.x, exactly: sign of orient.
            let o = orient(a, b, p);
            if (o > 0) == (b.y > a.y) {
                inside = !inside;
            }
        }
    }
    inside
}

/// Is `p` inside the polygon and not on its boundary?
pub fn point_strictly_inside(p: Point, poly: &[Point]) -> bool {
    point_in_polygon(p, poly) && edges(poly).all(|(a, b)| !on_segment(p, a, b))
}

/// Do the interiors of two convex polygons overlap (touching along an edge or at a corner does
/// not count)? The separating axis test over both polygons' edge normals.
pub fn convex_overlap(a: &[Point], b: &[Point]) -> bool {
    convex_overlap_by(a, b, 0)
}

/// Do the interiors of two convex polygons overlap by more than `eps` hundredths across some
/// edge (b.1's tolerance: footprints whose corners were rounded differently may touch by a
/// hundredth or two without overlapping)?
pub fn convex_overlap_by(a: &[Point], b: &[Point], eps: i64) -> bool {
    fn separated(a: &[Point], b: &[Point], eps: i64) -> bool {
        edges(a).any(|(p, q)| {
            // The normal of edge pq; a is convex, so all of a lies on one side (or on it).
            let side_a = a.iter().map(|&r| orient(p, q, r)).find(|&o| o != 0).unwrap_or(0).signum();
            // orient / |pq| is the distance from the edge's line: a point of b at most eps into
            // a's side (orient <= eps |pq|, compared squared, exactly) does not overlap.
            let (dx, dy) = q.sub(p);
            let slack2 = mul128(mul(eps, eps), mul(dx, dx) + mul(dy, dy));
            side_a != 0
                && b.iter().all(|&r| {
                    let depth = orient(p, q, r) * side_a;
                    depth <= 0 || mul(depth, depth) <= slack2
                })
        })
    }
    a.len() >= 3 && b.len() >= 3 && !separated(a, b, eps) && !separated(b, a, eps)
}

/// Squared distance between two convex polygons: 0 when they touch or overlap.
pub fn convex_dist2(a: &[Point], b: &[Point]) -> Dist2 {
    // Interiors apart (separating axes), the distance is the nearest pair of edges; one inside
    // the other overlaps.
    if convex_overlap(a, b) {
        return Dist2::ZERO;
    }
    // With interiors apart, two edges that meet meet at a corner of one of them, so the
    // nearest pair of edges is nearest at a corner: the least distance from a corner of one
    // polygon to an edge of the other (half the work of every pair of edges).
    let mut best: Option<Dist2> = None;
    for (corners, poly) in [(a, b), (b, a)] {
        for &p in corners {
            for (r, s) in edges(poly) {
                let d = point_segment_dist2(p, r, s);
                best = Some(best.map_or(d, |b| b.min(d)));
            }
        }
    }
    best.unwrap_or(Dist2::ZERO)
}

/// Are two convex polygons within `hundredths` of each other? The same answer as
/// `convex_dist2(a, b).within(hundredths)`, sooner: it stops at the first corner near enough.
pub fn convex_within(a: &[Point], b: &[Point], hundredths: i64) -> bool {
    if convex_overlap(a, b) {
        return true;
    }
    [(a, b), (b, a)].iter().any(|&(corners, poly)| corners.iter().any(|&p| edges(poly).any(|(r, s)| point_segment_within(p, r, s, hundredths))))
}

/// Is `p` within `h` hundredths of segment ab? `point_segment_dist2(p, a, b).within(h)`, in
/// i64 when the values are a table's (below 2^14 hundredths apart, h below 2^14).
#[inline]
fn point_segment_within(p: Point, a: Point, b: Point, h: i64) -> bool {
    const SMALL: i64 = 1 << 14;
    let (abx, aby) = b.sub(a);
    let (apx, apy) = p.sub(a);
    if [abx, aby, apx, apy].iter().all(|v| v.abs() < SMALL) && (0..SMALL).contains(&h) {
        // |cross| < 2^29, so cross² < 2^58; h² · len2 < 2^28 · 2^29.
        let (len2, dot) = (abx * abx + aby * aby, apx * abx + apy * aby);
        let h2 = h * h;
        if len2 == 0 || dot <= 0 {
            return apx * apx + apy * apy <= h2;
        }
        if dot >= len2 {
            let (bpx, bpy) = (apx - abx, apy - aby);
            return bpx * bpx + bpy * bpy <= h2;
        }
        let cross = abx * apy - aby * apx;
        return cross * cross <= h2 * len2;
    }
    point_segment_dist2(p, a, b).within(h)
}

/// Squared distance between two shapes, each a point (one corner) or a convex polygon: the
/// measure of "within N inches" between footprints, for a ruler. None for an empty shape.
pub fn shape_dist2(a: &[Point], b: &[Point]) -> Option<Dist2> {
    Some(match (a, b) {
        ([], _) | (_, []) => return None,
        ([p], [q]) => Dist2 { num: p.dist2(*q), den: 1 },
        ([p], poly) | (poly, [p]) => point_polygon_dist2(*p, poly),
        (a, b) => convex_dist2(a, b),
    })
}

/// Is `p` within `hundredths` of the polygon (inside counts)? The same answer as
/// `point_polygon_dist2(p, poly).within(hundredths)`, stopping at the first edge near enough.
pub fn point_polygon_within(p: Point, poly: &[Point], hundredths: i64) -> bool {
    if point_in_polygon(p, poly) {
        return true;
    }
    // No edge at all: distance 0, as point_polygon_dist2 says.
    poly.is_empty() || edges(poly).any(|(a, b)| point_segment_within(p, a, b, hundredths))
}

/// Squared distance from a point to a polygon (0 inside).
pub fn point_polygon_dist2(p: Point, poly: &[Point]) -> Dist2 {
    if point_in_polygon(p, poly) {
        return Dist2::ZERO;
    }
    edges(poly).map(|(a, b)| point_segment_dist2(p, a, b)).fold(None, |m: Option<Dist2>, d| Some(m.map_or(d, |m| m.min(d)))).unwrap_or(Dist2::ZERO)
}

/// Does segment ab cross or touch the polygon (an edge met, or an end inside)?
pub fn segment_meets_polygon(a: Point, b: Point, poly: &[Point]) -> bool {
    point_in_polygon(a, poly) || point_in_polygon(b, poly) || edges(poly).any(|(p, q)| segments_meet(a, b, p, q))
}

/// Does segment ab pass through the polygon's interior (not merely along or at its boundary)?
/// Checked at the midpoints between the crossings of its edges.
pub fn segment_enters_polygon(a: Point, b: Point, poly: &[Point]) -> bool {
    inside_spans(a, b, poly).iter().any(|&(t0, t1)| t1 > t0)
}

/// Fixed-point scale of positions along a segment (t in 0..=T_ONE).
const T_ONE: i64 = 1 << 20;

/// The spans of segment ab (as fixed-point t ranges) inside a simple polygon.
fn inside_spans(a: Point, b: Point, poly: &[Point]) -> Vec<(i64, i64)> {
    let (dx, dy) = b.sub(a);
    let mut ts: Vec<i64> = vec![0, T_ONE];
    for (p, q) in edges(poly) {
        // a + t(b - a) on line pq: t = orient(p, q, a) / (orient(p,q,a) - orient(p,q,b)).
        let (oa, ob) = (orient(p, q, a), orient(p, q, b));
        if (oa > 0 && ob < 0) || (oa < 0 && ob > 0) {
            let t = mul_div(oa, T_ONE, oa - ob);
            let pt = a.offset(mul_div(dx, t as i64, T_ONE) as i64, mul_div(dy, t as i64, T_ONE) as i64);
            // Only where the crossing lies on the edge itself (within rounding).
            if point_segment_dist2(pt, p, q).within(2) {
                ts.push(t as i64);
            }
        }
    }
    ts.sort_unstable();
    ts.dedup();
    let at = |t: i64| {
        a.offset(mul_div(dx, t, T_ONE) as i64, mul_div(dy, t, T_ONE) as i64)
    };
    ts.windows(2)
        .filter(|w| w[1] > w[0] && point_strictly_inside(at((w[0] + w[1]) / 2), poly))
        .map(|w| (w[0], w[1]))
        .collect()
}

/// The stretches of segment ab inside the polygon, as (from, to) hundredths along it from a.
pub fn stretches_inside(a: Point, b: Point, poly: &[Point]) -> Vec<(i64, i64)> {
    let len = a.distance(b);
    let at = |t: i64| mul_div(len, t, T_ONE) as i64;
    inside_spans(a, b, poly).iter().map(|&(t0, t1)| (at(t0), at(t1))).collect()
}

/// The length (hundredths) of segment ab that lies inside the polygon.
pub fn length_inside(a: Point, b: Point, poly: &[Point]) -> i64 {
    let len = a.distance(b);
    inside_spans(a, b, poly).iter().map(|&(t0, t1)| mul_div(len, t1 - t0, T_ONE) as i64).sum()
}

/// Segment ab cut where it crosses the edges of `pieces`: the cut points in order from a to b,
/// a and b included (for costs that change from one terrain piece to the next).
pub fn cut_by(a: Point, b: Point, pieces: &[&[Point]]) -> Vec<Point> {
    let (dx, dy) = b.sub(a);
    let mut ts: Vec<i64> = vec![0, T_ONE];
    for poly in pieces {
        for (p, q) in edges(poly) {
            let (oa, ob) = (orient(p, q, a), orient(p, q, b));
            // Only where ab crosses the edge itself, not merely its line.
            let (op, oq) = (orient(a, b, p), orient(a, b, q));
            if ((oa > 0 && ob < 0) || (oa < 0 && ob > 0)) && op.signum() * oq.signum() <= 0 {
                let t = mul_div(oa, T_ONE, oa - ob) as i64;
                ts.push(t);
            }
        }
    }
    ts.sort_unstable();
    ts.dedup();
    ts.into_iter()
        .map(|t| a.offset(mul_div(dx, t, T_ONE) as i64, mul_div(dy, t, T_ONE) as i64))
        .collect()
}

/// The part of convex polygon `poly` on the left of (or on) the directed line pq.
fn clip_half_plane(poly: &[Point], p: Point, q: Point) -> Vec<Point> {
    let mut out = Vec::with_capacity(poly.len() + 2);
    for (a, b) in edges(poly) {
        let (oa, ob) = (orient(p, q, a), orient(p, q, b));
        if oa >= 0 {
            out.push(a);
        }
        if (oa > 0 && ob < 0) || (oa < 0 && ob > 0) {
            let (dx, dy) = b.sub(a);
            let d = oa - ob;
            out.push(a.offset(mul_div(dx, oa, d) as i64, mul_div(dy, oa, d) as i64));
        }
    }
    out.dedup();
    out
}

/// The intersection of two convex polygons, `clip` given anticlockwise (empty if they do not
/// meet). Intersection points are rounded to the hundredth.
pub fn convex_clip(poly: &[Point], clip: &[Point]) -> Vec<Point> {
    let mut out = poly.to_vec();
    for (p, q) in edges(clip) {
        if out.is_empty() {
            break;
        }
        out = clip_half_plane(&out, p, q);
    }
    out
}

/// The convex hull of points, anticlockwise (Andrew's monotone chain).
pub fn convex_hull(points: &[Point]) -> Vec<Point> {
    let mut pts = points.to_vec();
    pts.sort_unstable();
    pts.dedup();
    let mut hull = vec![Point::new(0, 0); 2 * pts.len()];
    let n = monotone_chain(&pts, &mut hull);
    hull.truncate(n);
    hull
}

/// The convex hull of eight points (two footprints' corners: a move's swept path), as
/// `convex_hull` gives it, kept on the stack: the listed moves measure many paths.
pub fn convex_hull8(mut pts: [Point; 8]) -> Hull8 {
    pts.sort_unstable();
    let mut n = 0;
    for i in 0..pts.len() {
        if n == 0 || pts[n - 1] != pts[i] {
            pts[n] = pts[i];
            n += 1;
        }
    }
    let mut hull = Hull8 { points: [Point::new(0, 0); 16], len: 0 };
    hull.len = monotone_chain(&pts[..n], &mut hull.points);
    hull
}

/// A convex hull of at most eight points (`convex_hull8`).
#[derive(Clone, Copy, Debug)]
pub struct Hull8 {
    points: [Point; 16],
    len: usize,
}

impl std::ops::Deref for Hull8 {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        &self.points[..self.len]
    }
}

/// The monotone chain over points sorted and without repeats, written into `hull` (room for
/// twice as many points: each pass pushes at most all of them); returns how many it holds.
fn monotone_chain(pts: &[Point], hull: &mut [Point]) -> usize {
    if pts.len() < 3 {
        hull[..pts.len()].copy_from_slice(pts);
        return pts.len();
    }
    let mut k = 0;
    for pass in 0..2 {
        let start = k;
        for i in 0..pts.len() {
            let p = if pass == 0 { pts[i] } else { pts[pts.len() - 1 - i] };
            while k >= start + 2 && orient(hull[k - 2], hull[k - 1], p) <= 0 {
                k -= 1;
            }
            hull[k] = p;
            k += 1;
        }
        k -= 1;
    }
    k
}

/// An axis-aligned bounding box (min x, min y, max x, max y): a cheap first test before the
/// exact ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct Bounds {
    pub min: Point,
    pub max: Point,
}

impl Bounds {
    pub fn of(poly: &[Point]) -> Bounds {
        let mut b = Bounds { min: Point::new(i32::MAX, i32::MAX), max: Point::new(i32::MIN, i32::MIN) };
        for p in poly {
            b.min.x = b.min.x.min(p.x);
            b.min.y = b.min.y.min(p.y);
            b.max.x = b.max.x.max(p.x);
            b.max.y = b.max.y.max(p.y);
        }
        b
    }
    /// Are the boxes, each grown by `margin`, apart (so nothing in them is within `margin`)?
    pub fn apart(&self, o: &Bounds, margin: i32) -> bool {
        self.max.x.saturating_add(margin) < o.min.x
            || o.max.x.saturating_add(margin) < self.min.x
            || self.max.y.saturating_add(margin) < o.min.y
            || o.max.y.saturating_add(margin) < self.min.y
    }
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }
}

/// Footprints overlap only when one goes more than this into the other (hundredths).
pub const OVERLAP_EPS: i64 = 2;

/// An oriented rectangle: a base or a whole unit's footprint, placed by the centre of its front
/// edge and its facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub struct Rect {
    /// Centre of the front edge.
    pub front: Point,
    pub facing: Facing,
    /// Frontage and depth in hundredths.
    pub width: i32,
    pub depth: i32,
}

impl Rect {
    /// Corners anticlockwise: front-left, rear-left, rear-right, front-right.
    pub fn corners(&self) -> [Point; 4] {
        let (w, d) = (i64::from(self.width), i64::from(self.depth));
        let sc = self.facing.sin_cos();
        let fl = ahead_by(self.front, sc, 0, -w / 2);
        let fr = ahead_by(self.front, sc, 0, w - w / 2);
        let rl = ahead_by(self.front, sc, -d, -w / 2);
        let rr = ahead_by(self.front, sc, -d, w - w / 2);
        [fl, rl, rr, fr]
    }
    /// A bound on the distance from the front centre to any corner, rounding included:
    /// half the frontage plus the depth, plus 2 hundredths.
    pub fn reach(&self) -> i64 {
        let w = i64::from(self.width).abs();
        (w - w / 2) + i64::from(self.depth).abs() + 2
    }
    /// The front edge, left corner first.
    pub fn front_edge(&self) -> (Point, Point) {
        let c = self.corners();
        (c[0], c[3])
    }
    /// The centre of the footprint.
    pub fn centre(&self) -> Point {
        ahead(self.front, self.facing, -i64::from(self.depth) / 2, 0)
    }
    /// Do two footprints overlap (touching does not count)?
    pub fn overlaps(&self, o: &Rect) -> bool {
        convex_overlap_by(&self.corners(), &o.corners(), OVERLAP_EPS)
    }
    /// Squared distance between footprints.
    pub fn dist2(&self, o: &Rect) -> Dist2 {
        convex_dist2(&self.corners(), &o.corners())
    }
    /// Are the footprints within `hundredths` of each other (`dist2(o).within(hundredths)`)?
    pub fn within(&self, o: &Rect, hundredths: i64) -> bool {
        convex_within(&self.corners(), &o.corners(), hundredths)
    }
    /// Is every corner inside the rectangle (0,0)-(w,h) of the table?
    pub fn on_table(&self, w: i32, h: i32) -> bool {
        self.corners().iter().all(|p| p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h)
    }
    /// Length (hundredths) of the longest common stretch of this rectangle's edges and `o`'s,
    /// when they touch along a side (bases in contact): 0 for a touch at a corner only.
    pub fn contact_length(&self, o: &Rect) -> i64 {
        let (a, b) = (self.corners(), o.corners());
        let mut best = 0;
        for (p, q) in edges(&a) {
            for (r, s) in edges(&b) {
                best = best.max(shared_stretch(p, q, r, s));
            }
        }
        best
    }
}

/// The length over which segments pq and rs run together: both ends of rs within 2 hundredths of
/// pq's line (parallel and touching), measured along pq.
fn shared_stretch(p: Point, q: Point, r: Point, s: Point) -> i64 {
    let len = p.distance(q);
    if len == 0 {
        return 0;
    }
    let (dx, dy) = q.sub(p);
    let off = |x: Point| {
        // Distance of x from the line pq, in hundredths (rounded down): |cross| / len.
        let (ux, uy) = x.sub(p);
        (dx * uy - dy * ux).abs() / len
    };
    if off(r) > 2 || off(s) > 2 {
        return 0;
    }
    // Positions along pq, in hundredths.
    let along = |x: Point| {
        let (ux, uy) = x.sub(p);
        (dx * ux + dy * uy) / len
    };
    let (t0, t1) = (along(r).min(along(s)), along(r).max(along(s)));
    (t1.min(len) - t0.max(0)).max(0)
}

/// Where a point lies relative to a body facing `facing` at `from`: ahead within 45 degrees of
/// its facing, behind within 45 degrees of its back, or to a side (for the costs of backward and
/// sideways movement).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
pub enum Direction {
    Forward,
    Sideways,
    Backward,
}

/// The class of a displacement by the angle between it and the facing: forward up to 45
/// degrees, backward beyond 135, sideways between.
pub fn direction_of(facing: Facing, from: Point, to: Point) -> Direction {
    let (dx, dy) = to.sub(from);
    let (s, c) = facing.sin_cos();
    let along = dx * s + dy * c; // projection on the facing
    let across = (dx * c - dy * s).abs(); // projection on the right
    if along >= across {
        Direction::Forward
    } else if -along > across {
        Direction::Backward
    } else {
        Direction::Sideways
    }
}

/// The arc (hundredths) a point at `radius` hundredths travels when turned by `half_degrees`:
/// radius × angle in radians, with π taken as 355/113 (exact integers).
pub fn arc_length(radius: i64, half_degrees: u16) -> i64 {
    // angle (rad) = half_degrees × π / 360.
    mul_div(radius, i64::from(half_degrees) * 355, 113 * 360) as i64
}

/// The wedge of an arc of fire: from the front edge `(left, right)` of a body facing `facing`,
/// sides opening outward by `spread` half degrees from straight ahead, out to `reach`
/// hundredths. Returned anticlockwise.
pub fn wedge(left: Point, right: Point, facing: Facing, spread: u16, reach: i64) -> [Point; 4] {
    let far_left = ahead(left, facing.turned(-i32::from(spread)), reach, 0);
    let far_right = ahead(right, facing.turned(i32::from(spread)), reach, 0);
    // Anticlockwise: left, far-left, far-right, right is clockwise when seen with the facing up;
    // reorder so that the interior lies on the left of every edge.
    let poly = [left, far_left, far_right, right];
    if polygon_area2(&poly) < 0 { [right, far_right, far_left, left] } else { poly }
}

/// Twice the signed area of a polygon (> 0 anticlockwise).
pub fn polygon_area2(poly: &[Point]) -> i64 {
    edges(poly).map(|(a, b)| i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)).sum()
}

/// The polygon anticlockwise (reversed if it was given clockwise).
pub fn anticlockwise(poly: &[Point]) -> Vec<Point> {
    let mut v = poly.to_vec();
    if polygon_area2(&v) < 0 {
        v.reverse();
    }
    v
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_ruler_measures_points_and_footprints_as_the_rules_do() {
        let p = |x, y| Point::new(x, y);
        let square = [p(0, 0), p(0, 100), p(100, 100), p(100, 0)];
        let far = [p(400, 0), p(400, 100), p(500, 100), p(500, 0)];
        let d = |a: &[Point], b: &[Point]| shape_dist2(a, b).map(|d| d.hundredths());
        assert_eq!(d(&[p(0, 0)], &[p(300, 400)]), Some(500));
        assert_eq!(d(&[p(250, 50)], &square), Some(150), "to the nearest edge");
        assert_eq!(d(&square, &[p(50, 50)]), Some(0), "inside");
        assert_eq!(d(&square, &far), Some(300), "edge to edge, not centre to centre");
        assert_eq!(d(&[], &square), None);
    }
    use super::*;

    #[test]
    fn the_sine_table_is_the_sine_of_every_half_degree() {
        // The table against an independent integer check: sin² + cos² = 1 within rounding, and
        // sines rise monotonically over the quarter turn.
        for k in 0..TURN {
            let (s, c) = Facing(k).sin_cos();
            let norm = s * s + c * c;
            assert!((norm - UNIT * UNIT).abs() < 2 * UNIT, "direction {k}: {s}, {c}");
        }
        assert!(SINE.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Facing::degrees(90).sin_cos(), (UNIT, 0));
        assert_eq!(Facing::degrees(180).sin_cos(), (0, -UNIT));
        // sin 30° = 1/2 exactly.
        assert_eq!(Facing::degrees(30).sin_cos().0, UNIT / 2);
    }

    #[test]
    fn a_rectangle_faces_its_bearing() {
        // A 2" × 1" base facing east with its front centre at (10, 10) inches.
        let r = Rect { front: Point::inches(10, 10), facing: Facing::degrees(90), width: 200, depth: 100 };
        let c = r.corners();
        assert_eq!(c[0], Point::new(1000, 1100)); // front-left is north when facing east
        assert_eq!(c[3], Point::new(1000, 900));
        assert_eq!(c[1], Point::new(900, 1100));
        assert_eq!(r.centre(), Point::new(950, 1000));
        assert_eq!(polygon_area2(&c), 2 * 200 * 100);
    }

    #[test]
    fn overlap_touch_and_distance_are_exact() {
        let a = Rect { front: Point::inches(10, 10), facing: Facing::degrees(0), width: 200, depth: 100 };
        // Directly in front, front to front, touching.
        let b = Rect { front: Point::inches(10, 10), facing: Facing::degrees(180), width: 200, depth: 100 };
        assert!(!a.overlaps(&b));
        assert!(a.dist2(&b).within(0));
        assert_eq!(a.contact_length(&b), 200);
        // 1 or 2 hundredths into it is within b.1's tolerance; 3 is an overlap.
        let c = Rect { front: Point::new(1000, 998), ..b };
        assert!(!a.overlaps(&c) && convex_overlap(&a.corners(), &c.corners()));
        let c = Rect { front: Point::new(1000, 997), ..b };
        assert!(a.overlaps(&c));
        // 3 inches away: within 3", not within 2.99".
        let d = Rect { front: Point::new(1000, 1300), ..b };
        assert!(a.dist2(&d).within(300) && !a.dist2(&d).within(299));
        // Corner to corner only: touching, but no contact along a side.
        let e = Rect { front: Point::new(1200, 1000), facing: Facing::degrees(180), width: 200, depth: 100 };
        assert!(!a.overlaps(&e) && a.dist2(&e).within(0));
        assert_eq!(a.contact_length(&e), 0);
    }

    #[test]
    fn polygons_segments_and_clipping() {
        let square = [Point::inches(0, 0), Point::inches(4, 0), Point::inches(4, 4), Point::inches(0, 4)];
        assert!(point_in_polygon(Point::inches(2, 2), &square));
        assert!(point_in_polygon(Point::inches(4, 2), &square)); // on the boundary
        assert!(!point_in_polygon(Point::inches(5, 2), &square));
        // An L-shaped (non-convex) polygon.
        let l = [Point::inches(0, 0), Point::inches(4, 0), Point::inches(4, 1), Point::inches(1, 1), Point::inches(1, 4), Point::inches(0, 4)];
        assert!(!point_in_polygon(Point::inches(3, 3), &l));
        assert!(point_in_polygon(Point::new(50, 300), &l));
        // A line across the square: 4 inches of it inside.
        assert_eq!(length_inside(Point::inches(-2, 2), Point::inches(6, 2), &square), 400);
        assert!(segment_enters_polygon(Point::inches(-2, 2), Point::inches(6, 2), &square));
        assert!(!segment_enters_polygon(Point::inches(-2, 5), Point::inches(6, 5), &square));
        // Along an edge only: meets, does not enter.
        assert!(segment_meets_polygon(Point::inches(-2, 4), Point::inches(6, 4), &square));
        assert!(!segment_enters_polygon(Point::inches(-2, 4), Point::inches(6, 4), &square));
        // Clip: the square's right half.
        let half = [Point::inches(2, -1), Point::inches(9, -1), Point::inches(9, 9), Point::inches(2, 9)];
        let clipped = convex_clip(&square, &half);
        assert_eq!(polygon_area2(&clipped), 2 * 8 * 100 * 100);
        // Cut points of a path across the square.
        assert_eq!(cut_by(Point::inches(-2, 2), Point::inches(6, 2), &[&square]), vec![Point::inches(-2, 2), Point::inches(0, 2), Point::inches(4, 2), Point::inches(6, 2)]);
        let hull = convex_hull(&[Point::inches(0, 0), Point::inches(3, 3), Point::inches(4, 0), Point::inches(2, 1), Point::inches(0, 4)]);
        assert_eq!(hull.len(), 4);
        assert!(polygon_area2(&hull) > 0);
    }

    #[test]
    fn directions_bearings_and_arcs() {
        let f = Facing::degrees(90);
        let o = Point::inches(10, 10);
        assert_eq!(direction_of(f, o, Point::inches(13, 11)), Direction::Forward);
        assert_eq!(direction_of(f, o, Point::inches(10, 13)), Direction::Sideways);
        assert_eq!(direction_of(f, o, Point::inches(7, 9)), Direction::Backward);
        assert_eq!(bearing(o, Point::inches(10, 20)), Facing(0));
        assert_eq!(bearing(o, Point::inches(20, 10)), Facing::degrees(90));
        assert_eq!(bearing(o, Point::inches(0, 0)), Facing::degrees(225));
        assert_eq!(Facing::degrees(350).turn_to(Facing::degrees(10)), 40);
        // A quarter turn of a point 1" out: π/2 inches = 157 hundredths.
        assert_eq!(arc_length(100, 180), 157);
        // The isqrt is exact.
        assert_eq!(isqrt(99), 9);
        assert_eq!(isqrt(100), 10);
        assert_eq!(isqrt((1i128 << 62) + 5), 1 << 31);
    }

    #[test]
    fn a_wedge_opens_from_the_front_edge() {
        let r = Rect { front: Point::inches(10, 10), facing: Facing::degrees(0), width: 100, depth: 150 };
        let (l, rt) = r.front_edge();
        let w = wedge(l, rt, r.facing, 45, 1300);
        assert!(polygon_area2(&w) > 0);
        assert!(point_in_polygon(Point::inches(10, 20), &w));
        assert!(!point_in_polygon(Point::inches(20, 12), &w));
        assert!(!point_in_polygon(Point::inches(10, 5), &w));
    }
    #[test]
    fn the_wide_arithmetic_is_exact_on_both_paths() {
        // The 32-bit limbs used in wasm agree with the native u128 product, edges included.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for &(a, b) in &[(0u64, 0u64), (u64::MAX, u64::MAX), (u64::MAX, 1), (1 << 32, 1 << 32), ((1 << 32) - 1, (1 << 32) + 1)] {
            assert_eq!(mul_u64_limbs(a, b), u128::from(a) * u128::from(b), "{a} × {b}");
        }
        for _ in 0..10_000 {
            let (a, b) = (next(), next() >> (next() % 64));
            assert_eq!(mul_u64_limbs(a, b), u128::from(a) * u128::from(b), "{a} × {b}");
            // The i64 fast paths and the i128 ones agree, in range and beyond it.
            let (p, q, d) = ((next() as i64) >> (next() % 64), (next() as i64) >> (next() % 64), ((next() as i64) >> (next() % 64)) | 1);
            assert_eq!(mul(p, q), i128::from(p) * i128::from(q));
            assert_eq!(mul_div(p, q, d), i128::from(p) * i128::from(q) / i128::from(d));
            let n = (next() >> (next() % 64)) as i128;
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "isqrt({n}) = {r}");
        }
        // Beyond 2^64 the 128-bit Newton iteration still answers exactly.
        let big = (1i128 << 100) + 12_345;
        let r = isqrt(big);
        assert!(r * r <= big && (r + 1) * (r + 1) > big);
        // Fractions compared exactly on the u64 path and on the saturating one.
        let a = Dist2 { num: (1 << 62) - 1, den: 3 };
        let b = Dist2 { num: (1 << 62) - 2, den: 3 };
        assert!(b.less(a) && !a.less(b));
        assert!(Dist2 { num: 1 << 70, den: 2 }.less(Dist2 { num: 1 << 70, den: 1 }));
        assert!(Dist2 { num: 10_000, den: 1 }.within(100) && !Dist2 { num: 10_001, den: 1 }.within(100));
    }

    /// Random footprints for the tests (xorshift): any angle or a right one, 0 to 1.51" deep.
    struct Draw(u64);
    impl Draw {
        fn below(&mut self, n: u64) -> i32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n) as i32
        }
        fn rect(&mut self, span: u64) -> Rect {
            Rect {
                front: Point::new(self.below(span), self.below(span)),
                facing: Facing(if self.below(3) == 0 { 90 * self.below(8) as u16 } else { self.below(720) as u16 }),
                width: 1 + self.below(300),
                depth: self.below(4) * 50 + self.below(2),
            }
        }
    }

    #[test]
    fn the_hull_of_two_footprints_on_the_stack_is_the_convex_hull() {
        // A move's swept path: the corners where it starts and where it ends, here also the
        // same footprint twice (repeated corners) and a footprint of no depth (collinear ones).
        let mut draw = Draw(0x0DDB_1A5E_5BAD_5EED);
        for k in 0..20_000 {
            let a = draw.rect(600);
            let b = match k % 4 {
                0 => a,
                1 => Rect { depth: 0, ..draw.rect(600) },
                _ => draw.rect(600),
            };
            let (ca, cb) = (a.corners(), b.corners());
            let pts = [ca[0], ca[1], ca[2], ca[3], cb[0], cb[1], cb[2], cb[3]];
            let small = convex_hull8(pts);
            assert_eq!(&small[..], &convex_hull(&pts)[..], "{pts:?}");
            // Anticlockwise and strictly convex, every point inside or on it.
            if small.len() >= 3 {
                assert!(edges(&small).zip(small.iter().cycle().skip(2)).all(|((p, q), &r)| orient(p, q, r) > 0), "{pts:?}");
                assert!(pts.iter().all(|&p| point_in_polygon(p, &small)), "{pts:?}");
            }
        }
    }

    #[test]
    fn the_distance_between_footprints_is_the_least_distance_between_their_edges() {
        // convex_dist2 looks at corners against edges only; every pair of edges (the
        // definition) gives the same distance, touching, apart or overlapping, at any angle.
        let mut draw = Draw(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let (a, b) = (draw.rect(600).corners(), draw.rect(600).corners());
            let fast = convex_dist2(&a, &b);
            let every = if convex_overlap(&a, &b) {
                Dist2::ZERO
            } else {
                let mut best: Option<Dist2> = None;
                for (p, q) in edges(&a) {
                    for (r, s) in edges(&b) {
                        let d = segment_dist2(p, q, r, s);
                        best = Some(best.map_or(d, |m| m.min(d)));
                    }
                }
                best.unwrap()
            };
            assert!(!fast.less(every) && !every.less(fast), "{a:?} {b:?}: {fast:?} vs {every:?}");
        }
    }

    #[test]
    fn within_agrees_with_the_exact_distance() {
        let mut draw = Draw(0x1234_5678_9ABC_DEF1);
        for k in 0..20_000 {
            // Table-sized values (the i64 path) and huge ones (the exact path).
            let span = if k % 10 == 0 { 1 << 30 } else { 700 };
            let (a, b) = (draw.rect(span), draw.rect(span));
            let h = i64::from(draw.below(if k % 7 == 0 { 1 << 20 } else { 300 }));
            assert_eq!(a.within(&b, h), a.dist2(&b).within(h), "{a:?} {b:?} within {h}");
            let p = b.front.offset(i64::from(draw.below(400)) - 200, i64::from(draw.below(400)) - 200);
            let c = a.corners();
            assert_eq!(point_polygon_within(p, &c, h), point_polygon_dist2(p, &c).within(h), "{p:?} {c:?} within {h}");
            for (q, r) in edges(&c) {
                for x in [p, q, r, q.midpoint(r), Point::new(q.x, r.y)] {
                    assert_eq!(on_segment(x, q, r), point_segment_dist2(x, q, r).num == 0, "{x:?} on {q:?}-{r:?}");
                }
            }
        }
    }

}
