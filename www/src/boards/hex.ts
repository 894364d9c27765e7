// The hex board view: any map of flat-topped hexes in vertical columns, labelled XXYY
// (column, row), even-numbered columns shifted half a hex down. Used by every ruleset whose
// board is a hex map; it knows no rule of any game.
//
// It draws the terrain once (one big SVG string), then keeps the pieces, highlights, trails and
// overlays up to date incrementally: a redraw changes only the attributes and classes of what
// changed. It opens zoomed in on the decision; zoom and pan with the mouse, the wheel, a finger
// (drag), two (pinch) and the keyboard. The decision's pieces and hexes are one Tab stop (a roving
// tabindex): arrows move between them, Enter or Space chooses; the A key lets the arrows reach
// every counter on the map instead (both sides), each with its card, and A or Escape comes back.
//
// Pixel geometry (hex centres, corners, which hex lies across an edge) is drawing, and lives
// here; distances that decide a rule, and the hexes they reach, are always the engine's.

import { activeIn, type Board, type BoardEvents, type HoverTarget, type Where } from './board.js';

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

export type { Where } from './board.js';


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

/** A point of the board, in board units, and the element a player can focus there. */
interface Spot {
  el: SVGElement;
  x: number;
  y: number;
  key: string;
}

/**
 * Screen pixels a counter has at the opening view: legible factors and names (a counter's name is
 * at least 10 px high at 48, as on the desktop), and a tap target on a phone.
 */
const COUNTER_PX = { mouse: 48, touch: 44 };
/** The most screen pixels per board unit (a counter about 108 px wide). */
const MAX_SCALE = 3;

/** The hex board view. */
export class HexBoard implements Board {
  readonly svg: SVGSVGElement;
  private spec: HexMapSpec | null = null;
  private width = 0;
  private height = 0;
  /** The visible board rectangle; always of the box's shape, so the map is never letterboxed. */
  private vb = { x: 0, y: 0, w: 1, h: 1 };
  /** Screen pixels per board unit (0 until the box is measured). */
  private scale = 0;
  /** False until the view opened on the first decision after a new map. */
  private framed = false;
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
  /**
   * A pan or pinch under way: the board point that stays under the finger (or the fingers'
   * midpoint), re-anchored whenever a finger is added or lifted; `moved` once it is no tap.
   */
  private gesture: {
    board: [number, number];
    start: { x: number; y: number };
    dist: number;
    scale: number;
    rect: DOMRect;
    moved: boolean;
    target: Element | null;
  } | null = null;
  private hovered = '';
  private readOnly = false;
  private hostSize = { w: 0, h: 0 };
  /** The pieces and hexes of the current decision (one Tab stop: roving tabindex). */
  private spots: Spot[] = [];
  private spotsKey = '';
  /** The spot that holds tabindex 0. */
  private current: Spot | null = null;
  /** The last input was a key (cards and the focus ring follow the keyboard's focus only). */
  private byKeyboard = false;
  private ring: SVGGElement | null = null;
  /**
   * Browsing every counter by keyboard (the A key): the counter that holds the map's one Tab stop
   * meanwhile; null while the arrows move between the decision's spots.
   */
  private browsing: SVGElement | null = null;
  /** The keys, shown over the map's corner while the keyboard's focus is on it. */
  private readonly keysNote: HTMLElement;

  constructor(
    readonly host: HTMLElement,
    private readonly events: BoardEvents,
  ) {
    const doc = host.ownerDocument;
    this.svg = doc.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
    this.svg.classList.add('hexmap');
    this.svg.setAttribute('role', 'group');
    this.svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    // Not a Tab stop of its own (Chromium would make it one, as a box with content beyond it).
    this.svg.setAttribute('tabindex', '-1');
    host.append(this.svg);
    host.setAttribute(
      'aria-label',
      'Map. Arrow keys move between the pieces and hexes of the decision, Enter or Space chooses; A: the arrows reach every counter on the map, A or Escape: back to the decision; Shift+arrows pan, plus and minus zoom, 0 shows the whole map.',
    );
    host.setAttribute('aria-keyshortcuts', 'A');
    this.keysNote = doc.createElement('p');
    this.keysNote.className = 'map-keys';
    this.keysNote.hidden = true;
    this.keysNote.setAttribute('aria-hidden', 'true');
    host.append(this.keysNote);
    new ResizeObserver(() => {
      if (!this.measure()) return;
      if (this.scale) this.setView(this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2, this.scale);
      else if (this.width) this.fit();
    }).observe(host);
    this.measure();
    this.listen();
  }

