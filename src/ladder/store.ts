// The ladder kept in the lab's database: each game's bots and their versions (a version is an entry, with its
// skill, its results and its whole-history rating), every game it played, and each new version's match against
// the version before. Every value is a bound parameter (Kysely); a round's games and the skills they move are
// stored in one transaction.

import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { countJudged } from '../arena/accuracy';
import type { GameRecord } from '../arena/play-out';
import type { Rating } from '../arena/ratings';
import type { LabTables, LadderVersionKind, LadderVersionState } from '../lab/tables';
import { NEW_SKILL, rated, type Skill } from './skill';
import { findGame } from '../games';
import { lockAccount, QuotaExceeded } from '../lab/quota';

/** A ladder entry as the leaderboard and the player see it. */
export interface LadderVersion {
  readonly id: string;
  readonly botId: string;
  readonly bot: string;
  readonly owner: string | null;
  readonly game: string;
  readonly version: number;
  readonly kind: LadderVersionKind;
  /** Our bot's configuration, or the engine's name. */
  readonly config: string | null;
  /** An engine a cluster worker offers: the hash of its files and hello. */
  readonly fingerprint: string | null;
  readonly identity: { readonly name: string; readonly params: readonly unknown[] };
  readonly state: LadderVersionState;
  readonly reason: string | null;
  readonly created: string;
  readonly skill: Skill;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly lastPlayed: string | null;
  /**
   * Its moves judged against perfect play (its rated and match games, where the game's solver settles them): how
   * many, those that kept the game's value, mistakes and blunders.
   */
  readonly judged: { readonly moves: number; readonly kept: number; readonly mistakes: number; readonly blunders: number };
  /** The whole-history rating (Elo) and its 95% interval, once computed. */
  readonly rating: { readonly elo: number; readonly lo: number; readonly hi: number } | null;
}

/** A game of the ladder as listed (its record apart). */
export interface LadderGame {
  readonly id: string;
  readonly game: string;
  readonly purpose: 'validation' | 'rated' | 'match';
  readonly seats: readonly [string, string];
  readonly winner: 0 | 1 | null;
  readonly forfeit: string | null;
  readonly moves: number;
  readonly skills: readonly Skill[] | null;
  readonly played: string;
}

/** A game played for the ladder, to store: its seats' versions and its record. */
export interface PlayedGame {
  readonly seats: readonly [string, string];
  readonly record: GameRecord;
}

const newId = (prefix: string) => `${prefix}-${randomBytes(6).toString('base64url')}`;

const VERSION_COLUMNS = [
  'v.id',
  'v.bot_id',
  'b.name as bot',
  'b.owner',
  'v.game',
  'v.version',
  'v.kind',
  'v.config',
  'v.fingerprint',
  'v.identity',
  'v.state',
  'v.reason',
  'v.created',
  'v.mu',
  'v.sigma',
  'v.games',
  'v.wins',
  'v.draws',
  'v.losses',
  'v.last_played',
  'v.judged',
  'v.kept',
  'v.mistakes',
  'v.blunders',
  'v.rating',
  'v.rating_lo',
  'v.rating_hi',
] as const;

type VersionRow = {
  id: string;
  bot_id: string;
  bot: string;
  owner: string | null;
  game: string;
  version: number;
  kind: LadderVersionKind;
  config: string | null;
  fingerprint: string | null;
  identity: { name: string; params: unknown[] };
  state: LadderVersionState;
  reason: string | null;
  created: Date;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  last_played: Date | null;
  judged: number;
  kept: number;
  mistakes: number;
  blunders: number;
  rating: number | null;
  rating_lo: number | null;
  rating_hi: number | null;
};

function ladderVersion(row: VersionRow): LadderVersion {
  return {
    id: row.id,
    botId: row.bot_id,
    bot: row.bot,
    owner: row.owner,
    game: row.game,
    version: row.version,
    kind: row.kind,
    config: row.config,
    fingerprint: row.fingerprint,
    identity: row.identity,
    state: row.state,
    reason: row.reason,
    created: row.created.toISOString(),
    skill: { mu: row.mu, sigma: row.sigma },
    games: row.games,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    lastPlayed: row.last_played?.toISOString() ?? null,
    judged: { moves: row.judged, kept: row.kept, mistakes: row.mistakes, blunders: row.blunders },
    rating: row.rating === null ? null : { elo: row.rating, lo: row.rating_lo!, hi: row.rating_hi! },
  };
}

