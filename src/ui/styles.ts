// Styles shared by the pages: panels, controls and the status line.

import { css } from 'lit';

export const pageStyles = css`
  :host {
    display: block;
    color: var(--text);
  }
  h1 {
    font-size: 1.5rem;
    margin: 0 0 0.75rem;
  }
  .layout {
    display: flex;
    flex-wrap: wrap;
    gap: 1.5rem;
    align-items: flex-start;
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--border);
    border-radius: 8px;
    padding: 1rem;
    box-sizing: border-box;
    max-width: 100%;
    min-width: 0;
    /* A wide table scrolls within its panel, not the page. */
    overflow-x: auto;
  }
  @media (max-width: 600px) {
    .panel {
      padding: 0.6rem;
    }
    .layout {
      gap: 0.75rem;
    }
  }
  .panel.game {
    max-width: 34rem;
  }
  /*
   * A table wider than its panel scrolls on its own, and a shadow shows on each side where more of it is (the
   * shadows scroll with the view, the panel-coloured covers with the content, so a side with nothing more is clean).
   */
  table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
    background:
      linear-gradient(to right, var(--panel) 40%, transparent) left / 2rem 100% no-repeat local,
      linear-gradient(to left, var(--panel) 40%, transparent) right / 2rem 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.3), transparent) left / 0.8rem 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.3), transparent) right / 0.8rem 100% no-repeat scroll;
  }
  /* Beside the game: the rest of the width (its text wraps), below it when less than 22rem is left. */
  .layout > .panel:not(.game) {
    flex: 1 1 22rem;
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    margin-bottom: 0.75rem;
  }
  label {
    display: inline-flex;
    flex-wrap: wrap;
    max-width: 100%;
    gap: 0.4rem;
    align-items: center;
  }
  button,
  select,
  input {
    max-width: 100%;
    font: inherit;
    padding: 0.3rem 0.6rem;
    border: 1px solid var(--border);
    border-radius: 6px;
    background: var(--control);
    color: var(--text);
  }
  input[type='number'] {
    width: 7rem;
  }
  /* A seed is up to 10 digits (2^32 - 1), with the spinner beside it. */
  input.seed {
    width: 14ch;
  }
  button:not(:disabled) {
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.5;
  }
  button:focus-visible,
  select:focus-visible,
  input:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 1px;
  }
  .status {
    font-size: 1.1rem;
    min-height: 1.6rem;
    margin: 0.75rem 0;
  }
  .error {
    color: var(--bad);
  }
  .hint {
    color: var(--muted);
    font-size: 0.9rem;
  }
  .moves {
    margin-top: 0.75rem;
  }
  .move-rows {
    max-height: 12rem;
    overflow-y: auto;
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 0.25rem;
    margin-bottom: 0.5rem;
    font-variant-numeric: tabular-nums;
  }
  .move-rows:focus-visible {
    outline: 2px solid var(--accent);
  }
  .move-row {
    display: grid;
    grid-template-columns: 2.5rem 1fr 1fr;
    align-items: center;
  }
  .move-number {
    color: var(--muted);
  }
  .move {
    border: none;
    background: none;
    text-align: left;
    padding: 0.15rem 0.4rem;
  }
  .move.current {
    background: var(--accent);
    color: #fff;
  }
  .move.inaccuracy {
    color: #92400e;
  }
  .move.mistake {
    color: #9a3412;
    font-weight: 600;
  }
  .move.blunder {
    color: #b91c1c;
    font-weight: 700;
  }
  .move.current.inaccuracy,
  .move.current.mistake,
  .move.current.blunder {
    color: #fff;
  }
  .banner {
    border: 2px solid var(--accent);
    border-radius: 8px;
    padding: 0.6rem 0.8rem;
    margin: 0.75rem 0;
  }
  .banner strong {
    display: block;
    font-size: 1.15rem;
    margin-bottom: 0.4rem;
  }
  .file input {
    max-width: 12rem;
  }
  .engine-log pre {
    max-height: 12rem;
    overflow: auto;
    white-space: pre-wrap;
    font-size: 0.8rem;
  }
`;
