// <eval-chart>: a reviewed game's value after every move, in the first seat's terms (above 0 it wins under perfect
// play, below it loses), as lichess draws it; a position the solver could not settle in its budget is a gap. The
// axis is symmetric about 0, drawn as the even line, and fixed by the game (its largest value either way) where
// the game fixes one, else by the game's own largest value; its title names the unit.

import type { Chart, ChartConfiguration } from 'chart.js';
import { html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { ChartElement } from './chart-base';

@customElement('eval-chart')
export class EvalChart extends ChartElement {
  /** The first seat's value of each position of the game, the start first (null: not settled). */
  @property({ attribute: false }) values: readonly (number | null)[] = [];
  @property({ attribute: false }) seatNames: readonly [string, string] = ['first', 'second'];
  /** The position shown (moves played), marked on the line. */
  @property({ attribute: false }) current = -1;
  /** What a value counts. */
  @property() unit = 'value';
  /** The largest value either way, when the game fixes it. */
  @property({ attribute: false }) bound?: number;

  protected build(): ChartConfiguration {
    return {
      type: 'line',
      data: {
        labels: [],
        datasets: [
          // Not clipped: a value at the axis's end (a won game's 1) stays whole on the chart.
          { label: 'value', data: [], borderColor: '#1d4ed8', backgroundColor: '#1d4ed8', spanGaps: false, pointRadius: [], clip: false },
          { label: 'even', data: [], borderColor: '#64748b', borderDash: [4, 4], borderWidth: 1, pointRadius: 0 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: 'moves played' } },
          y: { title: { display: true, text: '' }, ticks: { precision: 0 } },
        },
      },
    };
  }

  protected refresh(chart: Chart): void {
    chart.data.labels = this.values.map((_, ply) => String(ply));
    const [line, even] = chart.data.datasets;
    line.data = [...this.values];
    even.data = this.values.map(() => 0);
    (line as { pointRadius?: number[] }).pointRadius = this.values.map((_, ply) => (ply === this.current ? 6 : 2));
    const axis = chart.options.scales?.y as { title: { text: string }; min?: number; max?: number } | undefined;
    if (axis) {
      const bound = this.bound ?? Math.max(1, ...this.values.map((value) => Math.abs(value ?? 0)));
      axis.min = -bound;
      axis.max = bound;
      // The axis is named in a word (a long title was cut at both ends on a small chart); the caption says the rest.
      axis.title.text = `value for ${this.seatNames[0]}`;
    }
  }

  protected caption() {
    return html`<p>The value: ${this.unit}; ${this.seatNames[0]} wins above 0, ${this.seatNames[1]} below.</p>`;
  }

  protected empty(): boolean {
    return this.values.length === 0;
  }

  protected summary(): string {
    return `The value (${this.unit}) after each move for ${this.seatNames[0]}: ${this.values.map((v, ply) => `${ply} ${v ?? 'unknown'}`).join(', ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'eval-chart': EvalChart;
  }
}