export class LadderStore {
  constructor(private readonly db: Kysely<LabTables>) {}

  private versions() {
    return this.db.selectFrom('ladder_versions as v').innerJoin('ladder_bots as b', 'b.id', 'v.bot_id').select(VERSION_COLUMNS);
  }

  /**
   * A new version of a bot (made when the account has no bot of that name for the game): a submitted module or an
   * engine a worker offers, to be validated, or one of the server's own entries (active at once). Its number
   * follows the bot's last.
   */
  async addVersion(
    entry: {
      readonly game: string;
      readonly name: string;
      readonly owner: string | null;
      readonly kind: LadderVersionKind;
      readonly config?: string;
      readonly code?: string;
      readonly fingerprint?: string;
      readonly identity: { readonly name: string; readonly params: readonly unknown[] };
    },
    /** The owner's quotas, checked in the transaction that adds the version (QuotaExceeded past them). */
    quota?: VersionQuota,
  ): Promise<LadderVersion> {
    const id = await this.db.transaction().execute(async (trx) => {
      if (quota && entry.owner !== null) await checkQuota(trx, entry.owner, entry.game, quota);
      let bot = await trx
        .selectFrom('ladder_bots')
        .select('id')
        .where('game', '=', entry.game)
        .where('name', '=', entry.name)
        .where((eb) => (entry.owner === null ? eb('owner', 'is', null) : eb('owner', '=', entry.owner)))
        .forUpdate()
        .executeTakeFirst();
      if (!bot) {
        bot = { id: newId('b') };
        await trx.insertInto('ladder_bots').values({ id: bot.id, game: entry.game, name: entry.name, owner: entry.owner, created: new Date() }).execute();
      }
      const last = await trx
        .selectFrom('ladder_versions')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('bot_id', '=', bot.id)
        .executeTakeFirst();
      const id = newId('v');
      await trx
        .insertInto('ladder_versions')
        .values({
          id,
          bot_id: bot.id,
          game: entry.game,
          version: Number(last?.version ?? 0) + 1,
          kind: entry.kind,
          config: entry.config ?? null,
          code: entry.code ?? null,
          fingerprint: entry.fingerprint ?? null,
          identity: JSON.stringify(entry.identity),
          state: entry.kind === 'module' || entry.fingerprint !== undefined ? 'validating' : 'active',
          reason: null,
          created: new Date(),
          mu: NEW_SKILL.mu,
          sigma: NEW_SKILL.sigma,
          last_played: null,
          rating: null,
          rating_lo: null,
          rating_hi: null,
        })
        .execute();
      return id;
    });
    return (await this.version(id))!;
  }

  async version(id: string): Promise<LadderVersion | undefined> {
    const row = await this.versions().where('v.id', '=', id).executeTakeFirst();
    return row && ladderVersion(row as VersionRow);
  }

  /** The versions' names as people read them (`nega v2`), by id. */
  async names(ids: readonly string[]): Promise<Record<string, string>> {
    if (ids.length === 0) return {};
    const rows = await this.db
      .selectFrom('ladder_versions as v')
      .innerJoin('ladder_bots as b', 'b.id', 'v.bot_id')
      .select(['v.id', 'b.name', 'v.version'])
      .where('v.id', 'in', [...new Set(ids)])
      .execute();
    return Object.fromEntries(rows.map((row) => [row.id, `${row.name} v${row.version}`]));
  }

  /** A module version's code (for its owner, and for the sandbox that plays it). */
  async code(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('ladder_versions').select('code').where('id', '=', id).executeTakeFirst();
    return row?.code ?? undefined;
  }

  /** A game's entries that play (active), best rated first (then by skill): the leaderboard. */
  async leaderboard(game: string): Promise<LadderVersion[]> {
    const rows = await this.versions()
      .where('v.game', '=', game)
      .where('v.state', '=', 'active')
      .orderBy(sql`v.rating desc nulls last`)
      .orderBy(sql`v.mu - 2 * v.sigma`, 'desc')
      .orderBy('v.id')
      .execute();
    return rows.map((row) => ladderVersion(row as VersionRow));
  }

  /** The games that have a ladder (any version). */
  async games(): Promise<string[]> {
    const rows = await this.db.selectFrom('ladder_versions').select('game').distinct().orderBy('game').execute();
    return rows.map((row) => row.game);
  }

