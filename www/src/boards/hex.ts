// The hex board view: any map of flat-topped hexes in vertical columns, labelled XXYY
// (column, row), even-numbered columns shifted half a hex down. Used by every ruleset whose
// board is a hex map; it knows no rule of any game.
//
// It draws the terrain once (one big SVG string), then keeps the pieces, highlights, trails and
// overlays up to date incrementally: a redraw changes only the attributes and classes of what
// changed. Zoom and pan with the mouse, the wheel, touch (pinch) and the keyboard.
//
// Pixel geometry (hex centres, corners, which hex lies across an edge) is drawing, and lives
// here; distances that decide a rule, and the hexes they reach, are always the engine's.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The terrain and features of a hex map, in labels ("2425"), for drawing. */
export interface HexMapSpec {
  columns: number;
  rows: number;
  /** The base terrain of each hex (a CSS class suffix: t-hill, t-olive...); missing = clear. */
  terrain: Record<string, string>;
  /** Decorative overlays with no rule effect (wheat, scrub). */
  decor: Record<string, string>;
  /** Hexes drawn with small buildings. */
  buildings: string[];
  /** Lines through hex centres, in path order (roads, rivers). */
  paths: { hexes: string[]; cls: string; title: string }[];
  /** Outlines around groups of hexes (a town, victory hexes). */
  outlines: { hexes: string[]; cls: string; title: string }[];
  /** Symbols in hexes (victory stars). */
  markers: { hex: string; symbol: 'star'; cls: string }[];
  /** Hex labels to underline, with a letter after them (deployment zones). */
  underlined: Record<string, string>;
  places: { name: string; hex: string }[];
  /** Labels printed at the map's edge ("to Madrid"). */
  legend?: string;
}

/** Highlights for the current decision. */
export interface BoardMarks {
  /** Hexes a click can choose, with the kind of action (move, attack, place...). */
  hexes: Map<string, string>;
  /** Pieces a click can aim at (attack targets). */
  targets: Set<number>;
  /** Pieces a click can select or choose. */
  selectable: Set<number>;
  selected: number | null;
}

export interface BoardPieceSpec {
  id: number;
  hex: string;
  key: string;
  label: string;
  classes: string;
}

/** Where on the screen a target is, asked only when needed (reading it forces a layout). */
export type Where = (() => DOMRect) | null;

export interface HexBoardEvents {
  /** A click or Enter on a hex (empty, or under a piece that is not itself actionable). */
  activateHex(hex: string, at: Where): void;
  /** A click or Enter on a piece. */
  activatePiece(id: number, hex: string, at: Where): void;
  /** A click on the map away from any piece or highlighted hex. */
  activateNone(): void;
  /** Pointer or focus over a piece or hex (null when it leaves the board). */
  hover(target: { unit?: number; hex?: string } | null, at: Where): void;
}

/** The board's units: a hex's circumradius. */
export const HEX = 30;
const H = Math.sqrt(3) * HEX;
const MARGIN = 24;
const TRACK_HEIGHT = 64;
export const PIECE = 36;

export function parseLabel(label: string): [number, number] {
  return [Number(label.slice(0, 2)), Number(label.slice(2, 4))];
}
export function makeLabel(column: number, row: number): string {
  return String(column).padStart(2, '0') + String(row).padStart(2, '0');
}

/** The centre of a hex in board units. */
export function centre(label: string): [number, number] {
  const [c, r] = parseLabel(label);
  return [MARGIN + HEX + 1.5 * HEX * (c - 1), MARGIN + H / 2 + H * (r - 1) + (c % 2 === 0 ? H / 2 : 0)];
}

const CORNERS: [number, number][] = [0, 1, 2, 3, 4, 5].map((i) => [
  HEX * Math.cos((Math.PI / 3) * i),
  HEX * Math.sin((Math.PI / 3) * i),
]);

