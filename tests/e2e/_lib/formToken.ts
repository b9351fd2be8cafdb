import { FormTokens, loadFormTokenKey } from '../../../api-server/src/http/spam';
import { MIN_FILL_MS } from '../../../src/schemas/common';

/**
 * A form token as the server in `dataDir` would have issued it a few seconds ago, for tests
 * that post to the forms' API directly (the server keeps its signing key in DATA_DIR).
 */
export function formTokenFor(dataDir: string, ageMs = MIN_FILL_MS + 1_000): string {
  return new FormTokens(loadFormTokenKey(dataDir)).issue(Date.now() - ageMs);
}
