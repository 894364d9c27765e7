// What the SVG boards drawn to fit their box's width share (the area map, the battle display, the table):
// the zoom (the SVG's CSS width is a percentage of the box, 100% at "fit", and the box scrolls
// beyond it) and the keyboard (Enter or Space clicks the focused piece or place).
import type { Board } from './board.js';

export class WidthZoom {
  private scale = 1;

  /** `svg` finds the drawing (it is redrawn, so looked up each time); `max` is the largest zoom. */
  constructor(
    private readonly svg: () => SVGSVGElement | null,
    private readonly max: number,
  ) {}

  /** Zoom by `factor`, between fitting the box's width and `max` times it. */
  zoom(factor: number): void {
    this.scale = Math.max(1, Math.min(this.max, this.scale * factor));
    this.apply();
  }

  fit(): void {
    this.scale = 1;
    this.apply();
  }

  /** Give the (re)drawn SVG the current zoom. */
  apply(): void {
    const svg = this.svg();
    if (svg) {
      svg.style.width = `${(this.scale * 100).toFixed(0)}%`;
      svg.dataset.scale = this.scale.toFixed(2);
    }
  }
}

/**
 * A board drawn as one SVG fitted to its box's width (the area map, the battle display, the
 * table): its box, shown or hidden, its zoom and its read-only state (an earlier position).
 */
export abstract class WidthBoard implements Board {
  readonly root: HTMLDivElement;
  protected readOnly = false;
  protected readonly zoomer: WidthZoom;

  /** The box `id` is added to `parent`; `svgSelector` finds the drawing, zoomed up to `maxZoom`. */
  constructor(parent: HTMLElement, id: string, svgSelector: string, maxZoom: number) {
    this.root = parent.ownerDocument.createElement('div');
    this.root.id = id;
    this.root.hidden = true;
    parent.append(this.root);
    this.zoomer = new WidthZoom(() => this.root.querySelector<SVGSVGElement>(svgSelector), maxZoom);
  }

  /** Zoom by `factor` (1 = the drawing fits the box's width). */
  zoom(factor: number): void {
    this.zoomer.zoom(factor);
  }

  fit(): void {
    this.zoomer.fit();
  }

  show(on: boolean): void {
    this.root.hidden = !on;
  }

  setReadOnly(on: boolean): void {
    this.readOnly = on;
    this.root.classList.toggle('read-only', on);
  }

  abstract clear(): void;
}

/** Enter or Space on a focused piece or place of an SVG board clicks it, as a pointer would. */
export function clickOnEnter(root: HTMLElement): void {
  root.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const target = e.target as Element;
    if (target.matches('[data-piece],[data-key]')) {
      e.preventDefault();
      target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    }
  });
}
