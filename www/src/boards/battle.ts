// The Field Battle display (Age of Muskets SR 9.2.f): both sides' battle lines (left, centre,
// right, the reserve and the two outflanking sections) facing each other, with terrain, counters
// and their SP by troop type, face-down counters as backs, the endurance (BEP) tracks and the
// option chits in hand (the viewer's own only: the enemy's are a count of backs).
//
// It draws what view(side) gives and nothing else: the engine's view already hides the enemy's
// hand and hidden counters. Clicks go back to the shell as "hex" keys (side:section, chit:kind,
// pool:kind) and piece ids, the same way the hex board reports them.
import type { BattleCounterView, BattleScenario, BattleSection, BattleSectionView, BattleView } from '../../pkg/napoleonic.js';
import type { BoardMarks, Where } from './hex.js';
import { BATTLE_SIDES, counterId, OPTION_KINDS, OPTION_WORDS, SECTION_WORDS, sectionKey } from '../games/muskets.js';

export interface BattleBoardEvents {
  activateHex(key: string, at: Where): void;
  activatePiece(id: number, key: string, at: Where): void;
  hover(target: { unit?: number; hex?: string } | null, at: Where): void;
}

const LINE: BattleSection[] = ['flank_left', 'left', 'centre', 'right', 'flank_right'];

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

function colour(side: string): { colour: string; ink: string } {
  return BATTLE_SIDES.find((s) => s.id === side) ?? { colour: '#888', ink: '#000' };
}

export class BattleBoard {
  readonly root: HTMLDivElement;
  private key = '';
  private readOnly = false;

