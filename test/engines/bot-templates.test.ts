// The My bots page's templates, in JavaScript and in TypeScript (its types removed as the page removes them), load
// as bot modules for every game of the arena and play a legal move from the start, as the rules say.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chooseMove, loadBotModule } from '../../src/engines/bot-module';
import { games } from '../../src/games';
import { LANGUAGES, runnableCode } from '../../src/ui/my-bots/language';
import { botTemplate } from '../../src/ui/my-bots/template';

const folder = mkdtempSync(join(tmpdir(), 'templates-'));

describe('the bot templates', () => {
  for (const game of Object.values(games).filter((candidate) => !candidate.solitaire)) {
    for (const { id: language } of LANGUAGES) {
      it(`${game.rules.id} in ${language} loads and plays a legal move`, async () => {
        const code = runnableCode(botTemplate(game, language), language);
        const path = join(folder, `${game.rules.id}-${language}.mjs`);
        writeFileSync(path, code);
        const url = pathToFileURL(path).href;
        const bot = await loadBotModule(url, code);
        const { rules } = game;
        const start = rules.start(1, game.sizes?.default);
        const answer = await chooseMove(game, bot, url, { position: rules.format(start), ms: 1000, seed: 1, seat: 0, params: {} });
        expect(rules.legalMoves(start).map((move) => rules.formatMove(move))).toContain(answer.move);
      });
    }
  }

  it('a TypeScript syntax error names its line', () => {
    expect(() => runnableCode('const a = 1;\nconst b: = 2;\n', 'typescript')).toThrow(/^crash: line 2: SyntaxError: Unexpected token$/);
  });
});
