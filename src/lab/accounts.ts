// The lab's accounts: a name and a password (kept as scrypt's hash with its own salt), sessions for the pages
// (a random cookie with a CSRF token of its own, kept by their SHA-256, ending after 30 days or when signed out)
// and tokens for the CLI (created and revoked by their owner, kept by their SHA-256, shown once). A wrong name
// and a wrong password get the same answer in the same time.

import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { lockAccount } from './quota';
import type { LabTables } from './tables';

/** How long a session lasts. */
export const SESSION_DAYS = 30;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;
/** scrypt's cost: N = 2^14, r = 8, p = 1 (node's defaults, and OWASP's floor), a 64-byte hash. */
const SCRYPT = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 64;

export interface Session {
  readonly account: string;
  readonly csrf: string;
  readonly expires: string;
}

export interface TokenInfo {
  readonly id: string;
  readonly label: string;
  readonly created: string;
  readonly used: string | null;
}

/** Refused: a name taken, a bad password, a wrong sign-in. The message is the person's to read. */
export class AccountError extends Error {}

export class LabAccounts {
  constructor(private readonly db: Kysely<LabTables>) {}

  /** A new account; a name is taken when another differs from it only by case (Ada and ada are one person to read). */
  async signUp(name: string, password: string): Promise<void> {
    if (!NAME.test(name)) throw new AccountError('a name is 1 to 40 letters, digits, ".", "_" or "-", starting with a letter or digit');
    checkPassword(password);
    const hash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      await lockAccount(trx, 'lab name', name.toLowerCase());
      const taken = await trx.selectFrom('accounts').select('name').where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
      if (taken) throw new AccountError(`the name ${name} is taken`);
      await trx.insertInto('accounts').values({ name, password: hash, created: new Date() }).execute();
    });
  }

  /** A new session for the name and password, and its cookie; an AccountError when they are not an account's. */
  async signIn(name: string, password: string): Promise<{ readonly cookie: string; readonly session: Session }> {
    const account = await this.db.selectFrom('accounts').select(['name', 'password']).where('name', '=', String(name)).executeTakeFirst();
    // Without an account, a hash is checked all the same: the answer takes as long either way.
    const right = await checkHash(String(password), account?.password ?? UNKNOWN_ACCOUNT);
    if (!account || !right) throw new AccountError('wrong name or password');
    const cookie = secret();
    const session = { account: account.name, csrf: secret(), expires: new Date(Date.now() + SESSION_DAYS * 86_400_000) };
    await this.db
      .insertInto('sessions')
      .values({ hash: digest(cookie), ...session, created: new Date() })
      .execute();
    return { cookie, session: { ...session, expires: session.expires.toISOString() } };
  }

  /** The session of a cookie, while it lasts. */
  async session(cookie: string): Promise<Session | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['account', 'csrf', 'expires'])
      .where('hash', '=', digest(cookie))
      .where('expires', '>', new Date())
      .executeTakeFirst();
    return row && { account: row.account, csrf: row.csrf, expires: row.expires.toISOString() };
  }

  async signOut(cookie: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('hash', '=', digest(cookie)).execute();
  }

  /** Ends every session of the account (its password may have been seen). */
  async signOutEverywhere(account: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('account', '=', account).execute();
  }

  /** A new token for the CLI: its text, shown once, and its id (to revoke it). */
  async createToken(account: string, label: string): Promise<{ readonly id: string; readonly token: string }> {
    const trimmed = label.trim();
    if (trimmed.length === 0 || trimmed.length > 100) throw new AccountError("a token's label is 1 to 100 characters");
    const token = `lab_${secret()}`;
    const id = randomBytes(8).toString('hex');
    await this.db
      .insertInto('tokens')
      .values({ id, hash: digest(token), account, label: trimmed, created: new Date(), used: null })
      .execute();
    return { id, token };
  }

  async tokens(account: string): Promise<TokenInfo[]> {
    const rows = await this.db.selectFrom('tokens').select(['id', 'label', 'created', 'used']).where('account', '=', account).orderBy('created').execute();
    return rows.map((row) => ({ id: row.id, label: row.label, created: row.created.toISOString(), used: row.used?.toISOString() ?? null }));
  }

  /** Revokes one of the account's tokens; false when it has none of that id. */
  async revokeToken(account: string, id: string): Promise<boolean> {
    const { numDeletedRows } = await this.db.deleteFrom('tokens').where('id', '=', id).where('account', '=', account).executeTakeFirst();
    return numDeletedRows > 0n;
  }

  /** The account a token belongs to (and the token marked used), while it is not revoked. */
  async tokenAccount(token: string): Promise<string | undefined> {
    const row = await this.db.updateTable('tokens').set({ used: new Date() }).where('hash', '=', digest(token)).returning('account').executeTakeFirst();
    return row?.account;
  }
}

function checkPassword(password: string): void {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD || password.length > MAX_PASSWORD)
    throw new AccountError(`a password is ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`);
}

function secret(): string {
  return randomBytes(32).toString('base64url');
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function derive(password: string, salt: Buffer, cost: typeof SCRYPT): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...cost, maxmem: 64 << 20 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

async function checkHash(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || password.length > MAX_PASSWORD) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash no password gives (a random key), checked when the name is no account's. */
const UNKNOWN_ACCOUNT = ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, randomBytes(16).toString('base64'), randomBytes(KEY_BYTES).toString('base64')].join('$');
