// The ladder through the lab's API, on both databases: a module submitted is checked in the sandbox, starts its
// game's ladder with our bots as its fixed points, passes its validation against itself and plays rated games
// (both seats, the skills moving with each result); a module that loops fails its validation with the reason and
// is never paired; a bad module is refused at once; another person can neither retire a version nor read its code;
// a second version plays a match against the first; quotas are kept.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/arena/play-out';
import { games } from '../../src/games';
import { rules } from '../../src/games/tictactoe/rules';
import { openLabDatabase } from '../../src/lab/database';
import { fixedPoints } from '../../src/ladder/player';
import { LadderStore } from '../../src/ladder/store';
import { labLocations, labServer } from '../helpers/lab';
import { negate, perfectValue } from '../tictactoe/oracle';

const NEGAMAX = readFileSync('examples/engines/connect4-negamax-module.mjs', 'utf8');
const LOOP = readFileSync('test/engines/sandbox/loop.mjs', 'utf8');
/** A module of any game that thinks 300 ms a move, then plays the first legal move. */
const SLOW =
  'export default { name: "slow", choose(position, { legalMoves }) { const end = Date.now() + 300; while (Date.now() < end); return legalMoves()[0]; } };';
/** A module for any game: the first legal move. */
const FIRST_MOVE = 'export default { name: "first", choose(position, { legalMoves }) { return legalMoves()[0]; } };';

type Lab = Awaited<ReturnType<typeof labServer>>;

