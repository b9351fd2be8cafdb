import type { Page } from 'playwright-core';
import { LOOKS, openPage, screenshot } from '../_lib/browser';
import { BLOG_CATEGORIES, BLOG_POST_COUNT, EXTERNAL_LINKS, FEATURED_POST_COUNT, SITE } from '@site/src/data';
import { useLiveSite } from '../_lib/suite';
import { resolveSiteAddresses } from '@site/src/domain/siteAddress';

/** The build under test was made by the test run, with this environment's SITE_URL. */
const { siteUrl } = resolveSiteAddresses(process.env);

jest.setTimeout(120_000);

describe('/blog in Chromium', () => {
  const live = useLiveSite();

  async function open(route: string, options: Parameters<typeof openPage>[1] = {}) {
    const opened = await openPage(live.browser, options);
    const res = await opened.page.goto(live.server.url + route, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    return opened;
  }

  const cardLinks = (page: Page, grid: string) =>
    page.locator(`[data-testid="${grid}"] article h3 a`).evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', title: a.textContent ?? '' })));

  it('lays out header, hero, featured and latest grids, newsletter, categories and footer', async () => {
    const { page, context, consoleErrors } = await open('/blog');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).resolves.toBe('/');
    await expect(main.getByText(SITE.partnerBadge, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.locator('h1').textContent()).resolves.toBe(`${SITE.name} Blog`);

    const featured = await cardLinks(page, 'featured-grid');
    const latest = await cardLinks(page, 'latest-grid');
    expect(featured).toHaveLength(FEATURED_POST_COUNT);
    expect(latest).toHaveLength(BLOG_POST_COUNT - FEATURED_POST_COUNT);
    // Three columns of featured posts at desktop width.
    const columns = await page.locator('[data-testid="featured-grid"]').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);

    // Theme headings end with a zero-width space before their hash link.
    const headings = (await page.locator('main h2').allTextContents()).map((t) => t.replace(/\u200b/g, '').trim());
    expect(headings).toEqual(expect.arrayContaining(['Featured Articles', 'Latest Articles', 'Stay in the loop', 'Explore by Category']));
    expect(headings.indexOf('Featured Articles')).toBeLessThan(headings.indexOf('Latest Articles'));
    expect(headings.indexOf('Latest Articles')).toBeLessThan(headings.indexOf('Stay in the loop'));
    expect(headings.indexOf('Stay in the loop')).toBeLessThan(headings.indexOf('Explore by Category'));

    const tiles = page.locator('section[aria-labelledby="explore-by-category"] li');
    await expect(tiles.allInnerTexts()).resolves.toEqual(BLOG_CATEGORIES.map((c) => `${c.name}\n${c.count} articles`));
    await expect(tiles.locator('a, button').count()).resolves.toBe(0);

    const footer = await page.getByRole('navigation', { name: 'Blog footer' }).locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(footer).toEqual(['/', '/documentation', '/api-docs', '/support', EXTERNAL_LINKS.newsletter]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('links every card to /blog/{id}, which answers 200 with that post', async () => {
    const { page, context } = await open('/blog');
    const cards = [...(await cardLinks(page, 'featured-grid')), ...(await cardLinks(page, 'latest-grid'))];
    expect(new Set(cards.map((c) => c.href)).size).toBe(BLOG_POST_COUNT);
    for (const card of cards) {
      expect(card.href).toMatch(/^\/blog\/[a-z0-9-]+$/);
      const res = await page.goto(live.server.url + card.href, { waitUntil: 'domcontentloaded' });
      expect([card.href, res?.status()]).toEqual([card.href, 200]);
      await expect(page.locator('article h1').textContent()).resolves.toBe(card.title);
    }
    await context.close();
  });

  it('shows a post with author, date, read time, tags, previous/next and an OpenGraph card', async () => {
    const { page, context, consoleErrors } = await open('/blog');
    const first = (await cardLinks(page, 'featured-grid'))[0]!;
    await page.goto(live.server.url + first.href, { waitUntil: 'networkidle' });
    const header = page.locator('article header');
    await expect(header.locator('time').getAttribute('datetime')).resolves.toMatch(/^\d{4}-\d{2}-\d{2}/);
    await expect(header.textContent()).resolves.toMatch(/\d+ min read/);
    await expect(header.locator('.avatar__name').count()).resolves.toBe(1);
    await expect(page.locator('article footer a[href^="/blog/tags/"]').count()).resolves.toBeGreaterThan(1);
    // The newest post has only a "next" (older) neighbour.
    await expect(page.locator('nav.pagination-nav a').count()).resolves.toBe(1);
    const meta = (p: string) => page.locator(`meta[property="${p}"]`).getAttribute('content');
    await expect(meta('og:title')).resolves.toContain(first.title);
    await expect(meta('og:type')).resolves.toBe('article');
    await expect(meta('og:image')).resolves.toMatch(new RegExp(`^${siteUrl}/img/blog/[a-z0-9-]+\\.jpg$`));
    await expect(meta('og:description')).resolves.toBeTruthy();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('serves well-formed RSS and Atom feeds listing every post', async () => {
    const { page, context } = await open('/blog');
    const hrefs = [...(await cardLinks(page, 'featured-grid')), ...(await cardLinks(page, 'latest-grid'))].map((c) => c.href);
    for (const [feed, entry] of [['/blog/rss.xml', 'item'], ['/blog/atom.xml', 'entry']] as const) {
      const res = await page.request.get(live.server.url + feed);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/xml/);
      const xml = await res.text();
      const parsed = await page.evaluate(
        ([text, tag]) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          return {
            error: doc.querySelector('parsererror')?.textContent ?? null,
            count: doc.getElementsByTagName(tag).length,
            links: Array.from(doc.getElementsByTagName(tag)).map((e) => e.getElementsByTagName('link')[0]?.getAttribute('href') ?? e.getElementsByTagName('link')[0]?.textContent ?? ''),
          };
        },
        [xml, entry] as const,
      );
      expect(parsed.error).toBeNull();
      expect(parsed.count).toBe(BLOG_POST_COUNT);
      for (const href of hrefs) expect(parsed.links.some((l) => l.endsWith(href))).toBe(true);
    }
    await context.close();
  });

  it('has tag pages', async () => {
    const { page, context } = await open('/blog/tags');
    const tags = await page.locator('main a[href^="/blog/tags/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(tags.length).toBeGreaterThanOrEqual(8);
    for (const href of tags) expect([href, (await page.request.get(live.server.url + href)).status()]).toEqual([href, 200]);
    await context.close();
  });

  it('validates the newsletter address and hands it to the external site, with no call to our API', async () => {
    const { page, context } = await open('/blog');
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().startsWith(live.server.url + '/api/') && apiCalls.push(r.url()));
    await context.route((url) => url.href.startsWith(EXTERNAL_LINKS.newsletter), (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Newsletter</title>' }));
    const input = page.getByLabel('Email address');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });

    await subscribe.click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Email address is required');
    await input.fill('not-an-email');
    await subscribe.click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter a valid email address');
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(context.pages()).toHaveLength(1);

    await input.fill('ada@example.com');
    const [popup] = await Promise.all([context.waitForEvent('page'), subscribe.click()]);
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.origin + url.pathname).toBe(EXTERNAL_LINKS.newsletter);
    expect(url.searchParams.get('email')).toBe('ada@example.com');
    await expect(page.getByRole('main').getByRole('status').textContent()).resolves.toMatch(/confirm your subscription/);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    // The opener is cut off from the external site.
    await expect(popup.evaluate(() => window.opener)).resolves.toBeNull();
    expect(apiCalls).toEqual([]);
    await context.close();
  });

  it.each(LOOKS)('looks right at $name', async (look) => {
    const { page, context, consoleErrors } = await open('/blog', { width: look.width, colorScheme: look.colorScheme });
    // Nothing wider than the viewport, at 360 px too.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, `blog-${look.name}`);
    const post = (await cardLinks(page, 'latest-grid'))[0]!;
    await page.goto(live.server.url + post.href, { waitUntil: 'networkidle' });
    await screenshot(page, `blog-post-${look.name}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
