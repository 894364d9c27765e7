// The one interface every board (the hex map, the area map, the Field Battle display, the table)
// plugs into <napoleonic-game> with: what a click chose and what the pointer is over, typed.

/** Where on the screen a target is, asked only when needed (reading it forces a layout). */
export type Where = (() => DOMRect) | null;

/**
 * What a click (or Enter) on a board chose: a piece (and the place it stands on, '' when the
 * board has none), a place (a hex, an area, a battle section: its key), an option chit in hand,
 * or the board away from all of them.
 */
export type BoardTarget =
  | { kind: 'piece'; piece: number; place: string }
  | { kind: 'place'; place: string }
  | { kind: 'chit'; chit: string }
  | { kind: 'none' };

/**
 * An option chit in the hand (the Field Battle) as a place key, where an action's intent and the
 * board's marks name it; a click on it comes back as a `chit` target.
 */
export function chitPlace(kind: string): string {
  return `chit:${kind}`;
}

/** The chit a place key names, or null for any other place. */
export function chitOf(place: string): string | null {
  return place.startsWith('chit:') ? place.slice(5) : null;
}

/** What the pointer or the focus is over: a piece (on a place, if known) or a place. */
export type HoverTarget = { kind: 'piece'; piece: number; place?: string } | { kind: 'place'; place: string };

/** What the element asks of every board: shown or not, read-only or not, emptied, zoomed. */
export interface Board {
  show(on: boolean): void;
  setReadOnly(on: boolean): void;
  /** Nothing of either side left drawn (behind the hot-seat curtain). */
  clear(): void;
  /** Zoom by `factor`, or back to the whole board. */
  zoom(factor: number): void;
  fit(): void;
}

/** How a board tells its element about the player's input. */
export interface BoardEvents {
  activate(target: BoardTarget, at: Where): void;
  /** Null when the pointer or the focus leaves what it was over. */
  hover(target: HoverTarget | null, at: Where): void;
}

/** The focused element as seen from `node`'s own tree (its shadow root's, inside an element). */
export function activeIn(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

/** The element at a point of the screen, in `node`'s own tree (not the shadow root's host). */
export function elementAt(node: Node, x: number, y: number): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.elementFromPoint(x, y);
}