  /**
   * Read the box's size into the SVG's (a pixel size, not 100%: a percentage-sized SVG is laid
   * out again, all its text, whenever anything else on the page changes, which made every click
   * cost 40-150 ms). True when the box has a size.
   */
  private measure(): boolean {
    const w = Math.round(this.host.clientWidth);
    const h = Math.round(this.host.clientHeight);
    if (w <= 0 || h <= 0) return false;
    if (w !== this.hostSize.w || h !== this.hostSize.h) {
      this.svg.style.width = `${w}px`;
      this.svg.style.height = `${h}px`;
      this.hostSize = { w, h };
    }
    return true;
  }

  /** Draw a new map (terrain, labels, features, the track). */
  setMap(spec: HexMapSpec, track: { title: string; cells: { label: string; sub: string; sun?: boolean }[] } | null): void {
    this.spec = spec;
    const { columns, rows } = spec;
    this.width = MARGIN * 2 + 1.5 * HEX * (columns - 1) + 2 * HEX;
    const mapHeight = MARGIN * 2 + H * rows + H / 2;
    this.height = mapHeight + (track ? TRACK_HEIGHT : 0);
    // The map's shape, for the box that holds the board: on a narrow screen (the side panel below
    // the map) the box is given it (style.css), so the whole map fits its width with no empty band.
    this.host.parentElement?.style.setProperty('--hexmap-aspect', `${this.width.toFixed(1)} / ${this.height.toFixed(1)}`);
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
    out.push('<g class="focus-ring" style="display:none"><path class="ring-outer"/><path class="ring-inner"/></g>');

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
    this.ring = this.svg.querySelector('.focus-ring');
    this.spots = [];
    this.spotsKey = '';
    this.current = null;
    this.browsing = null;
    this.framed = false;
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
            `<g data-unit="${p.id}" data-hex="${p.hex}" tabindex="-1" role="button" class="piece ${esc(p.classes)}" ` +
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
    let browsedGone = false;
    for (const [id, node] of this.pieces) {
      if (!seen.has(id)) {
        browsedGone ||= node.g === this.browsing;
        node.g.remove();
        this.pieces.delete(id);
      }
    }
    if (browsedGone) this.endBrowse(true);
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
    this.updateSpots();
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

  show(on: boolean): void {
    this.host.hidden = !on;
  }

  /** No piece, highlight, trail or overlay left on the map (the terrain stays). */
  clear(): void {
    this.setPieces([], () => '');
    this.setMarks({ hexes: new Map(), targets: new Set(), selectable: new Set(), selected: null });
    this.setTrails([]);
    this.setOverlays([]);
  }

  /** The element drawn for a piece (for tests and focus). */
  pieceElement(id: number): SVGGElement | null {
    return this.pieces.get(id)?.g ?? null;
  }

  focusPiece(id: number): void {
    this.pieceElement(id)?.focus();
  }

  // ---- zoom and pan ---------------------------------------------------------------------------

  /** Pixels per board unit showing the whole map. */
  private fitScale(): number {
    const { w, h } = this.hostSize;
    return w && h && this.width ? Math.min(w / this.width, h / this.height) : 0;
  }

  private clampScale(s: number): number {
    const fit = this.fitScale();
    return Math.max(fit, Math.min(Math.max(fit, MAX_SCALE), s));
  }

  /** Pixels per board unit of the opening view: counters big enough to read and to tap. */
  private openingScale(): number {
    const touch = this.host.ownerDocument.defaultView?.matchMedia('(pointer: coarse)').matches || this.hostSize.w < 600;
    return this.clampScale((touch ? COUNTER_PX.touch : COUNTER_PX.mouse) / PIECE);
  }

  /**
   * Show the board around (cx, cy) at `s` pixels per unit. Along an axis the map fills, the view
   * stops at its edge (no empty band); along one it does not fill, the map is centred.
   */
  private setView(cx: number, cy: number, s: number): void {
    const { w, h } = this.hostSize;
    if (!w || !h || !this.width) return;
    s = this.clampScale(s);
    const vw = w / s;
    const vh = h / s;
    const place = (c: number, size: number, total: number) => (size >= total ? (total - size) / 2 : Math.max(0, Math.min(total - size, c - size / 2)));
    this.vb = { x: place(cx, vw, this.width), y: place(cy, vh, this.height), w: vw, h: vh };
    this.scale = s;
    this.applyViewBox();
  }

  fit(): void {
    if (!this.measure()) return;
    this.setView(this.width / 2, this.height / 2, this.fitScale());
  }

  private applyViewBox(): void {
    const { x, y, w, h } = this.vb;
    this.svg.setAttribute('viewBox', `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    // 1 = the whole map; `scale` = screen pixels per board unit (a counter is PIECE units).
    this.svg.dataset.zoom = (this.scale / (this.fitScale() || 1)).toFixed(2);
    this.svg.dataset.scale = this.scale.toFixed(3);
    // Hex labels are drawn once zoomed in enough to read them (at the whole-map scale they are
    // a few pixels high, and 1400 texts cost a lot to lay out and paint).
    this.svg.classList.toggle('labels', this.scale >= 1);
    if (this.scale >= 1 && !this.labelsDrawn) this.drawLabels();
    // Counter texts too, below the size where a digit can be read (they are ~5 px high there).
    this.svg.classList.toggle('far', this.scale < 0.75);
  }

  /**
   * Zoom by `factor` (>1 zooms in), keeping the board point `about` where it is on the screen;
   * by default the selected counter, else the focused piece or hex, else the view's centre.
   */
  zoom(factor: number, about?: [number, number]): void {
    if (!this.scale) return;
    const [ax, ay] = about ?? this.zoomAnchor();
    const s = this.clampScale(this.scale * factor);
    const k = this.scale / s;
    const x = ax - (ax - this.vb.x) * k;
    const y = ay - (ay - this.vb.y) * k;
    this.setView(x + this.hostSize.w / s / 2, y + this.hostSize.h / s / 2, s);
  }

  private zoomAnchor(): [number, number] {
    const sel = this.selected !== null ? this.pieces.get(this.selected) : undefined;
    const candidates: [number, number][] = [];
    if (sel) candidates.push(centre(sel.hex));
    const focused = this.spots.find((s) => s.el === activeIn(this.svg));
    if (focused) candidates.push([focused.x, focused.y]);
    return candidates.find(([x, y]) => this.inView(x, y, 0)) ?? [this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2];
  }

  /** Pan by a fraction of the visible width/height. */
  pan(fx: number, fy: number): void {
    if (!this.scale) return;
    this.setView(this.vb.x + this.vb.w * (0.5 + fx), this.vb.y + this.vb.h * (0.5 + fy), this.scale);
  }

  /** Centre the view on a hex (keeping the zoom). */
  centreOn(hex: string): void {
    const [x, y] = centre(hex);
    this.setView(x, y, this.scale || this.openingScale());
  }

  /** Whether a board point lies in the view, `margin` units inside its edges. */
  private inView(x: number, y: number, margin = PIECE / 2): boolean {
    const v = this.vb;
    return x >= v.x + margin && x <= v.x + v.w - margin && y >= v.y + margin && y <= v.y + v.h - margin;
  }

  /** Client pixels to board units (the viewBox has the box's shape: no letterbox offset). */
  private toBoard(clientX: number, clientY: number, rect = this.svg.getBoundingClientRect()): [number, number] {
    const s = this.scale || 1;
    return [this.vb.x + (clientX - rect.left) / s, this.vb.y + (clientY - rect.top) / s];
  }

  /**
   * The view on a new decision: the first one after a new map opens zoomed in on it (its pieces
   * and hexes at the middle, counters legible and big enough to tap); later, when none of its
   * spots is on the screen, the view moves (same zoom) to the one nearest its centre.
   */
  private frameDecision(): void {
    // The box's size is kept by the ResizeObserver; read here only before its first report.
    if (!this.hostSize.w && !this.measure()) return;
    const pts = this.spots.map((s) => [s.x, s.y] as [number, number]);
    if (!this.framed) {
      this.framed = true;
      if (!pts.length) {
        this.setView(this.width / 2, this.height / 2, this.openingScale());
        return;
      }
      const xs = pts.map((p) => p[0]);
      const ys = pts.map((p) => p[1]);
      const bx = (Math.min(...xs) + Math.max(...xs)) / 2;
      const by = (Math.min(...ys) + Math.max(...ys)) / 2;
      this.setView(bx, by, this.openingScale());
      if (!pts.some(([x, y]) => this.inView(x, y))) {
        const [nx, ny] = nearest(pts, bx, by)!;
        this.setView(nx, ny, this.scale);
      }
      return;
    }
    if (!pts.length || pts.some(([x, y]) => this.inView(x, y))) return;
    const [nx, ny] = nearest(pts, this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2)!;
    this.setView(nx, ny, this.scale);
  }

  // ---- the decision's spots: one Tab stop, arrows between them, Enter chooses ---------------------

  /** Collect the focusable spots of the decision (after setMarks) and keep one Tab stop. */
  private updateSpots(): void {
    const list: Spot[] = [];
    const seen = new Set<Element>();
    const add = (el: SVGElement | undefined, hex: string, key: string) => {
      if (!el || seen.has(el)) return;
      seen.add(el);
      const [x, y] = centre(hex);
      list.push({ el, x, y, key });
    };
    if (!this.readOnly) {
      const piece = (id: number) => {
        const node = this.pieces.get(id);
        if (node) add(node.g, node.hex, `u${id}`);
      };
      if (this.selected !== null) piece(this.selected);
      for (const id of this.selectable) piece(id);
      for (const id of this.targets) piece(id);
      for (const hex of this.hlKinds.keys()) {
        const id = this.hexAt.get(hex);
        if (id !== undefined) piece(id);
        else add(this.hl.get(hex), hex, `h${hex}`);
      }
    }
    const key = list.map((s) => s.key).sort().join(',');
    const changed = key !== this.spotsKey;
    // A new decision ends the browsing of all counters: its focus is on the decision.
    if (changed) this.endBrowse(false);
    const active = activeIn(this.svg);
    const before = this.spots.find((s) => s.el === active) ?? this.current;
    for (const s of this.spots) if (!seen.has(s.el)) s.el.setAttribute('tabindex', '-1');
    this.spots = list;
    this.spotsKey = key;
    const kept = this.current && list.find((s) => s.el === this.current!.el);
    const sel = this.selected !== null ? list.find((s) => s.key === `u${this.selected}`) : undefined;
    const from: [number, number] = before ? [before.x, before.y] : [this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2];
    // The spot kept, else the one nearest where the focus was (the selected counter at first).
    const near = list.length ? list[nearestIndex(list.map((s) => [s.x, s.y]), from[0], from[1])]! : null;
    this.current = kept || (before ? near : sel ?? near);
    for (const s of list) s.el.setAttribute('tabindex', s === this.current ? '0' : '-1');
    // The map is one Tab stop: its decision's spot, or the map itself when it has none (or the
    // counter browsed to).
    this.host.tabIndex = this.current ? -1 : 0;
    if (this.browsing) this.holdTabStop(this.browsing);
    if (!changed) return;
    this.frameDecision();
    // Once the page has redrawn (its buttons too): the focus follows the decision when it was on
    // the map, or lost (the Start button hidden, a chosen hex or button gone), never away from
    // what the player works in elsewhere.
    queueMicrotask(() => {
      // The page's focus, and the map's tree's (a shadow root's: null when the focus is outside it).
      const doc = this.host.ownerDocument;
      const outer = doc.activeElement;
      const active = activeIn(this.host);
      const lost = !outer || outer === doc.body || (active !== null && (!active.isConnected || (active instanceof HTMLElement && !active.checkVisibility())));
      if ((lost || this.host.contains(active)) && !this.host.hidden && !this.focusDecision()) this.host.focus({ preventScroll: true });
    });
  }

  /** Put the keyboard's focus on the decision's spot on the map; false when it has none. */
  focusDecision(): boolean {
    if (!this.current) return false;
    this.focusSpot(this.current);
    return true;
  }

  private focusSpot(spot: Spot): void {
    if (!this.inView(spot.x, spot.y)) this.setView(spot.x, spot.y, this.scale || this.openingScale());
    if (activeIn(this.svg) !== spot.el) spot.el.focus({ preventScroll: true });
    else this.showRing(spot.el);
  }

  // ---- browsing every counter (the A key) ------------------------------------------------------

  /** Every counter on the map as a spot the keyboard can reach, whatever the decision. */
  private counterSpots(): Spot[] {
    return [...this.pieces].map(([id, node]) => {
      const [x, y] = centre(node.hex);
      return { el: node.g, x, y, key: `u${id}` };
    });
  }

  /** The spots the arrows move between: the decision's, or every counter while browsing. */
  private reachable(): Spot[] {
    return this.browsing ? this.counterSpots() : this.spots;
  }

  /** `el` alone holds the map's Tab stop (tabindex 0). */
  private holdTabStop(el: SVGElement): void {
    if (this.current && this.current.el !== el) this.current.el.setAttribute('tabindex', '-1');
    el.setAttribute('tabindex', '0');
    this.host.tabIndex = -1;
  }

  /** The A key: browse every counter, from the focused one or the one nearest the focus. */
  private startBrowse(from: Element | null): void {
    const all = this.counterSpots();
    if (!all.length) return;
    const hex = from instanceof SVGElement && this.svg.contains(from) ? from.dataset.hex : undefined;
    const [x, y] = hex ? centre(hex) : [this.vb.x + this.vb.w / 2, this.vb.y + this.vb.h / 2];
    const start = all.find((s) => s.el === from) ?? all[nearestIndex(all.map((s) => [s.x, s.y]), x, y)]!;
    this.browsing = start.el;
    this.showKeys();
    this.holdTabStop(start.el);
    this.focusSpot(start);
  }

  /** Back to the decision's spots (A, Escape, a new decision); `refocus` puts the focus there. */
  private endBrowse(refocus: boolean): void {
    const el = this.browsing;
    if (!el) return;
    this.browsing = null;
    this.showKeys();
    if (el !== this.current?.el) el.setAttribute('tabindex', '-1');
    this.current?.el.setAttribute('tabindex', '0');
    this.host.tabIndex = this.current ? -1 : 0;
    if (refocus && !this.focusDecision()) this.host.focus({ preventScroll: true });
  }

  /**
   * The keys of the map, over its corner, while the keyboard's focus is on it (for a player who
   * sees it; the map's aria-label says the same): those of the decision, or while browsing how
   * to come back.
   */
  private showKeys(): void {
    const note = this.keysNote;
    const doc = this.host.ownerDocument;
    const on = this.byKeyboard && this.host.contains(activeIn(this.host));
    const text = this.browsing
      ? 'Every counter: arrows move between them all · A or Escape: back to the decision'
      : 'Arrows: the decision · Enter: choose · A: every counter · + − 0: zoom';
    if (note.textContent !== text) note.textContent = text;
    if (note.hidden === on) note.hidden = !on;
  }

  /** The spot the arrow key `dx, dy` leads to from the current one: the nearest that way, else round. */
  private stepFrom(from: Spot, dx: number, dy: number): Spot | null {
    const spots = this.reachable();
    let best: Spot | null = null;
    let bestScore = Infinity;
    for (const s of spots) {
      if (s.el === from.el) continue;
      const along = (s.x - from.x) * dx + (s.y - from.y) * dy;
      if (along <= 1) continue;
      const across = Math.abs((s.x - from.x) * dy - (s.y - from.y) * dx);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = s;
      }
    }
    if (best) return best;
    // Nothing that way: round to the far side, in reading order along that axis.
    const order = [...spots].sort((a, b) => (dx !== 0 ? a.y - b.y || a.x - b.x : a.x - b.x || a.y - b.y));
    const i = order.findIndex((s) => s.el === from.el);
    const next = order[(i + (dx + dy > 0 ? 1 : -1) + order.length) % order.length];
    return next && next.el !== from.el ? next : null;
  }

  /**
   * The focus ring, for the keyboard's focus only (not after a tap or a click): a black and
   * yellow outline drawn over the focused spot, of a fixed width on the screen.
   */
  private showRing(el: Element | null): void {
    const ring = this.ring;
    if (!ring) return;
    const spot = el ? this.spots.find((s) => s.el === el) ?? null : null;
    const pieceEl = el?.closest('[data-unit]');
    const show = !!el && this.byKeyboard && el.matches(':focus') && (spot !== null || !!pieceEl);
    ring.style.display = show ? '' : 'none';
    if (!show || !el) return;
    const hex = (el as SVGElement).dataset.hex ?? '';
    const [x, y] = spot ? [spot.x, spot.y] : centre(hex);
    const isPiece = el.matches('[data-unit]');
    const d = isPiece
      ? `M${-PIECE / 2 - 4},${-PIECE / 2 - 4}h${PIECE + 8}v${PIECE + 8}h${-PIECE - 8}z`
      : 'M' + CORNERS.map(([cx, cy]) => `${(cx * 0.98).toFixed(1)},${(cy * 0.98).toFixed(1)}`).join('L') + 'Z';
    ring.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)})`);
    for (const p of ring.querySelectorAll('path')) p.setAttribute('d', d);
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
      this.events.activate({ kind: 'none' }, null);
      return;
    }
    const node = t.el;
    // The chosen spot takes the focus (without scrolling): the next decision's focus starts there.
    if (node instanceof SVGElement && node.hasAttribute('tabindex') && activeIn(this.svg) !== node) {
      node.focus({ preventScroll: true });
    }
    const rect = () => node.getBoundingClientRect();
    if (t.unit !== undefined) this.events.activate({ kind: 'piece', piece: t.unit, place: t.hex ?? '' }, rect);
    else if (t.hex) this.events.activate({ kind: 'place', place: t.hex }, rect);
  }

