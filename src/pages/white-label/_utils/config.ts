import { WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';

/** The live API the admin page talks to (spec section 7). */
export const CONFIG_URL = '/api/white-label/config';
export const DEPLOY_URL = '/api/white-label/deploy';

export const defaultConfig = (): WhiteLabelConfig => ({ ...WHITE_LABEL_DEFAULTS });

const FIELD_KEYS = Object.keys(WHITE_LABEL_DEFAULTS) as (keyof WhiteLabelConfig)[];

/** Same branding (ignores id and isActive, which the server owns). */
export function sameFields(a: WhiteLabelConfig, b: WhiteLabelConfig): boolean {
  return FIELD_KEYS.every((k) => k === 'isActive' || a[k] === b[k]);
}
