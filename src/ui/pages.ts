// The pages of the app: each game's own and any others it lists (its definition's `pages`), then the arena, the
// lab, the ladder and My bots. A game's page is the element <route>-page, defined in src/games/<game>/ui/<route>-page.ts: a new
// game's page needs no entry here; a game of rules alone gets the generic page (generic-game-page.ts). The pages
// are loaded with the app (not when first opened), so that a key pressed as soon as a page shows reaches it.

import { html, type TemplateResult } from 'lit';
import { unsafeStatic, html as withTag } from 'lit/static-html.js';
import type { AnyGame, PageEntry } from '../contracts/game';
import { games } from '../games';
import './arena/arena-page';
import { defineGenericPage } from './generic-game-page';
import './lab/lab-page';
import './ladder/ladder-page';
import './my-bots/my-bots-page';

export interface Page extends PageEntry {
  render(params: URLSearchParams): TemplateResult;
}

const pageModules = import.meta.glob('../games/*/ui/*-page.ts', { eager: true });

function gamePage(game: AnyGame, entry: PageEntry): Page {
  const file = `../games/${game.rules.id}/ui/${entry.route}-page.ts`;
  if (entry.generic) defineGenericPage(game, `${entry.route}-page`);
  else if (!pageModules[file]) throw new Error(`the page of ${entry.route} is missing: ${file.slice(3)}`);
  const tag = unsafeStatic(`${entry.route}-page`);
  return { ...entry, render: (params) => withTag`<${tag} .params=${params}></${tag}>` };
}

export const pages: readonly Page[] = [
  ...Object.values(games).flatMap((game) => game.pages.map((entry) => gamePage(game, entry))),
  {
    route: 'arena',
    title: 'Arena',
    blurb: 'Tournaments and parameter sweeps between bots of any game, with ratings and charts.',
    render: (params) => html`<arena-page .params=${params}></arena-page>`,
  },
  {
    route: 'lab',
    title: 'Lab',
    blurb: "The server's shared runs: every tournament, sweep, match and tuning kept there, live while they play.",
    render: (params) => html`<lab-page .params=${params}></lab-page>`,
  },
  {
    route: 'ladder',
    title: 'Ladder',
    blurb: "Bring a bot and get a rating that lasts: every game's leaderboard of submitted bots and ours, played round after round.",
    render: (params) => html`<ladder-page .params=${params}></ladder-page>`,
  },
  {
    route: 'my-bots',
    title: 'My bots',
    blurb: 'Write your own bot in JavaScript, test it, and pit it against ours on every page and in the arena.',
    render: (params) => html`<my-bots-page .params=${params}></my-bots-page>`,
  },
];
