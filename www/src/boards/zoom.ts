// What the SVG boards drawn to fit their box's width share (the area map, the battle display):
// the zoom (the SVG's CSS width is a percentage of the box, 100% at "fit", and the box scrolls
// beyond it) and the keyboard (Enter or Space clicks the focused piece or place).

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
