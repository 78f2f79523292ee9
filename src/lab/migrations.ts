// The lab's schema, one migration after another (Kysely's Migrator keeps which ran, in the database itself). The
// same SQL for PGlite and PostgreSQL. A migration, once released, is never edited: a change is a new one.

import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

const migrations: Record<string, Migration> = {
  '001-runs-and-games': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('runs')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('tournament', 'sweep', 'match', 'tuning')`))
        .addColumn('game', 'text', (column) => column.notNull())
        .addColumn('bots', sql`text[]`, (column) => column.notNull())
        .addColumn('owner', 'text')
        .addColumn('build', 'text', (column) => column.notNull())
        .addColumn('created', 'timestamptz', (column) => column.notNull())
        .addColumn('updated', 'timestamptz', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('queued', 'running', 'finished', 'cancelled', 'failed')`))
        .addColumn('reason', 'text')
        .addColumn('finished', 'boolean', (column) => column.notNull())
        .addColumn('elapsed_ms', 'integer', (column) => column.notNull())
        .addColumn('plan', 'json', (column) => column.notNull())
        .addColumn('summary', 'json', (column) => column.notNull())
        .execute();
      // The list: newest first, by itself or within a game, a state or an owner.
      await db.schema.createIndex('runs_by_created').on('runs').columns(['created desc', 'id desc']).execute();
      await db.schema.createIndex('runs_by_game').on('runs').columns(['game', 'created desc']).execute();
      await db.schema.createIndex('runs_by_owner').on('runs').columns(['owner', 'created desc']).execute();
      await db.schema.createIndex('runs_by_bot').on('runs').using('gin').column('bots').execute();
      await db.schema
        .createTable('games')
        .addColumn('run_id', 'text', (column) => column.notNull().references('runs.id').onDelete('cascade'))
        .addColumn('index', 'integer', (column) => column.notNull())
        .addColumn('record', 'json', (column) => column.notNull())
        .addColumn('stored', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('games_key', ['run_id', 'index'])
        .execute();
    },
  },
  '002-accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('password', 'text', (column) => column.notNull())
        .addColumn('created', 'timestamptz', (column) => column.notNull())
        .execute();
      // Sessions and tokens are kept by their SHA-256: the table alone lets nobody in.
      await db.schema
        .createTable('sessions')
        .addColumn('hash', 'text', (column) => column.primaryKey())
        .addColumn('account', 'text', (column) => column.notNull().references('accounts.name').onDelete('cascade'))
        .addColumn('csrf', 'text', (column) => column.notNull())
        .addColumn('created', 'timestamptz', (column) => column.notNull())
        .addColumn('expires', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('sessions_by_account').on('sessions').column('account').execute();
      await db.schema
        .createTable('tokens')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('hash', 'text', (column) => column.notNull().unique())
        .addColumn('account', 'text', (column) => column.notNull().references('accounts.name').onDelete('cascade'))
        .addColumn('label', 'text', (column) => column.notNull())
        .addColumn('created', 'timestamptz', (column) => column.notNull())
        .addColumn('used', 'timestamptz')
        .execute();
      await db.schema.createIndex('tokens_by_account').on('tokens').column('account').execute();
    },
  },
  // Runs the server plays itself (submitted from the arena page or rerun), and each owner's games of a day (by
  // name, as runs keep their owner: an imported run's owner need not be an account here).
  '003-server-runs': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('runs').addColumn('player', 'text').execute();
      await sql`create index runs_to_play on runs (created, id) where player = 'server' and state in ('queued', 'running')`.execute(db);
      await db.schema
        .createTable('usage')
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('day', 'date', (column) => column.notNull())
        .addColumn('games', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('usage_key', ['account', 'day'])
        .execute();
    },
  },
  // The ladder (src/ladder/): bots and their versions, each version an entry with its skill and whole-history
  // rating; every game it played (a version's validation, its rated games, its match against the version before).
  '004-ladder': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ladder_bots')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('game', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('owner', 'text')
        .addColumn('created', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('ladder_bots_by_owner').on('ladder_bots').columns(['game', 'owner', 'name']).unique().execute();
      await db.schema
        .createTable('ladder_versions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('bot_id', 'text', (column) => column.notNull().references('ladder_bots.id').onDelete('cascade'))
        .addColumn('game', 'text', (column) => column.notNull())
        .addColumn('version', 'integer', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('builtin', 'module', 'engine')`))
        .addColumn('config', 'text')
        .addColumn('code', 'text')
        .addColumn('identity', 'json', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('validating', 'active', 'failed', 'retired')`))
        .addColumn('reason', 'text')
        .addColumn('created', 'timestamptz', (column) => column.notNull())
        .addColumn('mu', 'float8', (column) => column.notNull())
        .addColumn('sigma', 'float8', (column) => column.notNull())
        .addColumn('games', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('wins', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('draws', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('losses', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_played', 'timestamptz')
        .addColumn('rating', 'float8')
        .addColumn('rating_lo', 'float8')
        .addColumn('rating_hi', 'float8')
        .execute();
      await db.schema.createIndex('ladder_versions_of_bot').on('ladder_versions').columns(['bot_id', 'version']).unique().execute();
      await db.schema.createIndex('ladder_versions_by_game').on('ladder_versions').columns(['game', 'state']).execute();
      await db.schema
        .createTable('ladder_games')
        .addColumn('id', 'bigserial', (column) => column.primaryKey())
        .addColumn('game', 'text', (column) => column.notNull())
        .addColumn('purpose', 'text', (column) => column.notNull().check(sql`purpose in ('validation', 'rated', 'match')`))
        .addColumn('seats', sql`text[]`, (column) => column.notNull())
        .addColumn('record', 'json', (column) => column.notNull())
        .addColumn('skills', 'json')
        .addColumn('played', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('ladder_games_by_seat').on('ladder_games').using('gin').column('seats').execute();
      await db.schema.createIndex('ladder_games_by_game').on('ladder_games').columns(['game', 'id desc']).execute();
      await db.schema
        .createTable('ladder_matches')
        .addColumn('version_id', 'text', (column) => column.primaryKey().references('ladder_versions.id').onDelete('cascade'))
        .addColumn('previous_id', 'text', (column) => column.notNull().references('ladder_versions.id').onDelete('cascade'))
        .addColumn('state', 'text', (column) => column.notNull().check(sql`state in ('running', 'H0', 'H1')`))
        .addColumn('report', 'json')
        .addColumn('updated', 'timestamptz', (column) => column.notNull())
        .execute();
      await sql`create sequence ladder_rounds`.execute(db);
    },
  },
  '005-ladder-worker-engines': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ladder_versions').addColumn('fingerprint', 'text').execute();
    },
  },
  // Imports dated when they came in and marked as imported; their bytes counted in the day's usage.
  '006-imports-and-quotas': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('runs')
        .addColumn('imported', 'boolean', (column) => column.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('usage')
        .addColumn('bytes', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
  // A version's moves judged against perfect play, where its game's solver settles them (runtime/judge.ts).
  '007-ladder-accuracy': {
    async up(db: Kysely<unknown>) {
      for (const column of ['judged', 'kept', 'mistakes', 'blunders'])
        await db.schema
          .alterTable('ladder_versions')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
    },
  },
  // Online play's rooms (src/server/rooms.ts), kept here rather than in a file of their own: a room, its seats
  // (each seat's token by its SHA-256) and its game's moves so far. A room removed takes its moves with it.
  '008-rooms': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rooms')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('game', 'text', (column) => column.notNull())
        .addColumn('size', 'integer')
        .addColumn('start', 'text', (column) => column.notNull())
        .addColumn('round', 'integer', (column) => column.notNull())
        .addColumn('seat0', 'text')
        .addColumn('seat1', 'text')
        .addColumn('rematch0', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('rematch1', 'boolean', (column) => column.notNull().defaultTo(false))
        .addColumn('created', 'bigserial', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('room_moves')
        .addColumn('room', 'text', (column) => column.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('ply', 'integer', (column) => column.notNull())
        .addColumn('move', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('room_moves_key', ['room', 'ply'])
        .execute();
    },
  },
};

export const labMigrations: MigrationProvider = { getMigrations: async () => migrations };
