// The exact odds of an attack as a small bar: one segment per result, sized by its chances out
// of the total (sixths for one die), with the numbers written in each segment.
import type { OddsShown } from '../games/adapter.js';

export function oddsBar(doc: Document, odds: OddsShown, compact = false): HTMLElement {
  const wrap = doc.createElement('div');
  wrap.className = 'odds' + (compact ? ' compact' : '');
  const bar = doc.createElement('div');
  bar.className = 'odds-bar';
  bar.setAttribute('role', 'img');
  const words = odds.parts.map((p) => `${p.label} ${p.count}/${odds.total}`).join(', ');
  bar.setAttribute('aria-label', `Odds: ${words}`);
  for (const p of odds.parts) {
    const seg = doc.createElement('span');
    seg.className = `odds-seg odds-${p.key}`;
    seg.dataset.key = p.key;
    seg.dataset.count = String(p.count);
    seg.style.flexGrow = String(p.count);
    seg.title = `${p.label}: ${p.count} in ${odds.total}`;
    if (p.count === 0) seg.hidden = true;
    seg.textContent = compact ? `${p.count}` : `${p.count}/${odds.total}`;
    bar.append(seg);
  }
  wrap.append(bar);
  if (!compact) {
    const legend = doc.createElement('div');
    legend.className = 'odds-legend';
    for (const p of odds.parts) {
      const item = doc.createElement('span');
      item.className = `odds-key odds-key-${p.key}`;
      item.textContent = `${p.label} ${p.count}/${odds.total}`;
      legend.append(item);
    }
    wrap.append(legend);
    const numbers = doc.createElement('div');
    numbers.className = 'odds-numbers';
    numbers.textContent = odds.numbers;
    wrap.append(numbers);
    for (const n of odds.notes) {
      const note = doc.createElement('div');
      note.className = 'odds-note';
      note.textContent = n;
      wrap.append(note);
    }
  }
  wrap.dataset.total = String(odds.total);
  return wrap;
}
