// The figures of an arena run as the page shows them: for a tournament the ratings, the pairs and their charts;
// for a sweep the heatmap and the grid points; then, for a finished run, its exports and its games, each a link
// to its replay in the game's page.

import { html } from 'lit';
import type { GameRecord } from '../../arena/play-out';
import type { MatchReport } from '../../arena/match';
import { repeatsNote } from '../../arena/repeats';
import type { SweepReport, TournamentReport } from '../../arena/report';
import type { BotJudgement } from '../../arena/accuracy';
import { runCsv } from '../../arena/run-csv';
import type { SavedRun } from '../../arena/saved-run';
import type { Schedule } from '../../arena/schedule';
import { paramTitles } from '../../contracts/bot-config';
import { gameById } from '../../games';
import { HEATMAP_FIGURES, type HeatmapFigure } from '../sweep-heatmap';
import '../arena-charts';
import '../match-charts';
import { downloadText } from '../download';
import { intervalText } from '../../arena/interval';

/** How many games the games table lists before "Show all". */
const GAMES_LISTED = 40;

const signed = (value: number) => (value > 0 ? `+${value.toFixed(2)}` : value.toFixed(2));
const wdl = (t: { wins: number; draws: number; losses: number }) => `${t.wins}/${t.draws}/${t.losses}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** What the results show and what a person can change there. */
export interface ResultsView {
  /** The run's games and records (the run being played, or the finished one), for the margins of a pair. */
  readonly current?: { readonly schedule: Schedule; readonly records: readonly (GameRecord | null | undefined)[] };
  /** The finished run on show, for its exports and its games. */
  readonly shown?: SavedRun;
  /** Where the run on show is kept, for its games' replays: this browser (the default), or the server's lab. */
  readonly keptIn?: 'lab';
  readonly histogramPair: number;
  readonly heatmapFigure: HeatmapFigure;
  readonly allGames: boolean;
  /** The run's games being judged against perfect play: games done of those to judge. */
  readonly judging?: { readonly done: number; readonly of: number };
  /** Judges the run on show, offered where its game has a solver and its games are not judged. */
  readonly judge?: () => void;
  pickPair(pair: number): void;
  pickFigure(figure: HeatmapFigure): void;
  showAllGames(): void;
}

/** What the run's figures can show: a margin only for games with points, a loss per move only where it was found. */
interface Figures {
  readonly margin: boolean;
  readonly loss: boolean;
}

function figuresOf(view: ResultsView): Figures {
  const current = view.current;
  const game = current && gameById(current.schedule.game);
  return { margin: !!game?.margin, loss: !!current?.records.some((record) => record?.moves.some((move) => move.loss !== null)) };
}

/** The figures a sweep's heatmap can be coloured by, for this run. */
function heatmapFigures(figures: Figures): typeof HEATMAP_FIGURES {
  return HEATMAP_FIGURES.filter((figure) => figure.id === 'score' || figures[figure.id]);
}

export function resultsView(report: TournamentReport | SweepReport | MatchReport, view: ResultsView) {
  if ('pentanomial' in report) return matchResults(report, view);
  const figures = figuresOf(view);
  return 'pairs' in report ? tournamentResults(report, view, figures) : sweepResults(report, view, figures);
}

/** The share of a record's points (wins + draws / 2) over its games. */
const score = (t: { wins: number; draws: number; losses: number }) => (t.wins + t.draws / 2) / Math.max(1, t.wins + t.draws + t.losses);

/** Said when some games repeat an earlier one: their intervals are too narrow. */
function repeatsView(played: number, distinct: number) {
  const note = repeatsNote(played, distinct);
  return note ? html`<p class="error" role="note">${note}.</p>` : '';
}

/** What a pair of games is, for a game whose starts are deals. */
function pairingView(report: { pairing?: string }) {
  return report.pairing ? html`<p class="hint" aria-label="Pairing">Pairs: ${report.pairing}.</p>` : '';
}

/** A match: its verdict and why it stopped, its figures, the LLR between its bounds, the Elo over the games, the pairs. */
function matchResults(report: MatchReport, view: ResultsView) {
  const [a, b] = report.bots;
  const verdict = {
    H1: `${a} is at least ${report.elo1} Elo stronger than ${b}`,
    H0: `${a} is not ${report.elo1} Elo stronger than ${b}`,
    inconclusive: 'not decided',
  };
  return html`<section class="panel" aria-label="Results">
    <h2>Match: ${a} vs ${b}</h2>
    <p aria-label="Verdict"><strong>${report.result}</strong>: ${verdict[report.result]}. ${report.stop}.</p>
    <table aria-label="Match">
      <tbody>
        <tr><th>LLR</th><td>${report.llr.toFixed(3)} (bounds ${report.lower.toFixed(3)} and ${report.upper.toFixed(3)}; elo0 ${report.elo0}, elo1 ${report.elo1}, α ${report.alpha}, β ${report.beta})</td></tr>
        <tr><th>Elo (logistic)</th><td>${report.elo.toFixed(1)} (95%: ${intervalText(report.elo_lo, report.elo_hi, 1, ' to ')}), LOS ${(report.los * 100).toFixed(1)}%</td></tr>
        <tr><th>nElo (normalized)</th><td>${report.nelo.toFixed(1)} (95%: ${intervalText(report.nelo_lo, report.nelo_hi, 1, ' to ')})</td></tr>
        <tr><th>games</th><td>${report.games} (${report.pairs} pairs): ${a} won ${report.wdl[0]}, drew ${report.wdl[1]}, lost ${report.wdl[2]}</td></tr>
        <tr><th>pentanomial</th><td>${report.pentanomial.join(' ')}</td></tr>
      </tbody>
    </table>
    ${report.note ? html`<p class="hint">${report.note}.</p>` : ''}
    ${repeatsView(report.games, report.distinct_games)}
    ${judgedView(report.judged, view)}
    <div class="charts">
      <sprt-chart .report=${report}></sprt-chart>
      <elo-trend-chart .report=${report}></elo-trend-chart>
      <pentanomial-chart .counts=${report.pentanomial}></pentanomial-chart>
    </div>
    ${pairingView(report)}
    <p class="hint">Games come in pairs (one start, each bot in each seat once); the test counts pairs in start order and stops at the
      first whose log-likelihood ratio crosses a bound (moved inward by the overshoot expected past it), as fishtest does. The Elo is
      fishtest's estimate for a sequential test: the difference under which a test like this one would as often have ended worse as
      better, so that a test stopped early on luck does not overstate it; its 95% interval means the same at 2.5% and 97.5%. nElo
      scales the mean pair score by its spread (fishtest's normalized Elo).</p>
    ${exportsView(view.shown)} ${gamesView(view, report.games)}
  </section>`;
}

function tournamentResults(report: TournamentReport, view: ResultsView, figures: Figures) {
  const totals = new Map(report.totals.map((total) => [total.bot, total]));
  const ratings = [...report.ratings].sort((a, b) => b.rating - a.rating);
  const what = view.current ? gameById(view.current.schedule.game).margin : undefined;
  return html`<section class="panel" aria-label="Results">
    <h2>Results</h2>
    <table aria-label="Ratings">
      <thead><tr><th>bot</th><th>Elo (Bradley-Terry)</th><th>95%</th><th>games</th><th>W/D/L</th><th>score</th><th>forfeits</th>${figures.margin ? html`<th>margin</th>` : ''}${figures.loss ? html`<th>loss/move</th>` : ''}<th>nodes</th><th>search s</th></tr></thead>
      <tbody>${ratings.map((r) => {
        const t = totals.get(r.bot)!;
        return html`<tr><td>${r.bot}</td><td>${r.rating.toFixed(0)}</td><td>${intervalText(r.lo, r.hi)}</td><td>${t.games}</td><td>${wdl(t)}</td><td>${percent(score(t))}</td><td>${t.forfeits}</td>
          ${figures.margin ? html`<td>${signed(t.margin)}</td>` : ''}${figures.loss ? html`<td>${t.meanLoss === null ? '' : t.meanLoss.toFixed(3)}</td>` : ''}<td>${t.nodes.toLocaleString('en')}</td><td>${(t.ms / 1000).toFixed(2)}</td></tr>`;
      })}</tbody>
    </table>
    <table aria-label="Pairs">
      <thead><tr><th>pair</th><th>wins</th><th>draws</th><th>losses</th><th>score</th>${figures.margin ? html`<th>margin</th>` : ''}<th>a first</th><th>a second</th></tr></thead>
      <tbody>${report.pairs.map(
        (
          p,
          i,
        ) => html`<tr><td>${p.a} vs ${p.b}</td><td>${p.wins}</td><td>${p.draws}</td><td>${p.losses}</td><td>${percent(score(p))}</td>${figures.margin ? html`<td>${signed(p.margin)}</td>` : ''}
        <td>${wdl(report.seats[i].first)}</td><td>${wdl(report.seats[i].second)}</td></tr>`,
      )}</tbody>
    </table>
    ${pairingView(report)} ${repeatsView(report.played, report.distinct_games)}
    ${judgedView(report.judged, view)}
    <p class="hint">Elo: logistic ratings fitted to every game (Bradley-Terry, as Ordo fits them), 1500 the field's mean; 95%: the
      interval that holds a bot's rating in 95 of 100 such runs, with draws counted as Ordo counts them. Score: wins plus half the draws, per game. ${figures.margin ? `Margin: ${what} won minus the opponent's, per game. ` : ''}${
        figures.loss ? 'Loss/move: points a move gives away against the best move under perfect play, where that can be found quickly.' : ''
      }</p>
    <div class="charts">
      <wdl-chart .pairs=${report.pairs}></wdl-chart>
      <rating-chart .ratings=${report.ratings}></rating-chart>
      ${
        figures.margin
          ? html`<div>
        <label>Margins of
          <select @change=${(e: Event) => view.pickPair(Number((e.target as HTMLSelectElement).value))}>
            ${report.pairs.map((p, i) => html`<option value=${i} ?selected=${i === view.histogramPair}>${p.a} vs ${p.b}</option>`)}
          </select>
        </label>
        <margin-histogram .pair=${pairMargins(view, view.histogramPair)}></margin-histogram>
      </div>`
          : ''
      }
      <move-cost-chart .costs=${report.totals.map((t) => ({ bot: t.bot, nodes: t.moves ? t.nodes / t.moves : 0, ms: t.moves ? t.ms / t.moves : 0 }))}></move-cost-chart>
    </div>
    ${exportsView(view.shown)} ${gamesView(view)}
  </section>`;
}

