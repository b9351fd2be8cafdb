import { render } from '@testing-library/react';
import { EndpointRef } from '@site/src/components/EndpointRef';
import { API_ENDPOINTS, endpointById, type EndpointId } from '@site/src/data/apiReference';

/*
 * Type tests: `npx tsc --noEmit -p tsconfig.json` fails on this file if EndpointId widens to
 * `string` (each @ts-expect-error below would then be unused) or stops admitting a real id.
 */
type Widened = string extends EndpointId ? true : false;
const widened: Widened = false;

describe('endpoint ids', () => {
  it('are the ids of the API data, one each', () => {
    const ids: readonly EndpointId[] = API_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(API_ENDPOINTS.length);
    expect(widened).toBe(false);
    const known: EndpointId = 'listBankAccounts';
    expect(endpointById(known)).toBe(API_ENDPOINTS.find((e) => e.id === 'listBankAccounts'));
  });

  it('refuse a misspelled id at compile time, and at run time from untyped MDX', () => {
    // @ts-expect-error a misspelled id is not an EndpointId
    const typo: EndpointId = 'listBankAcounts';
    expect(() => endpointById(typo)).toThrow('Unknown endpoint id: listBankAcounts');
    // @ts-expect-error the MDX components take known ids only
    expect(() => render(<EndpointRef id="getWhiteLabelConfg" />)).toThrow('Unknown endpoint id: getWhiteLabelConfg');
  });

  it('link an MDX reference to the call it names', () => {
    const { container } = render(<EndpointRef id="connectAccounting" />);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/api-docs#connectAccounting');
    expect(container).toHaveTextContent(`GET ${endpointById('connectAccounting').path}`);
  });
});
