/**
 * Draws the OpenGraph card (1200x630 JPEG) of every blog post into static/img/blog/{slug}.jpg.
 * Social sites do not render SVG previews, hence JPEGs (smaller than PNG for gradients) drawn by Chromium from plain HTML.
 * Run after adding or retitling a post, then commit the images:
 *   npx tsx scripts/blogOgImages.ts
 * and give the post `image: /img/blog/{slug}.jpg` in its front matter.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { launchBrowser } from '../tests/e2e/_lib/browser';
import { SITE } from '../src/data/site';

const root = path.resolve(__dirname, '..');
const blogDir = path.join(root, 'blog');
const outDir = path.join(root, 'static/img/blog');

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function card(title: string, tags: string[], author: string): string {
  return `<!doctype html><html><head><style>
    * { box-sizing: border-box; margin: 0; }
    body { width: 1200px; height: 630px; font-family: 'DejaVu Sans', system-ui, sans-serif; color: #fff;
      background: radial-gradient(circle at 88% 12%, rgba(0,204,255,.55), transparent 40%),
                  linear-gradient(135deg, #1d1570 0%, #4b3dd9 55%, #0f7fb3 100%);
      padding: 72px 80px; display: flex; flex-direction: column; }
    .brand { font-size: 30px; font-weight: 700; letter-spacing: .02em; display: flex; align-items: center; gap: 16px; }
    .badge { font-size: 20px; font-weight: 600; padding: 6px 16px; border: 2px solid rgba(255,255,255,.5); border-radius: 999px; }
    h1 { margin-top: auto; font-size: 62px; line-height: 1.12; max-width: 1000px; }
    .meta { margin-top: 36px; font-size: 24px; opacity: .9; display: flex; align-items: center; gap: 14px; flex-wrap: wrap; }
    .tag { padding: 6px 16px; border-radius: 999px; background: rgba(255,255,255,.18); }
  </style></head><body>
    <div class="brand">${escape(SITE.name)} Blog <span class="badge">${escape(SITE.partnerBadge)}</span></div>
    <h1>${escape(title)}</h1>
    <div class="meta">${tags.map((t) => `<span class="tag">${escape(t)}</span>`).join('')}<span>by ${escape(author)}</span></div>
  </body></html>`;
}

async function main(): Promise<void> {
  const tags = parse(fs.readFileSync(path.join(blogDir, 'tags.yml'), 'utf8')) as Record<string, { label: string }>;
  const authors = parse(fs.readFileSync(path.join(blogDir, 'authors.yml'), 'utf8')) as Record<string, { name: string }>;
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const file of fs.readdirSync(blogDir).filter((f) => /\.mdx?$/.test(f))) {
    const fm = parse(/^---\n([\s\S]*?)\n---/.exec(fs.readFileSync(path.join(blogDir, file), 'utf8'))![1]!) as {
      slug: string;
      title: string;
      tags: string[];
      authors: string[];
    };
    await page.setContent(card(fm.title, fm.tags.slice(0, 3).map((t) => tags[t]?.label ?? t), authors[fm.authors[0]!]?.name ?? ''));
    const out = path.join(outDir, `${fm.slug}.jpg`);
    await page.screenshot({ path: out, type: 'jpeg', quality: 85 });
    console.log(`wrote ${path.relative(root, out)}`);
  }
  await browser.close();
}

void main();