function sweepResults(report: SweepReport, view: ResultsView, figures: Figures) {
  // The best point: by mean margin where the game has points, else by score (then a point that lost every game is never the best).
  const rank = (p: SweepReport['points'][number]) => (figures.margin ? p.margin : score(p));
  const played = report.points.filter((p) => p.wins + p.draws + p.losses > 0);
  const best = played.length ? played.reduce((a, b) => (rank(b) > rank(a) ? b : a)) : undefined;
  const choices = heatmapFigures(figures);
  const figure = choices.some((f) => f.id === view.heatmapFigure) ? view.heatmapFigure : 'score';
  // The parameters as the settings name them ("Jackpot threshold (advantage)").
  const titles = view.current ? paramTitles(gameById(view.current.schedule.game).bots, report.bot) : {};
  const title = (name: string) => titles[name] ?? name;
  return html`<section class="panel" aria-label="Results">
    <h2>Sweep of ${report.bot} against ${report.vs.join(', ')}</h2>
    ${
      best
        ? html`<p role="status">${
            figures.margin
              ? html`Best mean margin: <strong>${best.bot}</strong> (${signed(best.margin)}, ${best.wins}/${best.draws}/${best.losses}).`
              : html`Best score: <strong>${best.bot}</strong> (${percent(score(best))}, ${best.wins}/${best.draws}/${best.losses}).`
          }</p>`
        : ''
    }
    <label>Colour by
      <select @change=${(e: Event) => view.pickFigure((e.target as HTMLSelectElement).value as HeatmapFigure)}>
        ${choices.map((f) => html`<option value=${f.id} ?selected=${f.id === figure}>${f.label}</option>`)}
      </select>
    </label>
    <sweep-heatmap .report=${report} .figure=${figure} .titles=${titles}></sweep-heatmap>
    <table aria-label="Grid points">
      <thead><tr>${report.grid.map((axis) => html`<th>${title(axis.name)}</th>`)}<th>W/D/L</th><th>score</th><th>95%</th>${figures.margin ? html`<th>margin</th>` : ''}${figures.loss ? html`<th>loss/move</th>` : ''}</tr></thead>
      <tbody>${report.points.map(
        (
          p,
        ) => html`<tr>${report.grid.map((axis) => html`<td>${p.params[axis.name]}</td>`)}<td>${p.wins}/${p.draws}/${p.losses}</td><td>${percent(score(p))}</td><td>${percent(p.score_lo)}..${percent(p.score_hi)}</td>
        ${figures.margin ? html`<td>${signed(p.margin)}</td>` : ''}${figures.loss ? html`<td>${p.meanLoss === null ? '' : p.meanLoss.toFixed(3)}</td>` : ''}</tr>`,
      )}</tbody>
    </table>
    ${pairingView(report)} ${repeatsView(report.played, report.distinct_games)}
    ${exportsView(view.shown)} ${gamesView(view)}
  </section>`;
}

