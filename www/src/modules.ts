// Where each ruleset's engine module is and how one is instantiated: shared by the page
// (engine.ts) and the computer opponent's worker (worker.ts).
//
// scripts/build.sh builds one wasm module per ruleset (its Cargo feature alone) into
// www/pkg/<ruleset>/: the glue napoleonic.js and napoleonic_bg.wasm. Every module's glue has the
// names of the full build (pkg/napoleonic.d.ts, which the page is typed against), but only its
// own ruleset's typed class, and only that ruleset in its catalogue(): a module serves its own
// ruleset's games, and any module reads the ruleset of any saved string (core::record).
import type * as FullEngine from '../pkg/napoleonic.js';

/** The exports of one ruleset's engine module (the full build's declarations). */
export type EngineModule = typeof FullEngine;

/**
 * Where the modules' folders are from the bundle's own folder, set by the bundler (esbuild
 * --define): `../pkg/` for the page (www/dist/ beside www/pkg/), `../` for the npm package's
 * element (element/ beside <ruleset>/).
 */
declare const MODULES_DIR: string;

/** A file of a ruleset's module, beside the bundles' folder (`ruleset`: a catalogue id). */
export function moduleFile(ruleset: string, file: 'napoleonic.js' | 'napoleonic_bg.wasm'): URL {
  return new URL(`${MODULES_DIR}${encodeURIComponent(ruleset)}/${file}`, import.meta.url);
}

/**
 * Import a ruleset's glue and instantiate its wasm from `wasm` (a compiled module, one being
 * compiled, or the URL to fetch it from); the glue's download goes on beside the wasm's.
 */
export async function instantiate(ruleset: string, wasm: WebAssembly.Module | Promise<WebAssembly.Module> | URL): Promise<EngineModule> {
  // The glue's URL is known only at run time (it is not bundled), so TypeScript gives this
  // import() no type of its own: the module's type is the full build's, whose names it has.
  const glue: EngineModule = await import(moduleFile(ruleset, 'napoleonic.js').href);
  await glue.default({ module_or_path: wasm });
  return glue;
}
