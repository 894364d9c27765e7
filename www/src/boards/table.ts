// The miniatures table of Napoleon's Battles, drawn to scale in SVG: one SVG unit is a hundredth
// of an inch, the table's y points north (flipped for the screen). Terrain as a map draws it
// (hills shaded by level, woods, towns, streams, roads, objectives), units as their footprints
// (the engine's four corners) with a darker front edge, generals as discs.
//
// A unit the prompt's MoveUnit template lets move is dragged (and so is a general his MoveGeneral
// template lets ride): a ghost of its footprint follows the
// pointer (its front point translated, its facing kept; Q/E or the wheel turn it by 5°, the arrow
// keys move it by 1", Enter commits). Each position is asked of the engine (check) and the ghost
// coloured and labelled by its answer (what the move spends and leaves, or why it would be
// refused); a drop is applied by the engine, which refuses an illegal one in its own words. No geometry is decided here beyond drawing and converting the pointer to table hundredths.
import type { NbAction, NbFacing, NbPoint, NbScenario, NbView } from '../../pkg/napoleonic.js';
import type { BoardMarks } from './hex.js';
import { elementAt, type BoardEvents, type Where } from './board.js';
import { WidthBoard } from './zoom.js';

/** A unit that may be dragged now: the prompt's MoveUnit template. */
export interface TableMovable {
  unit: number;
  /** What is left of its allowance, in hundredths. */
  left: number;
  /** Filled as a ReactionMove (the cavalry reaction) instead of a Move. */
  reaction: boolean;
}

/** The table's input (a click on a base, the pointer over one) and what it asks the engine. */
export interface TableBoardEvents extends BoardEvents {
  /** The engine's answer for a filled template: legal or not, and its words for it. */
  check(action: NbAction): { legal: boolean; text: string };
  /** Apply a filled template: null when applied, else the engine's refusal. */
  apply(action: NbAction): string | null;
  /** The engine's distance between two shapes (a point, or a footprint's corners), in hundredths. */
  measure(a: NbPoint[], b: NbPoint[]): number;
}

/** A measurement with the ruler: from a point or a unit, to a point or a unit. */
interface Ruler {
  pointer: number | null;
  from: NbPoint;
  fromUnit: number | null;
  to: NbPoint;
  toUnit: number | null;
}

/** Hundredths as inches ("3.25""). */
function inches(h: number): string {
  return `${(h / 100).toFixed(2)}"`;
}

const SIDE_FILL: Record<string, { fill: string; front: string; ink: string }> = {
  French: { fill: '#3d63b8', front: '#12244f', ink: '#ffffff' },
  Allied: { fill: '#c8352b', front: '#5a0f0a', ink: '#ffe680' },
};
const PLAIN = { fill: '#777777', front: '#222222', ink: '#ffffff' };
const HILL_FILL = ['#efe6c8', '#e2d2a0', '#d4bd80', '#c4a866'];

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

interface Ghost {
  /** The unit dragged, or -1 for a general. */
  unit: number;
  /** The general dragged (his index), or null for a unit. */
  general: number | null;
  /** The unit's own front point and facing, where the ghost started. */
  from: NbPoint;
  fromFacing: NbFacing;
  to: NbPoint;
  facing: NbFacing;
}

interface Drag {
  pointer: number;
  start: NbPoint;
  origin: NbPoint;
  startX: number;
  startY: number;
  moved: boolean;
}

export class TableBoard extends WidthBoard {
  private readonly message: HTMLParagraphElement;
  private readonly messageText: HTMLSpanElement;
  private readonly holder: HTMLDivElement;
  private key = '';
  private viewKey = '';
  private scenario: NbScenario | null = null;
  private view: NbView | null = null;
  private movable = new Map<number, TableMovable>();
  /** The generals the prompt's MoveGeneral templates let ride (by index). */
  private riders = new Set<number>();
  private ghost: Ghost | null = null;
  private drag: Drag | null = null;
  private suppressClick = false;
  /** The overlays a player asks for: every unit's fire arcs, every general's command span. */
  private showArcs = false;
  private showSpans = false;
  /** The ruler tool: on, and the measurement shown (kept after the pointer lifts). */
  private measuring = false;
  private ruler: Ruler | null = null;
  private last: [NbView, NbScenario, BoardMarks, TableMovable[], number[]] | null = null;

