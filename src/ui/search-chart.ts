// <search-chart>: nodes searched (bars, log scale) and depth reached (line) for each bot move of a game,
// redrawn live while a bot thinks. Every game page shows one beside its board.

import type { Chart, ChartConfiguration } from 'chart.js';
import { html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { ChartElement } from './chart-base';

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
export class SearchChart extends ChartElement {
  @property({ attribute: false }) entries: readonly ChartEntry[] = [];

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
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
          depth: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            ticks: { precision: 0 },
            grid: { drawOnChartArea: false },
            title: { display: true, text: 'depth' },
          },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = this.entries.map((entry) => entry.label);
    const [nodes, depth] = chart.data.datasets;
    // A log scale cannot show 0: a move found without search is drawn at 1 node.
    nodes.data = this.entries.map((entry) => Math.max(1, entry.nodes));
    nodes.backgroundColor = this.entries.map((entry) => (entry.live ? '#f59e0b' : '#3b82f6'));
    depth.data = this.entries.map((entry) => entry.depth);
  }

  protected summary(): string {
    return `Search chart: ${this.entries.length} bot moves${this.entries.map((e) => `; ${e.label} depth ${e.depth}, ${e.nodes} nodes`).join('')}`;
  }

  protected caption() {
    const last = this.entries.at(-1);
    return html`<p aria-live="polite">
      ${last ? html`${last.live ? 'Thinking' : 'Last move'} (${last.label}): depth ${last.depth}, ${last.nodes.toLocaleString('en')} nodes, ${last.ms.toFixed(1)} ms` : 'No bot move yet.'}
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'search-chart': SearchChart;
  }
}
