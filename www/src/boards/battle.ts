// The Field Battle display (Age of Muskets SR 9.2.f), drawn in SVG: both sides' battle lines (the
// two outflanking sections, left, centre, right, and the reserve) facing each other across a
// no man's land, with each section's terrain, fortification, commander and counters; counters show
// their SP by troop type and quality, face-down enemy counters are backs; the endurance (BEP)
// tracks; the option chits in hand (the viewer's own only: the enemy's are a count of backs).
//
// Wide boxes draw the lines across (the enemy above, the viewer below); narrow ones (a phone) turn
// the display a quarter: the line runs down the page, the enemy's sections on the left facing the
// viewer's on the right. The drawing is measured in CSS pixels for the box it is in; zoom() makes
// it bigger inside its scrolling box, like the area map.
//
// It draws what view(side) gives and nothing else: the engine's view already hides the enemy's
// hand and hidden counters. Clicks go back to the shell as typed targets (boards/board.ts): places
// (side:section, pool:kind), chits in hand and pieces, the same way the other boards report them.
import type { BattleCounterView, BattleScenario, BattleSection, BattleSectionView, BattleView } from '../../pkg/napoleonic.js';
import type { BoardMarks } from './hex.js';
import { activeIn, chitOf, chitPlace, type BoardEvents, type Where } from './board.js';
import { clickOnEnter, WidthBoard } from './zoom.js';
import { LOOKS, counterId, OPTION_KINDS, OPTION_WORDS, SECTION_WORDS, sectionKey } from '../games/muskets.js';

const LINE: BattleSection[] = ['flank_left', 'left', 'centre', 'right', 'flank_right'];
/** Counter width; heights depend on the number of troop types. */
const CW = 78;
const GAP = 5;
const PAD = 4;
/** Below this width (CSS px) the display is turned a quarter (phone). */
const NARROW = 640;
const CHIT_H = 24;

type Losses = BattleView['own']['losses'];
type Mode = 'wide' | 'narrow';

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

