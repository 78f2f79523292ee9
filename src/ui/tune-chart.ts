// The tuner's chart: each parameter's value θ after every SPSA step, one line a parameter, drawn as it tunes.

import type { Chart, ChartConfiguration } from 'chart.js';
import { customElement, property } from 'lit/decorators.js';
import { ChartElement } from './chart-base';

const COLOURS = ['#1d4ed8', '#dc2626', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2'];

@customElement('tune-chart')
export class TuneChart extends ChartElement {
  @property({ attribute: false }) trajectory: Readonly<Record<string, readonly number[]>> = {};

  protected build(): ChartConfiguration {
    return {
      type: 'line',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { title: { display: true, text: 'step' } }, y: { title: { display: true, text: 'value (θ)' } } },
      },
    };
  }

  protected refresh(chart: Chart): void {
    const names = Object.keys(this.trajectory);
    const steps = Math.max(0, ...names.map((name) => this.trajectory[name].length));
    chart.data.labels = Array.from({ length: steps }, (_, step) => step + 1);
    chart.data.datasets = names.map((name, i) => ({
      label: name,
      data: [...this.trajectory[name]],
      borderColor: COLOURS[i % COLOURS.length],
      backgroundColor: COLOURS[i % COLOURS.length],
      pointRadius: 0,
      borderWidth: 2,
    }));
  }

  protected summary(): string {
    const names = Object.keys(this.trajectory);
    return `Parameters over the tuning steps: ${names.map((name) => `${name} ${this.trajectory[name].at(-1)?.toFixed(2) ?? 'none yet'}`).join(', ')}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tune-chart': TuneChart;
  }
}
