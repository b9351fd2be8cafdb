/**
 * @jest-environment node
 */
import { z } from 'zod';
import '@site/src/schemas/common';

it('keeps zod compiled parsers on the server', () => {
  expect(z.config().jitless).toBeFalsy();
});
