// `npm run shots`: every screen at 360×740 (phone), 740×360 (phone on its side) and 1366×768
// (desktop), saved in frontend/shots/ (not kept in git) to be looked at, and the README's set
// (home and each game, phone and desktop) in docs/screenshots/. Runs against the e2e set-up
// (real backend, vite preview); it asserts nothing but that each screen was reached.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { LINES, SIZES, launch, openPage, playThroughApi, ready, settled } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const SHOTS = resolve(here, '..', 'shots');
const README = resolve(here, '..', '..', 'docs', 'screenshots');
const SIZE_NAMES = {
  phone: 'phone-360x740',
  side: 'landscape-740x360',
  desktop: 'desktop-1366x768',
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(README, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function still(page: Page): Promise<void> {
  await settled(page);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(200); // software raster catches half-painted frames
}

async function menu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('menu').getByRole('button', { name: item }).click();
  await page.getByRole('dialog').waitFor();
}

/** Each screen: how to reach it from a fresh page. */
const SCREENS: [string, (page: Page) => Promise<void>][] = [
  ['home', async (page) => void (await page.getByTestId('welcome').waitFor())],
  ['home-options', async (page) => void (await page.getByText('Rules and options').first().click())],
  ['pyramid', async (page) => void (await openGame(page, '/play/pyramid-1'))],
  ['gaps', async (page) => void (await openGame(page, '/play/gaps-1'))],
  ['forty-thieves', async (page) => void (await openGame(page, '/play/forty-thieves-1'))],
  [
    'forty-thieves-selected',
    async (page) => {
      await openGame(page, '/play/forty-thieves-1');
      await page.locator('[data-loc="t1.3"]').click({ position: { x: 8, y: 8 } });
    },
  ],
  [
    'pyramid-won',
    async (page) => {
      await openGame(page, '/play/pyramid-1');
      await playThroughApi(page, LINES.pyramid1);
      await page.getByTestId('results').waitFor();
    },
  ],
  [
    'menu',
    async (page) => {
      await openGame(page, '/play/gaps-1');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByTestId('menu').waitFor();
    },
  ],
  ['new-deal', async (page) => void (await openGame(page, '/play/gaps-1'), await menu(page, 'New deal'))],
  ['rules', async (page) => void (await openGame(page, '/play/pyramid-1'), await menu(page, 'Rules'))],
  ['stats', async (page) => void (await menu(page, 'Statistics'))],
  ['settings', async (page) => void (await menu(page, 'Settings'))],
  ['devices', async (page) => void (await menu(page, 'Devices and data'))],
  ['record', async (page) => void (await menu(page, 'Check a record'))],
  ['bad-link', async (page) => void (await page.goto('/play/pyramid-99999999999'), await ready(page))],
];

async function openGame(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/game\//);
  await ready(page);
}

const README_SET: Record<string, string> = {
  home: 'home',
  pyramid: 'pyramid',
  gaps: 'gaps',
  'forty-thieves': 'forty-thieves',
};

test('every screen at every size', async () => {
  for (const [size, name] of Object.entries(SIZE_NAMES)) {
    for (const [screen, reach] of SCREENS) {
      const page = await openPage(browser, '/', { viewport: SIZES[name] });
      await reach(page);
      await still(page);
      await page.screenshot({ path: resolve(SHOTS, `${screen}-${name}.png`) });
      const readme = README_SET[screen];
      if (readme && size !== 'side')
        await page.screenshot({ path: resolve(README, `${readme}-${size}.png`) });
      await page.context().close();
    }
  }
}, 600_000);
