import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../../_services/programs';
import { ROOT } from './server';

export const CHROMIUM_PATH = chromiumPath();

/** Network-quiet flags this machine needs (TOOLCHAIN.md); the benchmarks reuse them. */
export const CHROMIUM_FLAGS = [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The Chromium tests/_services/programs.ts finds (Debian's or Playwright's), headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

export interface OpenPageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  httpCredentials?: { username: string; password: string };
  /** Needed by tests that read the clipboard. */
  permissions?: string[];
  baseURL?: string;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  consoleErrors: string[];
}

export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    httpCredentials: options.httpCredentials,
    permissions: options.permissions,
    baseURL: options.baseURL,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

/** Full-page screenshot to screenshots/<name>.png (git-ignored), for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(ROOT, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The four looks every changed page is checked in. */
export const LOOKS = [
  { name: 'desktop-light', width: 1280, colorScheme: 'light' },
  { name: 'desktop-dark', width: 1280, colorScheme: 'dark' },
  { name: 'phone-light', width: 360, colorScheme: 'light' },
  { name: 'phone-dark', width: 360, colorScheme: 'dark' },
] as const;

/**
 * Resolves once React has hydrated the page (Docusaurus then sets data-has-hydrated on <html>).
 * The server HTML shows, and links work, before that; the bundles are deferred scripts that
 * hydrate once they have loaded, so tests that press keys or click React controls right after
 * `goto` wait for this first, as a person would wait for the page to respond.
 */
export function hydrated(page: Page): Promise<unknown> {
  return page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
}
