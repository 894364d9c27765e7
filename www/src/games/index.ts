// The rulesets the page can play: the engine's catalogue() joined with the page's adapters.
// A new ruleset adds its adapter module to ADAPTERS; its title, scenarios, options, presets,
// sides and board come from the engine.
import { catalogue } from '../engine.js';
import type { RulesetAdapter, RulesetEntry, SideInfo } from './adapter.js';
import { bailen } from './bailen.js';
import { muskets } from './muskets.js';
import { bloodyMonday } from './bloody_monday.js';
import { napoleonsBattles } from './napoleons_battles.js';

const ADAPTERS: RulesetAdapter[] = [bailen, muskets, bloodyMonday, napoleonsBattles];

/** Colours for a side no adapter gave any. */
const PLAIN = { colour: '#555555', ink: '#ffffff' };

let entries: RulesetEntry[] | undefined;

/** Every ruleset of the catalogue that has an adapter, in the catalogue's order (engine.ts catalogue()). */
export function rulesets(): RulesetEntry[] {
  entries ??= catalogue().rulesets.flatMap((info) => {
    const adapter = ADAPTERS.find((a) => a.id === info.id);
    if (!adapter) return [];
    const sides: SideInfo[] = info.sides.map((id) => ({ id, label: id, ...(adapter.looks[id] ?? PLAIN) }));
    return [{ id: info.id, info, sides, adapter }];
  });
  return entries;
}

/** Join the catalogue again (after the engine's own replaced the one shipped). */
export function forgetRulesets(): void {
  entries = undefined;
}

export function rulesetById(id: string): RulesetEntry | undefined {
  return rulesets().find((r) => r.id === id);
}
