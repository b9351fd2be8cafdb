import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApiVersionSwitch from '@site/src/components/ApiVersionSwitch';
import { Endpoint } from '@site/src/components/EndpointCard';
import { LATEST_API_VERSION } from '@site/src/data/apiVersioning';
import { setApiVersion } from '@site/src/lib/apiVersion';

afterEach(() => {
  act(() => setApiVersion('v1'));
  window.localStorage.clear();
});

/** One switch for the page: every card shows the chosen version's header, samples and answer. */
it('switches every card to the chosen version, and remembers the choice', async () => {
  render(
    <>
      <ApiVersionSwitch />
      <Endpoint id="createTransaction" />
      <Endpoint id="listInvoices" />
    </>,
  );
  const card = (id: string) => document.querySelector<HTMLElement>(`[data-endpoint="${id}"]`)!;
  expect(within(card('createTransaction')).getByText('X-API-Version: v1')).toBeTruthy();
  expect(card('createTransaction').textContent).toContain('"amount": 149.99');

  await userEvent.selectOptions(screen.getByLabelText('API version'), LATEST_API_VERSION);
  expect(within(card('createTransaction')).getByText(`X-API-Version: ${LATEST_API_VERSION}`)).toBeTruthy();
  expect(card('createTransaction').textContent).toContain('"amount": 14999');
  expect(card('listInvoices').textContent).toContain('"status": "submitted"');
  expect(window.localStorage.getItem('ledgerline-api-version')).toBe(LATEST_API_VERSION);
});
