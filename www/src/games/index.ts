// The rulesets the page can play. A new ruleset adds its module here; the shell needs nothing else.
import type { RulesetEntry } from './adapter.js';
import { bailen } from './bailen.js';
import { muskets } from './muskets.js';
import { bloodyMonday } from './bloody_monday.js';

export const RULESETS: RulesetEntry[] = [bailen, muskets, bloodyMonday];

export function rulesetById(id: string): RulesetEntry | undefined {
  return RULESETS.find((r) => r.id === id);
}
