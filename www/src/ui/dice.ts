// Dice drawn as dice: a rounded square with pips in the side's colours, rolled briefly unless the
// reader prefers reduced motion (the CSS turns the animation off then).
import type { DieShown, SideInfo } from '../games/adapter.js';

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** SVG markup of one die face. */
export function dieSvg(value: number, colour: string, ink: string): string {
  const pips = (PIPS[value] ?? [])
    .map(([x, y]) => `<circle cx="${12 + x * 6}" cy="${12 + y * 6}" r="2.3" fill="${ink}"/>`)
    .join('');
  // A d10 (or any face without pips) shows its number.
  const number = PIPS[value]
    ? ''
    : `<text x="12" y="16.5" text-anchor="middle" font-size="12" font-weight="bold" fill="${ink}">${value}</text>`;
  return (
    `<svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true">` +
    `<rect x="1" y="1" width="22" height="22" rx="5" fill="${colour}" stroke="rgba(0,0,0,.45)"/>` +
    pips +
    number +
    '</svg>'
  );
}

/** A die element: its face, its value for screen readers and tests, what it was rolled for. */
export function dieElement(doc: Document, d: DieShown, sides: SideInfo[], roll: boolean): HTMLElement {
  const side = sides.find((s) => s.id === d.side);
  const el = doc.createElement('span');
  el.className = 'die' + (roll ? ' rolling' : '');
  el.dataset.value = String(d.value);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', `${d.side} die: ${d.value} (${d.label})`);
  el.title = `${d.side}: ${d.value} for ${d.label}`;
  el.innerHTML = dieSvg(d.value, side?.colour ?? '#fff', side?.ink ?? '#111');
  return el;
}
