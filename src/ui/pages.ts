// The pages of the app: one per game, each opened by its hash route.

import { html, type TemplateResult } from 'lit';
import '../games/cards/ui/cards-page';
import '../games/connect4/ui/connect4-page';
import '../games/matrix/ui/matrix-page';
import '../games/puzzle15/ui/puzzle15-bench-page';
import '../games/puzzle15/ui/puzzle15-page';
import './arena-page';
import '../games/tictactoe/ui/tictactoe-page';

export interface Page {
  readonly route: string;
  readonly title: string;
  readonly blurb: string;
  render(params: URLSearchParams): TemplateResult;
}

export const pages: readonly Page[] = [
  {
    route: 'tictactoe',
    title: 'Tic-tac-toe',
    blurb: 'Play X or O against an AI from random to perfect, watch two AIs, or play a friend.',
    render: (params) => html`<tictactoe-page .params=${params}></tictactoe-page>`,
  },
  {
    route: 'matrix',
    title: 'Plus-minus',
    blurb: "Take numbers from your row or column: the article's bot with its parameters, a perfect bot, and the value of every move.",
    render: (params) => html`<matrix-page .params=${params}></matrix-page>`,
  },
  {
    route: 'connect4',
    title: 'Connect 4',
    blurb: "Drop stones against the article's classic bot or a perfect solver; see every column's score.",
    render: (params) => html`<connect4-page .params=${params}></connect4-page>`,
  },
  {
    route: 'cards',
    title: 'Red Ten',
    blurb: "The climbing card game for two: the article's minimax bot, a strong solver, and an honest bot that does not peek.",
    render: (params) => html`<cards-page .params=${params}></cards-page>`,
  },
  {
    route: 'puzzle15',
    title: '15-puzzle',
    blurb: 'Slide the tiles home, or let the optimal solver show the shortest way; boards by difficulty.',
    render: (params) => html`<puzzle15-page .params=${params}></puzzle15-page>`,
  },
  {
    route: 'puzzle15-bench',
    title: 'Solver bench',
    blurb: "Korf's 100, the 80-move positions or random boards: nodes and time per heuristic, every length checked.",
    render: () => html`<puzzle15-bench-page></puzzle15-bench-page>`,
  },
  {
    route: 'arena',
    title: 'Arena',
    blurb: 'Tournaments and parameter sweeps between bots of any game, with ratings and charts.',
    render: (params) => html`<arena-page .params=${params}></arena-page>`,
  },
];
