import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../api-server/src/db/database';
import { GroupCommit } from '../../../api-server/src/db/groupCommit';

describe('group commit', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    db = openDatabase(dir);
    db.exec('CREATE TABLE t (v TEXT UNIQUE NOT NULL)');
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: string) => () => db.prepare('INSERT INTO t (v) VALUES (?)').run(v).changes;
  const rows = () => (db.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v);

  it('commits the writes of one turn together and answers each caller after the commit', async () => {
    const writes = new GroupCommit(db);
    // Committed one by one, the first caller would be answered while b and c are not stored yet.
    const seenAtAnswer: string[][] = [];
    const answers = ['a', 'b', 'c'].map((v) =>
      writes.run(insert(v)).then((changes) => {
        // A second connection sees only committed data: the row must already be there.
        const other = openDatabase(dir);
        seenAtAnswer.push((other.prepare('SELECT v FROM t ORDER BY v').all() as { v: string }[]).map((r) => r.v));
        other.close();
        return changes;
      }),
    );
    expect(rows()).toEqual([]); // nothing runs before the turn ends
    await expect(Promise.all(answers)).resolves.toEqual([1, 1, 1]);
    expect(seenAtAnswer[0]).toEqual(['a', 'b', 'c']);
    expect(db.inTransaction).toBe(false);
  });

  it('rolls back a failing job alone: the others of its batch are stored', async () => {
    const writes = new GroupCommit(db);
    const results = await Promise.allSettled([writes.run(insert('x')), writes.run(insert('x')), writes.run(insert('y'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(rows()).toEqual(['x', 'y']);
  });

  it('rejects every job of a batch whose commit fails, and stores none of them', async () => {
    const writes = new GroupCommit(db);
    // A deferred foreign key violation only surfaces at COMMIT.
    db.exec('PRAGMA foreign_keys = ON; CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)');
    const results = await Promise.allSettled([writes.run(insert('kept?')), writes.run(() => db.prepare('INSERT INTO c (p) VALUES (42)').run())]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(rows()).toEqual([]);
  });

  it('starts a new batch for writes queued after a commit', async () => {
    const writes = new GroupCommit(db);
    await writes.run(insert('first'));
    await writes.run(insert('second'));
    expect(rows()).toEqual(['first', 'second']);
  });
});
