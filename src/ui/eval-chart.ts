// <eval-chart>: a reviewed game's value after every move, in the first seat's terms (above 0 it wins under perfect
// play, below it loses), as lichess draws it; a position the solver could not settle in its budget is a gap.

import type { Chart, ChartConfiguration } from 'chart.js';
import { customElement, property } from 'lit/decorators.js';
import { ChartElement } from './chart-base';

@customElement('eval-chart')
export class EvalChart extends ChartElement {
  /** The first seat's value of each position of the game, the start first (null: not settled). */
  @property({ attribute: false }) values: readonly (number | null)[] = [];
  @property({ attribute: false }) seatNames: readonly [string, string] = ['first', 'second'];
  /** The position shown (moves played), marked on the line. */
  @property({ attribute: false }) current = -1;

  protected build(): ChartConfiguration {
    return {
      type: 'line',
      data: { labels: [], datasets: [{ label: 'value', data: [], borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', spanGaps: false, pointRadius: [] }] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: 'moves played' } },
          y: { title: { display: true, text: '' } },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = this.values.map((_, ply) => String(ply));
    const [line] = chart.data.datasets;
    line.data = [...this.values];
    (line as { pointRadius?: number[] }).pointRadius = this.values.map((_, ply) => (ply === this.current ? 6 : 2));
    const axis = chart.options.scales?.y as { title: { text: string } } | undefined;
    if (axis) axis.title.text = `${this.seatNames[0]} wins above 0, ${this.seatNames[1]} below`;
  }

  protected empty(): boolean {
    return this.values.length === 0;
  }

  protected summary(): string {
    return `The value after each move for ${this.seatNames[0]}: ${this.values.map((v, ply) => `${ply} ${v ?? 'unknown'}`).join(', ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'eval-chart': EvalChart;
  }
}