  /** A bot and all its versions, newest first. */
  async bot(id: string): Promise<{ id: string; game: string; name: string; owner: string | null; versions: LadderVersion[] } | undefined> {
    const bot = await this.db.selectFrom('ladder_bots').selectAll().where('id', '=', id).executeTakeFirst();
    if (!bot) return undefined;
    const rows = await this.versions().where('v.bot_id', '=', id).orderBy('v.version', 'desc').execute();
    return { id: bot.id, game: bot.game, name: bot.name, owner: bot.owner, versions: rows.map((row) => ladderVersion(row as VersionRow)) };
  }

  /** An account's versions of a game, in every state: by bot, newest first. */
  async ownedVersions(owner: string, game: string): Promise<LadderVersion[]> {
    const rows = await this.versions().where('b.owner', '=', owner).where('v.game', '=', game).orderBy('b.name').orderBy('v.version', 'desc').execute();
    return rows.map((row) => ladderVersion(row as VersionRow));
  }

  /** The versions of the operator's bot (no owner) of that name, first the newest. */
  async operatorVersions(game: string, name: string): Promise<LadderVersion[]> {
    const rows = await this.versions()
      .where('v.game', '=', game)
      .where('b.name', '=', name)
      .where('b.owner', 'is', null)
      .orderBy('v.version', 'desc')
      .execute();
    return rows.map((row) => ladderVersion(row as VersionRow));
  }

  /** The versions waiting for their validation, oldest first. */
  async toValidate(): Promise<LadderVersion[]> {
    const rows = await this.versions().where('v.state', '=', 'validating').orderBy('v.created').execute();
    return rows.map((row) => ladderVersion(row as VersionRow));
  }

