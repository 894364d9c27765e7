// <napoleonic-game>: one game in a shadow root of its own (shell.ts draws and plays it), so that
// a page may hold several, each playing its own game. Its attributes and their property twins,
// its events and its methods are the publisher's interface (custom-elements.json lists them).
//
//   <napoleonic-game ruleset="bloody-monday" scenario="borodino"></napoleonic-game>
//
// Without `ruleset` or `saved` it is the project's page: the start screen, the games kept in
// this browser, links in the address bar, play by email. With either it is an embedded game:
// it starts that game (or loads that string), keeps nothing in the browser's storage, and says
// every change through its events.
import STYLE from '../style.css';
import { MARKUP } from './markup.js';
import { createShell, type ShellApi, type ShellHooks } from './shell.js';
import { ATTRIBUTES, type GameAttribute, type Level, type NapoleonicGameEventMap, type Opponent, type TestTimings } from './api.js';

export * from './api.js';

/** One stylesheet for every element of the page. */
let sheet: CSSStyleSheet | null = null;

function styleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
  }
  return sheet;
}

/** The shadow root: the markup and the shared stylesheet. */
function mountShadow(host: HTMLElement): void {
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [styleSheet()];
  root.innerHTML = MARKUP;
}

/** Run `work` when the page is idle (soon after, where the browser has no idle callbacks). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 500 });
  else setTimeout(work, 50);
}

/** The element's events: bubbling out of the shadow root (composed). */
function emitter(host: HTMLElement): ShellHooks['emit'] {
  return (type, detail) => host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/**
 * A Napoleonic board wargame: the board, the decision, the log, undo, saving and loading.
 *
 * @tag napoleonic-game
 * @summary One game of Bailén 1808, Age of Muskets I's Field Battle, Bloody Monday or Napoleon's Battles, in its own shadow root.
 *
 * @fires {CustomEvent<MoveDetail>} move - A choice was applied: `{ ruleset, side, action, text, choice, by }`.
 * @fires {CustomEvent<GameOverDetail>} gameover - The game has ended: `{ ruleset, outcome, text }`.
 * @fires {CustomEvent<SaveDetail>} save - The game changed (started, loaded, a choice, undo): `{ ruleset, saved, choice }`.
 * @fires {CustomEvent<ErrorDetail>} error - Something was refused or failed and nothing changed: `{ message, source }`.
 *
 * @csspart app - The element's whole box.
 * @csspart header - The bar with the game's title, the status and New game.
 * @csspart start - The start screen (new game, games in progress, loading a saved game).
 * @csspart board - The box the board is drawn in.
 * @csspart panel - The side panel (decision, situation, log, saving).
 * @csspart prompt - The current decision: who decides, what, its choices and Undo.
 * @csspart actions - The list of legal actions.
 * @csspart log - The game's log.
 * @csspart saves - Save, load and share.
 *
 * @cssprop [--napoleonic-ink=#26364f] - The header's and the buttons' colour.
 * @cssprop [--napoleonic-background=#f3efe3] - The element's background.
 * @cssprop [--napoleonic-text=#1d1d1f] - The text's colour.
 * @cssprop [--napoleonic-font=system-ui, sans-serif] - The font.
 * @cssprop [--napoleonic-board-background=#d9cfb5] - Behind the board.
 * @cssprop [--napoleonic-panel-background=#f8f5ec] - The side panel's background.
 * @cssprop [--napoleonic-panel-width=25rem] - The side panel's width beside the board.
 * @cssprop [--napoleonic-height=100vh] - The element's height when it is wider than 900px (narrower, the panel goes under the board and the height follows).
 */
export class NapoleonicGame extends HTMLElement {
  static readonly observedAttributes: readonly string[] = ATTRIBUTES;

  #shell: ShellApi | null = null;
  #ready: Promise<void>;
  #readied: () => void = () => {};
  /** Attributes the element writes itself (the game on the screen), not requests. */
  #reflecting = false;

  constructor() {
    super();
    mountShadow(this);
    this.#ready = new Promise((resolve) => {
      this.#readied = resolve;
    });
  }

  connectedCallback(): void {
    this.#shell ??= createShell(this.shadowRoot!, {
      page: !this.hasAttribute('ruleset') && !this.hasAttribute('saved'),
      get: (name) => this.getAttribute(name),
      reflect: (name, value) => this.#reflect(name, value),
      emit: emitter(this),
    });
    void this.#shell.ready.then(this.#readied);
    this.#shell.connect();
  }

  disconnectedCallback(): void {
    this.#shell?.disconnect();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (this.#reflecting) return;
    // The page's own string wins over one still waiting to be written.
    if (name === 'saved') this.#pendingSaved = null;
    if (old === value || !this.#shell) return;
    this.#shell.changed(name as GameAttribute, value, old);
  }

  /** The `saved` string waiting to be written (every choice changes it). */
  #pendingSaved: { value: string | null } | null = null;

  /**
   * Write an attribute to match the game on the screen. `saved` is written when the page is idle
   * (reading the property writes it at once): any change of the host's attributes restyles the
   * whole shadow root (for its :host([hidden]) rule), which a click's redraw should not wait for.
   */
  #reflect(name: GameAttribute, value: string | null): void {
    if (name !== 'saved') return this.#write(name, value);
    const waiting = this.#pendingSaved !== null;
    this.#pendingSaved = { value };
    if (!waiting) whenIdle(() => this.#flushSaved());
  }

  #flushSaved(): void {
    const pending = this.#pendingSaved;
    this.#pendingSaved = null;
    if (pending) this.#write('saved', pending.value);
  }

  #write(name: GameAttribute, value: string | null): void {
    if (this.getAttribute(name) === value) return;
    this.#reflecting = true;
    try {
      if (value === null) this.removeAttribute(name);
      else this.setAttribute(name, value);
    } finally {
      this.#reflecting = false;
    }
  }

  #set(name: GameAttribute, value: string | null | undefined): void {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  /**
   * The ruleset's id (`bailen`, `muskets-battle`, `bloody-monday`, `napoleons-battles`); setting it starts a new game of it.
   * @attr ruleset
   * @reflect
   */
  get ruleset(): string | null {
    return this.getAttribute('ruleset');
  }
  set ruleset(value: string | null) {
    this.#set('ruleset', value);
  }

  /**
   * The scenario's id (the catalogue's); setting it starts a new game of it.
   * @attr scenario
   * @reflect
   */
  get scenario(): string | null {
    return this.getAttribute('scenario');
  }
  set scenario(value: string | null) {
    this.#set('scenario', value);
  }

  /**
   * The game's saved string, kept up to date after every choice; setting it loads that game.
   * @attr saved
   * @reflect
   */
  get saved(): string | null {
    this.#flushSaved();
    return this.getAttribute('saved');
  }
  set saved(value: string | null) {
    this.#set('saved', value);
  }

  /**
   * The side whose view is on the screen (with hidden information, the only one shown); null: the deciding side's.
   * @attr side
   * @reflect
   */
  get side(): string | null {
    return this.getAttribute('side');
  }
  set side(value: string | null) {
    this.#set('side', value);
  }

  /**
   * The language asked for (a BCP 47 tag). Only English texts exist yet: it is kept and set as the shadow root's `lang`.
   * @attr locale
   * @reflect
   */
  get locale(): string | null {
    return this.getAttribute('locale');
  }
  set locale(value: string | null) {
    this.#set('locale', value);
  }

  /**
   * No input is taken: the board, the choices and Undo refuse it (the game can still be loaded and exported).
   * @attr read-only
   * @reflect
   */
  get readOnly(): boolean {
    return this.hasAttribute('read-only');
  }
  set readOnly(value: boolean) {
    this.toggleAttribute('read-only', Boolean(value));
  }

  /**
   * Who plays the sides other than `side`: `human` (hot-seat, the default) or `computer`.
   * @attr opponent
   * @reflect
   */
  get opponent(): Opponent {
    const value = this.getAttribute('opponent');
    return value === 'computer' ? 'computer' : 'human';
  }
  set opponent(value: Opponent) {
    this.setAttribute('opponent', value);
  }

  /**
   * How long the computer thinks a decision: `quick` (0.2 s), `normal` (1 s, the default) or `strong` (5 s).
   * @attr level
   * @reflect
   */
  get level(): Level {
    const value = this.getAttribute('level');
    return value === 'quick' || value === 'strong' ? value : 'normal';
  }
  set level(value: Level) {
    this.setAttribute('level', value);
  }

  /** The game's saved string; throws when there is no game yet. */
  export(): string {
    if (!this.#shell) throw new Error('<napoleonic-game> is not on a page yet: there is no game to export');
    return this.#shell.exportString();
  }

  /** Load a saved string: true when it is the game on the screen; false after an `error` event, the game unchanged. */
  import(saved: string): Promise<boolean> {
    if (!this.#shell) return Promise.reject(new Error('<napoleonic-game> is not on a page yet: put it in the document first'));
    return this.#shell.importString(saved);
  }

  /** Take back the last choice; false (and the reason in the status) when it cannot be. */
  undo(): boolean {
    return this.#shell?.undo() ?? false;
  }

  /** Resolves once the element is on a page and its first game (or the start screen) is shown with its engine loaded. */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /**
   * Timings the end-to-end tests read; not part of the publisher's interface.
   * @internal
   */
  get testTimings(): TestTimings | null {
    return this.#shell ? { perf: this.#shell.perf, mail: this.#shell.mailPerf } : null;
  }
}

/** The element's events, typed for addEventListener. */
export interface NapoleonicGame {
  addEventListener<K extends keyof NapoleonicGameEventMap>(type: K, listener: (this: NapoleonicGame, event: NapoleonicGameEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof NapoleonicGameEventMap>(type: K, listener: (this: NapoleonicGame, event: NapoleonicGameEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'napoleonic-game': NapoleonicGame;
  }
}

/** Define the element (once: a second bundle on the page leaves the first's). */
export function defineNapoleonicGame(): void {
  if (!customElements.get('napoleonic-game')) customElements.define('napoleonic-game', NapoleonicGame);
}