  constructor(
    parent: HTMLElement,
    private readonly events: TableBoardEvents,
  ) {
    super(parent, 'table-board', 'svg.nb-table', 6);
    const doc = parent.ownerDocument;
    this.message = doc.createElement('p');
    this.message.className = 'nb-message';
    this.message.setAttribute('role', 'status');
    this.message.setAttribute('aria-live', 'polite');
    this.message.classList.add('empty');
    this.messageText = doc.createElement('span');
    this.message.append(this.messageText);
    this.holder = doc.createElement('div');
    this.holder.className = 'nb-holder';
    const tools = doc.createElement('div');
    tools.className = 'nb-tools';
    const toggle = (label: string, title: string, flip: () => boolean): HTMLButtonElement => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.title = title;
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => {
        b.setAttribute('aria-pressed', String(flip()));
        this.redraw();
      });
      return b;
    };
    tools.append(
      toggle('Fire arcs', 'Show the fire templates of every unit that may fire (a selected unit always shows its own)', () => (this.showArcs = !this.showArcs)),
      toggle('Command spans', "Show each general's command span", () => (this.showSpans = !this.showSpans)),
      toggle('Ruler', 'Measure on the table: drag from a point or a unit to another (units are measured edge to edge, as the rules measure them)', () => {
        this.measuring = !this.measuring;
        this.ruler = null;
        this.holder.classList.toggle('measuring', this.measuring);
        if (!this.measuring) this.say(null);
        return this.measuring;
      }),
    );
    this.root.append(tools, this.message, this.holder);
    const at = (el: Element): Where => () => el.getBoundingClientRect();
    this.holder.addEventListener('click', (e) => {
      if (this.measuring) return;
      if (this.readOnly) return;
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      if (!(e.target instanceof Element)) return;
      const rider = e.target.closest<SVGElement>('[data-rider]');
      if (rider) {
        this.selectGeneral(Number(rider.dataset.rider));
        return;
      }
      const piece = e.target.closest<SVGElement>('[data-piece]');
      if (!piece) return;
      const id = Number(piece.dataset.piece);
      if (this.movable.has(id)) this.select(id);
      this.events.activate({ kind: 'piece', piece: id, place: '' }, at(piece));
    });
    this.holder.addEventListener('pointerover', (e) => {
      if (this.drag || !(e.target instanceof Element)) return;
      const piece = e.target.closest<SVGElement>('[data-piece]');
      if (piece) this.events.hover({ kind: 'piece', piece: Number(piece.dataset.piece) }, at(piece));
      else this.events.hover(null, null);
    });
    this.holder.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.holder.addEventListener('pointermove', (e) => this.pointerMove(e));
    this.holder.addEventListener('pointerup', (e) => this.pointerUp(e));
    this.holder.addEventListener('pointercancel', () => {
      this.drag = null;
      this.drawGhost();
    });
    this.holder.addEventListener(
      'wheel',
      (e) => {
        if (!this.ghost || this.readOnly) return;
        e.preventDefault();
        this.turn(e.deltaY > 0 ? 10 : -10);
      },
      { passive: false },
    );
    this.root.addEventListener('keydown', (e) => this.key_(e));
  }

  override setReadOnly(on: boolean): void {
    super.setReadOnly(on);
    if (on) this.ghost = null;
  }

  clear(): void {
    this.key = '';
    this.viewKey = '';
    this.ghost = null;
    this.holder.replaceChildren();
    this.say(null);
  }

  /** The refusal or the hint under the table's top edge. */
  say(text: string | null, tone: 'refused' | 'info' = 'info'): void {
    // It lies over the table's top edge, so that the table never moves under a dragging pointer.
    this.message.classList.toggle('empty', !text);
    this.messageText.textContent = text ?? '';
    this.message.dataset.tone = tone;
  }

  // ---- coordinates -------------------------------------------------------------------------------

  private svg(): SVGSVGElement | null {
    return this.holder.querySelector<SVGSVGElement>('svg.nb-table');
  }

  /** The pointer in table hundredths (y north). */
  private tablePoint(clientX: number, clientY: number): NbPoint | null {
    const svg = this.svg();
    const ctm = svg?.getScreenCTM();
    if (!svg || !ctm || !this.scenario) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: Math.round(p.x), y: Math.round(this.scenario.height - p.y) };
  }

  private sy(y: number): number {
    return (this.scenario?.height ?? 0) - y;
  }

  private pts(points: NbPoint[]): string {
    return points.map((p) => `${p.x},${this.sy(p.y)}`).join(' ');
  }

  private path(points: NbPoint[], close: boolean): string {
    return points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${this.sy(p.y)}`).join('') + (close ? 'Z' : '');
  }

  // ---- the ghost ---------------------------------------------------------------------------------

  private select(unit: number): void {
    const u = this.view?.units[unit];
    if (!u || !this.movable.has(unit)) return;
    if (this.ghost?.unit === unit) return;
    this.ghost = { unit, general: null, from: u.state.front, fromFacing: u.state.facing, to: u.state.front, facing: u.state.facing };
    this.drawGhost();
  }

  /** A general the prompt lets ride: his ghost follows the pointer (b.6: 24" a step). */
  private selectGeneral(general: number): void {
    const g = this.view?.generals[general];
    if (!g || !this.riders.has(general)) return;
    if (this.ghost?.general === general) return;
    this.ghost = { unit: -1, general, from: g.at, fromFacing: 0, to: g.at, facing: 0 };
    this.drawGhost();
  }

  private action(g: Ghost): NbAction {
    if (g.general !== null) return { type: 'MoveGeneral', general: g.general, to: g.to };
    const m = this.movable.get(g.unit);
    return m?.reaction
      ? { type: 'ReactionMove', unit: g.unit, to: g.to, facing: g.facing }
      : { type: 'Move', unit: g.unit, to: g.to, facing: g.facing };
  }

  private turn(halfDegrees: number): void {
    if (!this.ghost || this.ghost.general !== null) return;
    this.ghost.facing = (((this.ghost.facing + halfDegrees) % 720) + 720) % 720;
    this.drawGhost();
  }

  private shift(dx: number, dy: number): void {
    if (!this.ghost) return;
    this.ghost.to = { x: this.ghost.to.x + dx, y: this.ghost.to.y + dy };
    this.drawGhost();
  }

  /** Apply the ghost's move; the engine's refusal is shown and nothing changes. */
  private commit(): void {
    const g = this.ghost;
    if (!g || this.readOnly) return;
    if (g.to.x === g.from.x && g.to.y === g.from.y && g.facing === g.fromFacing) return;
    const refusal = this.events.apply(this.action(g));
    if (refusal === null) {
      this.ghost = null;
      this.say(null);
    } else {
      this.say(refusal, 'refused');
      g.to = g.from;
      g.facing = g.fromFacing;
      this.drawGhost();
    }
  }

  private drawGhost(): void {
    const layer = this.holder.querySelector<SVGGElement>('g.nb-ghost');
    if (!layer) return;
    const g = this.ghost;
    const u = g ? this.view?.units[g.unit] : undefined;
    const rider = g && g.general !== null ? this.view?.generals[g.general] : undefined;
    if (!g || (!u && !rider)) {
      layer.replaceChildren();
      layer.removeAttribute('data-unit');
      return;
    }
    const moved = g.to.x !== g.from.x || g.to.y !== g.from.y || g.facing !== g.fromFacing;
    let legal = true;
    let text = '';
    if (moved) {
      try {
        ({ legal, text } = this.events.check(this.action(g)));
      } catch (e) {
        legal = false;
        text = e instanceof Error ? e.message : String(e);
      }
    }
    // Turning by a bearing is clockwise on the screen (y flipped): SVG's positive rotation.
    const turn = (g.facing - g.fromFacing) / 2;
    const transform = `translate(${g.to.x} ${this.sy(g.to.y)}) rotate(${turn}) translate(${-g.from.x} ${-this.sy(g.from.y)})`;
    layer.dataset.unit = String(g.unit);
    if (g.general !== null) layer.dataset.general = String(g.general);
    else layer.removeAttribute('data-general');
    layer.dataset.legal = String(legal);
    layer.dataset.to = `${g.to.x},${g.to.y}`;
    layer.dataset.facing = String(g.facing);
    layer.setAttribute('class', `nb-ghost ${moved ? (legal ? 'legal' : 'illegal') : 'still'}`);
    const sp = this.sy(g.to.y);
    // The tape from where the front stood to where it would stand (drawn, not measured: the
    // engine's words say what the move costs).
    layer.innerHTML =
      (moved ? `<line class="nb-tape" x1="${g.from.x}" y1="${this.sy(g.from.y)}" x2="${g.to.x}" y2="${sp}"/>` : '') +
      (u
        ? `<polygon class="nb-ghost-body" points="${this.pts(u.footprint)}" transform="${transform}"/>` +
          `<circle class="nb-ghost-front" cx="${g.to.x}" cy="${sp}" r="25"/>` +
          (moved ? `<text class="nb-ghost-text" x="${g.to.x}" y="${sp - 60}">${(g.facing / 2).toFixed(0)}° ${legal ? '✓' : '✗'}</text>` : '')
        : `<circle class="nb-ghost-body" cx="${g.to.x}" cy="${sp}" r="55"/>` +
          (moved ? `<text class="nb-ghost-text" x="${g.to.x}" y="${sp - 80}">${legal ? '✓' : '✗'}</text>` : ''));
    // While dragging, the engine's words stand above the table: what is spent and left, or why
    // the drop would be refused.
    if (moved) this.say(text, legal ? 'info' : 'refused');
  }

  // ---- pointer and keys --------------------------------------------------------------------------

  private pointerDown(e: PointerEvent): void {
    if (this.measuring) {
      this.rulerDown(e);
      return;
    }
    if (this.readOnly || e.button !== 0 || !(e.target instanceof Element)) return;
    const rider = e.target.closest<SVGElement>('[data-rider]');
    if (rider) {
      const start = this.tablePoint(e.clientX, e.clientY);
      if (!start) return;
      e.preventDefault();
      this.selectGeneral(Number(rider.dataset.rider));
      if (!this.ghost || this.ghost.general === null) return;
      this.drag = { pointer: e.pointerId, start, origin: this.ghost.to, startX: e.clientX, startY: e.clientY, moved: false };
      this.holder.setPointerCapture?.(e.pointerId);
      return;
    }
    const piece = e.target.closest<SVGElement>('[data-piece]');
    const id = piece ? Number(piece.dataset.piece) : NaN;
    const u = this.view?.units[id];
    if (!piece || !u || !this.movable.has(id)) return;
    const start = this.tablePoint(e.clientX, e.clientY);
    if (!start) return;
    e.preventDefault();
    if (this.ghost?.unit !== id) this.ghost = { unit: id, general: null, from: u.state.front, fromFacing: u.state.facing, to: u.state.front, facing: u.state.facing };
    this.drag = { pointer: e.pointerId, start, origin: this.ghost.to, startX: e.clientX, startY: e.clientY, moved: false };
    this.holder.setPointerCapture?.(e.pointerId);
    this.drawGhost();
  }

  private pointerMove(e: PointerEvent): void {
    if (this.ruler?.pointer === e.pointerId) {
      this.rulerMove(e);
      return;
    }
    const d = this.drag;
    if (!d || d.pointer !== e.pointerId || !this.ghost) return;
    if (!d.moved && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < 5) return;
    d.moved = true;
    const p = this.tablePoint(e.clientX, e.clientY);
    if (!p) return;
    this.ghost.to = { x: d.origin.x + p.x - d.start.x, y: d.origin.y + p.y - d.start.y };
    this.drawGhost();
  }

  private pointerUp(e: PointerEvent): void {
    if (this.ruler?.pointer === e.pointerId) {
      this.ruler.pointer = null;
      if (this.holder.hasPointerCapture?.(e.pointerId)) this.holder.releasePointerCapture(e.pointerId);
      return;
    }
    const d = this.drag;
    if (!d || d.pointer !== e.pointerId) return;
    this.drag = null;
    if (this.holder.hasPointerCapture?.(e.pointerId)) this.holder.releasePointerCapture(e.pointerId);
    if (!d.moved) return; // a click: the click handler selects or chooses
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    this.commit();
  }

  // ---- the ruler -------------------------------------------------------------------------------

  /** The unit drawn under a client point, if any. */
  private unitAt(clientX: number, clientY: number): number | null {
    const el = elementAt(this.holder, clientX, clientY);
    const piece = el?.closest<SVGElement>('[data-piece]');
    return piece && this.holder.contains(piece) ? Number(piece.dataset.piece) : null;
  }

  private rulerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    const p = this.tablePoint(e.clientX, e.clientY);
    if (!p) return;
    e.preventDefault();
    const unit = this.unitAt(e.clientX, e.clientY);
    this.ruler = { pointer: e.pointerId, from: p, fromUnit: unit, to: p, toUnit: unit };
    this.holder.setPointerCapture?.(e.pointerId);
    this.drawRuler();
  }

  private rulerMove(e: PointerEvent): void {
    const r = this.ruler;
    const p = this.tablePoint(e.clientX, e.clientY);
    if (!r || !p) return;
    r.to = p;
    r.toUnit = this.unitAt(e.clientX, e.clientY);
    this.drawRuler();
  }

  /** The measurement drawn: a line, its length, and the engine's distance between the shapes. */
  private drawRuler(): void {
    const layer = this.holder.querySelector<SVGGElement>('g.nb-ruler-layer');
    const r = this.ruler;
    if (!layer) return;
    if (!r || !this.view) {
      layer.replaceChildren();
      return;
    }
    const shape = (unit: number | null, p: NbPoint): NbPoint[] => (unit !== null && this.view?.units[unit] ? this.view.units[unit].footprint : [p]);
    const name = (unit: number | null): string | null => (unit !== null ? (this.view?.units[unit]?.id ?? null) : null);
    let text: string;
    try {
      const line = this.events.measure([r.from], [r.to]);
      const [a, b] = [name(r.fromUnit), name(r.toUnit)];
      if (a && b && r.fromUnit !== r.toUnit) text = `${a} to ${b}: ${inches(this.events.measure(shape(r.fromUnit, r.from), shape(r.toUnit, r.to)))} edge to edge (the line: ${inches(line)})`;
      else if (a || b) text = `${a ?? b} to the point: ${inches(this.events.measure(shape(a ? r.fromUnit : r.toUnit, a ? r.from : r.to), [a ? r.to : r.from]))} from its nearest edge (the line: ${inches(line)})`;
      else text = `The line: ${inches(line)}`;
    } catch (err) {
      text = err instanceof Error ? err.message : String(err);
    }
    layer.dataset.text = text;
    const [x1, y1, x2, y2] = [r.from.x, this.sy(r.from.y), r.to.x, this.sy(r.to.y)];
    layer.innerHTML =
      `<line class="nb-rule-under" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>` +
      `<line class="nb-rule" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>` +
      `<circle class="nb-rule-end" cx="${x1}" cy="${y1}" r="22"/><circle class="nb-rule-end" cx="${x2}" cy="${y2}" r="22"/>`;
    this.say(text, 'info');
  }

  private key_(e: KeyboardEvent): void {
    if (e.key === 'Escape' && this.ruler) {
      this.ruler = null;
      this.drawRuler();
      this.say(null);
      return;
    }
    if (this.readOnly) return;
    const focused = e.target instanceof Element ? e.target.closest<SVGElement>('[data-piece],[data-rider]') : null;
    if ((e.key === 'Enter' || e.key === ' ') && !this.ghost && focused) {
      e.preventDefault();
      focused.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return;
    }
    if (!this.ghost) return;
    const step = 100;
    switch (e.key) {
      case 'ArrowUp':
        this.shift(0, step);
        break;
      case 'ArrowDown':
        this.shift(0, -step);
        break;
      case 'ArrowLeft':
        this.shift(-step, 0);
        break;
      case 'ArrowRight':
        this.shift(step, 0);
        break;
      case 'q':
      case 'Q':
        this.turn(-10);
        break;
      case 'e':
      case 'E':
        this.turn(10);
        break;
      case 'Enter':
        this.commit();
        break;
      case 'Escape':
        this.ghost = null;
        this.drawGhost();
        return;
      default:
        return;
    }
    e.preventDefault();
  }

  // ---- drawing -----------------------------------------------------------------------------------

  private terrain(s: NbScenario): string {
    const order: Record<string, number> = { hill: 0, steep: 1, marsh: 2, rough: 2, enclosure: 3, woods: 4, ravine: 5, stream: 6, road: 7, town: 8, bridge: 9 };
    const pieces = [...s.terrain].sort((a, b) => (order[a.kind] ?? 5) - (order[b.kind] ?? 5) || a.level - b.level);
    let out = '<g class="nb-terrain">';
    for (const t of pieces) {
      const title = `<title>${esc(t.name)} (${t.kind}${t.kind === 'hill' ? `, level ${t.level}` : ''}${t.objective ? ', objective' : ''})</title>`;
      const cls = `nb-t nb-${t.kind}${t.objective ? ' objective' : ''}`;
      const fill = t.kind === 'hill' ? ` fill="${HILL_FILL[Math.min(t.level, HILL_FILL.length - 1)]}"` : '';
      out += `<g class="${cls}" data-terrain="${t.kind}">`;
      for (const poly of t.polygons) out += `<path class="nb-area" d="${this.path(poly, true)}"${fill}/>`;
      if (t.line.length > 1 && (t.kind === 'stream' || t.kind === 'road' || t.kind === 'ravine' || t.kind === 'steep'))
        out += `<path class="nb-line" d="${this.path(t.line, false)}" stroke-width="${Math.max(t.width, 20)}"/>`;
      out += `${title}</g>`;
    }
    out += '</g><g class="nb-names">';
    for (const t of s.terrain) {
      const all = t.polygons.flat();
      if (!all.length || !(t.kind === 'town' || t.kind === 'hill' || t.kind === 'woods' || t.objective)) continue;
      // Kept off the table's edges so that a name is not cut (a town on the edge).
      const x = Math.max(500, Math.min(s.width - 500, all.reduce((a, p) => a + p.x, 0) / all.length));
      const y = all.reduce((a, p) => a + p.y, 0) / all.length;
      const name = t.name.replace(/\s*\(.*\)$/, '');
      if (t.objective) out += `<text class="nb-objective" x="${x.toFixed(0)}" y="${(this.sy(y) + 40).toFixed(0)}">★</text>`;
      out += `<text class="nb-name" x="${x.toFixed(0)}" y="${(this.sy(y) - (t.objective ? 90 : 0)).toFixed(0)}">${esc(name)}</text>`;
    }
    out += '</g>';
    return out;
  }

  private grid(s: NbScenario): string {
    let out = '<g class="nb-grid">';
    for (let x = 1200; x < s.width; x += 1200) out += `<line x1="${x}" y1="0" x2="${x}" y2="${s.height}"/><text class="nb-ruler" x="${x + 20}" y="${s.height - 30}">${x / 100}"</text>`;
    for (let y = 1200; y < s.height; y += 1200) out += `<line x1="0" y1="${this.sy(y)}" x2="${s.width}" y2="${this.sy(y)}"/><text class="nb-ruler" x="20" y="${this.sy(y) - 20}">${y / 100}"</text>`;
    return out + '</g>';
  }

  private frontEdge(corners: NbPoint[], front: NbPoint): [NbPoint, NbPoint] {
    let best: [NbPoint, NbPoint] = [corners[0]!, corners[1]!];
    let bestD = Infinity;
    for (let i = 0; i < corners.length; i += 1) {
      const a = corners[i]!;
      const b = corners[(i + 1) % corners.length]!;
      const d = Math.hypot((a.x + b.x) / 2 - front.x, (a.y + b.y) / 2 - front.y);
      if (d < bestD) {
        bestD = d;
        best = [a, b];
      }
    }
    return best;
  }

  private redraw(): void {
    if (!this.last) return;
    this.key = '';
    this.draw(...this.last);
  }

  /** The fire arcs and command spans asked for, under the units. */
  private overlays(view: NbView, marks: BoardMarks): string {
    let out = '<g class="nb-overlays">';
    view.units.forEach((u, id) => {
      if (u.state.order === 'Gone' || !u.arcs.length) return;
      if (!this.showArcs && marks.selected !== id) return;
      for (const arc of u.arcs) out += `<path class="nb-arc side-${u.side}" data-arc="${id}" d="${this.path(arc, true)}"/>`;
    });
    if (this.showSpans) {
      for (const g of view.generals) {
        if (g.span > 0) out += `<circle class="nb-span side-${g.side}" data-span="${esc(g.id)}" cx="${g.at.x}" cy="${this.sy(g.at.y)}" r="${g.span}"/>`;
      }
    }
    return out + '</g>';
  }

  draw(view: NbView, s: NbScenario, marks: BoardMarks, movable: TableMovable[], riders: number[] = []): void {
    this.last = [view, s, marks, movable, riders];
    this.riders = new Set(riders);
    this.scenario = s;
    this.view = view;
    this.movable = new Map(movable.map((m) => [m.unit, m]));
    const viewKey = JSON.stringify(view);
    if (viewKey !== this.viewKey) {
      this.viewKey = viewKey;
      if (this.ghost) this.ghost = null;
    }
    if (this.ghost && (this.ghost.general !== null ? !this.riders.has(this.ghost.general) : !this.movable.has(this.ghost.unit))) this.ghost = null;
    const key = JSON.stringify([viewKey, [...marks.selectable], [...marks.targets], marks.selected, movable, riders, this.readOnly, this.showArcs, this.showSpans]);
    if (key === this.key) {
      this.drawGhost();
      return;
    }
    this.key = key;
    let units = '<g class="nb-units">';
    view.units.forEach((u, id) => {
      if (u.state.order === 'Gone') return;
      const look = SIDE_FILL[u.side] ?? PLAIN;
      const name = s.units[id]?.name ?? u.id;
      const cls = ['nb-unit', `side-${u.side}`, `order-${u.state.order}`];
      if (this.movable.has(id)) cls.push('movable');
      if (marks.selectable.has(id)) cls.push('selectable');
      if (marks.targets.has(id)) cls.push('target');
      if (marks.selected === id) cls.push('selected');
      const [a, b] = this.frontEdge(u.footprint, u.state.front);
      const cx = u.footprint.reduce((t, p) => t + p.x, 0) / 4;
      const cy = this.sy(u.footprint.reduce((t, p) => t + p.y, 0) / 4);
      const label = `${name} (${u.id}), ${u.side}, ${u.state.formation}, ${u.state.order}, ${u.state.figures} figures`;
      let marker = '';
      if (u.state.order === 'Disordered') marker = `<circle class="nb-marker disordered" cx="${cx}" cy="${cy - 75}" r="38"/><text class="nb-marker-text" x="${cx}" y="${cy - 62}">D</text>`;
      if (u.state.order === 'Routed') marker = `<circle class="nb-marker routed" cx="${cx}" cy="${cy - 75}" r="38"/><text class="nb-marker-text" x="${cx}" y="${cy - 62}">R</text>`;
      if (u.state.reaction_marker) marker += `<rect class="nb-marker reaction" x="${cx + 50}" y="${cy - 110}" width="50" height="50"/>`;
      units +=
        `<g class="${cls.join(' ')}" data-piece="${id}" data-code="${esc(u.id)}" data-side="${u.side}" data-front="${u.state.front.x},${u.state.front.y}" data-facing="${u.state.facing}" tabindex="0" role="button" aria-label="${esc(label)}">` +
        `<polygon class="nb-body" points="${this.pts(u.footprint)}" fill="${look.fill}"/>` +
        `<line class="nb-front" x1="${a.x}" y1="${this.sy(a.y)}" x2="${b.x}" y2="${this.sy(b.y)}" stroke="${look.front}"/>` +
        `<text class="nb-label" x="${cx.toFixed(0)}" y="${(cy + 22).toFixed(0)}" fill="${look.ink}">${esc(u.id)}</text>` +
        `${marker}<title>${esc(label)}</title></g>`;
    });
    units += '</g><g class="nb-generals">';
    view.generals.forEach((g, index) => {
      const look = SIDE_FILL[g.side] ?? PLAIN;
      const name = s.generals.find((x) => x.id === g.id)?.name ?? g.id;
      const ride = this.riders.has(index)
        ? ` data-rider="${index}" tabindex="0" role="button" aria-label="${esc(`${name}, ${g.side}: drag him to ride`)}"`
        : '';
      units +=
        `<g class="nb-general side-${g.side}${ride ? ' movable' : ''}" data-general="${esc(g.id)}" data-at="${g.at.x},${g.at.y}"${ride}><circle cx="${g.at.x}" cy="${this.sy(g.at.y)}" r="45" fill="${look.fill}" stroke="#fff" stroke-width="14"/>` +
        `<circle cx="${g.at.x}" cy="${this.sy(g.at.y)}" r="16" fill="${look.ink}"/><title>${esc(name)} (${g.side}${g.in_command ? '' : ', out of command'})</title></g>`;
    });
    units += '</g>';
    this.holder.innerHTML =
      `<svg class="nb-table" viewBox="-40 -40 ${s.width + 80} ${s.height + 80}" role="img" aria-label="${esc(s.title)}: the table, ${s.width / 100}&quot; by ${s.height / 100}&quot;">` +
      `<rect class="nb-cloth" x="0" y="0" width="${s.width}" height="${s.height}"/>` +
      this.grid(s) +
      this.terrain(s) +
      this.overlays(view, marks) +
      units +
      '<g class="nb-ghost"></g>' +
      '<g class="nb-ruler-layer"></g>' +
      '</svg>';
    this.zoomer.apply();
    this.drawGhost();
    this.drawRuler();
  }
}
