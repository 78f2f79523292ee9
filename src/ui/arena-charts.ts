// The arena's charts: W/D/L per pair (stacked bars) and ratings with their 95% intervals.

import type { Chart, ChartConfiguration } from 'chart.js';
import { customElement, property } from 'lit/decorators.js';
import type { Rating } from '../arena/ratings';
import type { Tally } from '../arena/results';
import { ChartElement } from './chart-base';

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
          // Floating bars from lo to hi are the intervals; the line dataset without a line marks the ratings.
          { type: 'bar', label: '95% interval', data: [], backgroundColor: '#bfdbfe' },
          { type: 'line', label: 'Elo', data: [], showLine: false, pointRadius: 5, borderColor: '#1d4ed8', backgroundColor: '#1d4ed8' },
        ],
      },
      options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false, animation: false, scales: { x: { beginAtZero: false, title: { display: true, text: 'Elo' } } } },
    };
  }

  protected refresh(chart: Chart): void {
    const sorted = [...this.ratings].sort((a, b) => b.rating - a.rating);
    chart.data.labels = sorted.map((rating) => rating.bot);
    chart.data.datasets[0].data = sorted.map((rating) => [rating.lo, rating.hi]);
    chart.data.datasets[1].data = sorted.map((rating) => ({ x: rating.rating, y: rating.bot })) as never;
  }

  protected summary(): string {
    return `Elo ratings: ${this.ratings.map((r) => `${r.bot} ${Math.round(r.rating)} (${Math.round(r.lo)} to ${Math.round(r.hi)})`).join('; ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wdl-chart': WdlChart;
    'rating-chart': RatingChart;
  }
}
