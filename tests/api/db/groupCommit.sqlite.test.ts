import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { openSqlite, type Db } from '../../../api-server/src/db/database';
import { GroupCommit } from '../../../api-server/src/db/groupCommit';

describe('group commit', () => {
  let dir: string;
  let db: Db;
  /** The same connection, synchronously: to look at it while a batch is under way. */
  let raw: BetterSqlite3.Database;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    ({ db, raw } = openSqlite(dir));
    raw.exec('CREATE TABLE t (v TEXT UNIQUE NOT NULL)');
  });
  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: string) => async (tx: Db) => Number((await sql`INSERT INTO t (v) VALUES (${v})`.execute(tx)).numAffectedRows);
  const rows = () => (raw.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v);

  it('commits the writes of one turn together and answers each caller after the commit', async () => {
    const writes = new GroupCommit(db, raw);
    // Committed one by one, the first caller would be answered while b and c are not stored yet.
    const seenAtAnswer: string[][] = [];
    const answers = ['a', 'b', 'c'].map((v) =>
      writes.run(insert(v)).then((changes) => {
        // A second connection sees only committed data: the row must already be there.
        const other = openSqlite(dir).raw;
        seenAtAnswer.push((other.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v));
        other.close();
        return changes;
      }),
    );
    expect(rows()).toEqual([]); // nothing runs before the turn ends
    await expect(Promise.all(answers)).resolves.toEqual([1, 1, 1]);
    expect(seenAtAnswer[0]).toEqual(['a', 'b', 'c']);
    expect(raw.inTransaction).toBe(false);
  });

  it('rolls back a failing job alone: the others of its batch are stored', async () => {
    const writes = new GroupCommit(db, raw);
    const results = await Promise.allSettled([writes.run(insert('x')), writes.run(insert('x')), writes.run(insert('y'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(rows()).toEqual(['x', 'y']);
  });

  it('rejects every job of a batch whose commit fails, and stores none of them', async () => {
    const writes = new GroupCommit(db, raw);
    // A deferred foreign key violation only surfaces at COMMIT.
    raw.exec('PRAGMA foreign_keys = ON; CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)');
    const results = await Promise.allSettled([writes.run(insert('kept?')), writes.run((tx) => sql`INSERT INTO c (p) VALUES (42)`.execute(tx))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(rows()).toEqual([]);
  });

  it('starts a new batch for writes queued after a commit', async () => {
    const writes = new GroupCommit(db, raw);
    await writes.run(insert('first'));
    await writes.run(insert('second'));
    expect(rows()).toEqual(['first', 'second']);
  });

  describe('durability off the event loop', () => {
    afterEach(() => jest.restoreAllMocks());

    /** Holds every fdatasync until released, so the test decides when the disk "answers". */
    function holdSyncs() {
      const pending: (() => void)[] = [];
      const real = fs.fdatasync;
      jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
        pending.push(() => real(fd, cb));
      }) as typeof fs.fdatasync);
      return pending;
    }
    const settled = async <T,>(p: Promise<T>) => {
      let done = false;
      void p.then(
        () => (done = true),
        () => (done = true),
      );
      await new Promise((r) => setTimeout(r, 30));
      return done;
    };

    it('answers only after the WAL is synced, and keeps the connection at synchronous=FULL', async () => {
      const syncs = holdSyncs();
      const writes = new GroupCommit(db, raw);
      const answer = writes.run(insert('a'));
      expect(await settled(answer)).toBe(false);
      expect(rows()).toEqual(['a']); // committed (visible), but not acknowledged before the sync
      expect(syncs).toHaveLength(1);
      expect(raw.pragma('synchronous', { simple: true })).toBe(2); // FULL for writes made elsewhere
      syncs.shift()!();
      await expect(answer).resolves.toBe(1);
      writes.close();
    });

    it('settles `committed` writes at COMMIT, while those of `run` in the same batch wait for the sync', async () => {
      const syncs = holdSyncs();
      const writes = new GroupCommit(db, raw);
      const claim = writes.committed(insert('claim'));
      const order = writes.run(insert('order'));
      await expect(claim).resolves.toBe(1);
      expect(rows()).toEqual(['claim', 'order']);
      expect(await settled(order)).toBe(false);
      syncs.shift()!();
      await expect(order).resolves.toBe(1);
      writes.close();
    });

    it('runs one sync at a time; writes committed meanwhile wait for the next one', async () => {
      const syncs = holdSyncs();
      const writes = new GroupCommit(db, raw);
      const first = writes.run(insert('a'));
      await settled(first);
      const second = writes.run(insert('b'));
      expect(await settled(second)).toBe(false);
      expect(syncs).toHaveLength(1); // b is committed but its sync has not started yet
      syncs.shift()!();
      await first;
      expect(await settled(second)).toBe(false);
      expect(syncs).toHaveLength(1);
      syncs.shift()!();
      await expect(second).resolves.toBe(1);
      writes.close();
    });

    it('rejects the callers when the sync fails: nothing is claimed durable', async () => {
      jest.spyOn(fs, 'fdatasync').mockImplementation(((_fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
        cb(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
      }) as typeof fs.fdatasync);
      const writes = new GroupCommit(db, raw);
      await expect(writes.run(insert('a'))).rejects.toThrow(/EIO/);
      writes.close();
    });

    it('stops taking writes after a failed sync and reports it once (fail-stop)', async () => {
      const fdatasync = jest.spyOn(fs, 'fdatasync').mockImplementation(((_fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
        cb(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
      }) as typeof fs.fdatasync);
      const failures: unknown[] = [];
      const writes = new GroupCommit(db, raw, (err) => failures.push(err));
      await expect(writes.run(insert('a'))).rejects.toThrow(/synced/);
      fdatasync.mockRestore();
      // A later fsync could well "succeed" on pages the kernel already dropped: never trusted again.
      await expect(writes.run(insert('b'))).rejects.toMatchObject({ name: 'StorageUnavailableError' });
      await expect(writes.durable()).rejects.toThrow(/stopped/);
      expect(rows()).toEqual(['a']); // committed to the WAL, never acknowledged
      expect(failures).toHaveLength(1);
      writes.close();
    });

    it('durable() resolves at once when idle and after the pending sync otherwise', async () => {
      const writes = new GroupCommit(db, raw);
      await expect(settled(writes.durable())).resolves.toBe(true);
      const syncs = holdSyncs();
      void writes.run(insert('a'));
      await settled(Promise.resolve());
      const durable = writes.durable();
      expect(await settled(durable)).toBe(false);
      while (syncs.length > 0) {
        syncs.shift()!();
        await new Promise((r) => setTimeout(r, 20));
      }
      await expect(durable).resolves.toBeUndefined();
      writes.close();
    });
  });

  it('a log file removed underneath (a data folder deleted while running): writes refused, no descriptor closed twice', async () => {
    const writes = new GroupCommit(db, raw);
    await writes.run(insert('before'));
    fs.rmSync(path.join(dir, 'platform.db-wal'));
    await expect(writes.run(insert('after'))).rejects.toThrow(/ENOENT|could not be synced/);
    // Another file takes the lowest free descriptor, quite possibly the log's old number.
    const other = fs.openSync(path.join(dir, 'other'), 'w');
    expect(() => writes.close()).not.toThrow();
    expect(() => fs.fstatSync(other)).not.toThrow(); // still open: close() did not close it
    fs.closeSync(other);
  });

  it('prepares each statement once per database', async () => {
    const prepare = jest.spyOn(raw, 'prepare');
    await sql`SELECT v FROM t WHERE v = ${'a'}`.execute(db);
    await sql`SELECT v FROM t WHERE v = ${'b'}`.execute(db);
    await sql`SELECT 1`.execute(db);
    await sql`SELECT 1`.execute(db);
    expect(prepare.mock.calls.map(([text]) => text).filter((text) => text.includes('FROM t') || text === 'SELECT 1')).toEqual(['SELECT v FROM t WHERE v = ?', 'SELECT 1']);
  });
});
