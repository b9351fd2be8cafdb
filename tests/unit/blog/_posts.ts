import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const BLOG_DIR = path.resolve(__dirname, '../../../blog');

export interface PostFile {
  file: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

/** Reads every post of blog/ the way the blog plugin sees it: front matter plus body. */
export function readPosts(): PostFile[] {
  return fs
    .readdirSync(BLOG_DIR)
    .filter((f) => /\.mdx?$/.test(f) && !f.startsWith('_'))
    .map((file) => {
      const text = fs.readFileSync(path.join(BLOG_DIR, file), 'utf8');
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!m) throw new Error(`${file} has no front matter`);
      return { file, frontMatter: parse(m[1]!) as Record<string, unknown>, body: m[2]! };
    });
}

export function readYaml(name: string): Record<string, Record<string, unknown>> {
  return parse(fs.readFileSync(path.join(BLOG_DIR, name), 'utf8')) as Record<string, Record<string, unknown>>;
}

/** Words of prose, leaving out imports, code blocks and JSX/MDX expressions. */
export function proseWordCount(body: string): number {
  const prose = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^import .*$/gm, ' ')
    .replace(/\{[^{}]*\}/g, ' x ');
  return prose.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
}
