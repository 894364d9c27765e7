// The computer opponent's Web Worker (bundled on its own as dist/worker.js): its own instance of
// the engine, so the page's thread stays free while it thinks, made from the module the page has
// compiled (no second download or compilation). See computer.ts for the messages.
//
// It knows no ruleset: each request names the ruleset whose module (modules.ts) it loads once,
// the saved string says the rest, the engine's generic Game imports it, and the engine's thinker
// searches only what the deciding side may know, with its own seeded generator.
import type { Game, Thinker } from '../pkg/napoleonic.js';
import type { FromWorker, ToWorker } from './computer.js';
import { instantiate, moduleFile, type EngineModule } from './modules.js';

/** Iterations between two looks at the clock and at the page's messages. */
const SLICE = 25;
/** The most iterations of one decision (the time limit comes first). */
const BUDGET = 10_000_000;
/** The least time between two progress messages. */
const PROGRESS_MS = 50;

const engines = new Map<string, Promise<EngineModule>>();

/** A ruleset's engine, instantiated once: from the page's compiled module (sent before the first
 * request of the ruleset), or else fetched. */
function load(ruleset: string, module?: WebAssembly.Module): Promise<EngineModule> {
  let engine = engines.get(ruleset);
  if (!engine) {
    engine = instantiate(ruleset, module ?? moduleFile(ruleset, 'napoleonic_bg.wasm'));
    engines.set(ruleset, engine);
  }
  return engine;
}

/** The request being served (0: none) and whether "move now" was asked for it. */
let serving = 0;
let hurry = false;

function post(message: FromWorker): void {
  self.postMessage(message);
}

/** Let the page's messages ("move now", "stop") in between two slices (no timer clamping). */
function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function messageOf(e: {} | null | undefined): string {
  return e instanceof Error ? e.message : String(e);
}

async function think(id: number, ruleset: string, saved: string, ms: number, seed: number): Promise<void> {
  let game: Game | null = null;
  let thinker: Thinker | null = null;
  try {
    const engine = await load(ruleset);
    if (serving !== id) return;
    const t0 = performance.now();
    game = engine.Game.importString(saved);
    thinker = game.thinker(BUDGET, seed);
    game.free();
    game = null;
    let posted = t0;
    while (!thinker.finished() && serving === id && !hurry && performance.now() - t0 < ms) {
      const iterations = thinker.run(SLICE);
      const now = performance.now();
      if (now - posted >= PROGRESS_MS) {
        posted = now;
        post({ type: 'progress', id, iterations, elapsed: now - t0 });
      }
      await yieldToMessages();
    }
    if (serving !== id) return;
    const best = thinker.best();
    post({ type: 'done', id, action: best === null ? null : JSON.stringify(best), iterations: thinker.iterations(), elapsed: performance.now() - t0 });
  } catch (e) {
    if (serving === id) post({ type: 'error', id, message: messageOf(e) });
  } finally {
    thinker?.free();
    game?.free();
    if (serving === id) serving = 0;
  }
}

self.addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.type === 'engine') {
    void load(m.ruleset, m.module);
  } else if (m.type === 'think') {
    serving = m.id;
    hurry = false;
    void think(m.id, m.ruleset, m.saved, m.ms, m.seed);
  } else if (m.id === serving) {
    if (m.type === 'now') hurry = true;
    else serving = 0;
  }
});
