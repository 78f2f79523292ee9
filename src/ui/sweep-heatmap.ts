// <sweep-heatmap>: a sweep's mean margin (or score) over two parameter axes, the other axes fixed at chosen
// values; green for better, red for worse, the best cell outlined, a legend of the colours' range below. A table,
// so every number is readable; a score shows its 95% interval.

import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { SweepReport } from '../arena/report';

export type HeatmapFigure = 'margin' | 'score' | 'loss';

export const HEATMAP_FIGURES: readonly { readonly id: HeatmapFigure; readonly label: string }[] = [
  { id: 'margin', label: 'mean margin' },
  { id: 'score', label: 'score (wins + draws / 2)' },
  { id: 'loss', label: 'points lost per move' },
];

@customElement('sweep-heatmap')
export class SweepHeatmap extends LitElement {
  static styles = css`
    .axes {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem 1rem;
      margin-bottom: 0.5rem;
    }
    select {
      font: inherit;
    }
    table {
      border-collapse: collapse;
    }
    th,
    td {
      padding: 0.3rem 0.5rem;
      text-align: center;
      font-variant-numeric: tabular-nums;
    }
    td {
      min-width: 3.2rem;
      border: 1px solid #fff;
    }
    .best {
      outline: 3px solid #0f172a;
      outline-offset: -3px;
      font-weight: 700;
    }
    .legend {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      margin-top: 0.5rem;
      font-variant-numeric: tabular-nums;
    }
    .bar {
      width: 10rem;
      height: 0.8rem;
      border: 1px solid #64748b;
    }
  `;

  @property({ attribute: false }) report?: SweepReport;
  /** Which figure to colour: the mean margin, the score (wins + draws / 2 per game) or the points lost per move. */
  @property() figure: HeatmapFigure = 'margin';
  /** The parameters as people read them, by name (the settings' labels). */
  @property({ attribute: false }) titles: Readonly<Record<string, string>> = {};
  @state() private rowAxis = 0;
  @state() private columnAxis = 1;
  @state() private fixed: Record<string, number> = {};

  private axisTitle(name: string): string {
    return this.titles[name] ?? name;
  }

