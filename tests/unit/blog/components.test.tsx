import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BLOG_CATEGORIES, EXTERNAL_LINKS } from '@site/src/data';
import BlogCategories from '@site/src/components/BlogCategories';
import BlogPostCard from '@site/src/components/BlogPostCard';
import NewsletterSignup from '@site/src/components/NewsletterSignup';
import { loadedSchemas, loadSchemas } from '@site/src/lib/lazySchemas';
import { formatPostDate, type BlogCard } from '@site/src/components/BlogPostCard/blogCard';
import { splitFeatured } from '@site/src/theme/BlogListPage/_utils';

const card = (id: string, featured: boolean): BlogCard => ({
  id,
  title: `Title of ${id}`,
  excerpt: `Excerpt of ${id}`,
  permalink: `/blog/${id}`,
  author: { name: 'Maria Okafor', title: 'Head of Developer Experience', imageURL: '/img/authors/maria.svg' },
  date: '2024-11-14T00:00:00.000Z',
  readTime: 6,
  tags: [{ label: 'White Label', permalink: '/blog/tags/white-label' }],
  featured,
});

describe('newsletter block', () => {
  function setup() {
    render(<NewsletterSignup />);
    const input = screen.getByLabelText('Email address');
    const form = input.closest('form')!;
    return { input, form, button: screen.getByRole('button', { name: 'Subscribe' }) };
  }

  it('holds a submit made before the schemas loaded, then sends it once they are in (no focus first)', async () => {
    expect(loadedSchemas()).toBeUndefined(); // the path under test: nothing focused the field yet
    // jsdom lacks requestSubmit; as browsers do, it fires a cancelable submit event.
    const original = Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'requestSubmit')!;
    const requestSubmit = jest.fn(function (this: HTMLFormElement) {
      this.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    Object.defineProperty(HTMLFormElement.prototype, 'requestSubmit', { value: requestSubmit, configurable: true });
    try {
      const { input, form } = setup();
      fireEvent.change(input, { target: { value: ' ada@example.com ' } });
      // Held back (prevented) although the address is valid: it is not checked yet.
      expect(fireEvent.submit(form)).toBe(false);
      expect(screen.getByRole('status').textContent).not.toMatch(/confirm your subscription/);
      await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/confirm your subscription/));
      expect(requestSubmit).toHaveBeenCalledTimes(1);
      expect((input as HTMLInputElement).value).toBe('ada@example.com');
    } finally {
      Object.defineProperty(HTMLFormElement.prototype, 'requestSubmit', original);
    }
  });

  describe('once the schemas are loaded (the reader focused the field)', () => {
  beforeAll(async () => {
    await loadSchemas();
  });

  it('hands the address to the external newsletter site, never to our API', () => {
    const { form, input } = setup();
    expect(form.getAttribute('action')).toBe(EXTERNAL_LINKS.newsletter);
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('target')).toBe('_blank');
    expect(form.getAttribute('rel')).toContain('noopener');
    expect(input.getAttribute('name')).toBe('email');
  });

  it.each(['', '   ', 'not-an-email', 'a@b', 'name@@example.com'])('refuses %p with an alert and keeps the page', (value) => {
    const { input, form } = setup();
    fireEvent.change(input, { target: { value } });
    // fireEvent returns false when the handler called preventDefault (the form stays put).
    expect(fireEvent.submit(form)).toBe(false);
    expect(screen.getByRole('alert').textContent).toMatch(/email address/i);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('lets a valid, trimmed address through and says where to confirm', () => {
    const { input, form } = setup();
    fireEvent.change(input, { target: { value: '  ada@example.com ' } });
    expect(fireEvent.submit(form)).toBe(true);
    expect((input as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/confirm your subscription/);
  });

  it('clears the error once the reader edits the address', () => {
    const { input, form } = setup();
    fireEvent.submit(form);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
  });
});

describe('category tiles', () => {
  it('shows the eight categories with their counts, and links nowhere', () => {
    const { container } = render(<BlogCategories />);
    const items = within(container).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(BLOG_CATEGORIES.map((c) => `${c.name}${c.count} articles`));
    expect(container.querySelectorAll('a, button')).toHaveLength(0);
  });
});

describe('post card', () => {
  it('links to /blog/{id} and shows author, date, read time and tags', () => {
    render(<BlogPostCard post={card('white-label-banking', true)} variant="featured" />);
    const article = screen.getByRole('article', { name: 'Title of white-label-banking' });
    expect(within(article).getByRole('link', { name: 'Title of white-label-banking' }).getAttribute('href')).toBe('/blog/white-label-banking');
    expect(article.textContent).toContain('Maria Okafor');
    expect(article.textContent).toContain('November 14, 2024');
    expect(article.textContent).toContain('6 min read');
    expect(article.textContent).toContain('Excerpt of white-label-banking');
    expect(within(article).getByRole('link', { name: 'White Label' }).getAttribute('href')).toBe('/blog/tags/white-label');
    expect(article.textContent).toContain('Featured');
  });
});

describe('list helpers', () => {
  it('splits featured from latest, keeping the order', () => {
    const cards = [card('a', true), card('b', true), card('c', false), card('d', false)];
    const { featured, latest } = splitFeatured(cards);
    expect(featured.map((c) => c.id)).toEqual(['a', 'b']);
    expect(latest.map((c) => c.id)).toEqual(['c', 'd']);
  });
  it('formats dates in UTC so server and browser agree', () => {
    expect(formatPostDate('2024-10-01T00:00:00.000Z')).toBe('October 1, 2024');
  });
});
