import { render, screen, within } from '@testing-library/react';
import { SandboxFixturesTable } from '@site/src/components/SandboxFixtures';
import { SANDBOX_FIXTURES, endpointById } from '@site/src/data/apiReference';

describe('the Testing page table of magic values', () => {
  it('lists each magic value with what to send, the calls it affects and its answer', () => {
    render(<SandboxFixturesTable />);
    const rows = within(screen.getByRole('table', { name: 'Sandbox magic values' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(SANDBOX_FIXTURES.length);
    SANDBOX_FIXTURES.forEach((f, i) => {
      const text = rows[i]!.textContent!;
      expect(text).toContain(f.title);
      expect(text).toContain(f.trigger);
      expect(text).toContain('code' in f.answer ? f.answer.code : f.answer.deliveryStatus);
      if (f.endpoints !== '*') for (const id of f.endpoints) expect(text).toContain(endpointById(id).path);
    });
  });

  it('has one magic value for each case the reference promises', () => {
    expect(SANDBOX_FIXTURES.map((f) => f.name)).toEqual(['insufficient_funds', 'payment_declined', 'sync_fails', 'delivery_fails', 'rate_limited']);
  });
});
