// <search-chart>: nodes searched (bars, log scale from 1, ticks at the powers of ten) and depth reached (line)
// for each bot move of a game, redrawn live while a bot thinks. Every game page shows one beside its board. A move
// from an opening book searched nothing: it has no bar, and its label says so.

import { Chart, type ChartConfiguration } from 'chart.js';
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
  /** A move from an opening book: no search. */
  readonly book?: boolean;
}

const COLOURS = { search: '#3b82f6', live: '#f59e0b', book: '#16a34a', current: '#1e3a8a' };

@customElement('search-chart')
export class SearchChart extends ChartElement {
  @property({ attribute: false }) entries: readonly ChartEntry[] = [];
  /** What the line counts (the search's depth, or Connect 4's null-window passes). */
  @property() depthLabel = 'depth';
  /** The entry of the move shown (a replay's cursor), drawn darker. */
  @property({ attribute: false }) current = -1;
  /** What the caption says while there is nothing to draw. */
  @property() emptyText = 'No bot move yet.';
  /** What an entry is, for the caption: a bot's move, a solve's pass, an IDA* iteration. */
  @property() entryWord = 'move';

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
      data: {
        labels: [],
        datasets: [
          { type: 'bar', label: 'nodes', data: [], yAxisID: 'nodes', backgroundColor: [] },
          { type: 'line', label: this.depthLabel, data: [], yAxisID: 'depth', borderColor: '#d97706', backgroundColor: '#d97706' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          // The bars' colours say what each is (a search, one going on, a book move, the one shown): the legend's
          // swatch is a search's, whatever the first bar is.
          legend: {
            labels: {
              generateLabels: (chart) =>
                Chart.defaults.plugins.legend.labels
                  .generateLabels(chart)
                  .map((item) => (item.datasetIndex === 0 ? { ...item, fillStyle: COLOURS.search, strokeStyle: COLOURS.search } : item)),
            },
          },
          tooltip: {
            callbacks: {
              afterBody: (items) => {
                const entry = this.entries[items[0]?.dataIndex ?? -1];
                return entry ? (entry.book ? 'from the opening book: no search' : `${entry.ms.toFixed(1)} ms`) : '';
              },
            },
          },
        },
        scales: {
          nodes: {
            type: 'logarithmic',
            position: 'left',
            min: 1,
            title: { display: true, text: 'nodes' },
            // Whole numbers at the powers of ten only (a log axis otherwise labels 0.1 and 100,000.0).
            ticks: { callback: (value) => (Number.isInteger(Math.log10(Number(value))) ? Number(value).toLocaleString('en') : '') },
          },
          depth: {
            type: 'linear',
            position: 'right',
            beginAtZero: true,
            ticks: { precision: 0 },
            grid: { drawOnChartArea: false },
            title: { display: true, text: this.depthLabel },
          },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = this.entries.map((entry) => (entry.book ? `${entry.label} (book)` : entry.label));
    const [nodes, depth] = chart.data.datasets;
    // A log scale cannot show 0: a book move has no bar, a search of no node (a forced move) is drawn at 1.
    nodes.data = this.entries.map((entry) => (entry.book ? null : Math.max(1, entry.nodes)));
    nodes.backgroundColor = this.entries.map((entry, i) =>
      i === this.current ? COLOURS.current : entry.live ? COLOURS.live : entry.book ? COLOURS.book : COLOURS.search,
    );
    depth.data = this.entries.map((entry) => (entry.book ? null : entry.depth));
    depth.label = this.depthLabel;
    const scale = chart.options.scales?.depth as { title: { text: string } } | undefined;
    if (scale) scale.title.text = this.depthLabel;
  }

  protected empty(): boolean {
    return this.entries.length === 0;
  }

  protected summary(): string {
    return `Search chart: ${this.entries.length} bot moves${this.entries.map((e) => `; ${e.label} ${e.book ? 'from the book' : `${this.depthLabel} ${e.depth}, ${e.nodes} nodes`}`).join('')}`;
  }

  protected caption() {
    const entry = this.entries[this.current] ?? this.entries.at(-1);
    const what = (e: ChartEntry) =>
      e.book ? 'from the opening book (no search)' : `${this.depthLabel} ${e.depth}, ${e.nodes.toLocaleString('en')} nodes, ${e.ms.toFixed(1)} ms`;
    const word = this.entryWord;
    return html`<p aria-live="polite">
      ${entry ? html`${entry.live ? 'Thinking' : entry === this.entries[this.current] ? `${word[0].toUpperCase()}${word.slice(1)} shown` : `Last ${word}`} (${entry.label}): ${what(entry)}` : this.emptyText}
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'search-chart': SearchChart;
  }
}
