// The area map of Bloody Monday, drawn in SVG from the scenario's areas (polygon, colour, label),
// the Kolocha and the other lines, the victory areas; blocks standing (an enemy's: its side's
// colour only) or lying revealed with their strength; the turn and morale tracks from view().
//
// It draws what view(side) gives: the engine's view has no field for a hidden block's identity.
// Clicks go back to the shell as area keys ("57") and block ids, like the hex board's.
import type { BmScenarioFile, BmView } from '../../pkg/napoleonic.js';
import type { BoardMarks } from './hex.js';
import type { BoardEvents, Where } from './board.js';
import { clickOnEnter, WidthBoard } from './zoom.js';
import { LOOKS } from '../games/bloody_monday.js';


const TERRAIN_FILL: Record<string, string> = { green: '#cfe3b4', yellow: '#f1e3a0', red: '#e9b3a6' };
const BLOCK = 18;
const TRACK_H = 110;

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

function path(points: [number, number][], close: boolean): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join('') + (close ? 'Z' : '');
}

function sideColour(side: string): { colour: string; ink: string } {
  return side === 'French' || side === 'Russian' ? LOOKS[side] : { colour: '#777', ink: '#fff' };
}

/** Place names: bold, 10px or, where that does not fit, 9px; lines 1.1 em apart; boxes with a
 * font's usual ascent and descent. */
const NAME_SIZES = [10, 9];
const LINE = 1.1;
const ID_SIZE = 8;
const ASCENT = 0.95;
const DESCENT = 0.25;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** A place name as laid out: its lines centred on `x`. */
export interface NameLabel {
  area: number;
  lines: string[];
  size: number;
  full: string;
  x: number;
  /** The first line's baseline. */
  y: number;
  victory: boolean;
  /** Shortened with "…": the full name is its title (and the area's). */
  short: boolean;
  /** The whole label's box. */
  box: Box;
}

type Measure = (text: string, size: number, bold: boolean) => number;

/** Text widths in the map's units, in the font the map is drawn in. */
function textMeasurer(root: HTMLElement): Measure {
  const ctx = root.ownerDocument.createElement('canvas').getContext('2d');
  const family = getComputedStyle(root).fontFamily || 'sans-serif';
  return (text, size, bold) => {
    if (!ctx) return text.length * size * 0.62;
    ctx.font = `${bold ? 'bold ' : ''}${size}px ${family}`;
    return ctx.measureText(text).width;
  };
}

/** Words break at spaces and after dashes ("Gorki–" / "Redoubt"). */
const joinWords = (a: string, b: string) => (a.endsWith('–') ? `${a}${b}` : `${a} ${b}`);

