import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactForm from '@site/src/pages/_landing/ContactForm';
import { LANDING_CONTACT, LANDING_GUIDES } from '@site/src/data/landing';
import { contactRequestSchema } from '@site/src/schemas';
import { MIN_FILL_MS } from '@site/src/schemas/common';
import { jsonFetch } from '../checkout/_helpers';

// The form token's own fetch and timing are covered in formToken.test.ts; here it is ready at once.
jest.mock('@site/src/lib/formToken', () => ({
  formTokenSource: () => ({ renew: () => undefined, get: () => Promise.resolve('signed-form-token') }),
}));

const DOCS = path.resolve(__dirname, '../../../docs/guide');

/** The anchors a guide page's MDX defines: accordion ids and `{/* #id *\/}` heading ids. */
function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/<Accordion id="([^"]+)"|\{\/\* #([\w-]+) \*\/\}/g)].map((m) => (m[1] ?? m[2])!));
}

describe('landing guide cards', () => {
  it.each(LANDING_GUIDES.items.map((g) => [g.title, g.to] as const))('"%s" opens a documentation guide that exists (%s)', (_title, to) => {
    const [route, anchor] = to.split('#') as [string, string | undefined];
    expect(route).toMatch(/^\/documentation(\/|$)/);
    const slug = route.replace(/^\/documentation\/?/, '');
    const file = path.join(DOCS, `${slug || 'index'}.mdx`);
    expect(fs.existsSync(file)).toBe(true);
    if (anchor) expect(anchorsOf(file)).toContain(anchor);
  });
});

describe('contact form polish', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says why Send is disabled, and drops the hint once it is enabled', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    const send = screen.getByRole('button', { name: /Send Message/ });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(LANDING_CONTACT.sendHint);
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    expect(send).toBeEnabled();
    expect(screen.queryByText(LANDING_CONTACT.sendHint)).toBeNull();
  });

  it('refuses a phone number with letters, in the form and in the shared schema', async () => {
    const fetch = jsonFetch(200, { success: true });
    global.fetch = fetch;
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Phone/), 'call me maybe');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    now += MIN_FILL_MS + 5000;
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
    const base = { name: 'Ada', email: 'ada@example.com', message: 'Hi', website: '', formToken: 'signed-form-token' };
    expect(contactRequestSchema.safeParse({ ...base, phone: '+44 (20) 7946-0958' }).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...base, phone: '' }).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...base, phone: '555-CALL-NOW' }).success).toBe(false);
  });

  it('offers Send Another Message at the same size as Send Message', async () => {
    global.fetch = jsonFetch(200, { success: true });
    const user = userEvent.setup();
    render(<ContactForm />);
    const sendClass = screen.getByRole('button', { name: /Send Message/ }).className;
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    now += MIN_FILL_MS + 5000;
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    const again = await screen.findByRole('button', { name: LANDING_CONTACT.againLabel });
    expect(again.className).toBe(sendClass);
  });
});
