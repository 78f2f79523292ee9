// The languages a bot is written in on the My bots page. A TypeScript bot runs as the JavaScript Sucrase makes of
// it: the types are removed and nothing else changes (no type checking), every line staying where it was, so
// that an error names the line as it was typed.

import { transform } from 'sucrase';
import { EngineFault } from '../../engines/engine';

export type BotLanguage = 'javascript' | 'typescript';

export const LANGUAGES: readonly { readonly id: BotLanguage; readonly label: string; readonly extension: string }[] = [
  { id: 'javascript', label: 'JavaScript', extension: 'mjs' },
  { id: 'typescript', label: 'TypeScript', extension: 'ts' },
];

/** The language of a file by its name: .ts and .mts are TypeScript, anything else JavaScript. */
export function languageOfFile(name: string): BotLanguage {
  return /\.m?ts$/i.test(name) ? 'typescript' : 'javascript';
}

/** The module that runs: the code itself, or a TypeScript bot's JavaScript; a syntax error is a `crash` naming its line. */
export function runnableCode(code: string, language: BotLanguage): string {
  if (language === 'javascript') return code;
  try {
    return transform(code, { transforms: ['typescript'], disableESTransforms: true }).code;
  } catch (error) {
    const { message, loc } = error as Error & { loc?: { line: number } };
    throw new EngineFault('crash', `${loc ? `line ${loc.line}: ` : ''}SyntaxError: ${message.replace(/ \(\d+:\d+\)$/, '')}`);
  }
}
