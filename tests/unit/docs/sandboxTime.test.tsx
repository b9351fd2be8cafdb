import { render, screen, within } from '@testing-library/react';
import { ClockErrorsTable, LedgerlineClockSample, SandboxOnlyCallsTable, TestClockSample, TransitionsTable } from '@site/src/components/SandboxTime';
import { clockErrors, SANDBOX_ONLY_ENDPOINTS } from '@site/src/data/apiReference/endpoints/sandbox';
import { SETTLEMENT_DELAY_DAYS, SETTLEMENT_FAILS_CUSTOMER, SETTLEMENT_FAILS_DESCRIPTION, TEST_CLOCK } from '@site/src/data/sandboxTime';

describe('the Testing over time guide', () => {
  it('shows each transition rule with its figures and magic values', () => {
    render(<TransitionsTable />);
    const text = screen.getByRole('table', { name: 'Sandbox transitions' }).textContent!;
    for (const fact of [`${SETTLEMENT_DELAY_DAYS} days after it was created`, SETTLEMENT_FAILS_DESCRIPTION, SETTLEMENT_FAILS_CUSTOMER, 'invoice.overdue', 'monthly_allowance_exceeded', '30 minutes', 'accounting_token_expired']) expect(text).toContain(fact);
  });

  it('lists every sandbox-only call and the advance\'s documented errors', () => {
    render(<><SandboxOnlyCallsTable /><ClockErrorsTable /></>);
    const calls = within(screen.getByRole('table', { name: 'Sandbox-only calls' })).getAllByRole('row').slice(1);
    expect(calls.map((r) => r.querySelector('code')!.textContent)).toEqual(SANDBOX_ONLY_ENDPOINTS.map((e) => `${e.method} /sandbox/v1${e.path}`));
    const errors = screen.getByRole('table', { name: 'Test clock errors' }).textContent!;
    for (const code of [clockErrors.notAfter('x').code, clockErrors.tooFar('x').code, clockErrors.format().code]) expect(errors).toContain(code);
    expect(errors).toContain(`${TEST_CLOCK.maxAdvanceDays} days`);
  });

  it('gives the samples for this site\'s sandbox', () => {
    const { container } = render(<><TestClockSample /><LedgerlineClockSample /></>);
    expect(container.textContent).toContain('/sandbox/v1');
    expect(container.textContent).toContain(`clock advance +${SETTLEMENT_DELAY_DAYS}d`);
  });
});
