import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { translatorFor } from '../src/games';
import { known, type Key } from '../src/i18n';
import { WINNABILITY } from '../src/model/winnability';
import { winnableLines } from '../src/views/Rules';

const JSON_FILE = resolve(__dirname, '../../docs/solvers/winnability.json');

describe('winnability', () => {
  test("the client's table is the docs' winnability.json, row for row", () => {
    const rows = JSON.parse(readFileSync(JSON_FILE, 'utf8')).rows as Record<string, unknown>[];
    expect(WINNABILITY.map((w) => ({ ...w }))).toEqual(
      rows.map((r) => ({
        game: r.game,
        ruleset: r.ruleset,
        deals: r.deal_numbers,
        cpuSecondsPerDeal: r.cpu_seconds_per_deal,
        wins: r.wins,
        losses: r.losses,
        undecided: r.undecided,
        interval95: r.interval_95,
        estimate: r.estimate,
      })),
    );
  });
  test('each row counts its deals and its interval holds the estimate', () => {
    for (const w of WINNABILITY) {
      const [first, last] = w.deals.split('-').map(Number);
      expect(w.wins + w.losses + w.undecided).toBeLessThanOrEqual(last! - first! + 1);
      expect(w.interval95[0]).toBeLessThanOrEqual(w.estimate);
      expect(w.estimate).toBeLessThanOrEqual(w.interval95[1]);
      expect(known(translatorFor('en'), `rules.ruleset.${w.game}.${w.ruleset}` as Key)).toBe(true);
    }
  });
  test("the rules page says it in the player's words, in English and Japanese", () => {
    const [pyramid] = winnableLines(translatorFor('en'), 'pyramid');
    const w = WINNABILITY.find((x) => x.game === 'pyramid')!;
    const pct = (x: number) => Math.round(100 * x);
    expect(pyramid).toBe(
      `About ${pct(w.estimate)} % of deals can be won (deals 1–1,000, 95 % interval ` +
        `${pct(w.interval95[0])}–${pct(w.interval95[1])} %)`,
    );
    const gaps = winnableLines(translatorFor('ja'), 'gaps');
    expect(gaps).toHaveLength(WINNABILITY.filter((x) => x.game === 'gaps').length);
    expect(gaps.every((line) => line.includes('の配りは勝てます'))).toBe(true);
    expect(gaps.some((line) => line.startsWith('配り直し 2 回：'))).toBe(true);
  });
  test('a wide interval says only its low end: no "about" where too few deals were decided', () => {
    const en = translatorFor('en');
    for (const game of ['pyramid', 'gaps', 'forty-thieves'] as const) {
      const rows = WINNABILITY.filter((w) => w.game === game);
      winnableLines(en, game).forEach((line, i) => {
        const [low, high] = rows[i]!.interval95;
        expect(line.includes('at least') || line.startsWith('At least')).toBe(high - low > 0.2);
        expect(line.includes('about') || line.startsWith('About')).toBe(high - low <= 0.2);
      });
    }
  });
  test("an interval is never one number: tenths where whole percents would meet (Gaps' 99.6–100 %)", () => {
    const en = translatorFor('en');
    const lines = (['pyramid', 'gaps', 'forty-thieves'] as const).flatMap((g) => winnableLines(en, g));
    expect(lines).toHaveLength(WINNABILITY.length);
    for (const line of lines) {
      const [, low, high] = /interval ([\d.]+)–([\d.]+) %/.exec(line)!;
      expect(low).not.toBe(high);
    }
    const two = WINNABILITY.find((w) => w.game === 'gaps' && w.ruleset === 'redeals-2')!;
    expect(winnableLines(en, 'gaps')).toContain(
      `Two redeals: about ${(100 * two.estimate).toFixed(1)} % of deals can be won (deals 1–1,000, ` +
        `95 % interval ${(100 * two.interval95[0]).toFixed(1)}–100 %)`,
    );
  });
});
