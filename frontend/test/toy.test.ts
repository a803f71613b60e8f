// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://patience.test/" }
// The client's half of adding a game (docs/architecture/adding-a-game.md): Climb, a toy game
// whose module lives in test/toy/ in the shape of a game's folder, is registered through the
// registry's one registration function (the one its folder glob calls for the built-in games),
// and then the whole shell, with nothing else told about it, lists it on the home page, deals it
// through the API, renders its board, and sends a player's tap to the API as the game's move.
import { h, render } from 'preact';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { App } from '../src/app/App';
import { createShell } from '../src/app/commands';
import { Api } from '../src/api/client';
import { GAME_NAMES, registerGame } from '../src/games';
import { base } from './fixtures';
import { CLIMB, climb } from './toy';

/** Climb as the server shows it (tests/games/toy.py), `up` cards on its foundation. */
const climbView = (version: number, up: number) => ({
  ...base,
  id: 'c1',
  version,
  game: CLIMB,
  deal_id: 'climb-1',
  board: {
    stock: { count: 11 - up },
    waste: { count: 1, top: `${up + 1}S` },
    foundation: up,
    recycles_left: 2,
  },
  legal_moves: [{ type: 'draw' }, { type: 'up' }],
});

/** The API the shell talks to: the answers Climb needs, every request kept; anything else 404. */
const sent: { method: string; path: string; body: unknown }[] = [];
async function server(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
  const path = new URL(req.url).pathname;
  const body: unknown = req.method === 'GET' ? null : await req.json().catch(() => null);
  sent.push({ method: req.method, path, body });
  const json = (status: number, data: unknown) =>
    new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
  const route = `${req.method} ${path}`;
  if (route === 'POST /api/v1/players') return json(201, { token: 'tok', player_id: 'p1' });
  if (route === 'GET /api/v1/games/catalog')
    return json(200, { games: [{ game: CLIMB, title: 'Climb', options: [], rulesets: ['standard'] }] });
  if (route === 'POST /api/v1/games') return json(201, climbView(1, 0));
  if (route === 'POST /api/v1/games/c1/moves') return json(200, climbView(2, 1));
  return json(404, { reason: 'not_found', message: 'not here' });
}

/** Conditions are awaited, never slept on: as long as a loaded machine needs. */
const WAIT = { timeout: 15_000, interval: 20 };

beforeAll(() => {
  vi.stubGlobal('fetch', vi.fn(server));
  registerGame(climb);
});
afterEach(() => vi.unstubAllGlobals());

test('a game registered from its module alone is listed, dealt, rendered and played', async () => {
  expect(GAME_NAMES).toContain(CLIMB);
  expect(GAME_NAMES.at(-1)).toBe(CLIMB); // its `order` puts it after the built-in games
  const root = document.createElement('div');
  document.body.append(root);
  render(h(App, { shell: createShell(new Api()) }), root);

  // The home page lists it, by the name in its own strings, with its Play button.
  const play = await vi.waitFor(() => {
    const b = [...root.querySelectorAll<HTMLButtonElement>('button.bigplay')].find((x) =>
      x.textContent?.includes('Climb'),
    );
    if (!b || b.disabled) throw new Error('no ready Play button for Climb yet');
    return b;
  }, WAIT);
  play.click();

  // The API deals it, and the shell renders its own board and status line.
  const waste = await vi.waitFor(() => {
    const w = root.querySelector<HTMLButtonElement>('.climb [data-loc="waste"]');
    if (!w) throw new Error('no Climb board yet');
    return w;
  }, WAIT);
  expect(sent.find((r) => r.path === '/api/v1/games')?.body).toMatchObject({ game: CLIMB });
  expect(root.querySelector('[data-testid="status"]')?.textContent).toBe('0 of 13 up');

  // A tap on the waste is the module's `up` move, sent to the API at the game's version.
  waste.click();
  await vi.waitFor(() => {
    if (root.querySelector('[data-testid="status"]')?.textContent !== '1 of 13 up')
      throw new Error('not moved');
  }, WAIT);
  expect(sent.filter((r) => r.path === '/api/v1/games/c1/moves').map((r) => r.body)).toEqual([
    { version: 1, move: { type: 'up' } },
  ]);
  render(null, root);
}, 60_000);
