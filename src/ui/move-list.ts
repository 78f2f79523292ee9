// The game record on a game page, as lichess shows it: the moves numbered, one column per seat, each a button that
// shows the position after it (the game goes on meanwhile; the last move, or "Back to the game", comes back to it).
// Arrow keys step through the list while it has focus. Below it: play on from the position looked at, analyse it,
// and the record saved as text or loaded back.

import { html, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { moveLabel } from '../contracts/game';
import { MOVE_MARKS, type MoveClass } from '../runtime/review';
import type { GameSession } from './game-session';

export interface MoveListActions {
  /** Opens the position shown in analysis (two people at one board, the solution on where the page has one). */
  readonly analyse: () => void;
  readonly save: () => void;
  readonly load: (input: HTMLInputElement) => void;
  readonly copyLink: () => void;
}

function rows<P, M>(session: GameSession<P, M>): { number: number; cells: ({ ply: number; text: string } | null)[] }[] {
  const { rules } = session.game;
  const result: { number: number; cells: ({ ply: number; text: string } | null)[] }[] = [];
  session.moves.forEach((move, ply) => {
    const seat = rules.seatToMove(session.positions[ply]);
    let row = result.at(-1);
    if (!row || seat === 0 || row.cells[seat] !== null) {
      row = { number: result.length + 1, cells: [null, null] };
      result.push(row);
    }
    row.cells[seat] = { ply, text: moveLabel(rules, move) };
  });
  return result;
}

/** The number the move list gives the game's last move (a move is both seats' turns, as in chess): "in 21 moves". */
export function movesPlayed<P, M>(session: GameSession<P, M>): number {
  return rows(session).length;
}

/** Keeps the move shown in sight within the list (the newest while the game goes on), without scrolling the page. */
function keepInSight(list: Element | undefined): void {
  if (!(list instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    const current = list.querySelector<HTMLElement>('.move.current');
    if (!current) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight;
  });
}

function stepKey<P, M>(session: GameSession<P, M>, event: KeyboardEvent): void {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (event.key === 'Home') session.seek(0);
  else if (event.key === 'End') session.seek(session.moves.length);
  else if (steps[event.key] !== undefined) session.seek(session.cursor + steps[event.key]);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

/** `classes`: a review's verdict on each move, shown as lichess's marks (?! ? ??). */
export function moveList<P, M>(
  session: GameSession<P, M>,
  seatNames: readonly [string, string],
  actions: MoveListActions,
  classes?: readonly (MoveClass | null)[],
): TemplateResult {
  const cursor = session.cursor;
  const looking = session.viewing !== null;
  const cell = (entry: { ply: number; text: string } | null, seat: number) =>
    entry
      ? html`<button class="move ${entry.ply + 1 === cursor ? 'current' : ''} ${classes?.[entry.ply] ?? ''}" aria-current=${entry.ply + 1 === cursor ? 'step' : 'false'}
          aria-label=${`Move ${entry.ply + 1}: ${seatNames[seat]} ${entry.text}${classes?.[entry.ply] ? `, ${classes[entry.ply]}` : ''}`}
          @click=${() => session.seek(entry.ply + 1)}>${entry.text}${classes?.[entry.ply] ? MOVE_MARKS[classes[entry.ply]!] : ''}</button>`
      : html`<span class="move empty">…</span>`;
  return html`<section class="moves" aria-label="Moves">
    <div class="move-rows" tabindex="0" aria-label="The game's moves: arrow keys step through them" @keydown=${(e: KeyboardEvent) => stepKey(session, e)}
      ${ref((list) => keepInSight(list))}>
      ${
        session.moves.length === 0
          ? html`<p class="hint">No moves yet.</p>`
          : rows(session).map((row) => html`<div class="move-row"><span class="move-number">${row.number}.</span>${row.cells.map(cell)}</div>`)
      }
    </div>
    ${
      session.replay
        ? ''
        : html`<div class="controls">
          <button @click=${() => session.seek(session.cursor - 1)} ?disabled=${cursor === 0} aria-label="Back one move">◀</button>
          <button @click=${() => session.seek(session.cursor + 1)} ?disabled=${!looking} aria-label="Forward one move">▶</button>
          ${
            looking
              ? html`<button @click=${() => session.seek(session.moves.length)}>Back to the game</button>
                <button @click=${() => session.continueFromHere()}>Play on from here</button>`
              : ''
          }
          <button @click=${actions.analyse}>Analyse from here</button>
        </div>`
    }
    <div class="controls">
      <button @click=${actions.copyLink}>Copy link</button>
      <button @click=${actions.save}>Save record</button>
      <label class="file">Load record <input type="file" accept=".txt,text/plain" @change=${(e: Event) => actions.load(e.target as HTMLInputElement)} /></label>
    </div>
  </section>`;
}
