import fs from 'node:fs';
import path from 'node:path';
import { BLOG_POST_COUNT, FEATURED_POST_COUNT } from '@site/src/data';
import { API_KEY_ENV, API_URL_ENV, REQUEST_HEADERS } from '@site/src/data/apiReference';
import { BLOG_DIR, proseWordCount, readPosts, readYaml } from './_posts';

// Blog posts are files; these tests hold them to the spec's blog post entity (id, title,
// excerpt, content, author, date, readTime, tags, featured) and to section 9 (6 posts, 2 featured).
const posts = readPosts();
// The blog lists newest first, so "the first two posts" are the two most recent.
const newestFirst = [...posts].sort((a, b) => String(b.frontMatter.date).localeCompare(String(a.frontMatter.date)));

describe('blog posts', () => {
  it('have copy-paste curl samples: every required header, and the key from the documented variable', () => {
    const required = REQUEST_HEADERS.filter((h) => h.required).map((h) => h.name);
    const blocks = posts.flatMap((p) => [...p.body.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => ({ post: p.frontMatter.slug, code: m[1]! })));
    const curls = blocks.filter((b) => /^curl /m.test(b.code));
    expect(curls.length).toBeGreaterThan(0);
    for (const { post, code } of curls) {
      const missing = required.filter((name) => !code.includes(`-H "${name}: `));
      expect({ post, missing }).toEqual({ post, missing: [] });
      expect({ post, key: code.includes(`Bearer $${API_KEY_ENV}`) }).toEqual({ post, key: true });
      // The API's address is the operator's (API_BASE_URL): read from a variable, never written in.
      const base = new RegExp(`^curl (-X POST |-G )?"\\$${API_URL_ENV}/`, 'm').test(code);
      expect({ post, base, written: /https?:\/\/api\./.test(code) }).toEqual({ post, base: true, written: false });
    }
  });

  it(`name the API's address through $${API_URL_ENV}, with its value shown on the page`, () => {
    const using = posts.filter((post) => post.body.includes(`$${API_URL_ENV}`));
    expect(using.length).toBeGreaterThan(0);
    for (const p of using) {
      expect({ post: p.frontMatter.slug, shown: p.body.includes('<Value.ApiBaseUrl />') }).toEqual({ post: p.frontMatter.slug, shown: true });
    }
  });

  it(`has ${BLOG_POST_COUNT} posts`, () => {
    expect(BLOG_POST_COUNT).toBe(6);
    expect(posts).toHaveLength(BLOG_POST_COUNT);
  });

  it(`features exactly the first ${FEATURED_POST_COUNT} posts`, () => {
    expect(FEATURED_POST_COUNT).toBe(2);
    expect(newestFirst.map((p) => p.frontMatter.featured === true)).toEqual(
      newestFirst.map((_, i) => i < FEATURED_POST_COUNT),
    );
  });

  it('has unique ids, used as slugs and in the file names', () => {
    const ids = posts.map((p) => p.frontMatter.slug);
    expect(new Set(ids).size).toBe(posts.length);
    for (const p of posts) {
      expect(p.frontMatter.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      // The file name is date-slug, so the URL /blog/{id} can be found from the file list.
      expect(p.file).toBe(`${String(p.frontMatter.date)}-${String(p.frontMatter.slug)}.mdx`);
    }
  });

  it('has distinct dates so the order (and so the featured pair) is unambiguous', () => {
    const dates = posts.map((p) => String(p.frontMatter.date));
    expect(new Set(dates).size).toBe(posts.length);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each(posts.map((p) => [p.file, p] as const))('%s has every field of a post', (_file, p) => {
    const fm = p.frontMatter;
    expect(typeof fm.title).toBe('string');
    expect(String(fm.title).length).toBeGreaterThan(10);
    // The excerpt is the `description` front matter: the card text, meta description and OG text.
    expect(typeof fm.description).toBe('string');
    expect(String(fm.description).length).toBeGreaterThan(60);
    expect(String(fm.description).length).toBeLessThanOrEqual(200);
    expect(Array.isArray(fm.authors) && fm.authors.length).toBe(1);
    expect(Array.isArray(fm.tags) && (fm.tags as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect(fm.featured === true || fm.featured === undefined).toBe(true);
    expect(p.body).toContain('{/* truncate */}');
    // OpenGraph card drawn by scripts/blogOgImages.ts.
    expect(fm.image).toBe(`/img/blog/${String(fm.slug)}.jpg`);
    expect(fs.existsSync(path.join(BLOG_DIR, '../static', String(fm.image)))).toBe(true);
  });

  it('has substantial articles (read time of three minutes or more)', () => {
    for (const p of posts) {
      expect([p.file, proseWordCount(p.body) >= 600]).toEqual([p.file, true]);
    }
  });

  it('uses only declared authors, each with a name, title and existing image', () => {
    const authors = readYaml('authors.yml');
    for (const p of posts) {
      for (const key of p.frontMatter.authors as string[]) {
        const a = authors[key];
        expect(a).toBeDefined();
        expect(a).toEqual(expect.objectContaining({ name: expect.any(String), title: expect.any(String), image_url: expect.any(String) }));
        const image = path.join(BLOG_DIR, '../static', String(a!.image_url));
        expect(fs.existsSync(image)).toBe(true);
      }
    }
  });

  it('uses only declared tags, and covers every tag it declares', () => {
    const tags = readYaml('tags.yml');
    const used = new Set(posts.flatMap((p) => p.frontMatter.tags as string[]));
    for (const t of used) expect(Object.keys(tags)).toContain(t);
    expect([...used].sort()).toEqual(Object.keys(tags).sort());
  });

  it('links only to routes that exist in the site', () => {
    const internal = posts.flatMap((p) => [...p.body.matchAll(/\]\((\/[^)#\s]*)/g)].map((m) => m[1]!));
    const ids = posts.map((p) => `/blog/${String(p.frontMatter.slug)}`);
    const known = ['/', '/documentation', '/api-docs', '/api-docs/starter', '/api-docs/business', '/api-docs/enterprise', '/support', '/privacy', '/terms', '/white-label', ...ids];
    for (const href of internal) expect(known).toContain(href);
  });
});
