// `playground ladder submit|list|show|retire --lab URL`: the ladder from the command line (docs/server.md), with the
// person's token in LAB_TOKEN (created on the lab's page). A module submitted is the file as it is: the server
// checks it in its sandbox and answers why when it will not take it.

import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { findGame } from '../games';
import type { LadderVersion } from '../ladder/store';
import { HELP_OPTION, optionText, type OptionSpec, UsageError } from './args';
import { LAB_OPTION, readLabCommand } from './lab-client';
import { textTable } from './text-table';

const OPTIONS: readonly OptionSpec[] = [
  LAB_OPTION,
  { name: 'game', value: 'GAME', help: "submit, list: the game's ladder (connect4, tictactoe, matrix, cards)" },
  { name: 'name', value: 'NAME', help: "submit: the bot's name (default: the file's name); a name of yours already there gets a new version" },
  { name: 'json', help: 'print JSON' },
  HELP_OPTION,
];

const USAGE = `usage: playground ladder submit FILE.mjs --game G [--name N] --lab URL [--json]
       playground ladder list --game G --lab URL [--json]
       playground ladder show BOT_ID --lab URL [--json]
       playground ladder retire VERSION_ID --lab URL`;

/** The longest file sent (the server has its own limit, LADDER_CODE_BYTES). */
const MAX_FILE_BYTES = 16 << 20;

export async function ladderCommand(argv: readonly string[]): Promise<number> {
  const read = readLabCommand('ladder', argv, OPTIONS, USAGE);
  if ('exit' in read) return read.exit;
  const { action, args, target, lab, needs } = read;
  const json = args.options.has('json');
  const game = () => {
    const id = optionText(args, 'game');
    if (!id) throw new UsageError(`ladder ${action} needs --game GAME`);
    if (!findGame(id)) throw new UsageError(`there is no game ${id}`);
    return id;
  };
  switch (action) {
    case 'submit': {
      if (!target) throw new UsageError('ladder submit needs FILE.mjs');
      let code: string;
      try {
        if (statSync(target).size > MAX_FILE_BYTES) throw new Error(`it is over ${MAX_FILE_BYTES >> 20} MB`);
        code = readFileSync(target, 'utf8');
      } catch (error) {
        throw new UsageError(`${target}: ${(error as Error).message}`);
      }
      const name = optionText(args, 'name') ?? basename(target).replace(/\.[cm]?[jt]s$/, '');
      const version = await lab.request<LadderVersion>('POST', 'ladder/submit', { game: game(), name, code });
      console.log(
        json
          ? JSON.stringify(version)
          : `${version.bot} version ${version.version} (${version.id}) is on the ${version.game} ladder, ${version.state}: its validation game comes first (playground ladder show ${version.botId})`,
      );
      return 0;
    }
    case 'list': {
      if (target) throw new UsageError(`unexpected argument "${target}"`);
      const { entries } = await lab.request<{ entries: LadderVersion[] }>('GET', `ladder?game=${encodeURIComponent(game())}`);
      console.log(json ? JSON.stringify(entries) : leaderboardTable(entries));
      return 0;
    }
    case 'show': {
      const bot = await lab.request<{ name: string; game: string; owner: string | null; versions: (LadderVersion & { match: { state: string } | null })[] }>(
        'GET',
        `ladder/bots/${needs('BOT_ID')}`,
      );
      if (json) console.log(JSON.stringify(bot));
      else {
        console.log(`${bot.name} (${bot.game}), by ${bot.owner ?? 'the server'}`);
        console.log(
          leaderboardTable(bot.versions, (version) => [
            version.state + (version.reason ? `: ${version.reason}` : ''),
            version.match ? `match ${version.match.state}` : '',
          ]),
        );
      }
      return 0;
    }
    case 'retire': {
      const version = await lab.request<LadderVersion>('POST', `ladder/versions/${needs('VERSION_ID')}/retire`);
      console.log(`${version.bot} version ${version.version} is ${version.state}: it plays no more (its games and ratings stay)`);
      return 0;
    }
    default:
      throw new UsageError(`unknown ladder command "${action}": submit, list, show or retire`);
  }
}

/** Entries as a table: rank, bot, version, owner, the whole-history Elo, μ ± 2σ, games and W/D/L (and more columns). */
function leaderboardTable<V extends LadderVersion>(entries: readonly V[], more: (entry: V) => string[] = () => []): string {
  if (entries.length === 0) return 'no entries';
  const rows = entries.map((entry, i) => [
    String(i + 1),
    entry.bot,
    `v${entry.version}`,
    entry.owner ?? '-',
    entry.rating ? `${entry.rating.elo.toFixed(0)} (${entry.rating.lo.toFixed(0)}..${entry.rating.hi.toFixed(0)})` : '-',
    `${entry.skill.mu.toFixed(1)} ± ${(2 * entry.skill.sigma).toFixed(1)}`,
    String(entry.games),
    `${entry.wins}/${entry.draws}/${entry.losses}`,
    ...more(entry),
  ]);
  return textTable(['#', 'bot', 'version', 'owner', 'Elo (95%)', 'skill μ ± 2σ', 'games', 'W/D/L', ...(rows[0].length > 8 ? ['state', 'match'] : [])], rows);
}
