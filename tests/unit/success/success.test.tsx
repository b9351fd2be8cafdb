import { act, render, screen, waitFor } from '@testing-library/react';
import SuccessPage from '@site/src/pages/success/index';
import { browserNavigation, decodeName, readSuccessParams } from '@site/src/pages/success/_utils';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { TIMINGS } from '@site/src/data/timings';
import { useHistory } from '../../mocks/docusaurus/router';
import { jsonFetch } from '../checkout/_helpers';

describe('success page query parameters', () => {
  it('defaults to the starter plan, and falls back to it for unknown plans', () => {
    expect(readSuccessParams('').plan.id).toBe('starter');
    expect(readSuccessParams('?plan=platinum').plan.id).toBe('starter');
    expect(readSuccessParams('?plan=enterprise').plan.id).toBe('enterprise');
  });

  it.each([
    [null, null],
    ['', null],
    ['   ', null],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['Zoë Ñúñez 山田', 'Zoë Ñúñez 山田'],
    ['Jos%C3%A9', 'José'],
    ['100% Club', '100% Club'],
    ['Bad %E0%A4%A sequence', 'Bad %E0%A4%A sequence'],
    ['Tab\tand\nnewline', 'Tab and newline'],
  ])('decodes %p as %p', (raw, expected) => {
    expect(decodeName(raw)).toBe(expected);
  });

  it('reads the name URLSearchParams-decoded, then decoded once more when double-encoded', () => {
    expect(readSuccessParams('?name=Ada%20Lovelace').name).toBe('Ada Lovelace');
    expect(readSuccessParams('?name=Jos%25C3%25A9').name).toBe('José');
    expect(readSuccessParams('?name=%3Cb%3Ehi%3C%2Fb%3E').name).toBe('<b>hi</b>');
  });

  it('keeps a well-formed order id only', () => {
    expect(readSuccessParams('?order=ord_abc123').orderId).toBe('ord_abc123');
    expect(readSuccessParams('?order=<script>').orderId).toBeNull();
  });
});

describe('success page', () => {
  const history = useHistory();
  let assign: jest.SpyInstance;

  beforeEach(() => {
    history.pushed.length = 0;
    assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    // The setup password request stays unanswered unless a test is about it.
    global.fetch = jest.fn(() => new Promise(() => undefined));
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  function visit(search: string) {
    window.history.replaceState(null, '', `/success${search}`);
    return render(<SuccessPage />);
  }

  it('shows Payment Successful, the plan label and the welcome line with the name as text', async () => {
    const { container } = visit('?plan=business&name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%20Zo%C3%AB');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment Successful');
    expect(screen.getByTestId('plan-label')).toHaveTextContent('Business Plan');
    expect(screen.getByTestId('welcome')).toHaveTextContent('<img src=x onerror=alert(1)> Zoë');
    expect(container.querySelector('img')).toBeNull();
  });

  it('has no welcome line without a name, and the starter plan by default', () => {
    visit('');
    expect(screen.getByTestId('welcome')).toBeEmptyDOMElement();
    expect(screen.getByTestId('plan-label')).toHaveTextContent('Starter Plan');
  });

  it('links to the plan API docs and the external account setup', () => {
    visit('?plan=enterprise');
    expect(screen.getByRole('link', { name: 'View Your API Documentation' })).toHaveAttribute('href', '/api-docs/enterprise');
    const setup = screen.getByRole('link', { name: 'Continue to Account Setup' });
    expect(setup).toHaveAttribute('href', EXTERNAL_LINKS.authFlow);
    expect(setup.getAttribute('rel')).toContain('noopener');
  });

  it('shows the setup password read from the server', async () => {
    jest.useRealTimers();
    global.fetch = jsonFetch(200, { setupPassword: 'UNIT-SETUP-PW' });
    visit('?plan=business');
    await waitFor(() => expect(screen.getByTestId('setup-password')).toHaveTextContent('UNIT-SETUP-PW'));
    expect(global.fetch).toHaveBeenCalledWith('/api/public-config');
  });

  it('counts down once a second from 10 and redirects to /api-docs/{plan} after 3 s', () => {
    visit('?plan=business&name=Ada');
    expect(screen.getByTestId('countdown')).toHaveTextContent(String(TIMINGS.countdownStartSeconds));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('9');
    act(() => jest.advanceTimersByTime(TIMINGS.successRedirectMs - 1001));
    expect(history.pushed).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(history.pushed).toEqual(['/api-docs/business']);
    expect(screen.getByTestId('countdown')).toHaveTextContent('7');
  });

  it('schedules the auth-flow redirect at 10 s, and leaving the page cancels it', () => {
    const first = visit('?plan=starter');
    act(() => jest.advanceTimersByTime(TIMINGS.authRedirectMs));
    expect(assign).toHaveBeenCalledWith(EXTERNAL_LINKS.authFlow);
    first.unmount();

    assign.mockReset();
    const second = visit('?plan=starter');
    act(() => jest.advanceTimersByTime(TIMINGS.successRedirectMs));
    second.unmount();
    act(() => jest.advanceTimersByTime(TIMINGS.authRedirectMs));
    expect(assign).not.toHaveBeenCalled();
  });

  it('never counts below zero', () => {
    visit('');
    act(() => jest.advanceTimersByTime(15_000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('0');
  });
});
