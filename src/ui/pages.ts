// The pages of the app: one per game, each opened by its hash route.

import { html, type TemplateResult } from 'lit';
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
];
