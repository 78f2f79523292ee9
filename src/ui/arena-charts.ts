// The arena's charts: W/D/L per pair (stacked bars) and ratings with their 95% intervals.

import type { Chart, ChartConfiguration } from 'chart.js';
import { customElement, property } from 'lit/decorators.js';
import type { Rating } from '../arena/ratings';
import type { Tally } from '../arena/results';
import { ChartElement } from './chart-base';
import { intervalText } from '../arena/interval';

@customElement('wdl-chart')
export class WdlChart extends ChartElement {
  @property({ attribute: false }) pairs: readonly (Tally & { readonly a: string; readonly b: string })[] = [];

  protected build(): ChartConfiguration {
    const stacked = { stacked: true };
    return {
      type: 'bar',
      data: {
        labels: [],
        datasets: [
          { label: 'wins', data: [], backgroundColor: '#16a34a' },
          { label: 'draws', data: [], backgroundColor: '#94a3b8' },
          { label: 'losses', data: [], backgroundColor: '#dc2626' },
        ],
      },
      options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false, animation: false, scales: { x: stacked, y: stacked } },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = this.pairs.map((pair) => `${pair.a} vs ${pair.b}`);
    const [wins, draws, losses] = chart.data.datasets;
    wins.data = this.pairs.map((pair) => pair.wins);
    draws.data = this.pairs.map((pair) => pair.draws);
    losses.data = this.pairs.map((pair) => pair.losses);
  }

  protected summary(): string {
    return `Wins, draws and losses per pair: ${this.pairs.map((p) => `${p.a} vs ${p.b} ${p.wins}/${p.draws}/${p.losses}`).join('; ')}`;
  }
}

@customElement('rating-chart')
export class RatingChart extends ChartElement {
  @property({ attribute: false }) ratings: readonly Rating[] = [];

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
      data: {
        labels: [],
        datasets: [
          // Floating bars from lo to hi are the intervals; the line dataset without a line marks the ratings, drawn
          // over the bars (a lower order is drawn later), on the bots' axis (Chart.js does not pass the chart's
          // index axis on to a dataset of another type).
          { type: 'bar', label: '95% interval', data: [], backgroundColor: '#bfdbfe', order: 1 },
          {
            type: 'line',
            label: 'Elo',
            data: [],
            order: 0,
            indexAxis: 'y',
            showLine: false,
            pointRadius: 5,
            borderColor: '#1d4ed8',
            backgroundColor: '#1d4ed8',
          },
        ],
      },
      options: {
        indexAxis: 'y',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { beginAtZero: false, title: { display: true, text: 'Elo' } } },
      },
    };
  }

  protected refresh(chart: Chart): void {
    const sorted = [...this.ratings].sort((a, b) => b.rating - a.rating);
    chart.data.labels = sorted.map((rating) => rating.bot);
    // An interval the games cannot bound yet is left out (null: no bar), not drawn across the whole axis.
    chart.data.datasets[0].data = sorted.map((rating) => (rating.lo === null || rating.hi === null ? null : [rating.lo, rating.hi]));
    chart.data.datasets[1].data = sorted.map((rating) => ({ x: rating.rating, y: rating.bot })) as never;
  }

  protected summary(): string {
    return `Elo ratings: ${this.ratings.map((r) => `${r.bot} ${Math.round(r.rating)} (${intervalText(r.lo, r.hi, 0, ' to ')})`).join('; ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wdl-chart': WdlChart;
    'rating-chart': RatingChart;
  }
}

/** One game's margin from a's side, for the histogram. */
export interface PairMargins {
  readonly label: string;
  readonly margins: readonly number[];
}

@customElement('margin-histogram')
export class MarginHistogram extends ChartElement {
  @property({ attribute: false }) pair?: PairMargins;

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
      data: { labels: [], datasets: [{ label: 'games', data: [], backgroundColor: [] }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: 'margin of the first bot named' } },
          y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'games' } },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    const margins = this.pair?.margins ?? [];
    const low = Math.min(0, ...margins.map(Math.floor));
    const high = Math.max(0, ...margins.map(Math.ceil));
    // One bar per point of margin, or wider bins when the range is wide.
    const width = Math.max(1, Math.ceil((high - low + 1) / 40));
    const bins = Math.floor((high - low) / width) + 1;
    const counts = Array<number>(bins).fill(0);
    for (const margin of margins) counts[Math.floor((margin - low) / width)]++;
    chart.data.labels = counts.map((_, i) => (width === 1 ? String(low + i) : `${low + i * width}..${low + i * width + width - 1}`));
    chart.data.datasets[0].data = counts;
    chart.data.datasets[0].backgroundColor = counts.map((_, i) => (low + i * width + width - 1 < 0 ? '#dc2626' : low + i * width > 0 ? '#16a34a' : '#94a3b8'));
  }

  protected summary(): string {
    return `Histogram of ${this.pair?.margins.length ?? 0} margins of ${this.pair?.label ?? ''}`;
  }
}

/** Per bot: mean nodes and mean milliseconds per move. */
export interface MoveCost {
  readonly bot: string;
  readonly nodes: number;
  readonly ms: number;
}

@customElement('move-cost-chart')
export class MoveCostChart extends ChartElement {
  @property({ attribute: false }) costs: readonly MoveCost[] = [];

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
      data: {
        labels: [],
        datasets: [
          { label: 'nodes per move', data: [], yAxisID: 'nodes', backgroundColor: '#3b82f6' },
          { label: 'ms per move', data: [], yAxisID: 'ms', backgroundColor: '#f59e0b' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          nodes: { type: 'logarithmic', position: 'left', title: { display: true, text: 'nodes per move' } },
          ms: { type: 'logarithmic', position: 'right', grid: { drawOnChartArea: false }, title: { display: true, text: 'ms per move' } },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = this.costs.map((cost) => cost.bot);
    // Log scales cannot show 0: a bot that does not search is drawn at the floor.
    chart.data.datasets[0].data = this.costs.map((cost) => Math.max(0.1, cost.nodes));
    chart.data.datasets[1].data = this.costs.map((cost) => Math.max(0.001, cost.ms));
  }

  protected summary(): string {
    return `Search per move: ${this.costs.map((c) => `${c.bot} ${Math.round(c.nodes)} nodes, ${c.ms.toFixed(2)} ms`).join('; ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'margin-histogram': MarginHistogram;
    'move-cost-chart': MoveCostChart;
  }
}

/** A named series of values, one per label. */
export interface Series {
  readonly name: string;
  readonly values: readonly (number | null)[];
}

const SERIES_COLOURS = ['#2563eb', '#d97706', '#16a34a', '#dc2626', '#7c3aed'];

/** <grouped-bars>: several series side by side per label (log scale by default): nodes or time per instance. */
@customElement('grouped-bars')
export class GroupedBars extends ChartElement {
  @property({ attribute: false }) labels: readonly string[] = [];
  @property({ attribute: false }) series: readonly Series[] = [];
  @property() axis = '';
  @property({ type: Boolean }) linear = false;

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { type: this.linear ? 'linear' : 'logarithmic', title: { display: true, text: this.axis } } },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = [...this.labels];
    chart.data.datasets = this.series.map((series, i) => ({
      label: series.name,
      data: [...series.values],
      backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
    }));
  }

  protected summary(): string {
    return `${this.axis} per instance: ${this.series.map((s) => s.name).join(', ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'grouped-bars': GroupedBars;
  }
}
