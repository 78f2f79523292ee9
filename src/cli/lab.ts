// `playground lab list|show|cancel|rerun|export|import --lab URL`: the lab's runs from the command line, with the
// person's token in LAB_TOKEN (created on the lab's page). docs/cli.md.

import { readFileSync, statSync } from 'node:fs';
import { checkKept } from '../arena/kept-run';
import { MAX_RUN_CHARS, readDocument } from '../arena/saved-run';
import { runFigures } from '../lab/figures';
import type { LabRun } from '../lab/runs';
import { HELP_OPTION, optionInteger, optionText, UsageError, type OptionSpec } from './args';
import { LAB_OPTION, readLabCommand } from './lab-client';
import { textTable } from './text-table';
import { RunFile } from './run-file';

const FILTERS = ['game', 'bot', 'kind', 'state', 'owner'] as const;
const OPTIONS: readonly OptionSpec[] = [
  LAB_OPTION,
  ...FILTERS.map((name) => ({ name, value: name.toUpperCase(), help: `list: only the runs of this ${name}` })),
  { name: 'limit', value: 'N', help: 'list: the most runs (default 50, at most 200)' },
  { name: 'out', value: 'FILE', help: 'export: write the run to FILE (default: standard output)' },
  { name: 'json', help: 'list, show: print JSON' },
  HELP_OPTION,
];

const USAGE = `usage: playground lab list [--game G] [--bot B] [--kind K] [--state S] [--owner O] [--limit N] --lab URL [--json]
       playground lab show RUN_ID --lab URL [--json]
       playground lab cancel RUN_ID --lab URL
       playground lab rerun RUN_ID --lab URL
       playground lab export RUN_ID --lab URL [--out FILE]
       playground lab import FILE --lab URL`;

export async function labCommand(argv: readonly string[]): Promise<number> {
  const read = readLabCommand('lab', argv, OPTIONS, USAGE);
  if ('exit' in read) return read.exit;
  const { action, args, target, lab, needs } = read;
  switch (action) {
    case 'list': {
      if (target) throw new UsageError(`unexpected argument "${target}"`);
      const query = new URLSearchParams({ limit: String(optionInteger(args, 'limit', 50, 1, 200)) });
      for (const name of FILTERS) {
        const value = optionText(args, name);
        if (value !== undefined) query.set(name, value);
      }
      const { runs } = await lab.request<{ runs: LabRun[] }>('GET', `runs?${query}`);
      console.log(args.options.has('json') ? JSON.stringify(runs) : runsTable(runs));
      return 0;
    }
    case 'show': {
      const run = await lab.request<LabRun>('GET', `runs/${needs('RUN_ID')}`);
      console.log(args.options.has('json') ? JSON.stringify(run) : runsTable([run]));
      return 0;
    }
    case 'cancel': {
      const run = await lab.request<LabRun>('POST', `runs/${needs('RUN_ID')}/cancel`);
      console.log(`run ${run.id} is ${run.state}: whoever plays it stops with its next games`);
      return 0;
    }
    case 'rerun': {
      const run = await lab.request<LabRun>('POST', `runs/${needs('RUN_ID')}/rerun`);
      console.log(`run ${run.id} is ${run.state}: the lab's server plays ${run.summary.scheduled} games, as run ${target} played them`);
      return 0;
    }
    case 'export': {
      const kept = await lab.request<object>('GET', `runs/${needs('RUN_ID')}/export`);
      const out = optionText(args, 'out');
      if (out) new RunFile(out).write(kept);
      else console.log(JSON.stringify(kept));
      return 0;
    }
    case 'import': {
      if (!target) throw new UsageError('lab import needs FILE');
      let kept: ReturnType<typeof checkKept>;
      try {
        if (statSync(target).size > MAX_RUN_CHARS) throw new Error(`it is over ${MAX_RUN_CHARS >> 20} MB`);
        kept = checkKept(readDocument(readFileSync(target, 'utf8'), MAX_RUN_CHARS));
      } catch (error) {
        throw new UsageError(`${target}: ${(error as Error).message}`);
      }
      const run = await lab.importRun(kept);
      console.log(`run ${run.id} is in the lab (${run.state}, ${run.summary.played}/${run.summary.scheduled} games)`);
      return 0;
    }
    default:
      throw new UsageError(`unknown lab command "${action}": list, show, cancel, rerun, export or import`);
  }
}

function runsTable(runs: readonly LabRun[]): string {
  if (runs.length === 0) return 'no runs';
  const rows = runs.map((run) => {
    return [
      run.id,
      run.created.slice(0, 19).replace('T', ' '),
      run.game,
      run.imported ? `${run.kind}, imported` : run.kind,
      run.state,
      `${run.summary.played}/${run.summary.scheduled}`,
      run.owner ?? '-',
      runFigures(run.summary),
    ];
  });
  return textTable(['id', 'created', 'game', 'kind', 'state', 'games', 'owner', 'figures'], rows);
}