  render() {
    const report = this.report;
    if (!report || report.points.length === 0) return html``;
    const axes = report.grid;
    const rowAxis = axes[Math.min(this.rowAxis, axes.length - 1)];
    const columnAxis = axes.length > 1 ? axes[this.columnAxis === this.rowAxis ? (this.rowAxis + 1) % axes.length : this.columnAxis] : undefined;
    const others = axes.filter((axis) => axis !== rowAxis && axis !== columnAxis);
    const value = (point: SweepReport['points'][number]) => {
      const games = point.wins + point.draws + point.losses;
      if (this.figure === 'margin') return point.margin;
      if (this.figure === 'loss') return point.meanLoss ?? NaN;
      return games ? (point.wins + point.draws / 2) / games : 0;
    };
    // For the loss, less is better: the colours and the best cell turn round.
    const better = this.figure === 'loss' ? -1 : 1;
    const pointAt = (row: number, column: number | undefined) =>
      report.points.find(
        (point) =>
          point.params[rowAxis.name] === row &&
          (!columnAxis || point.params[columnAxis.name] === column) &&
          others.every((axis) => point.params[axis.name] === (this.fixed[axis.name] ?? axis.values[0])),
      );
    const shown = report.points.filter((point) => others.every((axis) => point.params[axis.name] === (this.fixed[axis.name] ?? axis.values[0])));
    const values = shown.map((point) => better * value(point)).filter((v) => !Number.isNaN(v));
    const high = Math.max(...values);
    const best = shown.find((point) => better * value(point) === high);
    // The colours say where a point stands, not only against the grid's other points: the middle (yellow) is an
    // even result (a margin of 0, a score of 50%), green above it and red below, out to the farthest point shown on
    // either side, so that a grid that loses everywhere is red throughout; for the points lost, green is none lost
    // and red the most lost of the points shown.
    const even = this.figure === 'score' ? 0.5 : 0;
    const span = Math.max(1e-9, ...values.map((v) => Math.abs(better * v - even)));
    const shade = (t: number) => `hsl(${Math.round(t * 120)}, 70%, ${85 - 25 * Math.abs(t - 0.5)}%)`;
    const placed = (v: number) => (this.figure === 'loss' ? 1 - v / span : 0.5 + (v - even) / (2 * span));
    const colour = (v: number) => (Number.isNaN(v) ? 'transparent' : shade(Math.max(0, Math.min(1, placed(v)))));
    const [scaleLow, scaleHigh] = this.figure === 'loss' ? [span, 0] : [even - span, even + span];
    const format = (v: number) => (Number.isNaN(v) ? '' : this.figure === 'score' ? `${Math.round(v * 100)}%` : v.toFixed(this.figure === 'loss' ? 3 : 2));
    const axisSelect = (label: string, index: number, set: (i: number) => void) => html`<label>${label}
      <select @change=${(e: Event) => set(Number((e.target as HTMLSelectElement).value))}>
        ${axes.map((axis, i) => html`<option value=${i} ?selected=${i === index}>${this.axisTitle(axis.name)}</option>`)}
      </select></label>`;
    return html`
      <div class="axes">
        ${axes.length > 1 ? html`${axisSelect('Rows', this.rowAxis, (i) => (this.rowAxis = i))} ${axisSelect('Columns', this.columnAxis, (i) => (this.columnAxis = i))}` : ''}
        ${others.map(
          (axis) => html`<label>${this.axisTitle(axis.name)}
          <select @change=${(e: Event) => (this.fixed = { ...this.fixed, [axis.name]: Number((e.target as HTMLSelectElement).value) })}>
            ${axis.values.map((v) => html`<option value=${v} ?selected=${v === (this.fixed[axis.name] ?? axis.values[0])}>${v}</option>`)}
          </select></label>`,
        )}
      </div>
      <table aria-label=${`${HEATMAP_FIGURES.find((f) => f.id === this.figure)!.label} of ${report.bot} by ${this.axisTitle(rowAxis.name)}${columnAxis ? ` and ${this.axisTitle(columnAxis.name)}` : ''}`}>
        <thead><tr><th>${this.axisTitle(rowAxis.name)} \\ ${columnAxis ? this.axisTitle(columnAxis.name) : ''}</th>${(columnAxis?.values ?? [undefined]).map((c) => html`<th scope="col">${c ?? this.figure}</th>`)}</tr></thead>
        <tbody>
          ${rowAxis.values.map(
            (row) => html`<tr><th scope="row">${row}</th>
            ${(columnAxis?.values ?? [undefined]).map((column) => {
              const point = pointAt(row, column);
              if (!point) return html`<td></td>`;
              const v = value(point);
              const interval = `${Math.round(point.score_lo * 100)}-${Math.round(point.score_hi * 100)}%`;
              const text = this.figure === 'score' ? html`${format(v)}<br /><small>${interval}</small>` : format(v);
              return html`<td class=${point === best ? 'best' : ''} style="background:${colour(v)}" title=${`${point.bot}: ${point.wins}/${point.draws}/${point.losses}, score 95% ${interval}, margin ${point.margin}`}>${text}</td>`;
            })}</tr>`,
          )}
        </tbody>
      </table>
      ${
        values.length
          ? html`<div class="legend" role="img" aria-label=${`Colours: red ${format(scaleLow)} to yellow ${format((scaleLow + scaleHigh) / 2)}${this.figure === 'loss' ? '' : ' (even)'} to green ${format(scaleHigh)}`}>
          <span>${format(scaleLow)}</span>
          <span class="bar" style=${`background: linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map(shade).join(', ')})`}></span>
          <span>${format(scaleHigh)}</span>
        </div>`
          : ''
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sweep-heatmap': SweepHeatmap;
  }
}