/** Polls the call until `done` says its answer is the one awaited. */
async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`still not there after ${ms} ms: ${JSON.stringify(answer).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A bot's page, once `done` says it is the one awaited. */
const botWhen = (
  lab: Lab,
  id: string,
  done: (bot: { versions: { state: string; games: number; match: { state: string; report: { pairs: number } | null } | null }[] }) => boolean,
  ms = 60_000,
) =>
  until(
    () => lab.call('GET', `ladder/bots/${id}`),
    (answer) => done(answer.body),
    ms,
  ).then((answer) => answer.body);

describe.each(labLocations())('the ladder on %s', (_name, location) => {
  it('takes a module, validates it, and plays it against our bots in both seats, its skill moving', async () => {
    const lab = await labServer(await location());
    try {
      const ada = await lab.signUp('ada');
      expect((await lab.call('GET', 'ladder?game=connect4')).body).toEqual({ game: 'connect4', entries: [] });
      const submitted = await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'nega', code: NEGAMAX }, ...ada });
      expect(submitted.status).toBe(201);
      expect(submitted.body).toMatchObject({ bot: 'nega', owner: 'ada', version: 1, kind: 'module', state: 'validating', identity: { name: 'negamax' } });
      // Our bots are the ladder's fixed points.
      const board = (await lab.call('GET', 'ladder?game=connect4')).body.entries as { bot: string; owner: string | null; config: string }[];
      expect(board.map((entry) => entry.config).sort()).toEqual(
        fixedPoints(games.connect4)
          .map((point) => point.config)
          .sort(),
      );
      const id = submitted.body.id as string;
      const bot = submitted.body.botId as string;
      const played = await until(
        () => lab.call('GET', `ladder/bots/${bot}`),
        (answer) => answer.body.versions[0].games >= 4,
      );
      const [entry] = played.body.versions;
      expect(entry.state).toBe('active');
      expect(entry.wins + entry.draws + entry.losses).toBe(entry.games);
      // Its validation against itself, then rated games, each in both seats, with the skills after each.
      const listed = played.body.games as { purpose: string; seats: string[]; skills: { mu: number; sigma: number }[] | null }[];
      const validation = listed.find((game) => game.purpose === 'validation')!;
      expect(validation.seats).toEqual([id, id]);
      const rated = listed.filter((game) => game.purpose === 'rated');
      expect(rated.length).toBeGreaterThanOrEqual(4);
      expect(rated.some((game) => game.seats[0] === id) && rated.some((game) => game.seats[1] === id)).toBe(true);
      expect(rated.every((game) => game.skills?.length === 2 && game.skills[game.seats.indexOf(id)].sigma < 25 / 3)).toBe(true);
      // A game replays from its record.
      const one = await lab.call('GET', `ladder/games/${(listed[0] as unknown as { id: string }).id}`);
      expect(one.body.record.moves.length).toBeGreaterThan(0);
      // The whole history is fitted after the first round and every ten (in a worker): the leaderboard ranks by it, best first.
      const fitted = await until(
        () => lab.call('GET', 'ladder?game=connect4'),
        (answer) => (answer.body.entries as { rating: unknown }[]).filter((entry) => entry.rating).length >= 2,
      );
      const ratings = (fitted.body.entries as { rating: { elo: number; lo: number; hi: number } | null }[]).flatMap((entry) =>
        entry.rating ? [entry.rating] : [],
      );
      expect(ratings.every((rating) => rating.lo < rating.elo && rating.elo < rating.hi)).toBe(true);
      expect(ratings.map((rating) => rating.elo)).toEqual([...ratings.map((rating) => rating.elo)].sort((a, b) => b - a));
    } finally {
      await lab.server.close();
    }
  }, 180_000);
});

describe('the ladder', () => {
  it('plays the rounds of the tic-tac-toe and Red Ten ladders, whose levels hold Random: each of our bots entered once', async () => {
    const lab = await labServer({ memory: true }, { ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 500, restMs: 100 } });
    try {
      const ada = await lab.signUp('ada');
      for (const game of ['tictactoe', 'cards']) {
        expect((await lab.call('POST', 'ladder/submit', { body: { game, name: 'first', code: FIRST_MOVE }, ...ada })).status).toBe(201);
        const configs = fixedPoints(games[game]).map((point) => point.config);
        expect(new Set(configs).size).toBe(configs.length);
        expect(configs.filter((config) => config === 'random')).toHaveLength(1);
      }
      // Rated games of every pairing the rounds draw, and no round that could not be played.
      for (const game of ['tictactoe', 'cards']) {
        const board = await until(
          () => lab.call('GET', `ladder?game=${game}`),
          (answer) => (answer.body.entries as { games: number }[]).filter((entry) => entry.games >= 2).length >= 4,
          180_000,
        );
        expect(board.body.problem).toBeUndefined();
        const entries = board.body.entries as { config: string | null }[];
        expect(entries.filter((entry) => entry.config === 'random')).toHaveLength(1);
      }
    } finally {
      await lab.server.close();
    }
  }, 240_000);

  it("judges each rated game's moves against perfect play, and a version's page sums them, as minimax over the rules does", async () => {
    // Settled after four games each, the ladder rests ten minutes: what is read below does not move meanwhile.
    const lab = await labServer(
      { memory: true },
      { ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 500, settledGames: 4, restMs: 600_000 } },
    );
    try {
      const ada = await lab.signUp('ada');
      const first = await lab.call('POST', 'ladder/submit', { body: { game: 'tictactoe', name: 'first', code: FIRST_MOVE }, ...ada });
      expect(first.status).toBe(201);
      const board = await until(
        () => lab.call('GET', 'ladder?game=tictactoe'),
        (answer) => (answer.body.entries as { games: number }[]).every((entry) => entry.games >= 4),
        180_000,
      );
      const entries = board.body.entries as { id: string; botId: string; judged: { moves: number; kept: number; mistakes: number; blunders: number } }[];
      const listed = (await lab.call('GET', 'ladder/games?game=tictactoe&limit=1000')).body.games as { id: string; purpose: string; seats: string[] }[];
      const expected = new Map(entries.map((entry) => [entry.id, { moves: 0, kept: 0, mistakes: 0, blunders: 0 }]));
      for (const listing of listed.filter((game) => game.purpose !== 'validation')) {
        const { record } = (await lab.call('GET', `ladder/games/${listing.id}`)).body as { record: GameRecord };
        let position = rules.parse(record.start);
        for (const move of record.moves) {
          const tally = expected.get(listing.seats[rules.seatToMove(position)]);
          const before = perfectValue(position);
          position = rules.play(position, rules.parseMove(move.move));
          const drop = before - negate(perfectValue(position));
          expect(move.drop).toBe(drop);
          if (!tally) continue; // a version retired since
          tally.moves++;
          if (drop === 0) tally.kept++;
          else if (drop === 1) tally.mistakes++;
          else tally.blunders++;
        }
      }
      for (const entry of entries) expect(entry.judged, entry.id).toEqual(expected.get(entry.id));
      // Random gives values away; the perfect level never does.
      expect(entries.some((entry) => entry.judged.mistakes + entry.judged.blunders > 0)).toBe(true);
    } finally {
      await lab.server.close();
    }
  }, 240_000);

  it("plays rated rounds while new versions wait for their validation, each account's one at a time", async () => {
    const lab = await labServer({ memory: true }, { ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 2000, restMs: 100 } });
    try {
      const ada = await lab.signUp('ada');
      // Five versions that think 300 ms a move: their validations take a few seconds each, one after another.
      for (let i = 0; i < 5; i++)
        expect((await lab.call('POST', 'ladder/submit', { body: { game: 'tictactoe', name: `slow${i}`, code: SLOW }, ...ada })).status).toBe(201);
      const rated = await until(
        () => lab.call('GET', 'ladder/games?game=tictactoe&limit=1000'),
        (answer) => (answer.body.games as { purpose: string }[]).some((game) => game.purpose === 'rated'),
        120_000,
      );
      expect(rated.status).toBe(200);
      const mine = (await lab.call('GET', 'ladder/mine?game=tictactoe', ada)).body.versions as { state: string }[];
      expect(mine.filter((version) => version.state === 'validating').length).toBeGreaterThan(0);
    } finally {
      await lab.server.close();
    }
  }, 240_000);

  it('mends a ladder begun with one of our bots entered twice: the later entry is retired, the earlier plays on', async () => {
    const db = await openLabDatabase({ memory: true });
    try {
      const store = new LadderStore(db);
      const entry = (name: string) =>
        store.addVersion({ game: 'tictactoe', name, owner: null, kind: 'builtin', config: 'random', identity: { name: 'random', params: [] } });
      const [first, second] = [await entry('Random'), await entry('Random ')];
      await store.addVersion({
        game: 'tictactoe',
        name: 'Perfect',
        owner: null,
        kind: 'builtin',
        config: 'perfect',
        identity: { name: 'perfect', params: [] },
      });
      await store.retireRepeatedBuiltins('tictactoe');
      const board = await store.leaderboard('tictactoe');
      expect(board.map((version) => version.id).sort()).toEqual([first.id, board.find((version) => version.config === 'perfect')!.id].sort());
      expect(await store.version(second.id)).toMatchObject({ state: 'retired', reason: 'the same configuration as an earlier entry' });
    } finally {
      await db.destroy();
    }
  });

  it('fails a module that loops in its validation, with the reason, and never pairs it; refuses bad submissions with theirs', async () => {
    const lab = await labServer({ memory: true }, { ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 500, restMs: 100, codeBytes: 4096 } });
    try {
      const ada = await lab.signUp('ada');
      const looping = await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'loop', code: LOOP }, ...ada });
      expect(looping.status).toBe(201);
      const failed = await botWhen(lab, looping.body.botId, (bot) => bot.versions[0].state !== 'validating');
      // Its time runs out in the sandbox (which interrupts the move) and at the host's deadline at the same moment:
      // whichever says so first on a loaded machine, it is a loss on time.
      expect(failed.versions[0]).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/^its validation game against itself was forfeited: time: (no move within 1000 ms|its move ran past its time)$/),
        games: 0,
      });
      const board = (await lab.call('GET', 'ladder?game=connect4')).body.entries as { id: string }[];
      expect(board.map((entry) => entry.id)).not.toContain(looping.body.id);
      const submit = (body: object, session: object = ada) => lab.call('POST', 'ladder/submit', { body, ...session });
      expect(await submit({ game: 'connect4', name: 'bad', code: 'export default { name: "x", choose( };' })).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/^the module cannot be played: .*SyntaxError/) },
      });
      expect(await submit({ game: 'connect4', name: 'bad', code: 'export default { name: "x" };' })).toMatchObject({
        status: 400,
        body: { error: 'the module cannot be played: the default export must be { name, params?, choose(position, tools) }: it has no choose function' },
      });
      expect((await submit({ game: 'connect4', name: '', code: NEGAMAX })).body.error).toBe('a name is 1 to 40 letters, digits, spaces, ".", "_" or "-"');
      expect((await submit({ game: 'puzzle15', name: 'x', code: NEGAMAX })).status).toBe(400);
      expect(await submit({ game: 'connect4', name: 'big', code: `${NEGAMAX}\n//${'x'.repeat(5000)}` })).toMatchObject({
        status: 413,
        body: { error: "a module's code is at most 4 KB" },
      });
      // Without a session, or with a stolen cookie and no CSRF token: nothing taken.
      expect((await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'x', code: NEGAMAX } })).status).toBe(401);
      expect((await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'x', code: NEGAMAX }, cookie: ada.cookie })).status).toBe(403);
    } finally {
      await lab.server.close();
    }
  }, 120_000);

  it("lets only a bot's owner read its code or retire its versions, keeps the quotas, and matches a new version against the one before", async () => {
    const lab = await labServer(
      { memory: true },
      { ladder: { sandboxWorkerFile: 'dist-node/bot-sandbox.mjs', moveMs: 2000, restMs: 100, versionsADay: 3, entriesPerGame: 2 } },
    );
    try {
      const ada = await lab.signUp('ada');
      const bob = await lab.signUp('bob');
      const first = await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'nega', code: NEGAMAX }, ...ada });
      const id = first.body.id as string;
      expect(await lab.call('GET', `ladder/versions/${id}/code`, bob)).toMatchObject({ status: 403, body: { error: `version ${id} is not yours` } });
      expect(await lab.call('POST', `ladder/versions/${id}/retire`, bob)).toMatchObject({ status: 403 });
      expect((await lab.call('GET', `ladder/versions/${id}/code`, ada)).body).toEqual({ code: NEGAMAX });
      expect((await lab.call('GET', `ladder/bots/${first.body.botId}`)).text).not.toContain('connect4-negamax');
      // Its second version (the same search, which logs) plays a match against its first.
      const talking = NEGAMAX.replace('choose(position, { params, info }) {', "choose(position, { params, info, log }) {\n    log('secret plan');");
      const second = await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'nega', code: talking }, ...ada });
      expect(second.body).toMatchObject({ version: 2, botId: first.body.botId });
      const matched = await botWhen(lab, first.body.botId, (bot) => (bot.versions[0].match?.report?.pairs ?? 0) >= 2, 120_000);
      expect(matched.versions[0].match).toMatchObject({ previousId: id, state: 'running' });
      // Quotas: entries in a game, then versions a day.
      expect(await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'third', code: NEGAMAX }, ...ada })).toMatchObject({
        status: 429,
        body: { error: 'you have 2 entries on the Connect 4 ladder, the most: retire one first' },
      });
      expect((await lab.call('POST', `ladder/versions/${id}/retire`, ada)).body).toMatchObject({ state: 'retired', reason: 'retired by ada' });
      // Each person's own entries, in every state, for them alone.
      const mine = async (who?: object) => lab.call('GET', 'ladder/mine?game=connect4', who);
      expect(
        ((await mine(ada)).body.versions as { bot: string; version: number; state: string }[]).map(({ bot, version, state }) => [bot, version, state]),
      ).toEqual([
        ['nega', 2, 'active'],
        ['nega', 1, 'retired'],
      ]);
      expect((await mine(bob)).body.versions).toEqual([]);
      expect((await mine()).status).toBe(401);
      expect((await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'third', code: NEGAMAX }, ...ada })).status).toBe(201);
      expect(await lab.call('POST', 'ladder/submit', { body: { game: 'tictactoe', name: 'fourth', code: NEGAMAX }, ...ada })).toMatchObject({
        status: 429,
        body: { error: 'you have submitted 3 versions today, the most a day: carry on tomorrow (UTC)' },
      });
      const board = (await lab.call('GET', 'ladder?game=connect4')).body.entries as { id: string }[];
      expect(board.map((entry) => entry.id)).not.toContain(id);
      // What a bot logs during a game is its owner's to read: another person's replay of the game has no log.
      const played = await botWhen(lab, second.body.botId, (bot) => bot.versions[0].games >= 1);
      const game = (played as unknown as { games: { id: string; seats: string[] }[] }).games.find((one) => one.seats.includes(second.body.id))!;
      const seat = game.seats.indexOf(second.body.id);
      expect((await lab.call('GET', `ladder/games/${game.id}`, ada)).body.record.logs[seat]).toContain('secret plan');
      const seen = (await lab.call('GET', `ladder/games/${game.id}`, bob)).body.record;
      expect(JSON.stringify(seen)).not.toContain('secret plan');
    } finally {
      await lab.server.close();
    }
  }, 240_000);
});