/**
 * Each bot's moves judged against perfect play, when the run's games were; else, while they are judged, how far
 * that is, or a button to judge them.
 */
function judgedView(judged: readonly BotJudgement[] | undefined, view: ResultsView) {
  if (view.judging) return html`<p role="status">Judging the games against perfect play: ${view.judging.done}/${view.judging.of} games…</p>`;
  if (!judged) return view.judge ? html`<div class="controls"><button @click=${view.judge}>Judge the moves against perfect play</button></div>` : '';
  const share = (value: number | null) => (value === null ? '–' : `${(100 * value).toFixed(1)}%`);
  return html`<table aria-label="Accuracy">
      <thead><tr><th>bot</th><th>accuracy</th><th>95%</th><th>moves judged</th><th>kept</th><th>mistakes</th><th>blunders</th><th>blunders/game</th></tr></thead>
      <tbody>${judged.map(
        (
          j,
        ) => html`<tr><td>${j.bot}</td><td>${share(j.accuracy)}</td><td>${j.lo === null ? '–' : `${share(j.lo)}..${share(j.hi)}`}</td><td>${j.judged}</td><td>${j.kept}</td>
          <td>${j.mistakes}</td><td>${j.blunders}</td><td>${j.games ? (j.blunders / j.games).toFixed(2) : '–'}</td></tr>`,
      )}</tbody>
    </table>
    <p class="hint">Accuracy: the share of a bot's moves that keep the game's value under perfect play (a won position still won, a drawn
      one drawn), each position solved once the games were played; a mistake turns a win into a draw or a draw into a loss, a blunder a
      win into a loss. 95%: Wilson's interval of the share. A position the solver could not settle in its budget leaves its moves unjudged.</p>`;
}

