import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { GAME_NAMES, gameModule, translatorFor } from '../src/games';
import { cardName, detectLang, formatTime, known, reasonText, type GameKey, type Key } from '../src/i18n';
import { en, ja } from '../src/i18n/strings';

const EN = translatorFor('en');
const JA = translatorFor('ja');

describe('i18n', () => {
  test('a count and its word agree: one hint, two undos', () => {
    expect(EN('lb.hints_undos', { h: 1, u: 2 })).toBe('1 hint, 2 undos');
    expect(EN('lb.hints_undos', { h: 0, u: 1 })).toBe('0 hints, 1 undo');
    expect(JA('lb.hints_undos', { h: 1, u: 2 })).toBe('ヒント 1・戻す 2');
  });
  test('Japanese says resigning with one word', () => {
    expect(Object.values(ja).some((x) => x.includes('降参'))).toBe(false);
  });
  test('language from storage, else the browser', () => {
    expect(detectLang(null, 'ja-JP')).toBe('ja');
    expect(detectLang(null, 'en-GB')).toBe('en');
    expect(detectLang(null, undefined)).toBe('en');
    expect(detectLang('en', 'ja')).toBe('en');
    expect(detectLang('ja', 'en-US')).toBe('ja');
  });
  test('reasons are localised by their machine code, the game that gives them first', () => {
    expect(reasonText(EN, 'pyramid', 'not_thirteen')).toBe('These two cards do not sum to 13');
    expect(reasonText(JA, 'pyramid', 'not_thirteen')).toBe('この 2 枚は合計 13 になりません');
    expect(reasonText(EN, 'pyramid', 'covered')).toBe('This card is still covered');
    expect(reasonText(JA, 'pyramid', 'covered')).toBe('このカードはまだ重なっています');
    expect(reasonText(JA, 'pyramid', 'recycle_no_passes')).toBe('再利用できる回数が残っていません');
    expect(reasonText(EN, 'forty-thieves', 'too_many_cards', '', { max: 2 })).toBe(
      'At most 2 cards can move there',
    );
    expect(reasonText(EN, 'forty-thieves', 'too_many_cards', '', { max: 1 })).toBe(
      'Only one card can move there',
    );
    expect(reasonText(EN, 'gaps', 'nothing_to_undo')).toBe('Nothing to undo');
  });
  test('an unknown reason falls back to the server message', () => {
    expect(reasonText(JA, 'gaps', 'brand_new_reason', 'a server sentence')).toBe('a server sentence');
    expect(reasonText(EN, null, 'brand_new_reason')).toBe('Something went wrong (brand_new_reason).');
  });
  test("every API.md reason has both languages, in the shell's strings or its game's", () => {
    const reasons: [string | null, string][] = [
      ['pyramid', 'not_thirteen'],
      ['pyramid', 'covered'],
      ['pyramid', 'stock_empty'],
      ['pyramid', 'recycle_stock_not_empty'],
      ['pyramid', 'recycle_no_passes'],
      ['pyramid', 'recycle_waste_empty'],
      ['pyramid', 'not_a_king'],
      ['pyramid', 'no_card_there'],
      ['pyramid', 'same_card'],
      ['gaps', 'not_a_gap'],
      ['gaps', 'does_not_fit'],
      ['gaps', 'after_king'],
      ['gaps', 'left_is_gap'],
      ['gaps', 'no_redeals_left'],
      ['forty-thieves', 'not_a_run'],
      ['forty-thieves', 'too_many_cards'],
      ['forty-thieves', 'foundation_mismatch'],
      ['forty-thieves', 'stock_not_empty'],
      ['forty-thieves', 'cannot_collect'],
      ['forty-thieves', 'empty_source'],
      ['forty-thieves', 'no_redeals_left'],
      [null, 'nothing_to_undo'],
      [null, 'game_over'],
      [null, 'version_conflict'],
    ];
    for (const [game, r] of reasons) {
      const keys = [`reason.${r}`, ...(game ? [`${game}.reason.${r}`] : [])] as (Key | GameKey)[];
      expect(
        keys.some((k) => known(EN, k)),
        r,
      ).toBe(true);
      expect(
        keys.some((k) => known(JA, k) && JA(k) !== EN(k)),
        r,
      ).toBe(true);
    }
  });
  test("each game's strings: its own keys, both languages", () => {
    for (const g of GAME_NAMES) {
      const { strings } = gameModule(g);
      expect(Object.keys(strings.en).every((k) => k.startsWith(`${g}.`))).toBe(true);
      expect(Object.keys(strings.ja).sort()).toEqual(Object.keys(strings.en).sort());
      expect(known(EN, `${g}.name`)).toBe(true);
    }
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
  });
  test('card names for screen readers', () => {
    expect(cardName('en', 'QH')).toBe('queen of hearts');
    expect(cardName('en', 'TD')).toBe('ten of diamonds');
    expect(cardName('ja', 'QH')).toBe('ハートのQ');
    expect(cardName('ja', '9S')).toBe('スペードの9');
  });
  test("parameters and time, in a game's strings too", () => {
    expect(EN('pyramid.status.removed', { n: 5 })).toBe('5 of 28 removed');
    expect(JA('pyramid.status.pass', { n: 2, m: 3 })).toBe('2/3 巡目');
    expect(JA('status.moves', { n: 4 })).toBe('4 手');
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(61_500)).toBe('1:01');
    expect(formatTime(3_600_000 + 5_000)).toBe('1:00:05');
  });
});

/** Every string literal the sources pass as the first argument of `t(...)`. */
function literalKeys(dir: string): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): [string, string][] => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return literalKeys(p);
    if (!/\.tsx?$/.test(e.name) || e.name.endsWith('.d.ts')) return [];
    const file = ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
    const out: [string, string][] = [];
    const visit = (n: ts.Node): void => {
      const arg =
        ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 't'
          ? n.arguments[0]
          : undefined;
      if (arg && ts.isStringLiteral(arg)) out.push([e.name, arg.text]);
      ts.forEachChild(n, visit);
    };
    visit(file);
    return out;
  });
}

test('every key the sources name has its string', () => {
  const used = literalKeys(resolve(__dirname, '../src'));
  expect(used.length).toBeGreaterThan(100);
  expect(used.filter(([, k]) => !known(EN, k as Key))).toEqual([]);
});
