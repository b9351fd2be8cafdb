import Database from 'better-sqlite3';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { StorageUnavailableError } from '../../../api-server/src/db/database';
import { errorHandler, STORAGE_RETRY_AFTER_S } from '../../../api-server/src/http/errors';

/** An app whose one route fails with `err`, answered by the real error handler. */
const failingWith = (err: unknown) => {
  const app = express();
  app.get('/x', () => {
    throw err;
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
};

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('storage faults map to 503 with Retry-After', () => {
  it.each([
    ['disk full', new Database.SqliteError('database or disk is full', 'SQLITE_FULL')],
    ['I/O error', new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE')],
    ['lock timeout', new Database.SqliteError('database is locked', 'SQLITE_BUSY')],
    ['ENOSPC from fs', errno('ENOSPC')],
    ['EIO from fs', errno('EIO')],
    ['writes stopped after a failed fsync', new StorageUnavailableError('stopped')],
  ])('%s', async (_label, err) => {
    const res = await request(failingWith(err)).get('/x');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_S));
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/Nothing was saved/) });
  });

  it('other database errors stay a 500 without details', async () => {
    const res = await request(failingWith(new Database.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'))).get('/x');
    expect(res.status).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/UNIQUE/);
  });
});
