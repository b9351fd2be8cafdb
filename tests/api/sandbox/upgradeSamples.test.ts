/**
 * The upgrade guides' before/after samples (src/components/UpgradeGuide), run against the sandbox
 * under both versions: each answers as its version's example shows, and the after answer is the
 * before answer in the new version's shapes.
 */
import { referenceFor, upgradeValue, VERSION_CHANGES } from '../../../src/data/apiReference/versions';
import { v1Statuses } from '../../../src/data/apiReference/versions/settlement';
import { API_VERSION_NAMES } from '../../../src/data/apiVersioning';
import { appsClosedAfterEach, headersFor, mintKey, send } from './_sandbox';

const app = appsClosedAfterEach();
/** What differs between two runs of one create: its new id and times. */
const stable = (v: unknown): unknown =>
  JSON.parse(JSON.stringify(v, (k, x: unknown) => (['id', 'created_at', 'updated_at'].includes(k) ? '<varies>' : x)));

const cases = API_VERSION_NAMES.slice(1).flatMap((version, i) => {
  const from = API_VERSION_NAMES[i]!;
  return VERSION_CHANGES[version].flatMap((change) => change.samples.map((id) => [version, change.id, id, from] as const));
});

it.each(cases)('%s, %s: %s before and after answer as the guide shows', async (version, _change, id, from) => {
  const t = await app();
  const [before, after] = [from, version].map((v) => referenceFor(v).endpoints.find((e) => e.id === id)!);
  const answers = [];
  for (const [v, endpoint] of [[from, before!], [version, after!]] as const) {
    // A key each, so both start from the same sample objects.
    const key = await mintKey(t.app, 'business');
    const res = await send(t.app, endpoint, { ...headersFor(key, 'business'), 'X-API-Version': v });
    expect([v, res.status]).toEqual([v, endpoint.response.status]);
    answers.push(res.body as unknown);
  }
  // v1 shows a pending payment as succeeded (versions/settlement.ts): seen through v1's statuses,
  // the after answer is the before answer in the new shapes.
  const schema = after!.response.schema;
  const seen = typeof schema === 'string' ? v1Statuses(schema, answers[1] as Record<string, unknown>) : answers[1];
  expect(stable(seen)).toEqual(stable(upgradeValue(version, schema, answers[0])));
  // And the after answer is what its version's example shows, statuses included.
  expect((answers[1] as { status?: unknown }).status).toEqual((after!.response.example as { status?: unknown }).status);
  // The guide's examples have the same shapes as what the sandbox answers.
  expect(Object.keys(answers[1] as object).sort()).toEqual(Object.keys(after!.response.example as object).sort());
});
