// Napoleon's Battles in wasm: what the page asks at every pointer move while a base is dragged,
// the prompt and the engine's check of the move under the pointer. Prints one plain line per
// figure. Needs pkg-node/ (scripts/build.sh).
//   node bench/nb-drag.mjs [MOVES]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { NapoleonsBattlesGame } = require('../pkg-node/napoleonic.js');

const moves = Number(process.argv[2] ?? 2000);
const game = new NapoleonsBattlesGame('medina-de-rioseco', {}, 1);
game.apply({ type: 'EndRally' }); // the French movement step
const unit = 0; // F1, 8" in column
const start = game.view('French').units[unit].state;
let legal = 0;
const time = (f) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
// Warm up (the wasm tiers up), then measure.
for (let i = 0; i < 200; i++) game.check({ type: 'Move', unit, to: { x: start.front.x - i, y: start.front.y }, facing: start.facing });
const prompt = time(() => {
  for (let i = 0; i < moves; i++) game.prompt();
});
const check = time(() => {
  for (let i = 0; i < moves; i++) {
    // A drag westward and back, wobbling north and south: 0 to 12 inches, legal and not.
    const dx = (i * 37) % 1200, dy = ((i * 53) % 400) - 200;
    // What the page asks: check() (legal or not, and the engine's words: spent and left, or why not).
    if (game.check({ type: 'Move', unit, to: { x: start.front.x - dx, y: start.front.y + dy }, facing: start.facing }).legal) legal++;
  }
});
console.log(`napoleons-battles movement prompt ${((prompt * 1000) / moves).toFixed(1)} us`);
console.log(`napoleons-battles dragged move check ${((check * 1000) / moves).toFixed(1)} us (${legal} of ${moves} legal)`);
console.log(`napoleons-battles prompt plus check ${(((prompt + check) * 1000) / moves).toFixed(1)} us`);
