// The engine on its own, for a developer who wants the rules: one wasm module per ruleset,
// loaded when first asked for, in a browser (fetched beside this file, or from a URL or bytes the
// caller gives) or in Node (read from the package's folder). Every rule, legal action, die roll
// and saved string comes from the module: this file only finds and instantiates it.
import type * as BailenModule from './bailen/napoleonic.js';
import type * as MusketsBattleModule from './muskets-battle/napoleonic.js';
import type * as BloodyMondayModule from './bloody-monday/napoleonic.js';
import type * as NapoleonsBattlesModule from './napoleons-battles/napoleonic.js';
import catalogueData from './catalogue.js';

/** Each ruleset's module: its typed game class (`BailenGame`, ...) and the shared functions. */
export interface Modules {
  bailen: typeof BailenModule;
  'muskets-battle': typeof MusketsBattleModule;
  'bloody-monday': typeof BloodyMondayModule;
  'napoleons-battles': typeof NapoleonsBattlesModule;
}

/** A ruleset's id, as the catalogue names it. */
export type RulesetId = keyof Modules;

/** The catalogue: every ruleset, its scenarios, options and sides (the engine's `catalogue()`). */
export type Catalogue = ReturnType<typeof BailenModule.catalogue>;

/** The catalogue of every ruleset in this package, as the engine wrote it at build time. */
export const catalogue: Catalogue = catalogueData as Catalogue;

/** The ids of the rulesets in this package. */
export const RULESETS: readonly RulesetId[] = ['bailen', 'muskets-battle', 'bloody-monday', 'napoleons-battles'];

/** Where a module's wasm comes from: a URL to fetch, its bytes, or a compiled module. */
export type WasmSource = URL | string | BufferSource | WebAssembly.Module;

const loaded = new Map<RulesetId, Promise<unknown>>();

/** Is `id` a ruleset of this package? */
export function isRuleset(id: string): id is RulesetId {
  return (RULESETS as readonly string[]).includes(id);
}

/**
 * The engine module of a ruleset, instantiated once (later calls share it). Without `wasm`, the
 * module's file beside this one is fetched in a browser, or read from disk in Node.
 */
export function loadRuleset<K extends RulesetId>(id: K, wasm?: WasmSource): Promise<Modules[K]> {
  if (!isRuleset(id)) {
    return Promise.reject(new Error(`unknown ruleset '${String(id)}' (known: ${RULESETS.join(', ')})`));
  }
  let module = loaded.get(id);
  if (!module) {
    module = instantiate(id, wasm);
    // A failed load may be tried again.
    module.catch(() => loaded.delete(id));
    loaded.set(id, module);
  }
  return module as Promise<Modules[K]>;
}

async function instantiate(id: RulesetId, wasm?: WasmSource): Promise<unknown> {
  const glueUrl = new URL(`./${id}/napoleonic.js`, import.meta.url);
  const glue = (await import(glueUrl.href)) as { default: (init: { module_or_path: unknown }) => Promise<unknown> };
  const source = wasm ?? (await defaultWasm(id));
  await glue.default({ module_or_path: source });
  return glue;
}

/** The module's own wasm file: its URL in a browser, its bytes in Node (which cannot fetch file: URLs). */
async function defaultWasm(id: RulesetId): Promise<WasmSource> {
  const url = new URL(`./${id}/napoleonic_bg.wasm`, import.meta.url);
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (url.protocol === 'file:' && node) {
    const fs = 'node:fs/promises';
    const { readFile } = (await import(/* @vite-ignore */ fs)) as { readFile: (u: URL) => Promise<Uint8Array> };
    return readFile(url);
  }
  return url;
}

/** The ruleset a saved string (hot-seat or solo) belongs to, without loading its module. */
export async function rulesetOfSaved(saved: string): Promise<string> {
  // Any module reads the ruleset of any saved string; the smallest is used.
  const engine = await loadRuleset('napoleons-battles');
  return engine.savedRuleset(saved);
}
