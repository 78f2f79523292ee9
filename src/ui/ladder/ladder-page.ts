// The ladder (#/ladder?game=<game>): a game's leaderboard, live (rank, bot, owner, version, the whole-history Elo
// with its interval, the skill μ ± 2σ, games, W/D/L, last played); a bot's page (&bot=<id>): its versions (their
// state, validation, ratings and match against the version before), its skill over its games, its last games with
// their replays, Retire and Rename for its owner. The games being played now, each watched live on its game's page
// (#/<game>?live=<id>). An engine no worker offers now is marked offline. Submitting is done from My bots, or with `playground ladder submit`.

import { css, html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { findGame, arenaGames } from '../../games';
import type { LadderGame, LadderVersion } from '../../ladder/store';
import { pageStyles } from '../styles';
import { LabError, labMe, labRequest, type Me } from '../lab/lab-requests';
import { accuracyText, ratingText, skillText } from './rating-text';
import { every } from '../every';
import './skill-chart';

/** How often the leaderboard, or a bot's page, is read again. */
const LIVE_MS = 5000;

/** An entry as the server lists it: whether it can play now (an engine no worker offers now cannot). */
interface Entry extends LadderVersion {
  readonly offline: boolean;
}

interface BotVersion extends Entry {
  readonly match: {
    readonly previousId: string;
    readonly state: string;
    readonly report: { llr: number; lower: number; upper: number; elo: number; elo_lo: number; elo_hi: number; games: number } | null;
  } | null;
  readonly history: readonly { readonly mu: number; readonly sigma: number }[];
}

/** A game being played now, as listed. */
interface LiveEntry {
  readonly id: string;
  readonly purpose: string;
  readonly seats: readonly [string, string];
  readonly plies: number;
  readonly over: { readonly winner: 0 | 1 | null } | null;
}

interface BotPage {
  readonly id: string;
  readonly game: string;
  readonly name: string;
  readonly owner: string | null;
  readonly versions: readonly BotVersion[];
  readonly games: readonly LadderGame[];
  readonly names: Readonly<Record<string, string>>;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en') : '-');
const offlineMark = (entry: Entry) =>
  entry.offline ? html` <span class="offline" title="no worker offers this engine now: it is not paired">offline</span>` : '';

@customElement('ladder-page')
export class LadderPage extends LitElement {
  static styles = [
    pageStyles,
    css`
      td.number {
        text-align: right;
      }
      skill-chart {
        margin: 1rem 0;
      }
      .offline {
        font-size: 0.85em;
        opacity: 0.75;
      }
      form.rename {
        display: inline;
        margin-left: 1rem;
      }
    `,
  ];

  @property({ attribute: false }) params = new URLSearchParams();
  @state() private entries: readonly Entry[] = [];
  /** Why the ladder's rounds cannot be played now, as the server says. */
  @state() private problem?: { readonly message: string; readonly since: string };
  @state() private live: { games: readonly LiveEntry[]; names: Readonly<Record<string, string>> } = { games: [], names: {} };
  @state() private bot?: BotPage;
  @state() private me?: Me;
  @state() private error = '';

  constructor() {
    super();
    every(this, LIVE_MS, () => void this.refresh());
  }

  private get gameId(): string {
    const id = this.params.get('game') ?? '';
    return arenaGames.some((game) => game.rules.id === id) ? id : arenaGames[0].rules.id;
  }

  connectedCallback(): void {
    super.connectedCallback();
    void labMe().then(
      (me) => (this.me = me),
      () => (this.me = undefined),
    );
  }

  willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('params')) void this.refresh();
  }

  private async refresh(): Promise<void> {
    const botId = this.params.get('bot');
    try {
      if (botId) this.bot = await labRequest<BotPage>('GET', `ladder/bots/${encodeURIComponent(botId)}`);
      else {
        this.bot = undefined;
        const board = await labRequest<{ entries: Entry[]; problem?: { message: string; since: string } }>(
          'GET',
          `ladder?game=${encodeURIComponent(this.gameId)}`,
        );
        this.entries = board.entries;
        this.problem = board.problem;
        this.live = await labRequest('GET', `ladder/live?game=${encodeURIComponent(this.gameId)}`);
      }
      this.error = '';
    } catch (error) {
      this.error = error instanceof LabError ? error.message : `the ladder cannot be read: ${(error as Error).message}`;
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

  private async rename(bot: BotPage, event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const name = new FormData(event.target as HTMLFormElement).get('name');
    try {
      await labRequest('POST', `ladder/bots/${encodeURIComponent(bot.id)}/rename`, { csrf: this.me?.csrf, body: { name } });
      await this.refresh();
    } catch (error) {
      this.error = (error as Error).message;
    }
  }

  render() {
    const game = findGame(this.gameId)!;
    return html`
      <h1>Ladder</h1>
      <p>Bring a bot, and get a rating that lasts: every version of every bot plays the others near its rating, round
        after round, and is rated by every game it played. Submit one from <a href="#/my-bots">My bots</a> (signed in on
        the <a href="#/lab">Lab</a> page), or with <code>playground ladder submit</code>.</p>
      <label>Game
        <select aria-label="Game" @change=${(e: Event) => (location.hash = `#/ladder?game=${(e.target as HTMLSelectElement).value}`)}>
          ${arenaGames.map((candidate) => html`<option value=${candidate.rules.id} ?selected=${candidate === game}>${candidate.rules.title}</option>`)}
        </select></label>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : ''}
      ${this.bot ? this.botView(this.bot) : this.leaderboard(game.rules.title)}
    `;
  }

  private leaderboard(title: string) {
    if (this.entries.length === 0) return html`<p>The ${title} ladder has no entry yet: the first bot submitted starts it, beside our own bots.</p>`;
    return html`
      ${this.problem ? html`<p class="error" role="alert">The ${title} ladder cannot play its rounds since ${new Date(this.problem.since).toLocaleString('en')}: ${this.problem.message}</p>` : ''}
      <section class="panel" aria-label="Leaderboard">
        <table aria-label="Leaderboard">
          <thead><tr><th>rank</th><th>bot</th><th>owner</th><th>version</th><th>Elo (95%)</th><th>skill μ ± 2σ</th><th>games</th><th>W/D/L</th><th>last played</th></tr></thead>
          <tbody>
            ${this.entries.map(
              (entry, i) => html`<tr>
                <td class="number">${i + 1}</td>
                <td><a href="#/ladder?game=${entry.game}&bot=${entry.botId}">${entry.bot}</a></td>
                <td>${entry.owner ?? 'the server'}</td>
                <td>v${entry.version}${offlineMark(entry)}</td>
                <td>${ratingText(entry)}</td>
                <td>${skillText(entry)}</td>
                <td class="number">${entry.games}</td>
                <td>${entry.wins}/${entry.draws}/${entry.losses}</td>
                <td>${when(entry.lastPlayed)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      <p class="hint">Ranked by the Elo fitted to every game played (its 95% interval beside it); the skill, Weng-Lin's μ
        with its uncertainty σ, moves after every game.</p>
      </section>
      ${this.liveView()}
    `;
  }

  /** The games being played now, each watched live on its game's page. */
  private liveView() {
    const { games: playing, names } = this.live;
    const name = (id: string) => names[id] ?? id;
    return html`
      <section class="panel" aria-label="Playing now">
        <h2>Playing now</h2>
        ${
          playing.length === 0
            ? html`<p>No game is being played at this moment.</p>`
            : html`<table aria-label="Playing now">
              <thead><tr><th>first</th><th>second</th><th>for</th><th>moves</th><th></th></tr></thead>
              <tbody>
                ${playing.map(
                  (live) => html`<tr>
                    <td>${name(live.seats[0])}</td>
                    <td>${name(live.seats[1])}</td>
                    <td>${live.purpose}</td>
                    <td class="number">${live.plies}${live.over ? ' (over)' : ''}</td>
                    <td><a href="#/${this.gameId}?live=${live.id}">Watch</a></td>
                  </tr>`,
                )}
              </tbody>
            </table>`
        }
      </section>
    `;
  }

  private botView(bot: BotPage) {
    const mine = this.me?.account !== null && this.me?.account === bot.owner;
    const name = (id: string) => bot.names[id] ?? id;
    return html`
      <p><a href="#/ladder?game=${bot.game}">← the ${findGame(bot.game)?.rules.title ?? bot.game} ladder</a></p>
      <h2>${bot.name}</h2>
      <p>
        By ${bot.owner ?? 'the server'}; ${bot.versions.length} version${bot.versions.length === 1 ? '' : 's'}.
        ${
          mine
            ? html`<form class="rename" @submit=${(event: SubmitEvent) => void this.rename(bot, event)}>
                <label>New name <input name="name" required maxlength="40" .value=${bot.name} /></label>
                <button>Rename</button>
              </form>`
            : ''
        }
      </p>
      <section class="panel" aria-label="Versions">
        <table aria-label="Versions">
          <thead><tr><th>version</th><th>state</th><th>Elo (95%)</th><th>skill μ ± 2σ</th><th>games</th><th>W/D/L</th><th>accuracy (95%)</th><th>against the version before</th><th></th></tr></thead>
          <tbody>
            ${bot.versions.map(
              (version) => html`<tr>
                <td>v${version.version}${offlineMark(version)}</td>
                <td>${version.state}${version.reason ? html`: ${version.reason}` : ''}</td>
                <td>${ratingText(version)}</td>
                <td>${skillText(version)}</td>
                <td class="number">${version.games}</td>
                <td>${version.wins}/${version.draws}/${version.losses}</td>
                <td>${accuracyText(version.judged)}</td>
                <td>${this.matchText(version)}</td>
                <td>${mine && (version.state === 'active' || version.state === 'validating') ? html`<button @click=${() => void this.retire(version)}>Retire</button>` : ''}</td>
              </tr>`,
            )}
          </tbody>
        </table>
        <p class="hint">Accuracy: the share of the version's moves in its rated and match games that kept the game's value under perfect
          play (a won position still won, a drawn one drawn), each game judged by the solver once played, where the solver settles the
          game's positions quickly (tic-tac-toe, Connect 4 on 7x6 and the smaller boards, plus-minus to 6x6); its 95% interval beside it.</p>
      <skill-chart .histories=${bot.versions.map((version) => ({ label: `v${version.version}`, points: version.history }))}></skill-chart>
      <h3>Its last games</h3>
      ${
        bot.games.length === 0
          ? html`<p>No game yet.</p>`
          : html`<table aria-label="Games">
              <thead><tr><th>played</th><th>kind</th><th>first</th><th>second</th><th>result</th><th>moves</th><th></th></tr></thead>
              <tbody>
                ${bot.games.map(
                  (game) => html`<tr>
                    <td>${when(game.played)}</td>
                    <td>${game.purpose}</td>
                    <td>${name(game.seats[0])}</td>
                    <td>${name(game.seats[1])}</td>
                    <td>${game.winner === null ? 'draw' : `${name(game.seats[game.winner])} won`}${game.forfeit ? ` (forfeit: ${game.forfeit})` : ''}</td>
                    <td class="number">${game.moves}</td>
                    <td><a href="#/${game.game}?run=${game.id}&from=ladder">Replay</a></td>
                  </tr>`,
                )}
              </tbody>
            </table>`
      }
      </section>
    `;
  }

  private matchText(version: BotVersion) {
    const { match } = version;
    if (!match) return '-';
    const { report } = match;
    const figures = report
      ? `, ${report.games} games, LLR ${report.llr.toFixed(2)} (${report.lower.toFixed(2)}..${report.upper.toFixed(2)}), Elo ${report.elo.toFixed(1)} (${report.elo_lo.toFixed(1)}..${report.elo_hi.toFixed(1)})`
      : '';
    const verdict = match.state === 'running' ? 'playing' : match.state === 'H1' ? 'better (H1)' : 'not better (H0)';
    return `${verdict}${figures}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ladder-page': LadderPage;
  }
}