  private hoverOver(el: Element | null): void {
    const t = this.targetOf(el);
    const key = t ? `${t.unit ?? ''}/${t.hex ?? ''}` : '';
    if (key === this.hovered) return;
    this.hovered = key;
    const node = t?.el;
    const over: HoverTarget | null = !t ? null : t.unit !== undefined ? { kind: 'piece', piece: t.unit, place: t.hex } : t.hex ? { kind: 'place', place: t.hex } : null;
    this.events.hover(over, node ? () => node.getBoundingClientRect() : null);
  }

  /** (Re)anchor the gesture to the fingers now down: the board point under them stays under them. */
  private anchor(target: Element | null): void {
    const pts = [...this.pointers.values()];
    const a = pts[0]!;
    const b = pts[1];
    const start = b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : { ...a };
    const rect = this.svg.getBoundingClientRect();
    const prev = this.gesture;
    this.gesture = {
      board: this.toBoard(start.x, start.y, rect),
      start,
      dist: b ? Math.hypot(a.x - b.x, a.y - b.y) : 0,
      scale: this.scale,
      rect,
      // Two fingers, or what is left of a pinch, is never a tap.
      moved: (prev?.moved ?? false) || !!b,
      target: prev?.target ?? target,
    };
  }

  private listen(): void {
    const svg = this.svg;
    const doc = svg.ownerDocument;
    doc.addEventListener('keydown', () => {
      this.byKeyboard = true;
      const active = activeIn(svg);
      if (svg.contains(active)) this.showRing(active);
      if (this.host.contains(activeIn(this.host))) this.showKeys();
    }, true);
    doc.addEventListener('pointerdown', () => {
      this.byKeyboard = false;
      this.showRing(null);
      this.showKeys();
    }, true);
    this.host.addEventListener('focusin', () => this.showKeys());
    this.host.addEventListener('focusout', (e) => {
      if (!this.host.contains(e.relatedTarget as Node | null)) this.keysNote.hidden = true;
    });
    svg.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      // A finger's tap is handled here, not by the mouse events emulated after it.
      if (e.pointerType !== 'mouse') e.preventDefault();
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 1) this.gesture = null;
      this.anchor(e.target as Element);
    });
    svg.addEventListener('pointermove', (e) => {
      if (!this.pointers.has(e.pointerId)) {
        if (e.pointerType === 'mouse') this.hoverOver(e.target as Element);
        return;
      }
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const g = this.gesture;
      if (!g || !this.scale) return;
      const pts = [...this.pointers.values()];
      const a = pts[0]!;
      const b = pts[1];
      const at = b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : a;
      if (!g.moved) {
        // Below this a press is a tap: the map does not move under it.
        if (Math.hypot(at.x - g.start.x, at.y - g.start.y) < (e.pointerType === 'mouse' ? 5 : 10)) return;
        g.moved = true;
        if (e.pointerType === 'mouse') svg.setPointerCapture(e.pointerId);
        svg.classList.add('panning');
        this.hoverOver(null);
      }
      const s = this.clampScale(b && g.dist > 0 ? (g.scale * Math.hypot(a.x - b.x, a.y - b.y)) / g.dist : g.scale);
      const x = g.board[0] - (at.x - g.rect.left) / s;
      const y = g.board[1] - (at.y - g.rect.top) / s;
      this.setView(x + this.hostSize.w / s / 2, y + this.hostSize.h / s / 2, s);
    });
    const end = (e: PointerEvent) => {
      if (!this.pointers.has(e.pointerId)) return;
      const g = this.gesture;
      const tap = e.type === 'pointerup' && this.pointers.size === 1 && g !== null && !g.moved;
      this.pointers.delete(e.pointerId);
      if (this.pointers.size === 0) {
        this.gesture = null;
        svg.classList.remove('panning');
      } else if (g) {
        g.moved = true;
        this.anchor(null);
      }
      if (tap) this.activate(g.target);
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
    svg.addEventListener('focusin', (e) => {
      const el = e.target as Element;
      const spot = this.spots.find((s) => s.el === el);
      if (spot && spot !== this.current && !this.browsing) {
        if (this.current) this.current.el.setAttribute('tabindex', '-1');
        this.current = spot;
        spot.el.setAttribute('tabindex', '0');
      }
      if (this.browsing) {
        // Browsing: the counter reached holds the Tab stop (the decision's spot is kept to come
        // back to); anything else ends the browsing.
        if (el instanceof SVGElement && el.matches('[data-unit]')) {
          if (el !== this.browsing) this.browsing.setAttribute('tabindex', '-1');
          this.browsing = el;
          this.holdTabStop(el);
        } else this.endBrowse(false);
      }
      this.showRing(el);
      // A card for what the keyboard reaches; a tap's card is the click's (main.ts).
      if (this.byKeyboard) this.hoverOver(el);
    });
    svg.addEventListener('focusout', (e) => {
      if (!svg.contains(e.relatedTarget as Node | null)) {
        this.showRing(null);
        if (this.byKeyboard) this.hoverOver(null);
        // Leaving the map: its Tab stop is the decision's again.
        this.endBrowse(false);
      }
    });
    this.host.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as Element;
      const arrow = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (arrow) {
        const [dx, dy] = arrow as [number, number];
        // From a spot, or from a counter that is none (clicked for its card), to the next spot
        // that way; with Shift, or from the map itself, the map pans.
        const hex = target instanceof SVGElement && svg.contains(target) ? target.dataset.hex : undefined;
        const from = this.reachable().find((s) => s.el === target) ?? (hex ? { el: target as SVGElement, x: centre(hex)[0], y: centre(hex)[1], key: '' } : null);
        if (!from || e.shiftKey) this.pan(dx * 0.1, dy * 0.1);
        else {
          const next = this.stepFrom(from, dx, dy);
          if (next) this.focusSpot(next);
        }
        e.preventDefault();
        return;
      }
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
        case 'Home':
        case 'End': {
          const spots = this.reachable();
          if (!spots.length) return;
          const order = [...spots].sort((a, b) => a.y - b.y || a.x - b.x);
          this.focusSpot(e.key === 'Home' ? order[0]! : order[order.length - 1]!);
          break;
        }
        case 'a':
        case 'A':
          if (this.browsing) this.endBrowse(true);
          else this.startBrowse(target);
          break;
        case 'Escape':
          if (!this.browsing) return;
          // Only the browsing ends (not the selection, as Escape elsewhere on the page would).
          e.stopPropagation();
          this.endBrowse(true);
          break;
        case 'Enter':
        case ' ':
          if (!svg.contains(target)) return;
          // A counter browsed to that is no part of the decision: its card is open, nothing to choose.
          if (this.browsing && !this.spots.some((s) => s.el === target)) break;
          this.activate(target);
          break;
        default:
          return;
      }
      e.preventDefault();
    });
  }
}

function nearestIndex(points: [number, number][], x: number, y: number): number {
  let best = 0;
  let bestD = Infinity;
  points.forEach(([px, py], i) => {
    const d = Math.hypot(px - x, py - y);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

function nearest(points: [number, number][], x: number, y: number): [number, number] | undefined {
  return points[nearestIndex(points, x, y)];
}