/** The margins of one pairing's games, from its first bot's side. */
function pairMargins(view: ResultsView, pair: number) {
  const current = view.current;
  if (!current) return undefined;
  const { a, b } = current.schedule.pairings[pair] ?? current.schedule.pairings[0];
  const margins = current.schedule.games.flatMap((game, i) => {
    const record = current.records[i];
    if (game.pair !== pair || !record) return [];
    return [game.seats[0] === a ? record.margin : -record.margin];
  });
  return { label: `${a} vs ${b}`, margins };
}

function exportsView(run: SavedRun | undefined) {
  if (!run) return '';
  return html`<div class="controls">
    <button @click=${() => download(run, 'json')}>Export JSON</button>
    <button @click=${() => download(run, 'csv')}>Export CSV</button>
  </div>`;
}

/**
 * The games of the run on show, each a link to its replay in the game's page. A match's games past those it
 * counted (still playing when the test decided) are listed apart.
 */
function gamesView(view: ResultsView, counted?: number) {
  const run = view.shown;
  if (!run) return '';
  const played = run.records.flatMap((record, i) => (record ? [{ record, i }] : []));
  const listed = view.allGames ? played : played.slice(0, GAMES_LISTED);
  const uncounted = counted === undefined ? [] : played.filter(({ i }) => i >= counted);
  const result = (record: GameRecord) => (record.winner === null ? 'draw' : `${record.seats[record.winner]} won`);
  const game = gameById(run.schedule.game);
  const route = game.pages[0].route;
  const table = (rows: typeof listed, label: string) => html`<table aria-label=${label}>
      <thead><tr><th>game</th><th>first</th><th>second</th><th>result</th>${game.margin ? html`<th>margin</th>` : ''}<th>moves</th><th></th></tr></thead>
      <tbody>${rows.map(
        ({ record, i }) => html`<tr><td>${i + 1}</td><td>${record.seats[0]}</td><td>${record.seats[1]}</td><td>${result(record)}</td>
        ${game.margin ? html`<td>${signed(record.margin)}</td>` : ''}<td>${record.moves.length}</td>
        <td><a href=${`#/${route}?run=${encodeURIComponent(run.id)}&game=${i}${view.keptIn ? `&from=${view.keptIn}` : ''}`}>Replay</a></td></tr>`,
      )}</tbody>
    </table>`;
  return html`<details>
    <summary>Games (${played.length})</summary>
    ${table(
      listed.filter(({ i }) => counted === undefined || i < counted),
      'Games',
    )}
    ${
      uncounted.length
        ? html`<p class="hint">Not counted: ${uncounted.length} ${uncounted.length === 1 ? 'game' : 'games'} past the last pair the test weighed (other workers were still at them).</p>
          ${table(uncounted, 'Games not counted')}`
        : ''
    }
    ${played.length > listed.length ? html`<button @click=${() => view.showAllGames()}>Show all ${played.length} games</button>` : ''}
  </details>`;
}

/** Saves the run as a JSON or CSV file through the browser's download. */
function download(run: SavedRun, type: 'json' | 'csv'): void {
  downloadText(
    `${run.schedule.game}-${run.kind}-${run.id}.${type}`,
    type === 'json' ? JSON.stringify(run) : runCsv(run),
    type === 'json' ? 'application/json' : 'text/csv',
  );
}
