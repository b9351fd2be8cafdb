import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioGroupField, SelectField, TextAreaField, TextField } from '@site/src/components/Form';

const OPTIONS = [
  { value: 'low', label: 'Low' },
  { value: 'high', label: 'High' },
];

describe('field primitives: label, hint, error and aria wiring in one place', () => {
  it.each([
    ['input', (p: { error?: string; hint?: string }) => <TextField id="f" label="Name" required value="" onChange={() => undefined} {...p} />],
    ['textarea', (p: { error?: string; hint?: string }) => <TextAreaField id="f" label="Name" required value="" onChange={() => undefined} {...p} />],
    ['select', (p: { error?: string; hint?: string }) => <SelectField id="f" label="Name" required options={OPTIONS} value="low" onChange={() => undefined} {...p} />],
  ])('%s: labelled, required, described by its hint and its error, invalid only with an error', (_tag, field) => {
    const { rerender } = render(field({ hint: 'Shown to your clients.' }));
    const control = screen.getByLabelText(/Name/);
    expect(control).toHaveAttribute('aria-required', 'true');
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control).toHaveAttribute('aria-describedby', 'f-hint');
    expect(control).toHaveAccessibleDescription('Shown to your clients.');

    rerender(field({ hint: 'Shown to your clients.', error: 'Name is required' }));
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAttribute('aria-describedby', 'f-hint f-error');
    expect(control).toHaveAccessibleDescription('Shown to your clients. Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');

    rerender(field({ error: 'Name is required' }));
    expect(control).toHaveAttribute('aria-describedby', 'f-error');
  });

  it('marks text controls required for the browser too, but not selects (they always hold a valid default)', () => {
    render(
      <>
        <TextField id="a" label="A" required value="" onChange={() => undefined} />
        <SelectField id="b" label="B" required options={OPTIONS} value="low" onChange={() => undefined} />
      </>,
    );
    expect(screen.getByLabelText(/^A/)).toBeRequired();
    expect(screen.getByLabelText(/^B/)).not.toHaveAttribute('required');
  });

  it('radio group: one named group of native radios, the choice reported by value, errors wired like a field', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(<RadioGroupField id="font" label="Font Family" options={OPTIONS} value="low" onChange={onChange} hint="Used for headings." />);
    const group = screen.getByRole('group', { name: 'Font Family' });
    expect(group).toHaveAccessibleDescription('Used for headings.');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => [r.getAttribute('name'), (r as HTMLInputElement).checked])).toEqual([
      ['font', true],
      ['font', false],
    ]);
    await user.click(screen.getByRole('radio', { name: 'High' }));
    expect(onChange).toHaveBeenCalledWith('high');

    rerender(<RadioGroupField id="font" label="Font Family" options={OPTIONS} value="low" onChange={onChange} error="Please choose a font" />);
    expect(group).toHaveAccessibleDescription('Please choose a font');
    for (const r of screen.getAllByRole('radio')) expect(r).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a trailing control on the field line without taking the label', () => {
    render(<TextField id="e" label="Email address" value="" onChange={() => undefined} trailing={<button type="submit">Subscribe</button>} />);
    expect(screen.getByLabelText('Email address').tagName).toBe('INPUT');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