/** `text` cut to `width` with "…". */
function cut(text: string, width: number, width_of: (t: string) => number): string {
  if (width_of(text) <= width) return text;
  let t = text;
  while (t.length > 1 && width_of(`${t.trimEnd()}…`) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}…`;
}

/** Words on at most `max` lines of `width`; the last line cut with "…" if they do not fit. */
function wrap(text: string, width: number, max: number, width_of: (t: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/(?<=–)| /);
  for (let i = 0; i < words.length; i += 1) {
    const next = line ? joinWords(line, words[i]!) : words[i]!;
    if (!line || width_of(next) <= width) {
      line = next;
      continue;
    }
    if (lines.length === max - 1) {
      line = words.slice(i).reduce(joinWords, line);
      break;
    }
    lines.push(line);
    line = words[i]!;
  }
  lines.push(line);
  return lines.map((l) => cut(l, width, width_of));
}

/**
 * The place names, laid out once from the map's geometry: each wrapped above its area's number,
 * on two or three lines of the area's width or of a narrower column (between the neighbours'
 * blocks), at 10px, else at 9px, cut with "…" only when no whole form fits; each form moved up
 * or sideways, in small steps, to the nearest place where it overlaps no other name, no area
 * number, no area's first row of blocks and stays inside the map. Victory areas go first.
 */
export function layoutNames(s: BmScenarioFile, measure: Measure): NameLabel[] {
  const W = s.map.width;
  const H = s.map.height;
  const victory = new Set(s.map.victory_areas);
  const fleches = new Set(s.map.fleches);
  // What a name may not cover: the area numbers, the first rows of blocks (each line's box
  // checked), and the names placed before it (their whole box, as the page measures it).
  const taken: Box[] = [];
  const names: Box[] = [];
  for (const a of s.areas) {
    const [x, y] = a.label;
    const w = measure(String(a.id), ID_SIZE, false);
    taken.push({ x0: x - w / 2, y0: y - 6 - ASCENT * ID_SIZE, x1: x + w / 2, y1: y - 6 + DESCENT * ID_SIZE });
    // The first row of blocks (four at most) sits just below the label point.
    taken.push({ x0: x - 2 * (BLOCK + 2), y0: y - BLOCK / 2 + 2, x1: x + 2 * (BLOCK + 2), y1: y + BLOCK / 2 + 2 });
  }
  const named = s.areas.filter((a) => a.victory_name ?? a.name);
  named.sort((a, b) => Number(victory.has(b.id)) - Number(victory.has(a.id)) || a.id - b.id);
  const steps: [number, number][] = [];
  for (const dy of [0, -6, -12, -18]) for (const dx of [0, -8, 8, -16, 16, -24, 24, -32, 32, -40, 40]) steps.push([dx, dy]);
  steps.sort((p, q) => Math.abs(p[0]) + 2 * Math.abs(p[1]) - (Math.abs(q[0]) + 2 * Math.abs(q[1])));
  const out: NameLabel[] = [];
  for (const a of named) {
    const base = (a.victory_name ?? a.name)!;
    const mark = victory.has(a.id) ? ' ★' : '';
    const fleche = fleches.has(a.id) && !/flèche/i.test(base) ? ' (flèche)' : '';
    const full = `${base}${fleche}${mark}`;
    const xs = a.polygon.map((p) => p[0]);
    const width = Math.max(60, Math.max(...xs) - Math.min(...xs) - 6);
    const [lx, ly] = a.label;
    const same = (lines: string[]) => lines.reduce(joinWords) === full;
    // Ever shorter forms: whole, at each size, on two lines then three, wide then narrow, then
    // on one; only then cut with "…".
    const forms: { lines: string[]; size: number }[] = [];
    for (const size of NAME_SIZES) {
      const width_of = (t: string) => measure(t, size, true);
      for (const max of [2, 3]) for (const w of [width, 84, 76, 68]) forms.push({ lines: wrap(full, Math.min(w, width), max, width_of), size });
      forms.push({ lines: [full], size });
    }
    const whole = forms.filter((f) => same(f.lines));
    const small = NAME_SIZES[NAME_SIZES.length - 1]!;
    const width_of = (t: string) => measure(t, small, true);
    const cuts = [wrap(full, width, 2, width_of), wrap(full, 68, 2, width_of), [cut(full, 68, width_of)], [cut(full, 48, width_of)]].map((lines) => ({ lines, size: small }));
    let placed: NameLabel | null = null;
    for (const { lines, size } of [...whole, ...cuts]) {
      const widths = lines.map((l) => measure(l, size, true));
      const w = Math.max(...widths);
      const step = size * LINE;
      const h = (lines.length - 1) * step;
      for (const [dx, dy] of steps) {
        const x = Math.min(W - 2 - w / 2, Math.max(2 + w / 2, lx + dx));
        const y = Math.max(2 + ASCENT * size, ly - 16.5 - h + dy);
        if (y + h + DESCENT * size > H - 2) continue;
        const boxes = widths.map((lw, i) => ({ x0: x - lw / 2, y0: y + i * step - ASCENT * size, x1: x + lw / 2, y1: y + i * step + DESCENT * size }));
        const box = { x0: x - w / 2, y0: boxes[0]!.y0, x1: x + w / 2, y1: boxes[boxes.length - 1]!.y1 };
        if (names.some((t) => overlaps(t, box)) || boxes.some((b) => taken.some((t) => overlaps(t, b)))) continue;
        placed = { area: a.id, lines, size, full, x, y, victory: victory.has(a.id), short: !same(lines), box };
        break;
      }
      if (placed) break;
    }
    if (!placed) continue; // no room anywhere near: the area's title still names it
    names.push(placed.box);
    out.push(placed);
  }
  return out;
}

export class AreaBoard extends WidthBoard {
  private key = '';
  private base = '';
  private baseFor: BmScenarioFile | null = null;

  constructor(
    parent: HTMLElement,
    private readonly events: BoardEvents,
  ) {
    super(parent, 'area-board', 'svg.bm-map', 4);
    const at = (el: Element): Where => () => el.getBoundingClientRect();
    this.root.addEventListener('click', (e) => {
      if (this.readOnly) return;
      const target = e.target as Element;
      const piece = target.closest<SVGElement>('[data-piece]');
      if (piece) {
        this.events.activate({ kind: 'piece', piece: Number(piece.dataset.piece), place: piece.dataset.area ?? '' }, at(piece));
        return;
      }
      // A block with nothing to do (an enemy's standing block) stands for its area.
      const block = target.closest<SVGElement>('.bm-block[data-area]');
      if (block) {
        this.events.activate({ kind: 'place', place: block.dataset.area! }, at(block));
        return;
      }
      const area = target.closest<SVGElement>('[data-key]');
      if (area) this.events.activate({ kind: 'place', place: area.dataset.key! }, at(area));
    });
    clickOnEnter(this.root);
    this.root.addEventListener('pointerover', (e) => {
      const piece = (e.target as Element).closest<SVGElement>('[data-piece]');
      if (piece) this.events.hover({ kind: 'piece', piece: Number(piece.dataset.piece) }, at(piece));
      else this.events.hover(null, null);
    });
  }

  clear(): void {
    this.key = '';
    this.root.replaceChildren();
  }

  /** The map itself (areas, lines, names): drawn once per scenario. */
  private baseLayer(s: BmScenarioFile): string {
    if (this.baseFor === s) return this.base;
    let out = '<g class="bm-lines">';
    for (const d of s.map.decor ?? [])
      out += `<path class="bm-decor bm-${esc(d.kind)}" d="${path(d.points, false)}"><title>${esc(d.name)}</title></path>`;
    if (s.map.start_line) out += `<path class="bm-start-line" d="${path(s.map.start_line, false)}"><title>Start line</title></path>`;
    if (s.map.command_line) out += `<path class="bm-command-line" d="${path(s.map.command_line, false)}"><title>Command line (9.11)</title></path>`;
    out += `<path class="bm-kolocha" d="${path(s.map.kolocha, false)}"><title>The Kolocha</title></path></g>`;
    out += '<g class="bm-names">';
    for (const a of s.areas) out += `<text class="bm-id" x="${a.label[0]}" y="${a.label[1] - 6}">${a.id}</text>`;
    for (const l of layoutNames(s, textMeasurer(this.root))) {
      const lines = l.lines.map((t, i) => `<tspan x="${l.x.toFixed(1)}" y="${(l.y + i * l.size * LINE).toFixed(1)}">${esc(t)}</tspan>`).join('');
      out += `<text class="bm-name${l.victory ? ' victory' : ''}${l.short ? ' short' : ''}" data-name-of="${l.area}" font-size="${l.size}"><title>${esc(l.full)}</title>${lines}</text>`;
    }
    out += '</g>';
    this.base = out;
    this.baseFor = s;
    return out;
  }

  draw(view: BmView, s: BmScenarioFile, marks: BoardMarks): void {
    const key = JSON.stringify([view, [...marks.hexes], [...marks.selectable], [...marks.targets], marks.selected]);
    if (key === this.key) return;
    this.key = key;
    const W = s.map.width;
    const H = s.map.height;
    const victory = new Set(s.map.victory_areas);
    const fleches = new Set(s.map.fleches);
    const byId = new Map(view.areas.map((a) => [a.area, a]));
    const corpsColour = new Map(s.corps.map((c) => [c.id, c.colour_hex]));

    let areas = '<g class="bm-areas">';
    for (const a of s.areas) {
      const v = byId.get(a.id);
      const mark = marks.hexes.get(String(a.id));
      const cls = ['bm-area', `terr-${a.colour}`];
      if (victory.has(a.id)) cls.push('victory');
      if (fleches.has(a.id)) cls.push('fleche');
      if (v?.contested) cls.push('contested');
      if (view.battle?.area === a.id) cls.push('battle');
      if (mark) cls.push('mark', `mark-${mark}`);
      const control = v ? sideColour(v.control).colour : 'none';
      const title = `${a.name ?? `Area ${a.id}`} (${a.id}): ${a.colour}${v ? `, ${v.control} control${v.contested ? ', contested' : ''}` : ''}`;
      areas +=
        `<g class="${cls.join(' ')}" data-key="${a.id}"${mark ? ' tabindex="0" role="button"' : ''} aria-label="${esc(title)}">` +
        `<path class="bm-fill" d="${path(a.polygon, true)}" fill="${TERRAIN_FILL[a.colour] ?? '#ddd'}"/>` +
        `<path class="bm-control" d="${path(a.polygon, true)}" fill="${control}"/>` +
        `<path class="bm-edge" d="${path(a.polygon, true)}"><title>${esc(title)}</title></path></g>`;
    }
    areas += '</g>';

    let blocks = '<g class="bm-blocks">';
    for (const a of view.areas) {
      const data = s.areas.find((x) => x.id === a.area);
      if (!data || !a.blocks.length) continue;
      const [lx, ly] = data.label;
      const perRow = 4;
      a.blocks.forEach((b, i) => {
        const row = Math.floor(i / perRow);
        const inRow = Math.min(perRow, a.blocks.length - row * perRow);
        const x = lx - ((inRow - 1) * (BLOCK + 2)) / 2 + (i % perRow) * (BLOCK + 2);
        const y = ly + 2 + row * (BLOCK + 2);
        const { colour, ink } = sideColour(b.side);
        const cubes = [...(b.blue ? ['#1e5bd8'] : []), ...(b.yellow ? ['#f2c400'] : []), ...(b.red ? ['#c62828'] : [])];
        const cubeSvg = cubes.map((c, k) => `<rect x="${BLOCK / 2 - 5}" y="${-BLOCK / 2 + k * 5}" width="4" height="4" fill="${c}" stroke="#000" stroke-width=".5"/>`).join('');
        const iso = b.isolated ? `<circle cx="${-BLOCK / 2 + 3}" cy="${-BLOCK / 2 + 3}" r="2.5" fill="#fff" stroke="#000" stroke-width=".6"/>` : '';
        if (b.seen === 'Hidden') {
          blocks +=
            `<g class="bm-block hidden" transform="translate(${x.toFixed(1)},${y.toFixed(1)})" data-side="${b.side}" data-area="${a.area}">` +
            `<rect x="${-BLOCK / 2}" y="${-BLOCK / 2}" width="${BLOCK}" height="${BLOCK}" rx="2" fill="${colour}" stroke="#111"/>` +
            `<text x="0" y="4" class="bm-str" fill="${ink}">?</text>${iso}${cubeSvg}<title>A ${b.side} block (standing: its strength and type are hidden)</title></g>`;
          return;
        }
        const info = s.blocks[b.block];
        const stripe = (info?.corps && corpsColour.get(info.corps)) || '#ccc';
        const cls = ['bm-block', b.revealed ? 'lying' : 'standing'];
        if (marks.selectable.has(b.block)) cls.push('selectable');
        if (marks.selected === b.block) cls.push('selected');
        if (marks.targets.has(b.block)) cls.push('target');
        if (b.activated) cls.push('activated');
        const name = info?.name ?? `block ${b.block}`;
        if (b.revealed) {
          // Lying down: wider than tall, strength on the face.
          blocks +=
            `<g class="${cls.join(' ')}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})" data-piece="${b.block}" data-code="${esc(info?.id ?? '')}" data-area="${a.area}" tabindex="0" role="button" aria-label="${esc(name)}, strength ${b.strength}, revealed">` +
            `<rect x="${-BLOCK / 2}" y="${-BLOCK / 3}" width="${BLOCK}" height="${(BLOCK * 2) / 3}" rx="1.5" fill="#fff" stroke="${colour}" stroke-width="2"/>` +
            `<rect x="${-BLOCK / 2}" y="${-BLOCK / 3}" width="3" height="${(BLOCK * 2) / 3}" fill="${stripe}"/>` +
            `<text x="1.5" y="3.5" class="bm-str" fill="#111">${b.strength}</text>${iso}${cubeSvg}<title>${esc(name)}: strength ${b.strength} (revealed)</title></g>`;
        } else {
          blocks +=
            `<g class="${cls.join(' ')}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})" data-piece="${b.block}" data-code="${esc(info?.id ?? '')}" data-area="${a.area}" tabindex="0" role="button" aria-label="${esc(name)}, strength ${b.strength}">` +
            `<rect x="${-BLOCK / 2}" y="${-BLOCK / 2}" width="${BLOCK}" height="${BLOCK}" rx="2" fill="${colour}" stroke="#111"/>` +
            `<rect x="${-BLOCK / 2}" y="${-BLOCK / 2}" width="4" height="${BLOCK}" fill="${stripe}"/>` +
            `<text x="2" y="4" class="bm-str" fill="${ink}">${b.strength}</text>${iso}${cubeSvg}<title>${esc(name)}: strength ${b.strength}</title></g>`;
        }
      });
    }
    blocks += '</g>';

    // Tracks under the map: the turn, each side's morale (blocks lost, 10 loses), victory areas.
    const t = s.tracks.turns;
    let tracks = `<g class="bm-tracks" transform="translate(0,${H + 8})">`;
    tracks += `<text class="bm-track-title" x="10" y="14">Turn</text>`;
    for (let n = t.first; n <= t.last; n += 1) {
      const x = 60 + (n - t.first) * 110;
      tracks +=
        `<g class="bm-turn${n === view.turn ? ' at' : ''}" data-turn="${n}"><rect x="${x}" y="0" width="104" height="22" rx="3"/>` +
        `<text x="${x + 52}" y="15">${n}: ${esc(t.labels[n - t.first] ?? '')}</text></g>`;
    }
    const cells = s.tracks.morale.cells.length;
    (['French', 'Russian'] as const).forEach((side, k) => {
      const y = 32 + k * 26;
      const lost = view.morale_losses[k] ?? 0;
      const { colour, ink } = sideColour(side);
      tracks += `<text class="bm-track-title" x="10" y="${y + 15}">${side} morale</text><g data-morale="${side}" data-lost="${lost}">`;
      for (let c = 0; c < cells; c += 1) {
        const x = 110 + c * 26;
        const filled = c < lost;
        tracks += `<rect x="${x}" y="${y}" width="24" height="22" rx="2" class="bm-morale${filled ? ' lost' : ''}" fill="${filled ? colour : '#fff'}"/><text x="${x + 12}" y="${y + 15}" fill="${filled ? ink : '#555'}" class="bm-cell">${s.tracks.morale.cells[c]}</text>`;
      }
      tracks += `</g><text class="bm-track-note" x="${110 + cells * 26 + 8}" y="${y + 15}">lost ${lost}; victory areas ${view.victory_areas[k]}; reserve ${view.reserve_counts[k]}${view.points ? `; points ${view.points[k]}` : ''}</text>`;
    });
    tracks += `<text class="bm-track-note" x="520" y="15">Impulse ${view.impulse}, the ${view.active}; initiative: ${view.initiative}; seen by <tspan data-viewer="${view.viewer}">${view.viewer}</tspan></text>`;
    tracks += '</g>';

    let result = '';
    if (view.outcome) {
      const o = view.outcome;
      const d = o.detail;
      result = `<div class="battle-result" role="status"><strong>${o.winner ? `The ${esc(o.winner)} win` : 'A draw'}</strong> (${esc(d.victory)}, ${esc(o.level)}) on turn ${d.turn}: victory areas French ${d.victory_areas[0]}, Russian ${d.victory_areas[1]}; blocks lost French ${d.morale_losses[0]}, Russian ${d.morale_losses[1]}${d.points ? `; points French ${d.points[0]}, Russian ${d.points[1]}` : ''}</div>`;
    }

    this.root.innerHTML =
      result +
      `<svg class="bm-map" viewBox="0 0 ${W} ${H + TRACK_H}" role="img" aria-label="Map of Borodino, seen by the ${esc(view.viewer)}">` +
      `<rect x="0" y="0" width="${W}" height="${H}" fill="#e9e4d0"/>` +
      areas +
      this.baseLayer(s) +
      blocks +
      tracks +
      '</svg>';
    this.zoomer.apply();
  }
}
