// The controls every game page has, bound to its GameSession: new game, undo, "move now" while a bot thinks,
// run / pause / step / delay when two bots play, the seed; the mode select; the search chart's entries.

import { html, type TemplateResult } from 'lit';
import { moveLabel } from '../contracts/game';
import type { ChartEntry } from './search-chart';
import { type GameSession, PAGE_BOT_MS, type Player, type Replay } from './game-session';

export type Mode = 'vs-bot' | 'bots' | 'two' | 'online';

export const MODES: readonly { readonly id: Mode; readonly label: string }[] = [
  { id: 'vs-bot', label: 'You vs AI' },
  { id: 'bots', label: 'AI vs AI' },
  { id: 'two', label: 'Two players' },
  { id: 'online', label: 'Play online' },
];

export function isMode(text: string | null): text is Mode {
  return MODES.some((mode) => mode.id === text);
}

/**
 * The players of a mode: in You vs AI the person takes `humanSeat`, a bot the other with its configuration;
 * online, the person takes `humanSeat` (null: watching) and the other seat is played elsewhere.
 */
export function playersOf(mode: Mode, humanSeat: 0 | 1 | null, configs: readonly [string, string]): [Player, Player] {
  const bot = (seat: 0 | 1): Player => ({ kind: 'bot', config: configs[seat] });
  const human: Player = { kind: 'human' };
  const remote: Player = { kind: 'remote' };
  if (mode === 'online') return [humanSeat === 0 ? human : remote, humanSeat === 1 ? human : remote];
  if (mode === 'two') return [human, human];
  if (mode === 'bots') return [bot(0), bot(1)];
  return humanSeat === 0 ? [human, bot(1)] : [bot(0), human];
}

/** The mode select, offering `modes` (every mode by default). */
export function modeSelect(
  mode: Mode,
  onChange: (mode: Mode) => void,
  modes: readonly { readonly id: Mode; readonly label: string }[] = MODES,
): TemplateResult {
  return html`<label>Mode
    <select @change=${(e: Event) => onChange((e.target as HTMLSelectElement).value as Mode)}>
      ${modes.map((m) => html`<option value=${m.id} ?selected=${m.id === mode}>${m.label}</option>`)}
    </select>
  </label>`;
}

export interface ControlHandlers {
  readonly newGame: () => void;
  readonly setSeed: (text: string) => void;
}

/** Steps through a replay: the move shown, its bot's search, and "play from here". */
function replayControls<P, M>(session: GameSession<P, M>): TemplateResult {
  const replay = session.replay!;
  const { cursor, moves } = replay;
  const move = cursor > 0 ? moves[cursor - 1] : undefined;
  const rules = session.game.rules;
  const mover = cursor > 0 ? rules.seatToMove(session.positions[cursor - 1]) : 0;
  return html`<div class="controls" aria-label="Replay">
      <button @click=${() => session.seek(0)} ?disabled=${cursor === 0} aria-label="First position">Start</button>
      <button @click=${() => session.seek(cursor - 1)} ?disabled=${cursor === 0} aria-label="Previous move">◀</button>
      <span>Move ${cursor} of ${moves.length}</span>
      <button @click=${() => session.seek(cursor + 1)} ?disabled=${cursor === moves.length} aria-label="Next move">▶</button>
      <button @click=${() => session.seek(moves.length)} ?disabled=${cursor === moves.length} aria-label="Last position">End</button>
      <button @click=${() => session.playFromHere()}>Play from here</button>
    </div>
    <p class="hint">${
      move
        ? `${rules.seats[mover]} (${replay.names[mover]}) played ${moveLabel(rules, rules.parseMove(move.move))}: depth ${move.depth}, ${move.nodes.toLocaleString('en')} nodes, ${move.ms.toFixed(1)} ms${move.loss === null ? '' : `, ${move.loss} point${move.loss === 1 ? '' : 's'} lost against the best move`}.`
        : `The start: ${replay.names[0]} (${rules.seats[0]}) against ${replay.names[1]} (${rules.seats[1]}).`
    }</p>
    ${replay.live ? html`<p class="hint" role="status">${replay.live}</p>` : ''}
    ${replay.forfeit && cursor === moves.length ? html`<p class="hint" role="note">${forfeitText(rules.seats, replay)}</p>` : ''}
    ${([0, 1] as const).map((seat) =>
      replay.logs?.[seat]
        ? html`<details class="engine-log"><summary>What ${replay.names[seat]} (${rules.seats[seat]}) wrote during the game</summary><pre>${replay.logs[seat]}</pre></details>`
        : '',
    )}`;
}

