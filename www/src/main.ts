// The page's entry (and the npm package's element bundle): defines <napoleonic-game>.
import { defineNapoleonicGame } from './element.js';

defineNapoleonicGame();

export { NapoleonicGame } from './element.js';
export type { ErrorDetail, ErrorSource, GameOverDetail, MoveDetail, NapoleonicGameEventMap, Opponent, SaveDetail } from './element.js';
