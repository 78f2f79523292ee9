// A Lit element around one Chart.js chart: built once the canvas exists, refreshed when the element's data
// changes, destroyed when the element leaves the page. Subclasses say how to build and how to refresh.

import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { LitElement, css, html, type PropertyValues } from 'lit';
import { query } from 'lit/decorators.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  Tooltip,
);

export abstract class ChartElement extends LitElement {
  static styles = css`
    :host {
      display: block;
      width: 100%;
      max-width: 560px;
    }
    .frame[hidden] {
      display: none;
    }
    .frame {
      position: relative;
      height: var(--chart-height, 260px);
    }
    p {
      margin: 0.25rem 0 0;
      font-size: 0.9rem;
      color: var(--muted);
    }
  `;

  @query('canvas') private canvas!: HTMLCanvasElement;
  protected chart?: Chart;

  /** The chart's configuration with empty data; refresh() fills it. */
  protected abstract build(): ChartConfiguration;
  /** Puts the element's current data into the chart. */
  protected abstract refresh(chart: Chart): void;
  /** What the chart shows, for screen readers. */
  protected abstract summary(): string;
  /** A line under the chart. */
  protected caption(): unknown {
    return '';
  }

  /** Whether there is nothing to draw yet: the frame is hidden (no empty axes), the caption stays. */
  protected empty(): boolean {
    return false;
  }

  render() {
    return html`<div class="frame" ?hidden=${this.empty()}><canvas role="img" aria-label=${this.summary()}></canvas></div>${this.caption()}`;
  }

  firstUpdated(): void {
    this.chart = new Chart(this.canvas, this.build());
    this.redraw();
  }

  updated(changed: PropertyValues<this>): void {
    if (this.chart && changed.size > 0) this.redraw();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.chart?.destroy();
    this.chart = undefined;
  }

  private redraw(): void {
    this.refresh(this.chart!);
    this.chart!.update();
  }
}
