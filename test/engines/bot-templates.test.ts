// The My bots page's templates, in JavaScript and in TypeScript (its types removed as the page removes them), load
// as bot modules for every game of the arena and play a legal move from the start, as the rules say. The types a
// game declares for bots (its reference on the page) name the fields of its real positions, and the TypeScript
// template type-checks against them with the compiler's strict checks.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadBotModule } from '../../src/engines/bot-module';
import { chooseMove } from '../../src/engines/choose';
import { games, arenaGames } from '../../src/games';
import { LANGUAGES, runnableCode } from '../../src/ui/my-bots/language';
import { botTemplate } from '../../src/ui/my-bots/template';

const folder = mkdtempSync(join(tmpdir(), 'templates-'));

/** The TypeScript compiler's errors on one file, type-checked strictly on its own (the standard library only). */
function typeErrors(code: string): string[] {
  const file = join(folder, 'bot.ts');
  writeFileSync(file, code);
  const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, types: [] });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the bot templates', () => {
  for (const game of arenaGames) {
    for (const { id: language } of LANGUAGES) {
      it(`${game.rules.id} in ${language} loads and plays a legal move`, async () => {
        const code = runnableCode(botTemplate(game, language), language);
        const path = join(folder, `${game.rules.id}-${language}.mjs`);
        writeFileSync(path, code);
        const url = pathToFileURL(path).href;
        const bot = await loadBotModule(url, code);
        const { rules } = game;
        const start = rules.start(1, game.sizes?.default);
        const answer = await chooseMove(rules, bot, { position: rules.format(start), ms: 1000, seed: 1, seat: 0, params: {} });
        expect(rules.legalMoves(start).map((move) => rules.formatMove(move))).toContain(answer.move);
      });
    }
  }

  for (const game of Object.values(games).filter((candidate) => candidate.botTypes)) {
    it(`${game.rules.id}'s declared Position has the fields of its positions, and its TypeScript template type-checks`, () => {
      const declared = /interface Position \{([\s\S]*?)\n\}/.exec(game.botTypes!)![1];
      const fields = [...declared.matchAll(/^\s*(?:readonly )?(\w+):/gm)].map((match) => match[1]);
      const { rules } = game;
      const start = rules.start(1, game.sizes?.default);
      const later = rules.play(start, rules.legalMoves(start)[0]);
      expect(fields.sort()).toEqual(Object.keys(start as object).sort());
      expect(fields.sort()).toEqual(Object.keys(later as object).sort());
      expect(typeErrors(botTemplate(game, 'typescript'))).toEqual([]);
    });
  }

  it('a TypeScript syntax error names its line', () => {
    expect(() => runnableCode('const a = 1;\nconst b: = 2;\n', 'typescript')).toThrow(/^crash: line 2: SyntaxError: Unexpected token$/);
  });
});
