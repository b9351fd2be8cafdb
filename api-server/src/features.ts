import type { AppDeps, Feature } from './deps';
import type { Migration } from './db/database';
import { outboxMigrations } from './mail/table';
import { publicConfigFeature } from './public-config/routes';
import { checkoutFeature } from './checkout/routes';
import { contactFeature } from './contact/routes';
import { formTokenFeature } from './form-token/routes';
import { supportFeature } from './support/routes';
import { whiteLabelFeature } from './white-label/routes';
import { sandboxKeysFeature } from './sandbox/feature';

/** Every live-API feature, mounted under /api. To add one, append it here. */
export const FEATURES: readonly Feature[] = [publicConfigFeature, formTokenFeature, checkoutFeature, contactFeature, supportFeature, whiteLabelFeature, sandboxKeysFeature];

/** The outbox first: features' tables may refer to it. */
export const ALL_MIGRATIONS: readonly Migration[] = [...outboxMigrations, ...FEATURES.flatMap((f) => f.migrations)];

/** What index.ts runs at start-up, before listening (see Feature.recover). */
export async function recoverFeatures(ctx: Pick<AppDeps, 'db' | 'now' | 'logger'>, features: readonly Feature[] = FEATURES): Promise<void> {
  for (const feature of features) await feature.recover?.(ctx);
}