  /** A version's validation game, and its verdict: active, or failed with the reason. */
  async validated(id: string, game: PlayedGame, failure: string | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('ladder_versions')
        .set({ state: failure ? 'failed' : 'active', reason: failure })
        .where('id', '=', id)
        .where('state', '=', 'validating')
        .execute();
      await insertGames(
        trx,
        (await trx.selectFrom('ladder_versions').select('game').where('id', '=', id).executeTakeFirstOrThrow()).game,
        'validation',
        [game],
        [null],
      );
    });
  }

  /**
   * Our bots entered twice under one configuration (a ladder begun when a game's levels and the bots of its rules
   * alone both held `random`): all but the first retired, since two entries of one configuration cannot play in
   * one round.
   */
  async retireRepeatedBuiltins(game: string): Promise<void> {
    await sql`
      update ladder_versions set state = 'retired', reason = 'the same configuration as an earlier entry'
      where game = ${game} and kind = 'builtin' and state in ('validating', 'active')
        and exists (select 1 from ladder_versions earlier
                    where earlier.game = ladder_versions.game and earlier.kind = 'builtin' and earlier.config = ladder_versions.config
                      and earlier.state in ('validating', 'active')
                      and (earlier.created, earlier.id) < (ladder_versions.created, ladder_versions.id))`.execute(this.db);
  }

  /** A version leaves the ladder (its games and ratings stay). */
  async retire(id: string, reason: string): Promise<boolean> {
    const { numUpdatedRows } = await this.db
      .updateTable('ladder_versions')
      .set({ state: 'retired', reason })
      .where('id', '=', id)
      .where('state', 'in', ['validating', 'active'])
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  async rename(botId: string, name: string): Promise<void> {
    await this.db.updateTable('ladder_bots').set({ name }).where('id', '=', botId).execute();
  }

  /**
   * A round's games stored, and the skills they move: each rated game updates both seats' skill and results in
   * turn, from the skills as stored (locked for the transaction), so rounds stored at once never lose an update.
   */
  async storeRound(game: string, purpose: 'rated' | 'match', played: readonly PlayedGame[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const ids = [...new Set(played.flatMap((one) => one.seats))].sort();
      const rows = await trx.selectFrom('ladder_versions').select(['id', 'mu', 'sigma']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
      const skills = new Map(rows.map((row) => [row.id, { mu: row.mu, sigma: row.sigma }]));
      const after: ({ mu: number; sigma: number }[] | null)[] = [];
      const results = new Map(ids.map((id) => [id, { wins: 0, draws: 0, losses: 0, judged: 0, kept: 0, mistakes: 0, blunders: 0 }]));
      for (const { seats, record } of played) {
        const next = rated([skills.get(seats[0])!, skills.get(seats[1])!], record.winner);
        seats.forEach((id, seat) => {
          skills.set(id, next[seat]);
          const tally = results.get(id)!;
          if (record.winner === null) tally.draws++;
          else if (record.winner === seat) tally.wins++;
          else tally.losses++;
        });
        countJudged(record, (seat) => results.get(seats[seat])!);
        after.push(next);
      }
      const now = new Date();
      for (const id of ids) {
        const { wins, draws, losses, judged, kept, mistakes, blunders } = results.get(id)!;
        const { mu, sigma } = skills.get(id)!;
        await trx
          .updateTable('ladder_versions')
          .set((eb) => ({
            mu,
            sigma,
            games: eb('games', '+', wins + draws + losses),
            wins: eb('wins', '+', wins),
            draws: eb('draws', '+', draws),
            losses: eb('losses', '+', losses),
            judged: eb('judged', '+', judged),
            kept: eb('kept', '+', kept),
            mistakes: eb('mistakes', '+', mistakes),
            blunders: eb('blunders', '+', blunders),
            last_played: now,
          }))
          .where('id', '=', id)
          .execute();
      }
      await insertGames(trx, game, purpose, played, after);
    });
  }

  /** A version's games (or a game's ladder's), newest first. */
  async recentGames(filter: { readonly version?: string; readonly game?: string }, limit = 50): Promise<LadderGame[]> {
    // Only what the list shows of each record is read (a record with its logs is up to hundreds of kilobytes).
    let query = this.db
      .selectFrom('ladder_games')
      .select(['id', 'game', 'purpose', 'seats', 'skills', 'played'])
      .select([
        sql<GameRecord['winner']>`record->'winner'`.as('winner'),
        sql<GameRecord['forfeit'] | null>`record->'forfeit'`.as('forfeit'),
        sql<number>`json_array_length(record->'moves')`.as('moves'),
      ]);
    if (filter.version !== undefined) query = query.where(sql<boolean>`seats @> array[${filter.version}]::text[]`);
    if (filter.game !== undefined) query = query.where('game', '=', filter.game);
    const rows = await query.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      id: String(row.id),
      game: row.game,
      purpose: row.purpose,
      seats: [row.seats[0], row.seats[1]],
      winner: row.winner,
      forfeit: row.forfeit ? `${row.forfeit.reason}: ${row.forfeit.detail}` : null,
      moves: Number(row.moves),
      skills: row.skills as unknown as Skill[] | null,
      played: row.played.toISOString(),
    }));
  }

  /** A game's record, for its replay. */
  async gameRecord(id: string): Promise<{ game: string; seats: string[]; record: GameRecord } | undefined> {
    if (!/^\d{1,18}$/.test(id)) return undefined;
    const row = await this.db.selectFrom('ladder_games').select(['game', 'seats', 'record']).where('id', '=', id).executeTakeFirst();
    return row && { game: row.game, seats: row.seats, record: row.record as unknown as GameRecord };
  }

  /** Every pair's results on a game's ladder (its rated and match games), for the whole-history rating. */
  async pairResults(game: string): Promise<{ a: string; b: string; wins: number; draws: number; losses: number }[]> {
    const rows = await sql<{ a: string; b: string; winner: string | null; games: string }>`
      select seats[1] as a, seats[2] as b, record->>'winner' as winner, count(*) as games
      from ladder_games where game = ${game} and purpose <> 'validation'
      group by 1, 2, 3`.execute(this.db);
    const pairs = new Map<string, { a: string; b: string; wins: number; draws: number; losses: number }>();
    for (const { a, b, winner, games } of rows.rows) {
      // Each pair once, from its first bot's side.
      const [first, second] = a < b ? [a, b] : [b, a];
      const pair = pairs.get(`${first} ${second}`) ?? { a: first, b: second, wins: 0, draws: 0, losses: 0 };
      const won = winner === null ? null : (Number(winner) === 0) === (a === first);
      if (won === null) pair.draws += Number(games);
      else if (won) pair.wins += Number(games);
      else pair.losses += Number(games);
      pairs.set(`${first} ${second}`, pair);
    }
    return [...pairs.values()];
  }

  /** The whole-history ratings computed from pairResults. */
  async setRatings(ratings: readonly Rating[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { bot, rating, lo, hi } of ratings)
        await trx.updateTable('ladder_versions').set({ rating, rating_lo: lo, rating_hi: hi }).where('id', '=', bot).execute();
    });
  }

  /** The next round's number (a sequence in the database: every server of the lab counts on). */
  async nextRound(): Promise<number> {
    const { rows } = await sql<{ round: string }>`select nextval('ladder_rounds') as round`.execute(this.db);
    return Number(rows[0].round);
  }

  /** Refuses (QuotaExceeded) an account past its quotas in a game now. */
  async checkQuota(owner: string, game: string, quota: VersionQuota): Promise<void> {
    await this.db.transaction().execute((trx) => checkQuota(trx, owner, game, quota));
  }

  /** A new version's match against the version before, opened. */
  async openMatch(versionId: string, previousId: string): Promise<void> {
    await this.db
      .insertInto('ladder_matches')
      .values({ version_id: versionId, previous_id: previousId, state: 'running', report: null, updated: new Date() })
      .onConflict((conflict) => conflict.column('version_id').doNothing())
      .execute();
  }

  /** The matches still playing, oldest first. */
  async runningMatches(): Promise<{ versionId: string; previousId: string }[]> {
    const rows = await this.db.selectFrom('ladder_matches').select(['version_id', 'previous_id']).where('state', '=', 'running').orderBy('updated').execute();
    return rows.map((row) => ({ versionId: row.version_id, previousId: row.previous_id }));
  }

  async match(versionId: string): Promise<{ previousId: string; state: string; report: Record<string, unknown> | null } | undefined> {
    const row = await this.db.selectFrom('ladder_matches').selectAll().where('version_id', '=', versionId).executeTakeFirst();
    return row && { previousId: row.previous_id, state: row.state, report: row.report as Record<string, unknown> | null };
  }

  async updateMatch(versionId: string, state: 'running' | 'H0' | 'H1', report: object): Promise<void> {
    await this.db
      .updateTable('ladder_matches')
      .set({ state, report: JSON.stringify(report), updated: new Date() })
      .where('version_id', '=', versionId)
      .execute();
  }

  /** The match games between two versions, their records in the order played. */
  async matchGames(versionId: string, previousId: string): Promise<GameRecord[]> {
    const rows = await this.db
      .selectFrom('ladder_games')
      .select('record')
      .where('purpose', '=', 'match')
      .where(sql<boolean>`seats @> array[${versionId}, ${previousId}]::text[]`)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.record as unknown as GameRecord);
  }
}