  constructor(
    parent: HTMLElement,
    private readonly events: BattleBoardEvents,
  ) {
    this.root = parent.ownerDocument.createElement('div');
    this.root.id = 'battle-board';
    this.root.hidden = true;
    parent.append(this.root);
    const at = (el: Element): Where => () => el.getBoundingClientRect();
    this.root.addEventListener('click', (e) => {
      if (this.readOnly) return;
      const target = e.target as Element;
      const piece = target.closest<HTMLElement>('[data-piece]');
      if (piece) {
        const section = piece.closest<HTMLElement>('[data-key]');
        this.events.activatePiece(Number(piece.dataset.piece), section?.dataset.key ?? '', at(piece));
        return;
      }
      const key = target.closest<HTMLElement>('[data-key]');
      if (key) this.events.activateHex(key.dataset.key!, at(key));
    });
    this.root.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const target = e.target as HTMLElement;
      if (target.matches('[data-piece],[data-key]') && target.tagName !== 'BUTTON') {
        e.preventDefault();
        target.click();
      }
    });
    this.root.addEventListener('pointerover', (e) => {
      const piece = (e.target as Element).closest<HTMLElement>('[data-piece]');
      if (piece) this.events.hover({ unit: Number(piece.dataset.piece) }, at(piece));
      else this.events.hover(null, null);
    });
  }

  show(on: boolean): void {
    this.root.hidden = !on;
  }

  setReadOnly(on: boolean): void {
    this.readOnly = on;
    this.root.classList.toggle('read-only', on);
  }

  clear(): void {
    this.key = '';
    this.root.replaceChildren();
  }

  draw(view: BattleView, scenario: BattleScenario, marks: BoardMarks): void {
    const key = JSON.stringify([view, [...marks.hexes], [...marks.selectable], [...marks.targets], marks.selected]);
    if (key === this.key) return;
    this.key = key;
    const troop = (t: number) => scenario.troops[t]?.abbr ?? `#${t}`;
    const markOf = (k: string) => marks.hexes.get(k);

    const counter = (c: BattleCounterView, side: string): string => {
      const id = counterId(c.counter);
      const cls = ['counter', c.counter.kind];
      if (marks.selectable.has(id)) cls.push('selectable');
      if (marks.selected === id) cls.push('selected');
      if (marks.targets.has(id)) cls.push('target');
      if (c.leader_lost) cls.push('leader-lost');
      const sp = c.sp
        .map(
          (s) =>
            `<span class="sp" title="${esc(troop(s.troop))}: ${s.fresh} fresh, ${s.shattered} shattered">${esc(troop(s.troop))} <b>${s.fresh}</b>` +
            (s.shattered ? ` <i class="shattered">${s.shattered}s</i>` : '') +
            '</span>',
        )
        .join('');
      const { colour: bg, ink } = colour(side);
      return (
        `<div class="${cls.join(' ')}" data-piece="${id}" tabindex="0" role="button" style="--side:${bg};--ink:${ink}" aria-label="${esc(c.name)}">` +
        `<span class="name">${c.counter.kind === 'hq' ? '★ ' : ''}${esc(c.name)}</span>` +
        `<span class="leader">${esc(c.leader.name)}${c.leader_lost ? ' ✝' : ''}</span>` +
        (sp ? `<span class="sps">${sp}</span>` : '') +
        '</div>'
      );
    };

    const backs = (n: number, side: string): string => {
      const { colour: bg } = colour(side);
      let out = '';
      for (let i = 0; i < n; i += 1) out += `<div class="counter back" style="--side:${bg}" title="A face-down ${esc(side)} counter">${esc(side)}</div>`;
      return out;
    };

    const section = (side: string, s: BattleSectionView | undefined, sec: BattleSection, counters: BattleCounterView[], own: boolean): string => {
      const k = sectionKey(side, sec);
      const mark = markOf(k);
      const here = counters.filter((c) => c.place.at === 'display' && c.place.section === sec);
      const tags: string[] = [];
      if (s?.terrain) tags.push(`<span class="terrain terrain-${s.terrain}">${esc(s.terrain)}</span>`);
      if (s?.fortified) tags.push('<span class="tag">fortified</span>');
      if (s?.engaged) tags.push('<span class="tag hot">engaged</span>');
      if (s?.cavalry_superiority) tags.push('<span class="tag">cavalry superiority</span>');
      if (s?.commander) tags.push(`<span class="tag">cmd: ${esc(this.counterLabel(scenario, s.commander))}${s.commander_lost ? ' ✝' : ''}</span>`);
      const cls = ['section', `sec-${sec}`, own ? 'own' : 'enemy'];
      if (mark) cls.push('mark', `mark-${mark}`);
      if (s?.terrain) cls.push(`has-${s.terrain}`);
      return (
        `<div class="${cls.join(' ')}" data-key="${esc(k)}" ${mark ? 'tabindex="0" role="button"' : ''} aria-label="${esc(side)} ${esc(SECTION_WORDS[sec])}">` +
        `<div class="section-head"><span class="section-name">${esc(SECTION_WORDS[sec])}</span>${tags.join('')}</div>` +
        `<div class="counters">${here.map((c) => counter(c, side)).join('')}${backs(s?.hidden_counters ?? 0, side)}</div>` +
        '</div>'
      );
    };

    const line = (side: string, sections: BattleSectionView[], counters: BattleCounterView[], own: boolean): string => {
      const bySec = new Map(sections.map((s) => [s.section, s]));
      // The enemy faces the viewer: its right is opposite the viewer's left.
      const order = own ? LINE : [...LINE].reverse();
      const row = order.map((sec) => section(side, bySec.get(sec), sec, counters, own)).join('');
      const reserve = section(side, bySec.get('reserve'), 'reserve', counters, own);
      return own ? `<div class="line">${row}</div><div class="line reserve-row">${reserve}</div>` : `<div class="line reserve-row">${reserve}</div><div class="line">${row}</div>`;
    };

    const bep = (side: string, value: number, start: number): string => {
      const { colour: bg, ink } = colour(side);
      let cells = '';
      for (let i = start; i >= 0; i -= 1)
        cells += `<span class="bep-cell${i === value ? ' at' : ''}${i > value ? ' spent' : ''}" style="--side:${bg};--ink:${ink}">${i}</span>`;
      return `<div class="bep" data-bep-side="${esc(side)}" aria-label="${esc(side)} battle endurance ${value} of ${start}"><span class="bep-title">${esc(side)} BEP ${value}/${start}</span>${cells}</div>`;
    };

    const own = view.own;
    const enemy = view.enemy;
    const hand = own.hand
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => {
        const k = `chit:${kind}`;
        const mark = markOf(k);
        return `<button type="button" class="chit${mark ? ` mark mark-${mark}` : ''}" data-key="${k}" data-chit="${kind}">${esc(OPTION_WORDS[kind])}${n > 1 ? ` ×${n}` : ''}</button>`;
      })
      .join('');
    const poolMarks = OPTION_KINDS.filter((k) => markOf(`pool:${k}`));
    const pool = poolMarks.length
      ? `<div class="pool" aria-label="Option chits to take"><span class="row-title">Take a chit:</span>${poolMarks
          .map((kind) => `<button type="button" class="chit mark mark-move" data-key="pool:${kind}" data-pool="${kind}">${esc(OPTION_WORDS[kind])}</button>`)
          .join('')}</div>`
      : '';
    const enemyChits = `<span class="chit back" data-enemy-chits="${enemy.hand_count}">${enemy.hand_count} chit${enemy.hand_count === 1 ? '' : 's'} (hidden)</span>`;
    const offDisplay = own.counters.filter((c) => c.place.at !== 'display');
    const off = offDisplay.length
      ? `<div class="off-display"><span class="row-title">Not on the display:</span>${offDisplay
          .map((c) => `<span class="off">${counter(c, own.side)}<small>${esc(c.place.at)}</small></span>`)
          .join('')}</div>`
      : '';

    const lossBar = (side: string, l: BattleView['own']['losses']): string => {
      const parts: [string, number, string][] = [
        ['combat', l.combat, 'Combat casualties'],
        ['automatic', l.automatic, 'Automatic victories'],
        ['pursuit', l.pursuit, 'Pursuit'],
        ['pursuit-art', l.pursuit_art, 'Artillery lost in the pursuit'],
      ];
      const total = parts.reduce((n, [, v]) => n + v, 0);
      const cells = parts
        .filter(([, v]) => v > 0)
        .map(([k, v, t]) => `<span class="loss loss-${k}" style="flex-grow:${v}" title="${t}: ${v} SP">${v}</span>`)
        .join('');
      return `<span class="losses" data-losses-side="${esc(side)}" title="${esc(side)} SP lost">Losses ${total} SP${total ? `<span class="loss-bar" style="width:${Math.min(12, total * 0.6)}rem">${cells}</span>` : ''}</span>`;
    };

    let result = '';
    if (view.outcome) {
      const r = view.outcome.result;
      const rows = r.sides
        .map(
          (x) =>
            `<tr data-result-side="${esc(x.side)}"><th>${esc(x.side)}</th><td>${x.bep_left} / ${x.bep_start}</td><td>${x.casualties}</td><td>${x.stragglers}</td><td>${x.definitive}</td><td>${x.sp_left}</td><td>${esc(x.leaders_lost.join(', ') || '—')}</td></tr>`,
        )
        .join('');
      result =
        `<div class="battle-result" role="status"><strong>${r.winner ? `${esc(r.winner)} win` : 'No winner'}</strong> after ${r.rounds} round${r.rounds === 1 ? '' : 's'}` +
        (r.must_retreat ? `; the <b>${esc(r.must_retreat)}</b> must retreat` : '') +
        `<table><thead><tr><th></th><th>BEP left</th><th>Casualties</th><th>Stragglers</th><th>Definitive</th><th>SP left</th><th>Leaders lost</th></tr></thead><tbody>${rows}</tbody></table></div>`;
    }

    this.root.innerHTML =
      result +
      `<div class="battle-head"><strong>${esc(view.name)}</strong> — round ${view.round}, ${esc(view.step)}; attacker ${esc(view.attacker)}; seen by <b data-viewer="${esc(view.viewer)}">${esc(view.viewer)}</b></div>` +
      `<div class="half enemy-half" data-side="${esc(enemy.side)}">` +
      `<div class="half-head">${bep(enemy.side, enemy.bep, enemy.bep_start)}<span class="hand enemy-hand">${esc(enemy.side)} hand: ${enemyChits}</span>` +
      (enemy.undeployed ? `<span class="tag">${enemy.undeployed} not yet deployed</span>` : '') +
      lossBar(enemy.side, enemy.losses) +
      `</div>${line(enemy.side, enemy.sections, enemy.counters, false)}</div>` +
      `<div class="no-mans-land"></div>` +
      `<div class="half own-half" data-side="${esc(own.side)}">${line(own.side, own.sections, own.counters, true)}` +
      `<div class="half-head">${bep(own.side, own.bep, own.bep_start)}<span class="hand own-hand" aria-label="Your option chits">Your chits (${own.hand.reduce((n, [, c]) => n + c, 0)} of ${own.hand_limit}): ${hand || '<em>none</em>'}</span>${lossBar(own.side, own.losses)}</div>` +
      pool +
      off +
      '</div>';
  }

  private counterLabel(scenario: BattleScenario, c: { kind: string; id: number }): string {
    return c.kind === 'hq' ? (scenario.hqs[c.id]?.leader.name ?? '') : (scenario.cus[c.id]?.leader.name ?? '');
  }
}
