// What the arena's forms share (a form per kind of run: tournament-form.ts, sweep-form.ts, match-form.ts): each is
// given its settings and the bots, says each change of them with a `settings` event (the page keeps them) and asks
// for its run with a `run` event; the page adds what every run shares (game, size, seed, starts) and plays it
// where the person chose (run-targets.ts).

import { css, type LitElement } from 'lit';
import { pageStyles } from '../styles';

export const formStyles = [
  pageStyles,
  css`
    :host {
      display: block;
      flex: 1 1 22rem;
      min-width: 0;
    }
    h2 {
      font-size: 1.15rem;
      margin: 0 0 0.6rem;
    }
    .list > div {
      display: flex;
      gap: 0.5rem;
      align-items: center;
      margin-bottom: 0.4rem;
    }
  `,
];

/** Says a change of the form's settings (`settings`), or asks for its run (`run`, `tune`, `stop`), to the page around it. */
export function emit(form: LitElement, name: 'settings' | 'run' | 'tune' | 'stop', detail?: unknown): void {
  form.dispatchEvent(new CustomEvent(name, { detail, bubbles: true }));
}

/** A whole number typed in a field, held within [min, max] (the field shows the value kept). */
export function clamped(event: Event, min: number, max: number): number {
  const input = event.target as HTMLInputElement;
  const value = Math.min(max, Math.max(min, Math.round(Number(input.value)) || min));
  input.value = String(value);
  return value;
}