async function insertGames(
  db: Kysely<LabTables>,
  game: string,
  purpose: 'validation' | 'rated' | 'match',
  played: readonly PlayedGame[],
  skills: readonly ({ mu: number; sigma: number }[] | null)[],
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('ladder_games')
    .values(
      played.map(({ seats, record }, i) => ({
        game,
        purpose,
        seats: [...seats],
        record: JSON.stringify(record),
        skills: skills[i] ? JSON.stringify(skills[i]) : null,
        played: now,
      })),
    )
    .execute();
}

/** An account's versions submitted today (UTC), and its entries that play or wait for their validation in a game. */
async function usage(db: Kysely<LabTables>, owner: string, game: string): Promise<{ today: number; entries: number }> {
  const day = new Date(new Date().toISOString().slice(0, 10));
  const today = await db
    .selectFrom('ladder_versions as v')
    .innerJoin('ladder_bots as b', 'b.id', 'v.bot_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('b.owner', '=', owner)
    .where('v.kind', '=', 'module')
    .where('v.created', '>=', day)
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('ladder_versions as v')
    .innerJoin('ladder_bots as b', 'b.id', 'v.bot_id')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('b.owner', '=', owner)
    .where('v.game', '=', game)
    .where('v.state', 'in', ['validating', 'active'])
    .executeTakeFirstOrThrow();
  return { today: Number(today.count), entries: Number(entries.count) };
}

/** An account's quotas on the ladder: versions submitted a day, entries in a game. */
export interface VersionQuota {
  readonly perDay: number;
  readonly perGame: number;
}

/** Refuses a version past its owner's quotas, in the transaction that adds it (quota.ts). */
async function checkQuota(trx: Kysely<LabTables>, owner: string, game: string, quota: VersionQuota): Promise<void> {
  await lockAccount(trx, 'ladder versions', owner);
  const { today, entries } = await usage(trx, owner, game);
  if (today >= quota.perDay) throw new QuotaExceeded(`you have submitted ${quota.perDay} versions today, the most a day: carry on tomorrow (UTC)`);
  if (entries >= quota.perGame)
    throw new QuotaExceeded(`you have ${quota.perGame} entries on the ${findGame(game)?.rules.title ?? game} ladder, the most: retire one first`);
}
