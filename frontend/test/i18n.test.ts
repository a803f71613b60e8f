import { describe, expect, test } from 'vitest';
import { cardName, detectLang, formatTime, reasonText, translate } from '../src/i18n';
import { en, ja } from '../src/i18n/strings';

describe('i18n', () => {
  test('language from storage, else the browser', () => {
    expect(detectLang(null, 'ja-JP')).toBe('ja');
    expect(detectLang(null, 'en-GB')).toBe('en');
    expect(detectLang(null, undefined)).toBe('en');
    expect(detectLang('en', 'ja')).toBe('en');
    expect(detectLang('ja', 'en-US')).toBe('ja');
  });
  test('reasons are localised by their machine code', () => {
    expect(reasonText('en', 'not_thirteen')).toBe('These two cards do not sum to 13');
    expect(reasonText('ja', 'not_thirteen')).toBe('この 2 枚は合計 13 になりません');
    expect(reasonText('en', 'covered')).toBe('This card is still covered');
    expect(reasonText('ja', 'covered')).toBe('このカードはまだ重なっています');
    expect(reasonText('ja', 'recycle_no_passes')).toBe('再利用できる回数が残っていません');
    expect(reasonText('en', 'too_many_cards', '', { max: 2 })).toBe('At most 2 cards can move there');
  });
  test('an unknown reason falls back to the server message', () => {
    expect(reasonText('ja', 'brand_new_reason', 'a server sentence')).toBe('a server sentence');
    expect(reasonText('en', 'brand_new_reason')).toBe('Something went wrong (brand_new_reason).');
  });
  test('every API.md reason has both languages', () => {
    const reasons = [
      'not_thirteen',
      'covered',
      'stock_empty',
      'recycle_stock_not_empty',
      'recycle_no_passes',
      'recycle_waste_empty',
      'not_a_king',
      'no_card_there',
      'same_card',
      'not_a_gap',
      'does_not_fit',
      'after_king',
      'left_is_gap',
      'no_redeals_left',
      'not_a_run',
      'too_many_cards',
      'foundation_mismatch',
      'stock_not_empty',
      'cannot_collect',
      'empty_source',
      'nothing_to_undo',
      'game_over',
      'version_conflict',
    ];
    for (const r of reasons) {
      expect(Object.keys(en)).toContain(`reason.${r}`);
      expect(ja[`reason.${r}` as keyof typeof ja]).toBeTruthy();
    }
  });
  test('card names for screen readers', () => {
    expect(cardName('en', 'QH')).toBe('queen of hearts');
    expect(cardName('en', 'TD')).toBe('ten of diamonds');
    expect(cardName('ja', 'QH')).toBe('ハートのQ');
    expect(cardName('ja', '9S')).toBe('スペードの9');
  });
  test('parameters and time', () => {
    expect(translate('en', 'status.removed', { n: 5 })).toBe('5 of 28 removed');
    expect(translate('ja', 'status.pass', { n: 2, m: 3 })).toBe('2/3 巡目');
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(61_500)).toBe('1:01');
    expect(formatTime(3_600_000 + 5_000)).toBe('1:00:05');
  });
});
