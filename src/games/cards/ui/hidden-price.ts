// The price of hidden information on the Red Ten page: per deal size, how much stronger the bot that sees both
// hands is than those that see their own, and how often each keeps a win it holds (data/hidden-price.json,
// measured by scripts/cards-hidden-price.ts).

import { html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { intervalText } from '../../../arena/interval';
import { pageStyles } from '../../../ui/styles';
import price from '../data/hidden-price.json';

type Row = (typeof price.rows)[number];

const elo = (row: Row, a: string, b: string) => {
  const found = row.elo.find((entry) => entry.a === a && entry.b === b)!;
  return `${found.elo > 0 ? '+' : ''}${found.elo.toFixed(1)} (${intervalText(found.lo, found.hi, 1)})`;
};

const kept = (row: Row, bot: string) => {
  const found = row.accuracy.find((entry) => entry.bot === bot)!;
  return `${(found.share * 100).toFixed(1)}% of ${found.won}`;
};

@customElement('hidden-price')
export class HiddenPrice extends LitElement {
  static styles = pageStyles;

  render() {
    const deals = price.rows[0]?.deals ?? 0;
    return html`<h2>The price of hidden information</h2>
      <table aria-label="The price of hidden information">
        <thead><tr><th>cards each</th><th>Elo of strong over inference</th><th>inference over honest</th>
          <th>wins kept: strong</th><th>inference</th><th>honest</th></tr></thead>
        <tbody>${price.rows.map(
          (row) => html`<tr><td>${row.size}</td><td>${elo(row, 'strong', 'inference')}</td><td>${elo(row, 'inference', 'honest')}</td>
            <td>${kept(row, 'strong')}</td><td>${kept(row, 'inference')}</td><td>${kept(row, 'honest')}</td></tr>`,
        )}</tbody>
      </table>
      <p class="hint">The strong bot sees both hands; the inference and honest bots see their own. ${deals} seeded deals a size, each
        played both ways round (a deal and its mirror), without a clock; the Elo's 95% interval is from the spread of the deals' pair
        scores. Wins kept: of a bot's moves in positions it wins with both hands known, the share that keep the win, that is
        moves the full-information solver would play too.</p>`;
  }
}
