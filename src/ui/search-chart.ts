// <search-chart>: nodes searched (bars, log scale) and depth reached (line) for each bot move of a game,
// redrawn live while a bot thinks. Every game page shows one beside its board.

import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  Tooltip,
} from 'chart.js';
import { LitElement, css, html, type PropertyValues } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';

Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, LogarithmicScale, PointElement, Tooltip);

/** One bot move: its label on the x axis and its search so far. */
export interface ChartEntry {
  readonly label: string;
  readonly nodes: number;
  readonly depth: number;
  readonly ms: number;
  /** True while the bot is still thinking about this move. */
  readonly live: boolean;
}

@customElement('search-chart')
export class SearchChart extends LitElement {
  static styles = css`
    :host {
      display: block;
      width: 100%;
      max-width: 520px;
    }
    .frame {
      position: relative;
      height: 260px;
    }
    p {
      margin: 0.25rem 0 0;
      font-size: 0.9rem;
      color: var(--muted);
    }
  `;

  @property({ attribute: false }) entries: readonly ChartEntry[] = [];
  @property() heading = 'Search per move';
  @query('canvas') private canvas!: HTMLCanvasElement;
  private chart?: Chart;

  render() {
    const last = this.entries.at(-1);
    return html`
      <div class="frame"><canvas role="img" aria-label=${this.summary()}></canvas></div>
      <p aria-live="polite">
        ${last
          ? html`${last.live ? 'Thinking' : 'Last move'} (${last.label}): depth ${last.depth}, ${last.nodes.toLocaleString('en')} nodes,
              ${last.ms.toFixed(1)} ms`
          : 'No bot move yet.'}
      </p>
    `;
  }

  firstUpdated(): void {
    this.chart = new Chart(this.canvas, {
      data: {
        labels: [],
        datasets: [
          { type: 'bar', label: 'nodes', data: [], yAxisID: 'nodes', backgroundColor: [] },
          { type: 'line', label: 'depth', data: [], yAxisID: 'depth', borderColor: '#d97706', backgroundColor: '#d97706' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          title: { display: false },
          tooltip: {
            callbacks: {
              afterBody: (items) => {
                const entry = this.entries[items[0]?.dataIndex ?? -1];
                return entry ? `${entry.ms.toFixed(1)} ms` : '';
              },
            },
          },
        },
        scales: {
          nodes: { type: 'logarithmic', position: 'left', title: { display: true, text: 'nodes' } },
          depth: { type: 'linear', position: 'right', beginAtZero: true, ticks: { precision: 0 }, grid: { drawOnChartArea: false }, title: { display: true, text: 'depth' } },
        },
      },
    });
    this.redraw();
  }

  updated(changed: PropertyValues<this>): void {
    if (changed.has('entries') && this.chart) this.redraw();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.chart?.destroy();
    this.chart = undefined;
  }

  private redraw(): void {
    const chart = this.chart!;
    chart.data.labels = this.entries.map((entry) => entry.label);
    const [nodes, depth] = chart.data.datasets;
    // A log scale cannot show 0: a move found without search is drawn at 1 node.
    nodes.data = this.entries.map((entry) => Math.max(1, entry.nodes));
    nodes.backgroundColor = this.entries.map((entry) => (entry.live ? '#f59e0b' : '#3b82f6'));
    depth.data = this.entries.map((entry) => entry.depth);
    chart.update();
  }

  private summary(): string {
    return `Search chart: ${this.entries.length} bot moves` + this.entries.map((e) => `; ${e.label} depth ${e.depth}, ${e.nodes} nodes`).join('');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'search-chart': SearchChart;
  }
}
