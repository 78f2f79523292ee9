// The server's settings from the environment (README.md lists them): each a whole number within its range, or
// its default when unset; a bad value stops the server at start with a message saying which.

import { buildId, redisConnection } from '../cluster/tasks';
import type { LabOptions } from './lab-api';
import type { OnlineOptions } from './online';

const LIMITS = {
  MAX_CONNECTIONS: { option: 'maxConnections', default: 2000 },
  CONNECTIONS_PER_ADDRESS: { option: 'connectionsPerAddress', default: 20 },
  MAX_ROOMS: { option: 'maxRooms', default: 10_000 },
  ROOMS_PER_ADDRESS: { option: 'roomsPerAddress', default: 20 },
  WATCHERS_PER_ROOM: { option: 'watchersPerRoom', default: 50 },
  MAX_BUFFERED_BYTES: { option: 'maxBufferedBytes', default: 1 << 20 },
  MESSAGES_PER_SECOND: { option: 'messagesPerSecond', default: 20 },
  MESSAGE_BURST: { option: 'burst', default: 40 },
  FLOOD_REFUSALS: { option: 'floodRefusals', default: 10 },
  PING_MS: { option: 'pingMs', default: 30_000 },
  ROOM_IDLE_MS: { option: 'idleMs', default: 10 * 60_000 },
} as const satisfies Record<string, { option: keyof OnlineOptions; default: number }>;

export interface ServerSettings {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly online: OnlineOptions;
  /**
   * REDIS_URL: the arena's runs may go to the cluster on that Redis; CLUSTER_RUNS and CLUSTER_RUNS_PER_ADDRESS: how
   * many from pages at once, in all and from one address; CLUSTER_RUN_GAMES: the most games of one.
   */
  readonly cluster?: { readonly redis: string; readonly maxRuns: number; readonly maxRunsPerAddress: number; readonly maxGames: number };
  /** The lab: DATABASE_URL's PostgreSQL or PGlite in DATA_DIR/lab; LAB_READ=accounts, LAB_ADMINS=NAME,…; its ladder (LADDER_…). */
  readonly lab: LabOptions;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** A yes-or-no setting: 1 or true, 0 or false, or unset (no). */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const text = (env[name] ?? '').toLowerCase();
  if (!['', '0', '1', 'true', 'false'].includes(text)) throw new Error(`${name} is 1 or 0, got "${env[name]}"`);
  return text === '1' || text === 'true';
}

/** LADDER_ENGINES: `GAME:NAME=COMMAND` entries separated by `;`, the engines the operator offers to the ladder. */
function ladderEngines(text: string): { game: string; name: string; command: string }[] {
  return text
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([a-z0-9]+):([\w.-]+)=(.+)$/.exec(entry);
      if (!match) throw new Error(`LADDER_ENGINES is GAME:NAME=COMMAND entries separated by ";" (connect4:negamax=connectx:negamax.py), got "${entry}"`);
      return { game: match[1], name: match[2], command: match[3].trim() };
    });
}

/** The settings, with `defaultDataDir` for DATA_DIR; throws an Error naming a bad variable. */
export function serverSettings(env: NodeJS.ProcessEnv, defaultDataDir: string): ServerSettings {
  const online: Record<string, unknown> = {};
  for (const [name, limit] of Object.entries(LIMITS)) online[limit.option] = whole(env, name, limit.default, 1, 2 ** 31 - 1);
  const origins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`ALLOWED_ORIGINS is a comma-separated list of origins like https://example.org, got "${origin}"`);
  }
  const redis = env.REDIS_URL || undefined;
  if (redis !== undefined) {
    try {
      redisConnection(redis);
    } catch {
      throw new Error(`REDIS_URL is redis://HOST:PORT, got "${redis}"`);
    }
  }
  const read = env.LAB_READ || 'anyone';
  if (read !== 'anyone' && read !== 'accounts') throw new Error(`LAB_READ is anyone or accounts, got "${read}"`);
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL))
    throw new Error(`DATABASE_URL is postgres://USER@HOST:PORT/DATABASE, got "${env.DATABASE_URL}"`);
  const dataDir = env.DATA_DIR || defaultDataDir;
  return {
    lab: {
      // DATABASE_URL's PostgreSQL, or PGlite in DATA_DIR/lab.
      location: env.DATABASE_URL ? { url: env.DATABASE_URL } : { folder: `${dataDir}/lab` },
      readNeedsAccount: read === 'accounts',
      admins: (env.LAB_ADMINS ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
      build: buildId(),
      runsAtOnce: whole(env, 'LAB_RUNS_AT_ONCE', 4, 1, 1000),
      gamesADay: whole(env, 'LAB_GAMES_A_DAY', 1_000_000, 1, 2 ** 31 - 1),
      importBytesADay: whole(env, 'LAB_IMPORT_MB_A_DAY', 256, 1, 1 << 20) * 2 ** 20,
      maxGames: whole(env, 'LAB_RUN_GAMES', 100_000, 2, 1_000_000),
      player: {
        playing: whole(env, 'LAB_PLAYING', 2, 1, 100),
        ...(env.LAB_WORKERS ? { workers: whole(env, 'LAB_WORKERS', 1, 1, 256) } : {}),
        ...(redis === undefined ? {} : { redis }),
      },
      signInsPerMinute: whole(env, 'LAB_SIGN_INS_PER_MINUTE', 10, 1, 10_000),
      signUpsADay: whole(env, 'LAB_SIGN_UPS_A_DAY', 20, 1, 1_000_000),
      ...(env.LAB_ADMIN_KEY ? { adminKey: env.LAB_ADMIN_KEY } : {}),
      secureCookie: flag(env, 'LAB_SECURE_COOKIE'),
      ladder: {
        seed: whole(env, 'LADDER_SEED', 1, 0, 2 ** 32 - 1),
        moveMs: whole(env, 'LADDER_MOVE_MS', 2000, 50, 600_000),
        settledGames: whole(env, 'LADDER_SETTLED_GAMES', 100, 0, 2 ** 31 - 1),
        restMs: whole(env, 'LADDER_REST_MS', 10_000, 0, 3_600_000),
        versionsADay: whole(env, 'LADDER_VERSIONS_A_DAY', 20, 1, 10_000),
        codeBytes: whole(env, 'LADDER_CODE_BYTES', 256 << 10, 1024, 16 << 20),
        entriesPerGame: whole(env, 'LADDER_ENTRIES', 5, 1, 10_000),
        engines: ladderEngines(env.LADDER_ENGINES ?? ''),
      },
    },
    ...(redis === undefined
      ? {}
      : {
          cluster: {
            redis,
            maxRuns: whole(env, 'CLUSTER_RUNS', 4, 1, 1000),
            maxRunsPerAddress: whole(env, 'CLUSTER_RUNS_PER_ADDRESS', 2, 1, 1000),
            maxGames: whole(env, 'CLUSTER_RUN_GAMES', 100_000, 2, 1_000_000),
          },
        }),
    port: whole(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir,
    online: { ...(online as OnlineOptions), allowedOrigins: origins },
  };
}
