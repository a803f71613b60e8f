// The cold-load budget, on the build the e2e run serves: the views a player opens later (results,
// menus, leaderboards, rules, account dialogs, the replay viewer) load on demand.
import { expect, test } from 'vitest';
import { bundle, COLD_LOAD_BUDGET } from './bundle';

test('a cold load fetches at most 60 KB of JS and CSS, gzipped', () => {
  const b = bundle();
  expect(b.entry.some((f) => f.endsWith('.js'))).toBe(true);
  expect(b.entry.some((f) => f.endsWith('.css'))).toBe(true);
  expect(b.entryGz).toBeLessThanOrEqual(COLD_LOAD_BUDGET);
  expect(b.files).toBeGreaterThan(b.entry.length); // some views are chunks of their own
});