describe("the ladder with its operator's engines", () => {
  it("plays Kaggle's ConnectX agents, unchanged, beside our bots, without a forfeit", async () => {
    const lab = await labServer(
      { memory: true },
      {
        ladder: {
          sandboxWorkerFile: 'dist-node/bot-sandbox.mjs',
          moveMs: 2000,
          restMs: 100,
          engines: [
            { game: 'connect4', name: 'kaggle-negamax', command: 'connectx:test/fixtures/kaggle/negamax.py' },
            { game: 'connect4', name: 'kaggle-random', command: 'connectx:test/fixtures/kaggle/random_agent.py' },
          ],
        },
      },
    );
    try {
      const agents = (
        await until(
          () => lab.call('GET', 'ladder?game=connect4'),
          (answer) => (answer.body.entries as { kind: string; games: number }[]).filter((entry) => entry.kind === 'engine' && entry.games >= 2).length === 2,
          120_000,
        )
      ).body.entries.filter((entry: { kind: string }) => entry.kind === 'engine');
      expect(agents.map((entry: { bot: string; owner: string | null }) => [entry.bot, entry.owner]).sort()).toEqual([
        ['kaggle-negamax', null],
        ['kaggle-random', null],
      ]);
      for (const agent of agents) {
        const page = (await lab.call('GET', `ladder/bots/${agent.botId}`)).body;
        expect(page.games.length).toBeGreaterThanOrEqual(2);
        expect(page.games.filter((game: { forfeit: string | null }) => game.forfeit)).toEqual([]);
      }
    } finally {
      await lab.server.close();
    }
  }, 180_000);
});

