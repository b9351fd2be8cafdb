import { MIN_FILL_MS } from '../../../src/schemas/common';

/**
 * A person never fills the hidden `website` field and takes more than a couple of seconds to
 * write a message. Clients that do not send `elapsedMs` (plain API use) are not judged on it.
 */
export function looksLikeBot(body: { website?: string | undefined; elapsedMs?: number | undefined }): boolean {
  if (body.website && body.website.trim() !== '') return true;
  return body.elapsedMs !== undefined && body.elapsedMs < MIN_FILL_MS;
}
