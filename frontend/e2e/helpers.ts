import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = (): string => inject('baseURL');
const shots = resolve(dirname(fileURLToPath(import.meta.url)), 'screenshots');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function openPage(browser: Browser, path: string, opts: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    locale: opts.locale ?? 'en-US',
    baseURL: baseURL(),
    hasTouch: (opts.viewport?.width ?? 1280) < 600,
  });
  ctx.setDefaultTimeout(10_000);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e));
  await page.goto(path);
  await ready(page);
  return page;
}

/** The app has routed and (when a game is open) shows its version. */
export async function ready(page: Page): Promise<void> {
  await page.waitForSelector('.app[data-ready="1"]');
}

export async function version(page: Page): Promise<number> {
  const v = await page.getAttribute('.app', 'data-version');
  return Number(v);
}

/** Do something that the server accepts, and wait for the new version to be shown. */
export async function accepted(page: Page, action: () => Promise<unknown>): Promise<number> {
  const before = await page.getAttribute('.app', 'data-version');
  await action();
  await page.waitForFunction((b) => {
    const el = document.querySelector('.app');
    return !!el && el.getAttribute('data-version') !== b && el.getAttribute('data-busy') === '0';
  }, before);
  return version(page);
}

/** Do something the server refuses, and return the reason shown. */
export async function rejected(page: Page, action: () => Promise<unknown>): Promise<string> {
  await page.evaluate(() => document.querySelector('[data-testid="toast"]')?.remove());
  await action();
  const toast = await page.waitForSelector('[data-testid="toast"]');
  await page.waitForFunction(() => document.querySelector('.app')?.getAttribute('data-busy') === '0');
  return (await toast.textContent()) ?? '';
}

export const card = (page: Page, loc: string) => page.locator(`[data-loc="${loc}"]`);

export async function tapLoc(page: Page, loc: string): Promise<void> {
  // Cards overlap (pyramid rows, fanned columns): tap the visible top-left corner.
  await card(page, loc).click({ position: { x: 8, y: 8 } });
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.waitForTimeout(300); // let transitions settle: software raster catches half-painted frames
  await page.screenshot({ path: resolve(shots, `${name}.png`), fullPage: false });
}

export async function gameAvailable(game: string): Promise<boolean> {
  const r = await fetch(`${baseURL()}/api/v1/games/catalog`);
  const body = (await r.json()) as { games: { game: string }[] };
  return body.games.some((g) => g.game === game);
}
