// The lab's tables as Kysely sees them (migrations.ts makes them): runs and the games each one played; the
// accounts, their sessions and their tokens; the ladder's bots, versions, games and matches; online play's rooms.

import type { ColumnType, Generated } from 'kysely';

export type RunState = 'queued' | 'running' | 'finished' | 'cancelled' | 'failed';
export const RUN_STATES: readonly RunState[] = ['queued', 'running', 'finished', 'cancelled', 'failed'];
export type LabRunKind = 'tournament' | 'sweep' | 'match' | 'tuning';
export const LAB_RUN_KINDS: readonly LabRunKind[] = ['tournament', 'sweep', 'match', 'tuning'];

/**
 * JSON kept as `json`, its text as written (a game's log may hold a NUL, which `jsonb` refuses, and a file
 * exported is the one imported): written as its text, read back as the value.
 */
type Json<T> = ColumnType<T, string, string>;

export interface RunsTable {
  id: string;
  kind: LabRunKind;
  game: string;
  /** The bots it plays, for the list's filter by bot. */
  bots: string[];
  /** The account that submitted it; null for a run imported without one. */
  owner: string | null;
  /** The build that played it (the cores' and bundle's id). */
  build: string;
  created: ColumnType<Date, Date, never>;
  updated: ColumnType<Date, Date, Date>;
  state: RunState;
  /** Why it failed. */
  reason: string | null;
  /** The saved run's `finished`: false while it plays, or when it was interrupted and can be carried on. */
  finished: boolean;
  elapsed_ms: number;
  /**
   * What the run is, without its games: a run's schedule, sweep, SPRT and time control (saved-run.ts), or a
   * tuning's settings, steps' results and verification (saved-tune.ts).
   */
  plan: Json<Record<string, unknown>>;
  /** 'server': the server plays it (its pool, or its cluster); null: played elsewhere and recorded, or imported. */
  player: ColumnType<'server' | null, 'server' | null | undefined, 'server' | null>;
  /** The figures the list shows while it plays (games played, W/D/L, Elo, LLR), as the arena computes them. */
  summary: Json<Record<string, unknown>>;
  /** Imported from a file (its figures are the file's: its games replay by the rules, its forfeits are its word). */
  imported: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface GamesTable {
  run_id: string;
  /** The game's index in the run's schedule. */
  index: number;
  record: Json<Record<string, unknown>>;
  stored: Generated<Date>;
}

export interface AccountsTable {
  name: string;
  /** scrypt's hash of the password, with its parameters and salt (accounts.ts). */
  password: string;
  created: Date;
}

export interface SessionsTable {
  /** The SHA-256 of the session's cookie. */
  hash: string;
  account: string;
  /** The token every state-changing request of the session carries. */
  csrf: string;
  created: Date;
  expires: Date;
}

export interface TokensTable {
  id: string;
  /** The SHA-256 of the token the CLI sends. */
  hash: string;
  account: string;
  label: string;
  created: Date;
  used: Date | null;
}

/** The games an account's runs stored on a day (UTC): its quota of games a day. */
export interface UsageTable {
  account: string;
  day: ColumnType<Date, string, string>;
  games: number;
  /** The bytes of the files it imported that day. */
  bytes: ColumnType<string | number, number | undefined, number>;
}

export type LadderVersionState = 'validating' | 'active' | 'failed' | 'retired';
export type LadderVersionKind = 'builtin' | 'module' | 'engine';

/** A bot of the ladder: its versions are its entries. */
export interface LadderBotsTable {
  id: string;
  game: string;
  name: string;
  /** The account that submitted it; null for the server's own (our bots, and engines its workers offer). */
  owner: string | null;
  created: Date;
}

/** One version of a bot: an entry of its game's ladder, its skill and results. */
export interface LadderVersionsTable {
  id: string;
  bot_id: string;
  game: string;
  version: number;
  /** Our bot (`config` its configuration), a submitted module (`code`), or an engine the operator offers (`config` its name). */
  kind: LadderVersionKind;
  config: string | null;
  code: string | null;
  /** An engine a cluster worker offers: the hash of its files and hello (another is another version); null for the server's own. */
  fingerprint: Generated<string | null>;
  /** What it says of itself (its name and parameters). */
  identity: Json<{ name: string; params: unknown[] }>;
  state: LadderVersionState;
  /** Why it failed its validation, or was retired. */
  reason: string | null;
  created: Date;
  mu: number;
  sigma: number;
  games: Generated<number>;
  wins: Generated<number>;
  draws: Generated<number>;
  losses: Generated<number>;
  /** Its moves judged against perfect play (in its rated and match games), those that kept the game's value, the mistakes and blunders. */
  judged: Generated<number>;
  kept: Generated<number>;
  mistakes: Generated<number>;
  blunders: Generated<number>;
  last_played: Date | null;
  /** Its whole-history rating (Elo) and 95% interval, computed again from time to time. */
  rating: number | null;
  rating_lo: number | null;
  rating_hi: number | null;
}

/** A game of the ladder: a version's validation against itself, a rated game, or a game of a version's match against the one before. */
export interface LadderGamesTable {
  id: Generated<string>;
  game: string;
  purpose: 'validation' | 'rated' | 'match';
  /** The versions in each seat. */
  seats: string[];
  record: Json<Record<string, unknown>>;
  /** Each seat's skill after a rated game. */
  skills: Json<{ mu: number; sigma: number }[]> | null;
  played: Date;
}

/** A new version's match (an SPRT) against its bot's version before. */
export interface LadderMatchesTable {
  version_id: string;
  previous_id: string;
  state: 'running' | 'H0' | 'H1';
  report: Json<Record<string, unknown>> | null;
  updated: Date;
}

/** An online room (src/server/rooms.ts); `created` orders the rooms as they were made. */
export interface RoomsTable {
  id: string;
  game: string;
  size: number | null;
  start: string;
  round: number;
  /** The SHA-256 of each seat's token; null while the seat is free. */
  seat0: string | null;
  seat1: string | null;
  rematch0: Generated<boolean>;
  rematch1: Generated<boolean>;
  created: Generated<string>;
}

/** A room's moves in this round, from ply 0. */
export interface RoomMovesTable {
  room: string;
  ply: number;
  move: string;
}

export interface LabTables {
  runs: RunsTable;
  games: GamesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  usage: UsageTable;
  ladder_bots: LadderBotsTable;
  ladder_versions: LadderVersionsTable;
  ladder_games: LadderGamesTable;
  ladder_matches: LadderMatchesTable;
  rooms: RoomsTable;
  room_moves: RoomMovesTable;
}
