// The lab's accounts in both its databases: a password kept only as scrypt's hash (checked here with node's scrypt
// from the stored salt and parameters), the same refusal for a wrong name and a wrong password, sessions that end
// when signed out, everywhere, or when they expire, and CLI tokens kept hashed, revocable by their owner alone.

import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccountError, LabAccounts } from '../../src/lab/accounts';
import type { LabDatabase } from '../../src/lab/database';
import { labDatabases } from '../helpers/lab';

describe.each(labDatabases())('accounts on %s', (_name, open) => {
  const withAccounts = async (test: (accounts: LabAccounts, db: LabDatabase) => Promise<void>) => {
    const db = await open();
    try {
      await test(new LabAccounts(db), db);
    } finally {
      await db.destroy();
    }
  };

  it(
    'keeps a password as its scrypt hash alone, and refuses a wrong one as it refuses an unknown name',
    () =>
      withAccounts(async (accounts, db) => {
        await accounts.signUp('ada', 'correct horse battery');
        const { password } = await db.selectFrom('accounts').select('password').where('name', '=', 'ada').executeTakeFirstOrThrow();
        expect(password).not.toContain('correct horse');
        const [scheme, N, r, p, salt, key] = password.split('$');
        expect(scheme).toBe('scrypt');
        const again = scryptSync('correct horse battery', Buffer.from(salt, 'base64'), 64, { N: Number(N), r: Number(r), p: Number(p) });
        expect(again.toString('base64')).toBe(key);
        const { cookie, session } = await accounts.signIn('ada', 'correct horse battery');
        expect(session.account).toBe('ada');
        expect(await accounts.session(cookie)).toEqual(session);
        for (const [name, secret] of [
          ['ada', 'wrong horse battery'],
          ['bob', 'correct horse battery'],
          ["ada' or '1'='1", 'x'],
          ['ada', ''],
        ])
          await expect(accounts.signIn(name, secret)).rejects.toThrow(new AccountError('wrong name or password'));
        // Nothing stored holds the cookie itself.
        expect(JSON.stringify(await db.selectFrom('sessions').selectAll().execute())).not.toContain(cookie);
      }),
    60_000,
  );

  it(
    'refuses a name taken, a bad name and a short password',
    () =>
      withAccounts(async (accounts) => {
        await accounts.signUp('ada', 'long enough');
        await expect(accounts.signUp('ada', 'another one')).rejects.toThrow('the name ada is taken');
        for (const name of ['', '-ada', 'a b', "x'; drop table accounts; --", 'x'.repeat(41), 'ünïcode'])
          await expect(accounts.signUp(name, 'long enough')).rejects.toThrow(/^a name is 1 to 40 letters/);
        await expect(accounts.signUp('bob', 'short')).rejects.toThrow('a password is 8 to 200 characters');
        await expect(accounts.signUp('bob', 'x'.repeat(201))).rejects.toThrow('a password is 8 to 200 characters');
        await accounts.signUp('bob', 'long enough');
      }),
    60_000,
  );

  it(
    'ends a session signed out, every session of an account, and a session past its time',
    () =>
      withAccounts(async (accounts, db) => {
        await accounts.signUp('ada', 'long enough');
        const [one, two, three] = [
          await accounts.signIn('ada', 'long enough'),
          await accounts.signIn('ada', 'long enough'),
          await accounts.signIn('ada', 'long enough'),
        ];
        expect(new Set([one.session.csrf, two.session.csrf, three.session.csrf]).size).toBe(3);
        await accounts.signOut(one.cookie);
        expect(await accounts.session(one.cookie)).toBeUndefined();
        expect(await accounts.session(two.cookie)).toBeDefined();
        await db
          .updateTable('sessions')
          .set({ expires: new Date(Date.now() - 1000) })
          .where('csrf', '=', two.session.csrf)
          .execute();
        expect(await accounts.session(two.cookie)).toBeUndefined();
        expect(await accounts.session(three.cookie)).toBeDefined();
        await accounts.signOutEverywhere('ada');
        expect(await accounts.session(three.cookie)).toBeUndefined();
        expect(await accounts.session('not a cookie')).toBeUndefined();
      }),
    60_000,
  );

  it(
    'keeps tokens hashed, and lets only their owner revoke them',
    () =>
      withAccounts(async (accounts, db) => {
        await accounts.signUp('ada', 'long enough');
        await accounts.signUp('bob', 'long enough');
        const { id, token } = await accounts.createToken('ada', 'laptop');
        expect(JSON.stringify(await db.selectFrom('tokens').selectAll().execute())).not.toContain(token);
        expect((await accounts.tokens('ada')).map((info) => [info.label, info.used])).toEqual([['laptop', null]]);
        expect(await accounts.tokenAccount(token)).toBe('ada');
        expect((await accounts.tokens('ada'))[0].used).not.toBeNull();
        expect(await accounts.revokeToken('bob', id)).toBe(false);
        expect(await accounts.tokenAccount(token)).toBe('ada');
        expect(await accounts.revokeToken('ada', id)).toBe(true);
        expect(await accounts.tokenAccount(token)).toBeUndefined();
        expect(await accounts.tokens('ada')).toEqual([]);
        await expect(accounts.createToken('ada', ' ')).rejects.toThrow("a token's label is 1 to 100 characters");
      }),
    60_000,
  );
});