describe('a game of the ladder watched live', () => {
  it('lists the games being played with their moves so far, legal by the rules, going on, and the same as the game stored', async () => {
    const lab = await labServer({ memory: true });
    try {
      const ada = await lab.signUp('ada');
      await lab.call('POST', 'ladder/submit', { body: { game: 'connect4', name: 'nega', code: NEGAMAX }, ...ada });
      type Live = { id: string; seats: [string, string]; plies: number; over: { winner: number | null } | null };
      // A game under way (not over when read), a few moves in.
      let live: Live | undefined;
      let names: Record<string, string> = {};
      const first = (await until(
        async () => {
          const listed = await lab.call('GET', 'ladder/live?game=connect4');
          names = listed.body.names;
          live = (listed.body.games as Live[]).find((one) => !one.over && one.plies >= 2);
          return live ? lab.call('GET', `ladder/live/${live.id}`) : undefined;
        },
        (answer) => answer?.status === 200 && answer.body.over === null,
        120_000,
      ))!.body as { start: string; moves: { move: string }[]; seats: string[] };
      expect(names[live!.seats[0]]).toMatch(/ v\d+$/);
      expect(first.seats).toEqual(live!.seats);
      // Its moves are legal from its start, by the rules.
      const { rules } = games.connect4;
      first.moves.reduce((position, { move }) => rules.play(position, rules.parseMove(move)), rules.parse(first.start));
      // It goes on, then ends; and the game stored is the one watched.
      const ended = (
        await until(
          () => lab.call('GET', `ladder/live/${live!.id}`),
          (answer) => answer.status === 200 && answer.body.over !== null,
          240_000,
        )
      ).body as { moves: { move: string }[]; seats: string[] };
      expect(ended.moves.length).toBeGreaterThanOrEqual(first.moves.length);
      expect(ended.moves.slice(0, first.moves.length)).toEqual(first.moves);
      const watched = ended.moves.map((move) => move.move).join(' ');
      await until(
        async () => {
          const stored = (await lab.call('GET', 'ladder/games?game=connect4&limit=1000')).body.games as { id: string; seats: string[]; moves: number }[];
          const alike = stored.filter((game) => game.seats.join() === ended.seats.join() && game.moves === ended.moves.length);
          const records = await Promise.all(
            alike.map(async (game) => (await lab.call('GET', `ladder/games/${game.id}`)).body.record.moves as { move: string }[]),
          );
          return records.map((moves) => moves.map((move) => move.move).join(' '));
        },
        (replays) => replays.includes(watched),
      );
      expect((await lab.call('GET', 'ladder/live/nothing-1')).status).toBe(404);
    } finally {
      await lab.server.close();
    }
  }, 400_000);
});
