import { z } from 'zod';
import '@site/src/schemas/common';

// The browser check in src/schemas/common.ts is written without DOM types (the server compiles
// that file too); in a browser-like environment it must still switch zod to jitless.
it('runs zod jitless in the browser, where the CSP forbids eval', () => {
  expect(z.config().jitless).toBe(true);
});
