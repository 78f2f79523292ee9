// The command line as docs/cli.md writes it: `--name value` or `--name=value`, flags alone, values that begin with
// a dash (a plus-minus board), single-dash words as arguments, and a clear mistake for anything else.

import { describe, expect, it } from 'vitest';
import { type OptionSpec, parseArgs, UsageError } from '../../src/cli/args';

const SPECS: readonly OptionSpec[] = [
  { name: 'start', value: 'POSITION', help: '' },
  { name: 'engine', value: 'NAME=COMMAND', help: '', repeatable: true },
  { name: 'json', help: '' },
];

describe('the command line', () => {
  it('reads values, flags, repeated options and arguments in any order', () => {
    const args = parseArgs(['matrix', '--start', '-3 4 -5 6', 'solve', '--json', '--engine=a=x --y', '--engine', 'b=-z', '-', '-12'], SPECS);
    expect(args.positional).toEqual(['matrix', 'solve', '-', '-12']);
    expect(args.options.get('start')).toBe('-3 4 -5 6');
    expect(args.options.get('json')).toBe(true);
    expect(args.lists.get('engine')).toEqual(['a=x --y', 'b=-z']);
  });

  it('says what is wrong with an option', () => {
    const mistake = (argv: string[]) => {
      try {
        parseArgs(argv, SPECS);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      return 'no mistake';
    };
    expect(mistake(['--colour', 'red'])).toBe('unknown option --colour');
    expect(mistake(['--json=yes'])).toBe('--json takes no value');
    expect(mistake(['--start'])).toBe('--start needs a value (POSITION)');
    expect(mistake(['--start', 'a', '--start=b'])).toBe('--start is given twice');
    expect(mistake(['--start=', 'x'])).toBe('no mistake');
  });
});
