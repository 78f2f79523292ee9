// A ladder bot's skill over its games: each version's μ after each of its rated games (its last 500), one line a
// version, with μ − 2σ beside it dashed: the conservative end the uncertainty leaves.

import type { Chart, ChartConfiguration } from 'chart.js';
import { customElement, property } from 'lit/decorators.js';
import { ChartElement } from '../chart-base';

const COLOURS = ['#1d4ed8', '#dc2626', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2'];

export interface SkillHistory {
  readonly label: string;
  readonly points: readonly { readonly mu: number; readonly sigma: number }[];
}

@customElement('skill-chart')
export class SkillChart extends ChartElement {
  @property({ attribute: false }) histories: readonly SkillHistory[] = [];

  protected build(): ChartConfiguration {
    return {
      type: 'line',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { title: { display: true, text: 'rated games' } }, y: { title: { display: true, text: 'skill μ' } } },
      },
    };
  }

  protected refresh(chart: Chart): void {
    const games = Math.max(0, ...this.histories.map((history) => history.points.length));
    chart.data.labels = Array.from({ length: games }, (_, game) => game + 1);
    chart.data.datasets = this.histories.flatMap((history, i) => {
      const colour = COLOURS[i % COLOURS.length];
      const line = { borderColor: colour, backgroundColor: colour, pointRadius: 0, borderWidth: 2 };
      return [
        { label: `${history.label} μ`, data: history.points.map((point) => point.mu), ...line },
        { label: `${history.label} μ − 2σ`, data: history.points.map((point) => point.mu - 2 * point.sigma), ...line, borderWidth: 1, borderDash: [4, 4] },
      ];
    });
  }

  protected empty(): boolean {
    return this.histories.every((history) => history.points.length === 0);
  }

  protected summary(): string {
    return `Skill over the rated games: ${this.histories
      .map((history) => {
        const last = history.points.at(-1);
        return `${history.label} ${last ? `${last.mu.toFixed(1)} ± ${(2 * last.sigma).toFixed(1)} after ${history.points.length} games` : 'no rated game yet'}`;
      })
      .join('; ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'skill-chart': SkillChart;
  }
}