/** How a forfeited game ended, in the words of the CLI's `play`. */
function forfeitText(seatNames: readonly string[], { forfeit, names: seats }: Replay): string {
  const { seat, reason, detail } = forfeit!;
  return `${seats[seat]} forfeits (${reason}): ${detail.replace(/\.$/, '')}. ${seats[1 - seat]} (${seatNames[1 - seat]}) wins by forfeit.`;
}

export function sessionControls<P, M>(session: GameSession<P, M>, handlers: ControlHandlers): TemplateResult {
  if (session.replay) return replayControls(session);
  if (session.online) return session.online.controls();
  const over = !!session.outcome;
  return html`<div class="controls">
    <button @click=${handlers.newGame}>New game</button>
    <button @click=${() => session.undo()} ?disabled=${session.positions.length < 2}>Undo</button>
    ${session.isThinking ? html`<button @click=${() => session.moveNow()} ?disabled=${!session.canMoveNow} title="plays the best move the search has found so far">Move now</button>` : ''}
    ${
      session.botsOnly
        ? html`<button @click=${() => (session.paused ? session.run() : session.pause())} ?disabled=${over}>${session.paused ? 'Run' : 'Pause'}</button>
          <button @click=${() => session.step()} ?disabled=${over || session.isThinking}>Step</button>
          <label>Delay
            <input type="range" min="0" max="2000" step="100" .value=${String(session.delayMs)}
              @input=${(e: Event) => (session.delayMs = Number((e.target as HTMLInputElement).value))} aria-label="Delay between AI moves in milliseconds" />
          </label>`
        : ''
    }
    <label>Seed <input class="seed" type="number" min="0" max="4294967295" .value=${String(session.seed)} @change=${(e: Event) => handlers.setSeed((e.target as HTMLInputElement).value)} /></label>
  </div>
  ${session.players.some((player) => player.kind === 'bot') ? html`<p class="hint">The AI has ${PAGE_BOT_MS / 1000} s a move.</p>` : ''}
  ${session.cutShort ? html`<p class="hint" role="status">${session.cutShort}</p>` : ''}`;
}

/** The search chart's bars: one per bot move of the game, labelled with the move's number and the seat's name. */
export function chartEntries<P, M>(session: GameSession<P, M>, seatNames: readonly [string, string]): ChartEntry[] {
  return session.searches.map((search) => ({
    label: `move ${search.ply + 1}, ${seatNames[search.seat]}`,
    nodes: search.nodes,
    depth: search.iterations.at(-1)?.depth ?? 0,
    ms: search.ms,
    live: !search.done,
    book: search.iterations.at(-1)?.stage === 'book',
  }));
}

/** The chart's entry of the move that led to the position shown, in a replay or while looking back (-1: none). */
export function currentEntry<P, M>(session: GameSession<P, M>): number {
  if (!session.replay && session.viewing === null) return -1;
  return session.searches.findIndex((search) => search.ply === session.cursor - 1);
}

/** The status line while a game is on (the page says how it ended: only it knows the game's words). */
export function turnStatus<P, M>(session: GameSession<P, M>, mode: Mode, seatNames: readonly [string, string]): string {
  const seat = seatNames[session.seatToMove];
  if (session.replay) return `Replay: ${seat} to move.`;
  if (session.viewing !== null) return `Looking at the position after move ${session.viewing} of ${session.moves.length}: ${seat} to move there.`;
  if (session.online) {
    const own = session.online.seat;
    return `${own === null ? 'You are watching' : `You play ${seatNames[own]}`}. ${seat} to move.`;
  }
  if (session.isThinking) return `${seat} to move: the AI is thinking…`;
  if (session.humanToMove) return mode === 'vs-bot' ? `${seat} to move: your turn.` : `${seat} to move.`;
  return session.paused ? `${seat} to move: paused, press Step or Run.` : `${seat} to move.`;
}