function corners(label: string, scale = 1): string {
  const [x, y] = centre(label);
  return CORNERS.map(([dx, dy]) => `${(x + dx * scale).toFixed(1)},${(y + dy * scale).toFixed(1)}`).join(' ');
}

/**
 * The hex across edge `e` of (column, row): edge e joins corners e and e+1 (0 = lower right,
 * 1 = bottom, 2 = lower left, 3 = upper left, 4 = top, 5 = upper right). Drawing only.
 */
function across(c: number, r: number, e: number): [number, number] {
  const down = c % 2 === 0;
  switch (e) {
    case 0:
      return [c + 1, down ? r + 1 : r];
    case 1:
      return [c, r + 1];
    case 2:
      return [c - 1, down ? r + 1 : r];
    case 3:
      return [c - 1, down ? r : r - 1];
    case 4:
      return [c, r - 1];
    default:
      return [c + 1, down ? r : r - 1];
  }
}

/** An SVG path outlining a set of hexes (the edges with a hex outside the set on the other side). */
export function outlinePath(hexes: Iterable<string>): string {
  const set = new Set(hexes);
  const parts: string[] = [];
  for (const label of set) {
    const [c, r] = parseLabel(label);
    const [x, y] = centre(label);
    for (let e = 0; e < 6; e += 1) {
      const [nc, nr] = across(c, r, e);
      if (set.has(makeLabel(nc, nr))) continue;
      const a = CORNERS[e]!;
      const b = CORNERS[(e + 1) % 6]!;
      parts.push(`M${(x + a[0]).toFixed(1)},${(y + a[1]).toFixed(1)}L${(x + b[0]).toFixed(1)},${(y + b[1]).toFixed(1)}`);
    }
  }
  return parts.join('');
}

/** One path filling these hexes. */
function hexFill(hexes: string[], scale = 1): string {
  return hexes.map((h) => 'M' + corners(h, scale).replace(/ /g, 'L') + 'Z').join('');
}

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

