// My bots' view of the person's own entries on a game's ladder: each version submitted, its state (its validation's
// verdict and why it failed), its games and rating, a link to its bot's page, and Retire. Read again every few
// seconds while shown (a validation takes a game), and at once when the page submits a version.

import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { LadderVersion } from '../../ladder/store';
import { LabError, labMe, labRequest, type Me } from '../lab/lab-requests';
import { every } from '../every';
import { ratingText } from '../ladder/rating-text';
import { pageStyles } from '../styles';

const LIVE_MS = 5000;

@customElement('ladder-entries')
export class LadderEntries extends LitElement {
  static styles = [
    pageStyles,
    css`
      td.number {
        text-align: right;
      }
    `,
  ];

  @property() game = '';
  @state() private versions: readonly LadderVersion[] = [];
  @state() private me?: Me;
  @state() private error = '';

  constructor() {
    super();
    every(this, LIVE_MS, () => void this.refresh());
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('game')) void this.refresh();
  }

  /** Reads the person's entries again (nothing when no one is signed in, or the server has no lab). */
  async refresh(): Promise<void> {
    try {
      this.me = await labMe();
      this.versions = this.me.account
        ? (await labRequest<{ versions: LadderVersion[] }>('GET', `ladder/mine?game=${encodeURIComponent(this.game)}`)).versions
        : [];
      this.error = '';
    } catch (error) {
      this.versions = [];
      this.error = error instanceof LabError && error.status === 0 ? '' : (error as Error).message;
    }
  }

  private async retire(version: LadderVersion): Promise<void> {
    if (!confirm(`Retire ${version.bot} v${version.version} from the ladder? It plays no more (its games and rating stay); this cannot be undone.`)) return;
    try {
      await labRequest('POST', `ladder/versions/${encodeURIComponent(version.id)}/retire`, { csrf: this.me?.csrf });
      await this.refresh();
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  render() {
    if (!this.me?.account && !this.error) return '';
    return html`
      <section class="panel" aria-label="On the ladder">
        <h2>On the ladder</h2>
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
        ${
          this.versions.length === 0
            ? html`<p>None of your bots is on this game's ladder yet: Submit to the ladder enters the version shown.</p>`
            : html`<table aria-label="Your ladder entries">
              <thead><tr><th>bot</th><th>version</th><th>state</th><th>games</th><th>Elo (95%)</th><th></th></tr></thead>
              <tbody>
                ${this.versions.map(
                  (version) => html`<tr>
                    <td><a href="#/ladder?game=${version.game}&bot=${version.botId}">${version.bot}</a></td>
                    <td>v${version.version}</td>
                    <td>${version.state}${version.reason ? html`: ${version.reason}` : ''}</td>
                    <td class="number">${version.games}</td>
                    <td>${ratingText(version)}</td>
                    <td>${version.state === 'active' || version.state === 'validating' ? html`<button @click=${() => void this.retire(version)}>Retire</button>` : ''}</td>
                  </tr>`,
                )}
              </tbody>
            </table>`
        }
      </section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ladder-entries': LadderEntries;
  }
}
