// The charts of a match under the SPRT: the LLR after each pair between its two bounds, A's Elo estimate with its
// 95% interval over the pairs, and the pentanomial (how many pairs scored 0, 0.5, 1, 1.5 and 2 points).

import type { Chart, ChartConfiguration } from 'chart.js';
import { customElement, property } from 'lit/decorators.js';
import type { MatchReport } from '../arena/match';
import { eloTrend } from '../arena/match';
import { ChartElement } from './chart-base';
import { intervalText } from '../arena/interval';

/** Elo values past this (a score near 0 or 1) are drawn at it, so one lopsided pair does not flatten the chart. */
const ELO_SHOWN = 800;
const shown = (elo: number) => Math.max(-ELO_SHOWN, Math.min(ELO_SHOWN, elo));

@customElement('sprt-chart')
export class SprtChart extends ChartElement {
  @property({ attribute: false }) report?: MatchReport;

  protected build(): ChartConfiguration {
    const flat = { pointRadius: 0, borderDash: [6, 4], borderWidth: 1.5 };
    return {
      type: 'line',
      data: {
        labels: [],
        datasets: [
          { label: 'LLR', data: [], borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', pointRadius: 0, borderWidth: 2 },
          { label: 'H1 bound', data: [], borderColor: '#16a34a', ...flat },
          { label: 'H0 bound', data: [], borderColor: '#dc2626', ...flat },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { title: { display: true, text: 'pairs' } }, y: { title: { display: true, text: 'log-likelihood ratio' } } },
      },
    };
  }

  protected refresh(chart: Chart): void {
    const report = this.report;
    const llr = report ? [0, ...report.trajectory] : [];
    chart.data.labels = llr.map((_, pair) => pair);
    chart.data.datasets[0].data = llr;
    chart.data.datasets[1].data = llr.map(() => report!.upper);
    chart.data.datasets[2].data = llr.map(() => report!.lower);
  }

  protected summary(): string {
    const report = this.report;
    return report
      ? `LLR after each of ${report.pairs} pairs, ${report.llr.toFixed(2)} at the end, between the bounds ${report.lower.toFixed(2)} and ${report.upper.toFixed(2)}`
      : 'No match yet';
  }
}

@customElement('elo-trend-chart')
export class EloTrendChart extends ChartElement {
  @property({ attribute: false }) report?: MatchReport;

  protected build(): ChartConfiguration {
    const edge = { pointRadius: 0, borderWidth: 1, borderColor: '#93c5fd' };
    return {
      type: 'line',
      data: {
        labels: [],
        datasets: [
          { label: 'Elo', data: [], borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', pointRadius: 0, borderWidth: 2 },
          { label: '95% low', data: [], ...edge, fill: '+1', backgroundColor: 'rgba(147, 197, 253, 0.3)' },
          { label: '95% high', data: [], ...edge },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { title: { display: true, text: 'games' } }, y: { title: { display: true, text: `Elo of the first bot (drawn within ±${ELO_SHOWN})` } } },
      },
    };
  }

  protected refresh(chart: Chart): void {
    const report = this.report;
    const trend = report ? eloTrend(report.scores, report) : [];
    chart.data.labels = trend.map((point) => 2 * point.pairs);
    chart.data.datasets[0].data = trend.map((point) => shown(point.elo));
    chart.data.datasets[1].data = trend.map((point) => shown(point.eloLo));
    chart.data.datasets[2].data = trend.map((point) => shown(point.eloHi));
  }

  protected summary(): string {
    const report = this.report;
    return report
      ? `Elo estimate over ${report.games} games: ${report.elo.toFixed(0)} (${intervalText(report.elo_lo, report.elo_hi, 0, ' to ')})`
      : 'No match yet';
  }
}

@customElement('pentanomial-chart')
export class PentanomialChart extends ChartElement {
  @property({ attribute: false }) counts: readonly number[] = [];

  protected build(): ChartConfiguration {
    return {
      type: 'bar',
      data: {
        labels: ['0', '0.5', '1', '1.5', '2'],
        datasets: [{ label: 'pairs', data: [], backgroundColor: ['#dc2626', '#f87171', '#94a3b8', '#4ade80', '#16a34a'] }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: "the first bot's points in a pair" } },
          y: { beginAtZero: true, title: { display: true, text: 'pairs' } },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.datasets[0].data = [...this.counts];
  }

  protected summary(): string {
    return `Pairs by the first bot's points (0, 0.5, 1, 1.5, 2): ${this.counts.join(', ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sprt-chart': SprtChart;
    'elo-trend-chart': EloTrendChart;
    'pentanomial-chart': PentanomialChart;
  }
}
