// Zoom for a board drawn in SVG to fit its box's width (the area map, the battle display): the
// SVG's CSS width is a percentage of the box, 100% at "fit", and the box scrolls beyond it.

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