function pathThrough(hexes: string[]): string {
  return hexes
    .map((h, i) => {
      const [x, y] = centre(h);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join('');
}

const STAR = (() => {
  const pts: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const rad = i % 2 === 0 ? 9 : 3.8;
    const a = -Math.PI / 2 + (Math.PI / 5) * i;
    pts.push(`${(rad * Math.cos(a)).toFixed(2)},${(rad * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
})();

const DEFS = `
<defs>
  <pattern id="p-olive" width="16" height="14" patternUnits="userSpaceOnUse">
    <rect width="16" height="14" fill="#cfd8a3"/>
    <circle cx="4" cy="4" r="3" fill="#6f8a3a"/><circle cx="12" cy="11" r="3" fill="#6f8a3a"/>
    <circle cx="4.8" cy="3.3" r="1.2" fill="#9bb55a"/><circle cx="12.8" cy="10.3" r="1.2" fill="#9bb55a"/>
  </pattern>
  <pattern id="p-wheat" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-20)">
    <path d="M0 4h5" stroke="#d9b650" stroke-width="1.2"/>
  </pattern>
  <pattern id="p-scrub" width="14" height="12" patternUnits="userSpaceOnUse">
    <circle cx="3" cy="3" r="1.4" fill="#8a9a5b"/><circle cx="10" cy="9" r="1.1" fill="#8a9a5b"/>
  </pattern>
  <pattern id="p-disorg" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="6" height="6" fill="transparent"/><path d="M0 0v6" stroke="rgba(0,0,0,.35)" stroke-width="2.2"/>
  </pattern>
  <marker id="m-arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
    <path d="M0 0L10 5L0 10z" fill="#222"/>
  </marker>
  <polygon id="g-star" points="${STAR}"/>
</defs>`;

interface PieceNode {
  g: SVGGElement;
  key: string;
  hex: string;
}

/** The hex board view. */
export class HexBoard {
  readonly svg: SVGSVGElement;
  private spec: HexMapSpec | null = null;
  private width = 0;
  private height = 0;
  private vb = { x: 0, y: 0, w: 1, h: 1 };
  private layers: Record<string, SVGGElement> = {};
  private pieces = new Map<number, PieceNode>();
  private hexAt = new Map<string, number>();
  private hl = new Map<string, SVGPolygonElement>();
  private hlKinds = new Map<string, string>();
  private targets = new Set<number>();
  private selectable = new Set<number>();
  private selected: number | null = null;
  private overlayKey = '';
  private trailKey = '';
  private trackMarker: SVGGElement | null = null;
  private trackCells = 0;
  private pointers = new Map<number, { x: number; y: number }>();
  private gesture: {
    x: number;
    y: number;
    vb: { x: number; y: number; w: number; h: number };
    dist: number;
    mid: [number, number];
    dragging: boolean;
    target: Element | null;
  } | null = null;
  private hovered = '';
  private readOnly = false;
  private hostSize = { w: 0, h: 0 };

  constructor(
    readonly host: HTMLElement,
    private readonly events: HexBoardEvents,
  ) {
    const doc = host.ownerDocument;
    this.svg = doc.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
    this.svg.classList.add('hexmap');
    this.svg.setAttribute('role', 'group');
    this.svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    host.append(this.svg);
    // A pixel size, not 100%: a percentage-sized SVG is laid out again (all its text) whenever
    // anything else on the page changes, which made every click cost 40-150 ms.
    const size = () => {
      const w = Math.round(host.clientWidth);
      const h = Math.round(host.clientHeight);
      if (w > 0 && h > 0) {
        this.svg.style.width = `${w}px`;
        this.svg.style.height = `${h}px`;
        this.hostSize = { w, h };
        if (this.width) this.applyViewBox();
      }
    };
    new ResizeObserver(size).observe(host);
    size();
    this.listen();
  }

  /** Draw a new map (terrain, labels, features, the track). */
  setMap(spec: HexMapSpec, track: { title: string; cells: { label: string; sub: string; sun?: boolean }[] } | null): void {
    this.spec = spec;
    const { columns, rows } = spec;
    this.width = MARGIN * 2 + 1.5 * HEX * (columns - 1) + 2 * HEX;
    const mapHeight = MARGIN * 2 + H * rows + H / 2;
    this.height = mapHeight + (track ? TRACK_HEIGHT : 0);
    const all: string[] = [];
    for (let c = 1; c <= columns; c += 1) for (let r = 1; r <= rows; r += 1) all.push(makeLabel(c, r));

    const out: string[] = [DEFS];
    out.push(`<rect class="map-bg" data-bg="1" x="0" y="0" width="${this.width.toFixed(0)}" height="${this.height.toFixed(0)}"/>`);
    // Terrain: one path a kind of terrain (clear is the background). Few elements keep the first
    // drawing and every later layout cheap; clicks land on highlights and counters, which carry
    // their hex.
    const byKind = new Map<string, string[]>();
    for (const [h, t] of Object.entries(spec.terrain)) byKind.set(t, [...(byKind.get(t) ?? []), h]);
    out.push('<g class="l-terrain">');
    for (const [t, hexes] of byKind) out.push(`<path class="t-${esc(t)}" d="${hexFill(hexes)}"/>`);
    out.push('</g><g class="l-decor">');
    const byDecor = new Map<string, string[]>();
    for (const [h, d] of Object.entries(spec.decor)) byDecor.set(d, [...(byDecor.get(d) ?? []), h]);
    for (const [d, hexes] of byDecor) out.push(`<path class="d-${esc(d)}" d="${hexFill(hexes, 0.92)}"/>`);
    // Hills: an inner, darker hex for the contour.
    const hills = byKind.get('hill') ?? [];
    if (hills.length) out.push(`<path class="hill-top" d="${hexFill(hills, 0.62)}"/>`);
    out.push('</g>');
    out.push(`<path class="grid" d="${hexFill(all)}"/>`);
    out.push('<g class="l-paths">');
    for (const p of spec.paths) {
      out.push(`<path class="${esc(p.cls)}-casing" d="${pathThrough(p.hexes)}"/>`);
      out.push(`<path class="${esc(p.cls)}" d="${pathThrough(p.hexes)}"><title>${esc(p.title)}</title></path>`);
    }
    out.push('</g><g class="l-buildings">');
    for (const h of spec.buildings) {
      const [x, y] = centre(h);
      out.push(
        `<g transform="translate(${x.toFixed(1)},${y.toFixed(1)})" class="building">` +
          '<rect x="-13" y="-9" width="9" height="7"/><rect x="2" y="-12" width="10" height="8"/>' +
          '<rect x="-6" y="3" width="11" height="7"/></g>',
      );
    }
    out.push('</g><g class="l-outlines">');
    for (const o of spec.outlines) {
      const d = outlinePath(o.hexes);
      out.push(`<path class="${esc(o.cls)}-casing" d="${d}"/><path class="${esc(o.cls)}" d="${d}"><title>${esc(o.title)}</title></path>`);
    }
    for (const m of spec.markers) {
      const [x, y] = centre(m.hex);
      out.push(`<use href="#g-star" class="${esc(m.cls)}" x="${x.toFixed(1)}" y="${(y + H * 0.22).toFixed(1)}"/>`);
    }
    // Hex labels are made the first time they are legible (see applyViewBox).
    out.push('</g><g class="l-labels"></g><g class="l-places">');
    for (const p of spec.places) {
      const [x, y] = centre(p.hex);
      out.push(`<text x="${x.toFixed(1)}" y="${(y + 4).toFixed(1)}">${esc(p.name)}</text>`);
    }
    out.push('</g>');
    if (track) {
      const n = track.cells.length;
      const cellW = Math.min(78, (this.width - 2 * MARGIN - 110) / n);
      const x0 = MARGIN + 110;
      const y0 = mapHeight + 4;
      out.push(`<g class="l-track"><text class="track-title" x="${MARGIN}" y="${(y0 + 33).toFixed(1)}">${esc(track.title)}</text>`);
      track.cells.forEach((cell, i) => {
        const x = x0 + i * cellW;
        out.push(
          `<g class="track-cell${cell.sun ? ' hot' : ''}" transform="translate(${x.toFixed(1)},${y0.toFixed(1)})">` +
            `<rect width="${(cellW - 3).toFixed(1)}" height="52" rx="4"/>` +
            `<text class="track-r" x="${((cellW - 3) / 2).toFixed(1)}" y="17">${esc(cell.label)}</text>` +
            `<text class="track-t" x="${((cellW - 3) / 2).toFixed(1)}" y="33">${esc(cell.sub)}</text>` +
            (cell.sun
              ? `<g class="sun" transform="translate(${((cellW - 3) / 2).toFixed(1)},43)"><circle r="4.5"/>` +
                [0, 1, 2, 3, 4, 5, 6, 7]
                  .map((k) => {
                    const a = (Math.PI / 4) * k;
                    return `<path d="M${(6 * Math.cos(a)).toFixed(1)},${(6 * Math.sin(a)).toFixed(1)}L${(8.5 * Math.cos(a)).toFixed(1)},${(8.5 * Math.sin(a)).toFixed(1)}"/>`;
                  })
                  .join('') +
                '</g>'
              : '') +
            '</g>',
        );
      });
      out.push(
        `<g class="track-marker" transform="translate(${x0.toFixed(1)},${y0.toFixed(1)})"><rect x="-2" y="-2" width="${(cellW + 1).toFixed(1)}" height="56" rx="6"/></g></g>`,
      );
      this.trackCells = n;
      this.trackStep = cellW;
      this.trackOrigin = [x0, y0];
    }
    if (spec.legend) out.push(`<text class="legend" x="${MARGIN}" y="${MARGIN - 8}">${esc(spec.legend)}</text>`);
    for (const layer of ['hl', 'trails', 'overlay', 'pieces']) out.push(`<g class="l-${layer}"></g>`);

    this.svg.innerHTML = out.join('');
    this.layers = {};
    for (const layer of ['terrain', 'hl', 'trails', 'overlay', 'pieces']) {
      this.layers[layer] = this.svg.querySelector(`.l-${layer}`) as SVGGElement;
    }
    this.trackMarker = this.svg.querySelector('.track-marker');
    this.pieces.clear();
    this.hexAt.clear();
    this.hl.clear();
    this.hlKinds.clear();
    this.targets.clear();
    this.selectable.clear();
    this.selected = null;
    this.overlayKey = '';
    this.trailKey = '';
    this.labelsDrawn = false;
    this.fit();
  }

  private labelsDrawn = false;

  /** The hex labels (XXYY), with deployment zones underlined and lettered. */
  private drawLabels(): void {
    const spec = this.spec;
    const layer = this.svg.querySelector('.l-labels');
    if (!spec || !layer) return;
    this.labelsDrawn = true;
    const out: string[] = [];
    for (let c = 1; c <= spec.columns; c += 1) {
      for (let r = 1; r <= spec.rows; r += 1) {
        const h = makeLabel(c, r);
        const [x, y] = centre(h);
        const letter = spec.underlined[h];
        const cls = letter !== undefined ? ' class="deploy"' : '';
        out.push(`<text x="${x.toFixed(1)}" y="${(y - H / 2 + 8).toFixed(1)}"${cls}>${h}${letter ? ' ' + esc(letter) : ''}</text>`);
      }
    }
    layer.innerHTML = out.join('');
  }

  private trackStep = 0;
  private trackOrigin: [number, number] = [0, 0];

  setTrackPosition(index: number): void {
    if (!this.trackMarker || this.trackCells === 0) return;
    const i = Math.max(0, Math.min(this.trackCells - 1, index));
    const x = this.trackOrigin[0] + i * this.trackStep;
    this.trackMarker.setAttribute('transform', `translate(${x.toFixed(1)},${this.trackOrigin[1].toFixed(1)})`);
  }

  /** Show these pieces; only those whose key or hex changed are redrawn. */
  setPieces(pieces: BoardPieceSpec[], draw: (id: number) => string): void {
    const layer = this.layers.pieces;
    if (!layer) return;
    const seen = new Set<number>();
    this.hexAt.clear();
    // New pieces are parsed in one go (a game's first drawing has a hundred of them).
    const fresh = pieces.filter((p) => !this.pieces.has(p.id));
    if (fresh.length) {
      const tmp = this.svg.ownerDocument.createElementNS(SVG_NS, 'g');
      tmp.innerHTML = fresh
        .map((p) => {
          const [x, y] = centre(p.hex);
          return (
            `<g data-unit="${p.id}" data-hex="${p.hex}" tabindex="0" role="button" class="piece ${esc(p.classes)}" ` +
            `transform="translate(${x.toFixed(1)},${y.toFixed(1)})">${draw(p.id)}</g>`
          );
        })
        .join('');
      const made = [...tmp.children] as SVGGElement[];
      fresh.forEach((p, i) => {
        const g = made[i]!;
        this.pieces.set(p.id, { g, key: p.key, hex: p.hex });
        this.syncPieceClasses(p.id, g);
      });
      layer.append(...made);
    }
    for (const p of pieces) {
      seen.add(p.id);
      this.hexAt.set(p.hex, p.id);
      const node = this.pieces.get(p.id)!;
      if (node.key !== p.key) {
        node.g.innerHTML = draw(p.id);
        node.g.setAttribute('class', `piece ${p.classes}`);
        node.key = p.key;
        this.syncPieceClasses(p.id, node.g);
      }
      if (node.g.getAttribute('aria-label') !== p.label) node.g.setAttribute('aria-label', p.label);
      if (node.hex !== p.hex) {
        const [x, y] = centre(p.hex);
        node.g.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)})`);
        node.g.dataset.hex = p.hex;
        node.hex = p.hex;
      }
    }
    for (const [id, node] of this.pieces) {
      if (!seen.has(id)) {
        node.g.remove();
        this.pieces.delete(id);
      }
    }
  }

  private syncPieceClasses(id: number, g: SVGGElement): void {
    g.classList.toggle('is-target', this.targets.has(id));
    g.classList.toggle('is-selectable', this.selectable.has(id));
    g.classList.toggle('is-selected', this.selected === id);
  }

  /** Set the highlights; only elements whose state changes are touched. */
  setMarks(marks: BoardMarks): void {
    const layer = this.layers.hl;
    if (!layer) return;
    // Hexes.
    for (const [hex, kind] of this.hlKinds) {
      if (marks.hexes.get(hex) !== kind) {
        const poly = this.hl.get(hex);
        if (poly) {
          poly.setAttribute('class', 'hl');
          poly.removeAttribute('tabindex');
          poly.removeAttribute('role');
          poly.removeAttribute('aria-label');
        }
        this.hlKinds.delete(hex);
      }
    }
    for (const [hex, kind] of marks.hexes) {
      if (this.hlKinds.get(hex) === kind) continue;
      let poly = this.hl.get(hex);
      if (!poly) {
        poly = this.svg.ownerDocument.createElementNS(SVG_NS, 'polygon') as SVGPolygonElement;
        poly.setAttribute('points', corners(hex, 0.9));
        poly.dataset.hex = hex;
        layer.append(poly);
        this.hl.set(hex, poly);
      }
      poly.setAttribute('class', `hl on hl-${kind}`);
      if (!this.hexAt.has(hex)) {
        poly.setAttribute('tabindex', '0');
        poly.setAttribute('role', 'button');
        poly.setAttribute('aria-label', `${kind} ${hex}`);
      }
      this.hlKinds.set(hex, kind);
    }
    // Pieces.
    const touched = new Set<number>([...this.targets, ...this.selectable, ...marks.targets, ...marks.selectable]);
    if (this.selected !== null) touched.add(this.selected);
    if (marks.selected !== null) touched.add(marks.selected);
    this.targets = new Set(marks.targets);
    this.selectable = new Set(marks.selectable);
    this.selected = marks.selected;
    for (const id of touched) {
      const node = this.pieces.get(id);
      if (node) this.syncPieceClasses(id, node.g);
    }
    this.svg.classList.toggle('has-selection', marks.selected !== null);
  }

  /** Movement trails (hex paths) from the last choice. */
  setTrails(paths: string[][]): void {
    const key = JSON.stringify(paths);
    if (key === this.trailKey || !this.layers.trails) return;
    this.trailKey = key;
    this.layers.trails.innerHTML = paths
      .filter((p) => p.length > 1)
      .map((p) => `<path class="trail" d="${pathThrough(p)}" marker-end="url(#m-arrow)"/>`)
      .join('');
  }

  /** Range outlines around hexes (e.g. a water carrier's reach). */
  setOverlays(list: { hexes: string[]; label: string; cls: string }[]): void {
    const key = JSON.stringify(list);
    if (key === this.overlayKey || !this.layers.overlay || !this.spec) return;
    this.overlayKey = key;
    this.layers.overlay.innerHTML = list
      .map((o) => {
        const d = outlinePath(o.hexes);
        return `<path class="${esc(o.cls)}" d="${d}"><title>${esc(o.label)}</title></path>`;
      })
      .join('');
  }

  /** In read-only mode (looking at an earlier position) nothing is clickable. */
  setReadOnly(on: boolean): void {
    this.readOnly = on;
    this.svg.classList.toggle('read-only', on);
  }

  /** The element drawn for a piece (for tests and focus). */
  pieceElement(id: number): SVGGElement | null {
    return this.pieces.get(id)?.g ?? null;
  }

  focusPiece(id: number): void {
    this.pieceElement(id)?.focus();
  }

  // ---- zoom and pan ---------------------------------------------------------------------------

  fit(): void {
    this.vb = { x: 0, y: 0, w: this.width, h: this.height };
    this.applyViewBox();
  }

  private applyViewBox(): void {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute('viewBox', `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    const zoom = this.width / w;
    this.svg.dataset.zoom = zoom.toFixed(2);
    // Hex labels are drawn once zoomed in enough to read them (at the whole-map scale they are
    // a few pixels high, and 1400 texts cost a lot to lay out and paint).
    const scale = zoom * this.pixelScale();
    this.svg.classList.toggle('labels', scale >= 1);
    if (scale >= 1 && !this.labelsDrawn) this.drawLabels();
    // Counter texts too, below the size where a digit can be read (they are ~5 px high there).
    this.svg.classList.toggle('far', scale < 0.75);
  }

  /** Screen pixels per board unit at zoom 1 (the whole map shown). */
  private pixelScale(): number {
    const { w, h } = this.hostSize;
    // Unknown until the board is measured: draw no labels rather than all of them.
    if (!w || !h || !this.width) return 0;
    return Math.min(w / this.width, h / this.height);
  }

  /** Zoom by `factor` (>1 zooms in) around a point in board units (default: the centre). */
  zoom(factor: number, about?: [number, number]): void {
    const minW = 14 * HEX;
    const maxW = this.width * 1.5;
    const w = Math.min(maxW, Math.max(minW, this.vb.w / factor));
    const k = w / this.vb.w;
    const [cx, cy] = about ?? [this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2];
    this.vb = { x: cx - (cx - this.vb.x) * k, y: cy - (cy - this.vb.y) * k, w, h: this.vb.h * k };
    this.clamp();
    this.applyViewBox();
  }

  /** Pan by a fraction of the visible width/height. */
  pan(fx: number, fy: number): void {
    this.vb.x += fx * this.vb.w;
    this.vb.y += fy * this.vb.h;
    this.clamp();
    this.applyViewBox();
  }

  /** Centre the view on a hex (keeping the zoom). */
  centreOn(hex: string): void {
    const [x, y] = centre(hex);
    this.vb.x = x - this.vb.w / 2;
    this.vb.y = y - this.vb.h / 2;
    this.clamp();
    this.applyViewBox();
  }

  private clamp(): void {
    const slackX = this.vb.w * 0.5;
    const slackY = this.vb.h * 0.5;
    this.vb.x = Math.min(this.width - slackX, Math.max(-slackX, this.vb.x));
    this.vb.y = Math.min(this.height - slackY, Math.max(-slackY, this.vb.y));
  }

  /** Client pixels to board units. */
  private toBoard(clientX: number, clientY: number): [number, number] {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return [this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2];
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  }

  /** Board units per client pixel. */
  private unitsPerPixel(): number {
    const ctm = this.svg.getScreenCTM();
    return ctm && ctm.a > 0 ? 1 / ctm.a : 1;
  }

  // ---- input ----------------------------------------------------------------------------------

  private targetOf(el: Element | null): { unit?: number; hex?: string; el: Element } | null {
    if (!el) return null;
    const piece = el.closest('[data-unit]');
    if (piece instanceof SVGElement && piece.dataset.unit !== undefined) {
      return { unit: Number(piece.dataset.unit), hex: piece.dataset.hex, el: piece };
    }
    const hex = el.closest('[data-hex]');
    if (hex instanceof SVGElement && hex.dataset.hex) return { hex: hex.dataset.hex, el: hex };
    return null;
  }

  private activate(el: Element | null): void {
    if (this.readOnly) return;
    const t = this.targetOf(el);
    if (!t) {
      this.events.activateNone();
      return;
    }
    const node = t.el;
    const rect = () => node.getBoundingClientRect();
    if (t.unit !== undefined) this.events.activatePiece(t.unit, t.hex ?? '', rect);
    else if (t.hex) this.events.activateHex(t.hex, rect);
  }

  private hoverOver(el: Element | null): void {
    const t = this.targetOf(el);
    const key = t ? `${t.unit ?? ''}/${t.hex ?? ''}` : '';
    if (key === this.hovered) return;
    this.hovered = key;
    const node = t?.el;
    this.events.hover(t ? { unit: t.unit, hex: t.hex } : null, node ? () => node.getBoundingClientRect() : null);
  }

  private listen(): void {
    const svg = this.svg;
    svg.addEventListener('pointerdown', (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const pts = [...this.pointers.values()];
      if (pts.length === 1) {
        this.gesture = {
          x: e.clientX,
          y: e.clientY,
          vb: { ...this.vb },
          dist: 0,
          mid: [0, 0],
          dragging: false,
          target: e.target as Element,
        };
      } else if (pts.length === 2 && this.gesture) {
        const [a, b] = pts as [{ x: number; y: number }, { x: number; y: number }];
        this.gesture.dist = Math.hypot(a.x - b.x, a.y - b.y);
        this.gesture.mid = this.toBoard((a.x + b.x) / 2, (a.y + b.y) / 2);
        this.gesture.vb = { ...this.vb };
        this.gesture.dragging = true;
      }
    });
    svg.addEventListener('pointermove', (e) => {
      if (!this.pointers.has(e.pointerId)) {
        if (e.pointerType === 'mouse') this.hoverOver(e.target as Element);
        return;
      }
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const g = this.gesture;
      if (!g) return;
      const pts = [...this.pointers.values()];
      if (pts.length >= 2) {
        const [a, b] = pts as [{ x: number; y: number }, { x: number; y: number }];
        const dist = Math.hypot(a.x - b.x, a.y - b.y);
        if (g.dist > 0 && dist > 0) {
          this.vb = { ...g.vb };
          this.zoom(dist / g.dist, g.mid);
        }
        return;
      }
      const dx = e.clientX - g.x;
      const dy = e.clientY - g.y;
      if (!g.dragging && Math.hypot(dx, dy) > 6) {
        g.dragging = true;
        svg.setPointerCapture(e.pointerId);
        svg.classList.add('panning');
      }
      if (g.dragging) {
        const k = this.unitsPerPixel();
        this.vb = { ...this.vb, x: g.vb.x - dx * k, y: g.vb.y - dy * k };
        this.clamp();
        this.applyViewBox();
      }
    });
    const end = (e: PointerEvent) => {
      if (!this.pointers.has(e.pointerId)) return;
      const single = this.pointers.size === 1;
      this.pointers.delete(e.pointerId);
      const g = this.gesture;
      if (e.type === 'pointerup' && single && g && !g.dragging) this.activate(g.target);
      if (this.pointers.size === 0) {
        this.gesture = null;
        svg.classList.remove('panning');
      }
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && !this.pointers.size) this.hoverOver(null);
    });
    svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
        this.zoom(factor, this.toBoard(e.clientX, e.clientY));
      },
      { passive: false },
    );
    svg.addEventListener('focusin', (e) => this.hoverOver(e.target as Element));
    svg.addEventListener('focusout', (e) => {
      if (!svg.contains(e.relatedTarget as Node | null)) this.hoverOver(null);
    });
    this.host.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as Element;
      switch (e.key) {
        case '+':
        case '=':
          this.zoom(1.25);
          break;
        case '-':
        case '_':
          this.zoom(0.8);
          break;
        case '0':
          this.fit();
          break;
        case 'ArrowLeft':
          this.pan(-0.1, 0);
          break;
        case 'ArrowRight':
          this.pan(0.1, 0);
          break;
        case 'ArrowUp':
          this.pan(0, -0.1);
          break;
        case 'ArrowDown':
          this.pan(0, 0.1);
          break;
        case 'Enter':
        case ' ':
          if (!svg.contains(target)) return;
          this.activate(target);
          break;
        default:
          return;
      }
      e.preventDefault();
    });
  }
}
