// The computer opponent seen from the page: a Web Worker (worker.ts) with its own instance of the
// engine thinks about a position while the page keeps answering clicks. The page hands it the
// game's saved string (the engine's own export), a time limit and a seed for the search; the
// worker imports the string, makes the engine's thinker (which draws every world it searches from
// what the deciding side may know, never the game's dice), thinks in slices, reports progress,
// stops at the time limit or at "move now", and answers with the chosen action as JSON text. The
// page applies only an action it finds, by that text, among the prompt's legal actions.

import { engineModule } from './engine.js';

/** How long the computer thinks per decision, by level. */
export const LEVELS: Record<string, { label: string; ms: number }> = {
  quick: { label: 'Quick', ms: 200 },
  normal: { label: 'Normal', ms: 1000 },
  strong: { label: 'Strong', ms: 5000 },
};
export const DEFAULT_LEVEL = 'normal';

/** A level by its id (the default level for an unknown one). */
export function levelOf(id: string): { label: string; ms: number } {
  return LEVELS[id] ?? LEVELS[DEFAULT_LEVEL] ?? { label: 'Normal', ms: 1000 };
}

/** The page's messages to the worker. */
export type ToWorker =
  /** A ruleset's compiled engine module, sent before the first request of that ruleset: the
   * worker instantiates it instead of fetching its own. */
  | { type: 'engine'; ruleset: string; module: WebAssembly.Module }
  /** `ruleset`: the saved game's, whose module the worker thinks with. */
  | { type: 'think'; id: number; ruleset: string; saved: string; ms: number; seed: number }
  /** Answer now with the best action so far. */
  | { type: 'now'; id: number }
  /** Forget this request (the position changed): no answer. */
  | { type: 'stop'; id: number };

/** The worker's messages to the page. */
export type FromWorker =
  | { type: 'progress'; id: number; iterations: number; elapsed: number }
  /** `action`: the chosen action as JSON text (null when the game is over). */
  | { type: 'done'; id: number; action: string | null; iterations: number; elapsed: number }
  | { type: 'error'; id: number; message: string };

export interface ThinkCallbacks {
  progress(iterations: number, elapsed: number): void;
  done(action: string | null, iterations: number, elapsed: number): void;
  failed(message: string): void;
}

/** One worker, one request at a time; a new request or a stop drops the one before. */
export class ComputerPlayer {
  private worker: Worker | null = null;
  private serving = 0;
  private nextId = 1;
  private callbacks: ThinkCallbacks | null = null;
  /** The rulesets whose compiled module the worker was sent. */
  private sent = new Set<string>();

  /** Think about the game of `ruleset` saved as `saved` for at most `ms` milliseconds. */
  start(ruleset: string, saved: string, ms: number, seed: number, callbacks: ThinkCallbacks): void {
    this.stop();
    const id = this.nextId++;
    this.serving = id;
    this.callbacks = callbacks;
    const module = this.sent.has(ruleset) ? null : engineModule(ruleset);
    if (module) {
      this.post({ type: 'engine', ruleset, module });
      this.sent.add(ruleset);
    }
    this.post({ type: 'think', id, ruleset, saved, ms, seed });
  }

  /** Answer at once with the best action so far. */
  moveNow(): void {
    if (this.serving) this.post({ type: 'now', id: this.serving });
  }

  /** Drop the current request, if any: its answer is never delivered. */
  stop(): void {
    if (this.serving) this.post({ type: 'stop', id: this.serving });
    this.serving = 0;
    this.callbacks = null;
  }

  get busy(): boolean {
    return this.serving !== 0;
  }

  private post(message: ToWorker): void {
    if (!this.worker) {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'computer opponent' });
      worker.addEventListener('message', (e: MessageEvent<FromWorker>) => this.receive(e.data));
      worker.addEventListener('error', (e) => {
        e.preventDefault();
        this.fail(`the computer's worker failed: ${e.message || 'it could not be loaded'}`);
        worker.terminate();
        if (this.worker === worker) {
          this.worker = null;
          this.sent.clear();
        }
      });
      this.worker = worker;
    }
    this.worker.postMessage(message);
  }

  private fail(message: string): void {
    const cb = this.callbacks;
    this.serving = 0;
    this.callbacks = null;
    cb?.failed(message);
  }

  private receive(m: FromWorker): void {
    if (m.id !== this.serving) return;
    const cb = this.callbacks;
    if (!cb) return;
    if (m.type === 'progress') cb.progress(m.iterations, m.elapsed);
    else if (m.type === 'error') this.fail(m.message);
    else {
      this.serving = 0;
      this.callbacks = null;
      cb.done(m.action, m.iterations, m.elapsed);
    }
  }
}
