import { API_VERSION_NAMES, API_VERSION_POLICY, API_VERSIONS, apiVersionStatus, isApiVersion, LATEST_API_VERSION } from '@site/src/data/apiVersioning';

/** The one registry of API versions: the documents, sandbox, changelog and client all read it. */
describe('the API version registry', () => {
  it('names v1 first, then versions by their release dates, in order, each the successor of the one before', () => {
    expect(API_VERSION_NAMES[0]).toBe('v1');
    const dated = API_VERSION_NAMES.slice(1);
    for (const name of dated) expect([name, /^\d{4}-\d{2}-\d{2}$/.test(name) && !Number.isNaN(Date.parse(name))]).toEqual([name, true]);
    expect([...dated].sort()).toEqual(dated);
    expect(new Set(API_VERSION_NAMES).size).toBe(API_VERSION_NAMES.length);
    expect(API_VERSIONS.map((v) => v.successor)).toEqual([...API_VERSION_NAMES.slice(1), null]);
    expect(LATEST_API_VERSION).toBe(API_VERSION_NAMES.at(-1));
    expect([isApiVersion('v1'), isApiVersion(LATEST_API_VERSION), isApiVersion('v2'), isApiVersion(undefined)]).toEqual([true, true, false, false]);
  });

  it(`supports a replaced version ${API_VERSION_POLICY.supportMonthsAfterSuccessor} months after its successor's release, then retires it`, () => {
    expect(apiVersionStatus(LATEST_API_VERSION, '2099-01-01')).toEqual({ status: 'current', supportedUntil: null });
    const successor = API_VERSIONS[0]!.successor!;
    const until = new Date(`${successor}T00:00:00Z`);
    until.setUTCMonth(until.getUTCMonth() + API_VERSION_POLICY.supportMonthsAfterSuccessor);
    const end = until.toISOString().slice(0, 10);
    expect(apiVersionStatus('v1', successor)).toEqual({ status: 'supported', supportedUntil: end });
    expect(apiVersionStatus('v1', end)).toEqual({ status: 'retired', supportedUntil: end });
  });
});
