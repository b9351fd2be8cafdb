import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

// Comparing digests keeps the comparison constant-time whatever the input lengths.
const digest = (s: string) => createHash('sha256').update(s).digest();

export function basicAuth(user: string, password: string, realm: string): RequestHandler {
  const expected = digest(`${user}:${password}`);
  return (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header);
    const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    if (match && timingSafeEqual(digest(given), expected)) {
      res.locals.adminUser = user;
      next();
      return;
    }
    res.set('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
    res.set('Cache-Control', 'no-store');
    if (req.path.startsWith('/api/') || req.originalUrl.startsWith('/api/')) {
      res.status(401).json({ success: false, error: 'Authentication required' });
    } else {
      res.status(401).type('text/plain').send('Authentication required');
    }
  };
}