function sideColour(side: string): { colour: string; ink: string } {
  return side === 'Imperial' || side === 'Allied' ? LOOKS[side] : { colour: '#888', ink: '#000' };
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

let measurer: CanvasRenderingContext2D | null | undefined;

/** A text's width in the display's face (measured on a canvas; a rough guess without one). */
function textW(text: string, size: number, bold = false): number {
  if (measurer === undefined) measurer = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
  if (!measurer) return text.length * size * 0.56;
  measurer.font = `${bold ? 'bold ' : ''}${size}px Arial, "Helvetica Neue", sans-serif`;
  return measurer.measureText(text).width * 1.03;
}

/** A <text> that fits `max` px: squeezed a little, or cut with an ellipsis. */
function fitText(text: string, size: number, max: number, attrs: string, bold = false): string {
  let t = text;
  while (t.length > 2 && textW(t, size, bold) > max * 1.3) t = t.slice(0, -2) + '…';
  const squeeze = textW(t, size, bold) > max ? ` textLength="${max.toFixed(1)}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text ${attrs}${squeeze}>${esc(t)}</text>`;
}

/** Items laid left to right, wrapping at the width: inline boxes of the info bands. */
interface Item {
  w: number;
  h: number;
  svg: (x: number, y: number) => string;
}

function flow(items: Item[], x0: number, width: number, y0: number, gap = 10): { svg: string; h: number } {
  let x = x0;
  let y = y0;
  let lineH = 0;
  let svg = '';
  for (const it of items) {
    if (x > x0 && x + it.w > x0 + width) {
      x = x0;
      y += lineH + 6;
      lineH = 0;
    }
    svg += it.svg(x, y);
    x += it.w + gap;
    lineH = Math.max(lineH, it.h);
  }
  return { svg, h: y - y0 + lineH };
}

/** A drawn block of known size, placed later. */
interface Block {
  h: number;
  svg: (x: number, y: number, h: number) => string;
}

export class BattleBoard extends WidthBoard {
  private key = '';
  private last: [BattleView, BattleScenario, BoardMarks] | null = null;
  private drawnWidth = 0;

  constructor(
    parent: HTMLElement,
    private readonly events: BoardEvents,
  ) {
    super(parent, 'battle-board', 'svg.battle-svg', 3);
    const at = (el: Element): Where => () => el.getBoundingClientRect();
    this.root.addEventListener('click', (e) => {
      if (this.readOnly) return;
      const target = e.target as Element;
      const piece = target.closest<SVGElement>('[data-piece]');
      if (piece) {
        const section = piece.closest<SVGElement>('[data-key]');
        this.events.activate({ kind: 'piece', piece: Number(piece.dataset.piece), place: section?.dataset.key ?? '' }, at(piece));
        return;
      }
      const key = target.closest<SVGElement>('[data-key]');
      if (!key) return;
      const place = key.dataset.key!;
      const chit = chitOf(place);
      this.events.activate(chit !== null ? { kind: 'chit', chit } : { kind: 'place', place }, at(key));
    });
    clickOnEnter(this.root);
    // Pointing at (or tabbing to) a counter shows its card; a target section its odds.
    const hoverFrom = (el: Element | null): void => {
      const piece = el?.closest<SVGElement>('[data-piece]');
      if (piece) {
        this.events.hover({ kind: 'piece', piece: Number(piece.dataset.piece) }, at(piece));
        return;
      }
      const section = el?.closest<SVGElement>('.section.mark[data-key]');
      if (section) this.events.hover({ kind: 'place', place: section.dataset.key! }, at(section));
      else this.events.hover(null, null);
    };
    this.root.addEventListener('pointerover', (e) => hoverFrom(e.target as Element));
    this.root.addEventListener('focusin', (e) => hoverFrom(e.target as Element));
    this.root.addEventListener('focusout', () => this.events.hover(null, null));
    // A box crossing the narrow width (a phone turned, a window resized) lays the display out again.
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver(() => {
        if (!this.last || this.root.hidden) return;
        const w = this.boxWidth();
        if (Math.abs(w - this.drawnWidth) > 24 || (w < NARROW) !== (this.drawnWidth < NARROW)) {
          this.key = '';
          this.draw(...this.last);
        }
      }).observe(this.root);
    }
  }

  clear(): void {
    this.key = '';
    this.last = null;
    this.root.replaceChildren();
  }

  private boxWidth(): number {
    const w = this.root.clientWidth || this.root.parentElement?.clientWidth || 1000;
    return Math.max(320, w - 12);
  }

  draw(view: BattleView, scenario: BattleScenario, marks: BoardMarks): void {
    this.last = [view, scenario, marks];
    const width = this.boxWidth();
    const mode: Mode = width < NARROW ? 'narrow' : 'wide';
    const W = Math.round(mode === 'wide' ? Math.max(700, Math.min(1500, width)) : width);
    const key = JSON.stringify([W, view, [...marks.hexes], [...marks.selectable], [...marks.targets], marks.selected]);
    if (key === this.key) return;
    this.key = key;
    this.drawnWidth = width;
    const markOf = (k: string) => marks.hexes.get(k);
    const troopOf = (t: number) => scenario.troops[t];
    const own = view.own;
    const enemy = view.enemy;

    // ---- counters -------------------------------------------------------------------------------
    const spCols = (c: BattleCounterView) => (c.sp.length > 3 ? 2 : 1);
    const counterH = (c: BattleCounterView) =>
      c.counter.kind === 'hq' ? 46 : Math.max(46, 36 + 11 * Math.ceil(c.sp.length / spCols(c)));

    const armSymbol = (c: BattleCounterView, ink: string): string => {
      // NATO-style unit symbols: infantry crossed, cavalry one diagonal, artillery a ball; an HQ
      // its flag with its size (XXX...).
      const box = '<rect x="4" y="17" width="18" height="12" fill="#fff" stroke="#222" stroke-width="1"/>';
      if (c.counter.kind === 'hq') {
        const size = scenario.hqs[c.counter.id]?.size ?? 3;
        return `<path d="M5,30V16h14l-3,3.5 3,3.5H6" fill="${ink}" stroke="#222" stroke-width="1"/><text class="c-size" x="13" y="37">${'X'.repeat(size)}</text>`;
      }
      const arm = scenario.cus[c.counter.id]?.arm;
      if (arm === 'cavalry') return box + '<path d="M4,29L22,17" stroke="#222" stroke-width="1"/>';
      if (arm === 'artillery') return box + '<circle cx="13" cy="23" r="3" fill="#222"/>';
      return box + '<path d="M4,17L22,29M4,29L22,17" stroke="#222" stroke-width="1"/>';
    };

    const spWords = (c: BattleCounterView) =>
      c.sp.map((s) => `${troopOf(s.troop)?.abbr ?? `#${s.troop}`} ${s.fresh}${s.shattered ? ` and ${s.shattered} shattered` : ''}`).join(', ');

    const counterSvg = (c: BattleCounterView, side: string, x: number, y: number, isOwn: boolean): string => {
      const id = counterId(c.counter);
      const h = counterH(c);
      const { colour, ink } = sideColour(side);
      const cls = ['counter', c.counter.kind];
      if (marks.selectable.has(id)) cls.push('selectable');
      if (marks.selected === id) cls.push('selected');
      if (marks.targets.has(id)) cls.push('target');
      if (c.leader_lost) cls.push('leader-lost');
      if (isOwn && !c.revealed) cls.push('concealed');
      const kind = c.counter.kind === 'hq' ? 'HQ' : 'CU';
      const label =
        `${c.name} (${kind}), leader ${c.leader.name}${c.leader_lost ? ' (lost)' : ''}` +
        (c.sp.length ? `; SP ${spWords(c)}` : '') +
        (isOwn && !c.revealed ? '; face down to the enemy' : '');
      let out =
        `<g class="${cls.join(' ')}" data-piece="${id}" data-side="${esc(side)}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})" tabindex="0" role="button" aria-label="${esc(label)}">` +
        `<rect class="c-body" width="${CW}" height="${h}" rx="3" stroke="${colour}"/>` +
        `<path class="c-band" d="M0,3a3,3 0 0 1 3,-3H${CW - 3}a3,3 0 0 1 3,3V14H0Z" fill="${colour}"/>` +
        fitText(`${c.counter.kind === 'hq' ? '★ ' : ''}${c.name}`, 9, CW - 6, `class="c-name" x="${CW / 2}" y="10.5" fill="${ink}"`, true) +
        armSymbol(c, colour) +
        fitText(`${c.leader.name}${c.leader_lost ? ' ✝' : ''}`, 8, CW - 28, `class="c-leader" x="26" y="26"`);
      if (c.counter.kind === 'hq') {
        out += `<text class="c-role" x="26" y="38">HQ</text>`;
      }
      const cols = spCols(c);
      const colW = (CW - 6) / cols;
      c.sp.forEach((s, i) => {
        const t = troopOf(s.troop);
        const abbr = t?.abbr ?? `#${s.troop}`;
        const q = t?.quality ?? 'none';
        const sx = 3 + (i % cols) * colW;
        const sy = 36 + Math.floor(i / cols) * 11;
        const title = `${t?.id ?? abbr}${t?.quality ? ` (${t.quality})` : ''} ${t?.arm ?? ''}: ${s.fresh} fresh, ${s.shattered} shattered`;
        out +=
          `<g class="sp q-${q.toLowerCase()} arm-${(t?.arm ?? '').toLowerCase()}" data-troop="${esc(abbr)}">` +
          `<rect class="sp-q" x="${sx}" y="${sy}" width="5" height="8" rx="1"/>` +
          `<text class="sp-text" x="${sx + 7}" y="${sy + 7.5}">${esc(abbr)} <tspan class="fresh">${s.fresh}</tspan>` +
          (s.shattered ? `<tspan class="shattered"> ${s.shattered}s</tspan>` : '') +
          `</text><title>${esc(title)}</title></g>`;
      });
      if (isOwn && !c.revealed) out += `<path class="c-fold" d="M${CW - 9},${h}L${CW},${h - 9}V${h}Z"><title>Face down: the enemy does not know it</title></path>`;
      return out + '</g>';
    };

    const backSvg = (side: string, x: number, y: number): string => {
      const { colour, ink } = sideColour(side);
      return (
        `<g class="counter back" data-side="${esc(side)}" transform="translate(${x.toFixed(1)},${y.toFixed(1)})" role="img" aria-label="A face-down ${esc(side)} counter">` +
        `<rect width="${CW}" height="46" rx="3" fill="${colour}" stroke="#111"/>` +
        `<rect x="4" y="4" width="${CW - 8}" height="38" rx="2" fill="url(#bt-back)" opacity=".5"/>` +
        `<text class="c-back" x="${CW / 2}" y="28" fill="${ink}">${esc(side)}</text><title>A face-down ${esc(side)} counter</title></g>`
      );
    };

    /** Counters (and backs) in rows within `w`: the height and a drawer. */
    const counterGrid = (list: BattleCounterView[], backs: number, side: string, w: number, isOwn: boolean): Block => {
      const per = Math.max(1, Math.floor((w - 2 * PAD + GAP) / (CW + GAP)));
      const cells: { h: number; draw: (x: number, y: number) => string }[] = [
        ...list.map((c) => ({ h: counterH(c), draw: (x: number, y: number) => counterSvg(c, side, x, y, isOwn) })),
        ...Array.from({ length: backs }, () => ({ h: 46, draw: (x: number, y: number) => backSvg(side, x, y) })),
      ];
      const rows: (typeof cells)[] = [];
      for (let i = 0; i < cells.length; i += per) rows.push(cells.slice(i, i + per));
      const rowH = rows.map((r) => Math.max(...r.map((c) => c.h)));
      const h = rowH.reduce((a, b) => a + b + GAP, 0) - (rows.length ? GAP : 0);
      return {
        h,
        svg: (x, y) => {
          let out = '';
          let yy = y;
          rows.forEach((r, i) => {
            r.forEach((c, j) => (out += c.draw(x + j * (CW + GAP), yy)));
            yy += rowH[i]! + GAP;
          });
          return out;
        },
      };
    };

    const leaderOf = (c: { kind: string; id: number }) =>
      c.kind === 'hq' ? (scenario.hqs[c.id]?.leader.name ?? '') : (scenario.cus[c.id]?.leader.name ?? '');

    // ---- sections -------------------------------------------------------------------------------
    /** `front`: the edge facing the enemy (where a fortification is drawn). */
    const sectionBlock = (side: string, s: BattleSectionView | undefined, sec: BattleSection, counters: BattleCounterView[], isOwn: boolean, w: number): Block => {
      const k = sectionKey(side, sec);
      const mark = markOf(k);
      const here = counters.filter((c) => c.place.at === 'display' && c.place.section === sec);
      const hidden = s?.hidden_counters ?? 0;
      const tags: [string, string][] = [];
      if (s?.fortified) tags.push(['fortified', 'fortified']);
      if (s?.engaged) tags.push(['engaged', 'hot']);
      if (s?.cavalry_superiority) tags.push(['cavalry superiority', 'cav']);
      const cmd = s?.commander ? `★ ${leaderOf(s.commander)}${s.commander_lost ? ' ✝' : ''}` : '';
      // Tags wrap onto lines of their own within the section.
      const tagLines: [string, string][][] = [];
      let lineW = 0;
      for (const t of tags) {
        const tw = textW(t[0], 8) + 8;
        if (!tagLines.length || lineW + tw > w - 2 * PAD) {
          tagLines.push([]);
          lineW = 0;
        }
        tagLines[tagLines.length - 1]!.push(t);
        lineW += tw + 3;
      }
      const terrainName = s?.terrain ? `${s.terrain[0]!.toUpperCase()}${s.terrain.slice(1)}` : '';
      // The terrain beside the section's name when both fit, else under it.
      const terrainBelow = !!terrainName && textW(SECTION_WORDS[sec], 10, true) + textW(terrainName, 9) + 3 * PAD > w;
      const headH = 17 + (terrainBelow ? 12 : 0) + (cmd ? 12 : 0) + tagLines.length * 13;
      const grid = counterGrid(here, hidden, side, w, isOwn);
      const h = Math.max(70, headH + (grid.h ? grid.h + PAD + 2 : 0) + PAD);
      const cls = ['section', `sec-${sec}`, isOwn ? 'own' : 'enemy'];
      if (mark) cls.push('mark', `mark-${mark}`);
      if (s?.terrain) cls.push(`has-${s.terrain}`);
      if (s?.engaged) cls.push('engaged');
      if (s?.fortified) cls.push('fortified');
      if (sec.startsWith('flank_')) cls.push('flank');
      const words = [
        `${side} ${SECTION_WORDS[sec]}`,
        s?.terrain ?? 'open ground',
        ...tags.map((t) => t[0]),
        cmd ? `commander ${leaderOf(s!.commander!)}${s!.commander_lost ? ' (lost)' : ''}` : '',
        `${here.length + hidden} counter${here.length + hidden === 1 ? '' : 's'}`,
      ].filter(Boolean);
      return {
        h,
        svg: (x, y, hh) => {
          let out =
            `<g class="${cls.join(' ')}" data-key="${esc(k)}" data-section="${sec}" data-side="${esc(side)}"${s?.terrain ? ` data-terrain="${s.terrain}"` : ''} ` +
            `${mark ? 'tabindex="0" role="button"' : 'role="group"'} aria-label="${esc(words.join(', '))}">` +
            `<rect class="s-bg" x="${x}" y="${y}" width="${w}" height="${hh}" rx="5"/>`;
          if (s?.terrain) out += `<rect class="s-terrain" x="${x}" y="${y}" width="${w}" height="${hh}" rx="5" fill="url(#bt-${s.terrain})"/>`;
          out += `<text class="s-name" x="${x + PAD}" y="${y + 13}">${esc(SECTION_WORDS[sec])}</text>`;
          let ty = y + 17;
          if (terrainName && terrainBelow) {
            out += `<text class="s-terrain-name below t-${s!.terrain}" x="${x + PAD}" y="${ty + 9}">${esc(terrainName)}</text>`;
            ty += 12;
          } else if (terrainName) out += `<text class="s-terrain-name t-${s!.terrain}" x="${x + w - PAD}" y="${y + 13}">${esc(terrainName)}</text>`;
          if (cmd) {
            out += fitText(cmd, 8.5, w - 2 * PAD, `class="s-cmd${s?.commander_lost ? ' lost' : ''}" x="${x + PAD}" y="${ty + 9}"`);
            ty += 12;
          }
          for (const line of tagLines) {
            let tx = x + PAD;
            for (const [t, c] of line) {
              const tw = textW(t, 8) + 8;
              out += `<g class="tag tag-${c}"><rect x="${tx}" y="${ty + 1}" width="${tw}" height="11" rx="3"/><text x="${tx + tw / 2}" y="${ty + 9.5}">${esc(t)}</text></g>`;
              tx += tw + 3;
            }
            ty += 13;
          }
          out += grid.svg(x + PAD, y + headH + 2, 0);
          out += `<rect class="s-edge" x="${x}" y="${y}" width="${w}" height="${hh}" rx="5"/>`;
          return out + '</g>';
        },
      };
    };

    /** The zigzag of a field fortification along a section's front edge. */
    const fortPath = (x: number, y: number, w: number, h: number, edge: 'top' | 'bottom' | 'left' | 'right'): string => {
      const n = Math.max(3, Math.round((edge === 'top' || edge === 'bottom' ? w : h) / 10));
      let d = '';
      for (let i = 0; i <= n; i += 1) {
        const f = i / n;
        const off = i % 2 ? 5 : 1;
        let px: number;
        let py: number;
        if (edge === 'top') [px, py] = [x + f * w, y + off];
        else if (edge === 'bottom') [px, py] = [x + f * w, y + h - off];
        else if (edge === 'left') [px, py] = [x + off, y + f * h];
        else [px, py] = [x + w - off, y + f * h];
        d += `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`;
      }
      return `<path class="fortification" d="${d}"><title>Field fortification</title></path>`;
    };

    // ---- the info bands: endurance track, hand, losses -------------------------------------------------
    const bepItem = (side: string, value: number, start: number, width: number): Item => {
      const { colour, ink } = sideColour(side);
      const title = `${side} BEP ${value}/${start}`;
      const titleW = textW(title, 11, true) + 8;
      const cell = 17;
      const per = Math.max(5, Math.floor((width - titleW) / cell));
      const cells = Math.max(0, start) + 1;
      const rows = Math.ceil(cells / per);
      const w = titleW + Math.min(cells, per) * cell;
      return {
        w,
        h: rows * cell,
        svg: (x, y) => {
          let out = `<g class="bep" data-bep-side="${esc(side)}" data-bep="${value}" role="img" aria-label="${esc(side)} battle endurance ${value} of ${start}"><text class="bep-title" x="${x}" y="${y + 12}">${esc(title)}</text>`;
          for (let i = start, n = 0; i >= 0; i -= 1, n += 1) {
            const cx = x + titleW + (n % per) * cell;
            const cy = y + Math.floor(n / per) * cell;
            const at = i === Math.max(0, value);
            const cls = `bep-cell${at ? ' at' : ''}${i > value ? ' spent' : ''}`;
            out += `<rect class="${cls}" x="${cx}" y="${cy}" width="${cell - 1}" height="${cell - 1}"${at ? ` fill="${colour}"` : ''}/>`;
            out += `<text class="bep-n${at ? ' at' : ''}${i > value ? ' spent' : ''}" x="${cx + (cell - 1) / 2}" y="${cy + 11.5}"${at ? ` fill="${ink}"` : ''}>${i}</text>`;
          }
          return out + '</g>';
        },
      };
    };

    const lossItem = (side: string, l: Losses): Item => {
      const parts: [string, number, string][] = [
        ['combat', l.combat, 'Combat casualties'],
        ['automatic', l.automatic, 'Automatic victories'],
        ['pursuit', l.pursuit, 'Pursuit'],
        ['pursuit-art', l.pursuit_art, 'Artillery lost in the pursuit'],
      ];
      const total = parts.reduce((n, [, v]) => n + v, 0);
      const label = `Losses ${total} SP`;
      const lw = textW(label, 10.5) + 6;
      const barW = total ? Math.min(160, 10 + total * 6) : 0;
      return {
        w: lw + barW,
        h: 16,
        svg: (x, y) => {
          let out = `<g class="losses" data-losses-side="${esc(side)}" role="img" aria-label="${esc(side)} lost ${total} SP"><text class="info" x="${x}" y="${y + 12}">${label}</text>`;
          let bx = x + lw;
          for (const [k, v, t] of parts) {
            if (!v) continue;
            const bw = (barW * v) / total;
            out += `<g class="loss loss-${k}"><rect x="${bx.toFixed(1)}" y="${y + 2}" width="${bw.toFixed(1)}" height="12"/>${bw > 12 ? `<text x="${(bx + bw / 2).toFixed(1)}" y="${y + 11.5}">${v}</text>` : ''}<title>${t}: ${v} SP</title></g>`;
            bx += bw;
          }
          return out + '</g>';
        },
      };
    };

    const textItem = (text: string, cls = 'info', attrs = '', size = 10.5, bold = false): Item => ({
      w: textW(text, size, bold),
      h: 16,
      svg: (x, y) => `<text class="${cls}" x="${x}" y="${y + 12}"${attrs}>${esc(text)}</text>`,
    });

    const chitItem = (label: string, attrs: string, cls: string): Item => {
      const w = Math.max(50, textW(label, 10.5, true) + 16);
      return {
        w,
        h: CHIT_H,
        svg: (x, y) =>
          `<g class="${cls}" ${attrs} transform="translate(${x},${y})"><rect width="${w}" height="${CHIT_H}" rx="3"/><text x="${w / 2}" y="${CHIT_H / 2 + 3.5}">${esc(label)}</text></g>`,
      };
    };

    const commandWords = (side: { cic: { kind: string; id: number }; command: string; joint_leaders: { kind: string; id: number }[] }) =>
      `CiC ${leaderOf(side.cic)}${side.command === 'joint' ? ` (joint command${side.joint_leaders.length ? ` with ${side.joint_leaders.map(leaderOf).join(', ')}` : ''})` : ''}`;

    const band = (y: number, x0: number, width: number, items: Item[]): { svg: string; h: number } => flow(items, x0, width, y);

    const enemyItems = (width: number): Item[] => {
      const items: Item[] = [
        textItem(`${enemy.side}${enemy.side === view.attacker ? ' (attacker)' : ''}`, 'band-side', ` fill="${sideColour(enemy.side).colour}"`, 12, true),
        textItem(commandWords(enemy)),
        textItem(`OCC ${enemy.occ === null ? 'unknown' : signed(enemy.occ)}`),
      ];
      if (enemy.passed) items.push(textItem('passed', 'info hot'));
      if (enemy.undeployed) items.push(textItem(`${enemy.undeployed} not yet deployed`));
      items.push(lossItem(enemy.side, enemy.losses));
      items.push(bepItem(enemy.side, enemy.bep, enemy.bep_start, width));
      // The enemy's hand: backs only, never what they are.
      const n = enemy.hand_count;
      const label = `${enemy.side} hand: ${n} chit${n === 1 ? '' : 's'} (hidden)`;
      const lw = textW(label, 10.5) + 6;
      const backsW = Math.min(n, 12) * 11 + (n ? 8 : 0);
      items.push({
        w: lw + backsW,
        h: CHIT_H,
        svg: (x, y) => {
          let out = `<g class="hand enemy-hand" data-enemy-chits="${n}" role="img" aria-label="${esc(label)}"><text class="info" x="${x}" y="${y + 15}">${esc(label)}</text>`;
          for (let i = 0; i < Math.min(n, 12); i += 1) out += `<rect class="chit-back" x="${x + lw + i * 11}" y="${y + 1}" width="18" height="${CHIT_H - 2}" rx="2"/>`;
          return out + '</g>';
        },
      });
      return items;
    };

    const ownItems = (width: number): Item[] => {
      const items: Item[] = [
        textItem(`${own.side} (you${own.side === view.attacker ? ', attacker' : ''})`, 'band-side', ` fill="${sideColour(own.side).colour}"`, 12, true),
        textItem(commandWords(own)),
        textItem(`OCC ${signed(own.occ)}`),
      ];
      if (own.passed) items.push(textItem('passed', 'info hot'));
      if (!own.outflank_allowed) items.push(textItem('may not outflank', 'info'));
      items.push(lossItem(own.side, own.losses));
      items.push(bepItem(own.side, own.bep, own.bep_start, width));
      return items;
    };

    const handItems = (): Item[] => {
      const count = own.hand.reduce((n, [, c]) => n + c, 0);
      const items: Item[] = [textItem(`Your chits (${count} of ${own.hand_limit}):`, 'row-title', '', 10.5, true)];
      const held = own.hand.filter(([, n]) => n > 0);
      if (!held.length) items.push(textItem('none', 'info none'));
      for (const [kind, n] of held) {
        const k = chitPlace(kind);
        const mark = markOf(k);
        const label = `${OPTION_WORDS[kind]}${n > 1 ? ` ×${n}` : ''}`;
        items.push(
          chitItem(
            label,
            `data-key="${k}" data-chit="${kind}"${mark ? ' tabindex="0" role="button"' : ' role="img"'}${mark === 'picked' ? ' aria-pressed="true"' : ''} aria-label="${esc(`${label} chit${mark === 'picked' ? ': picked, now click a section (again to put it back)' : mark ? ': play it' : ''}`)}"`,
            `chit${mark ? ` mark mark-${mark}` : ''}`,
          ),
        );
      }
      return items;
    };

    const poolItems = (): Item[] => {
      const kinds = OPTION_KINDS.filter((k) => markOf(`pool:${k}`));
      if (!kinds.length) return [];
      return [
        textItem('Take a chit:', 'row-title', '', 10.5, true),
        ...kinds.map((kind) =>
          chitItem(OPTION_WORDS[kind], `data-key="pool:${kind}" data-pool="${kind}" tabindex="0" role="button" aria-label="Take a ${esc(OPTION_WORDS[kind])} chit"`, 'chit pool-chit mark mark-move'),
        ),
      ];
    };

    // ---- layout ---------------------------------------------------------------------------------
    const M = 6;
    const inner = W - 2 * M;
    let y = M;
    let body = '';
    const { colour: ownColour } = sideColour(own.side);
    const { colour: enemyColour } = sideColour(enemy.side);

    // The title line (it wraps on a phone).
    const titleItems: Item[] = [
      textItem(`${view.name} — round ${view.round}, ${view.step};`, 'battle-title', '', 12.5),
      textItem(`attacker ${view.attacker};`, 'battle-title', '', 12.5),
      {
        w: textW(`seen by ${view.viewer};`, 12.5, true),
        h: 16,
        svg: (x, yy) => `<text class="battle-title" x="${x}" y="${yy + 12}">seen by <tspan data-viewer="${esc(view.viewer)}" font-weight="bold">${esc(view.viewer)}</tspan>${view.outflank_holder ? ';' : ''}</text>`,
      },
    ];
    if (view.outflank_holder) titleItems.push(textItem(`outflank marker: ${view.outflank_holder}`, 'battle-title', '', 12.5));
    // Room on the right for the zoom buttons over the board.
    const title = flow(titleItems, M, inner - 50, y + 1, 4);
    body += title.svg;
    y += title.h + 8;

    const bandBox = (items: Item[], colour: string, cls: string, attrs = '', room = 0): void => {
      const b = band(y + 5, M + 6, inner - 12 - room, items);
      body += `<g class="band ${cls}"${attrs}><rect class="band-bg" x="${M}" y="${y}" width="${inner}" height="${b.h + 10}" rx="5" stroke="${colour}"/>${b.svg}</g>`;
      y += b.h + 16;
    };

    // The zoom buttons float over the top right corner of the board: the enemy's band keeps clear.
    bandBox(enemyItems(inner - 60), enemyColour, 'enemy-band', ` data-side="${esc(enemy.side)}"`, 48);

    const enemyBy = new Map(enemy.sections.map((s) => [s.section, s]));
    const ownBy = new Map(own.sections.map((s) => [s.section, s]));
    const enemyOrder = [...LINE].reverse();
    let lines = '';
    let nml = '';

    if (mode === 'wide') {
      // Column widths: the outflanking sections narrower than the battle line.
      const weights = LINE.map((s) => (s.startsWith('flank_') ? 0.62 : 1));
      const unit = (inner - 4 * 8) / weights.reduce((a, b) => a + b, 0);
      const colW = weights.map((f) => Math.floor(f * unit));
      const colX: number[] = [];
      let cx = M;
      colW.forEach((w) => {
        colX.push(cx);
        cx += w + 8;
      });
      const resW = Math.min(inner, Math.max(colW[1]! * 2 + 8, 2 * (CW + GAP) + 2 * PAD));
      const resX = M + (inner - resW) / 2;

      const half = (side: string, by: Map<BattleSection, BattleSectionView>, counters: BattleCounterView[], isOwn: boolean) => {
        const order = isOwn ? LINE : enemyOrder;
        const blocks = order.map((sec, i) => sectionBlock(side, by.get(sec), sec, counters, isOwn, colW[i]!));
        const lineH = Math.max(...blocks.map((b) => b.h));
        const reserve = sectionBlock(side, by.get('reserve'), 'reserve', counters, isOwn, resW);
        return { order, blocks, lineH, reserve };
      };
      const e = half(enemy.side, enemyBy, enemy.counters, false);
      const o = half(own.side, ownBy, own.counters, true);

      // The enemy's reserve behind its line, then its line, no man's land, the viewer's line and reserve.
      lines += `<g class="line-half enemy-half" data-side="${esc(enemy.side)}">`;
      lines += e.reserve.svg(resX, y, e.reserve.h);
      y += e.reserve.h + 8;
      e.blocks.forEach((b, i) => {
        lines += b.svg(colX[i]!, y, e.lineH);
        if (enemyBy.get(e.order[i]!)?.fortified) lines += fortPath(colX[i]!, y, colW[i]!, e.lineH, 'bottom');
      });
      y += e.lineH;
      lines += '</g>';
      const nmlH = 26;
      nml += `<g class="no-mans-land" aria-hidden="true"><rect x="${M}" y="${y + 4}" width="${inner}" height="${nmlH - 8}" rx="3"/>`;
      const clash = LINE.map((sec, i) => !!(ownBy.get(sec)?.engaged || enemyBy.get(enemyOrder[i]!)?.engaged));
      // The strip's name in an outer column with no clash drawn in it.
      const nameAt = clash[0] ? (clash[4] ? -1 : 4) : 0;
      if (nameAt === 0) nml += `<text class="nml-text" x="${M + 6}" y="${y + nmlH / 2 + 3.5}">no man’s land</text>`;
      if (nameAt === 4) nml += `<text class="nml-text" x="${M + inner - 6}" y="${y + nmlH / 2 + 3.5}" text-anchor="end">no man’s land</text>`;
      LINE.forEach((sec, i) => {
        const facing = enemyOrder[i]!;
        if (clash[i])
          nml += `<text class="clash" x="${colX[i]! + colW[i]! / 2}" y="${y + nmlH / 2 + 5}">⚔<title>${esc(`${own.side} ${SECTION_WORDS[sec]} and ${enemy.side} ${SECTION_WORDS[facing]} engaged`)}</title></text>`;
      });
      nml += '</g>';
      y += nmlH;
      lines += `<g class="line-half own-half" data-side="${esc(own.side)}">`;
      o.blocks.forEach((b, i) => {
        lines += b.svg(colX[i]!, y, o.lineH);
        if (ownBy.get(o.order[i]!)?.fortified) lines += fortPath(colX[i]!, y, colW[i]!, o.lineH, 'top');
      });
      y += o.lineH + 8;
      lines += o.reserve.svg(resX, y, o.reserve.h);
      y += o.reserve.h + 10;
      lines += '</g>';
    } else {
      // Turned a quarter: the line runs down the page; the enemy's sections (left) face the viewer's (right).
      const mid = 14;
      const colW = Math.floor((inner - mid) / 2);
      const ex = M;
      const ox = M + colW + mid;
      body += `<text class="col-head" x="${ex + colW / 2}" y="${y + 10}" fill="${enemyColour}">${esc(enemy.side)} line</text><text class="col-head" x="${ox + colW / 2}" y="${y + 10}" fill="${ownColour}">${esc(own.side)} line (you)</text>`;
      y += 16;
      let eg = `<g class="line-half enemy-half" data-side="${esc(enemy.side)}">`;
      let og = `<g class="line-half own-half" data-side="${esc(own.side)}">`;
      const rowsTop = y;
      let stripEnd = y;
      const rows: [BattleSection, BattleSection][] = [...LINE.map((s, i): [BattleSection, BattleSection] => [s, enemyOrder[i] ?? s]), ['reserve', 'reserve']];
      rows.forEach(([oSec, eSec], i) => {
        const eb = sectionBlock(enemy.side, enemyBy.get(eSec), eSec, enemy.counters, false, colW);
        const ob = sectionBlock(own.side, ownBy.get(oSec), oSec, own.counters, true, colW);
        const h = Math.max(eb.h, ob.h);
        if (oSec === 'reserve') {
          stripEnd = y - 6;
          y += 10;
        }
        eg += eb.svg(ex, y, h);
        og += ob.svg(ox, y, h);
        if (enemyBy.get(eSec)?.fortified) eg += fortPath(ex, y, colW, h, 'right');
        if (ownBy.get(oSec)?.fortified) og += fortPath(ox, y, colW, h, 'left');
        if (oSec !== 'reserve' && (ownBy.get(oSec)?.engaged || enemyBy.get(eSec)?.engaged))
          nml += `<text class="clash" x="${M + colW + mid / 2}" y="${y + h / 2 + 5}">⚔<title>${esc(`${own.side} ${SECTION_WORDS[oSec]} and ${enemy.side} ${SECTION_WORDS[eSec]} engaged`)}</title></text>`;
        y += h + (i < rows.length - 1 ? 6 : 10);
      });
      nml = `<g class="no-mans-land" aria-hidden="true"><rect x="${M + colW + 3}" y="${rowsTop}" width="${mid - 6}" height="${stripEnd - rowsTop}" rx="3"/>${nml}</g>`;
      lines += eg + '</g>' + og + '</g>';
    }
    body += nml + lines;

    bandBox(ownItems(inner - 12), ownColour, 'own-band', ` data-side="${esc(own.side)}"`);
    // The viewer's hand (the enemy's is only a count, in its band).
    const hand = flow(handItems(), M + 6, inner - 12, y);
    body += `<g class="hand own-hand" role="group" aria-label="Your option chits">${hand.svg}</g>`;
    y += hand.h + 8;
    const pool = poolItems();
    if (pool.length) {
      const p = flow(pool, M + 6, inner - 12, y);
      body += `<g class="pool" role="group" aria-label="Option chits to take">${p.svg}</g>`;
      y += p.h + 8;
    }
    const offDisplay = own.counters.filter((c) => c.place.at !== 'display');
    if (offDisplay.length) {
      const items: Item[] = [textItem('Not on the display:', 'row-title', '', 10.5, true)];
      for (const c of offDisplay) {
        items.push({
          w: CW,
          h: counterH(c) + 11,
          svg: (x, yy) => `<g class="off" data-place="${c.place.at}">${counterSvg(c, own.side, x, yy, true)}<text class="off-place" x="${x + CW / 2}" y="${yy + counterH(c) + 9}">${esc(c.place.at)}</text></g>`,
        });
      }
      const f = flow(items, M + 6, inner - 12, y, GAP);
      body += `<g class="off-display">${f.svg}</g>`;
      y += f.h + 8;
    }
    // A key to the counters' marks.
    const keyItem = (cls: string, text: string): Item => ({
      w: textW(text, 9) + 10,
      h: 12,
      svg: (x, yy) => `<g class="sp ${cls}"><rect class="sp-q" x="${x}" y="${yy + 2}" width="5" height="8" rx="1"/><text class="key-text" x="${x + 8}" y="${yy + 9.5}">${esc(text)}</text></g>`,
    });
    const legend = flow(
      [
        textItem('Key:', 'key-text', '', 9, true),
        keyItem('q-vet', 'Veteran SP'),
        keyItem('q-ln', 'Line'),
        keyItem('q-rec', 'Recruits'),
        keyItem('q-none', 'Guard, militia, artillery, other'),
        textItem('n s: shattered SP', 'key-text', '', 9),
        textItem('dashed edge: yours, face down to the enemy', 'key-text', '', 9),
        textItem('★ commander / HQ', 'key-text', '', 9),
      ],
      M + 6,
      inner - 12,
      y,
      10,
    );
    body += `<g class="key" aria-hidden="true">${legend.svg}</g>`;
    y += legend.h + 4;
    const H = Math.ceil(y + M);

    let result = '';
    if (view.outcome) {
      const r = view.outcome.detail;
      const rows = r.sides
        .map(
          (x) =>
            `<tr data-result-side="${esc(x.side)}"><th>${esc(x.side)}</th><td>${x.bep_left} / ${x.bep_start}</td><td>${x.casualties}</td><td>${x.stragglers}</td><td>${x.definitive}</td><td>${x.sp_left}</td><td>${esc(x.leaders_lost.join(', ') || '—')}</td></tr>`,
        )
        .join('');
      result =
        `<div class="battle-result" role="status"><strong>${r.winner ? `${esc(r.winner)} win` : 'No winner'}</strong> after ${r.rounds} round${r.rounds === 1 ? '' : 's'}` +
        (r.must_retreat ? `; the <b>${esc(r.must_retreat)}</b> must retreat` : '') +
        `<table><thead><tr><th></th><th>BEP left</th><th>Casualties</th><th>Stragglers</th><th>Definitive</th><th>SP left</th><th>Leaders lost</th></tr></thead><tbody>${rows}</tbody></table>` +
        lossesByUnit(r.sides) +
        '</div>';
    }

    const active = activeIn(this.root);
    const focused = this.root.contains(active) ? focusKey(active) : null;
    this.root.innerHTML =
      result +
      `<svg class="battle-svg ${mode}" data-mode="${mode}" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="group" aria-label="${esc(`Battle display of ${view.name}, seen by the ${view.viewer}`)}">` +
      DEFS +
      body +
      '</svg>';
    this.zoomer.apply();
    // Keep the keyboard where it was when the same thing is still there.
    if (focused) this.root.querySelector<SVGElement>(focused)?.focus();
  }
}

/** The engine's losses by CU and troop type (what the campaign places and counts), folded. */
function lossesByUnit(sides: { side: string; by_unit: { name: string; nationality: string; troop: string; casualties: number; stragglers: number; definitive: number }[] }[]): string {
  const rows = sides
    .flatMap((x) =>
      x.by_unit.map(
        (u) =>
          `<tr data-unit-loss="${esc(x.side)}"><td>${esc(x.side)}</td><td>${esc(u.name)}</td><td>${esc(u.nationality)}</td><td>${esc(u.troop)}</td><td>${u.casualties}</td><td>${u.stragglers}</td><td>${u.definitive}</td></tr>`,
      ),
    )
    .join('');
  if (!rows) return '';
  return `<details class="unit-losses"><summary>Losses by unit</summary><table><thead><tr><th>Side</th><th>CU</th><th>Nationality</th><th>Troops</th><th>Casualties</th><th>Stragglers</th><th>Definitive</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

function focusKey(el: Element | null): string | null {
  if (!el) return null;
  const piece = (el as SVGElement).dataset?.piece;
  if (piece) return `[data-piece="${piece}"]`;
  const key = (el as SVGElement).dataset?.key;
  return key ? `[data-key="${CSS.escape(key)}"][tabindex]` : null;
}

/** Terrain fills and the back of a face-down counter. */
const DEFS =
  '<defs>' +
  '<pattern id="bt-hills" width="28" height="16" patternUnits="userSpaceOnUse"><path d="M2,13q6,-9 12,0M15,7q5,-7 10,0" fill="none" stroke="#9a7b45" stroke-width="1.2"/></pattern>' +
  '<pattern id="bt-woods" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="3.4" fill="#6c9a58"/><circle cx="14" cy="13" r="3" fill="#5d8a4b"/></pattern>' +
  '<pattern id="bt-village" width="24" height="20" patternUnits="userSpaceOnUse"><path d="M3,12h7v6h-7zM2.5,12l4,-4 4,4M14,4h6v5h-6zM13.5,4l3.5,-3 3.5,3" fill="#c9a18c" stroke="#7a5443" stroke-width=".8"/></pattern>' +
  '<pattern id="bt-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="8" fill="#fff" opacity=".35"/></pattern>' +
  '</defs>';
