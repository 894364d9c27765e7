// The game log: one line per event, in words, grouped under the choice that caused it. A line
// can be picked to look at the position after that choice (the shell replays it read-only).
//
// The event lines come from the engine's events (history() after a load, apply() in play);
// the action lines ("French: Move Dupont") are remembered by the page when the choice is made.

export interface LogGroup {
  /** The number of choices made after this group (0 for the opening events). */
  choice: number;
  action?: { side: string; text: string };
  lines: string[];
  notes?: string[];
  /** The raw events (kept in memory only, for dice and trails when replaying). */
  events?: object[];
}

export class GameLog {
  private groups: LogGroup[] = [];
  private viewing: number | null = null;

  constructor(
    private readonly list: HTMLOListElement,
    private readonly pick: (choice: number) => void,
  ) {
    list.addEventListener('click', (e) => {
      const li = (e.target as Element).closest('li[data-choice]');
      if (li instanceof HTMLElement) this.pick(Number(li.dataset.choice));
    });
    list.addEventListener('keydown', (e) => {
      const li = (e.target as Element).closest('li[data-choice]');
      if (!(li instanceof HTMLElement)) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.pick(Number(li.dataset.choice));
      }
    });
  }

  all(): LogGroup[] {
    return this.groups;
  }

  /** The last choice number in the log. */
  lastChoice(): number {
    return this.groups.reduce((n, g) => Math.max(n, g.choice), 0);
  }

  /** Choice numbers that have a group, in order (for stepping). */
  choices(): number[] {
    return [...new Set(this.groups.map((g) => g.choice))].sort((a, b) => a - b);
  }

  reset(groups: LogGroup[]): void {
    this.groups = groups.map((g) => ({ ...g }));
    this.list.replaceChildren(...this.groups.flatMap((g) => this.items(g)));
    this.mark();
    this.list.scrollTop = this.list.scrollHeight;
  }

  append(group: LogGroup): void {
    this.groups.push(group);
    this.list.append(...this.items(group));
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** Drop what happened after `choice` choices (after undo). */
  truncate(choice: number): void {
    const keep = this.groups.filter((g) => g.choice <= choice);
    if (keep.length === this.groups.length) return;
    this.groups = keep;
    for (const li of [...this.list.querySelectorAll<HTMLElement>('li[data-choice]')]) {
      if (Number(li.dataset.choice) > choice) li.remove();
    }
  }

  group(choice: number): LogGroup | undefined {
    return this.groups.find((g) => g.choice === choice);
  }

  /** Mark the group being looked at (null: the live game). */
  setViewing(choice: number | null): void {
    this.viewing = choice;
    this.mark();
  }

  private mark(): void {
    const v = this.viewing;
    this.list.classList.toggle('replaying', v !== null);
    for (const li of this.list.querySelectorAll<HTMLElement>('li.viewing, li.after')) {
      li.classList.remove('viewing', 'after');
    }
    if (v === null) return;
    let first: HTMLElement | null = null;
    for (const li of this.list.querySelectorAll<HTMLElement>('li[data-choice]')) {
      const c = Number(li.dataset.choice);
      if (c === v) {
        li.classList.add('viewing');
        first ??= li;
      } else if (c > v) li.classList.add('after');
    }
    first?.scrollIntoView({ block: 'nearest' });
  }

  private items(g: LogGroup): HTMLLIElement[] {
    const doc = this.list.ownerDocument;
    const out: HTMLLIElement[] = [];
    const add = (kind: string, text: string) => {
      const li = doc.createElement('li');
      li.className = kind;
      li.dataset.choice = String(g.choice);
      li.textContent = text;
      out.push(li);
    };
    for (const n of g.notes ?? []) add('note', n);
    if (g.action) add('action', `${g.action.side}: ${g.action.text}`);
    for (const line of g.lines) add('event', line);
    // The first line of a group is the one a keyboard reaches.
    out[0]?.setAttribute('tabindex', '0');
    return out;
  }
}
