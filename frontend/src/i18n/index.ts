// Translation: t(key, params), the player's language from navigator.language or storage,
// card names for screen readers, and refusal reasons localised by their machine code.
import { face } from '../model/cards';
import type { Card } from '../model/types';
import { en, ja, type Key, type Lang } from './strings';

export type { Key, Lang };
const TABLES: Record<Lang, Record<Key, string>> = { en, ja };
const LANG_KEY = 'patience.lang';

export function detectLang(stored: string | null, navigatorLanguage: string | undefined): Lang {
  if (stored === 'en' || stored === 'ja') return stored;
  return (navigatorLanguage ?? '').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function loadLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANG_KEY);
  } catch {
    /* private mode */
  }
  return detectLang(stored, typeof navigator === 'undefined' ? undefined : navigator.language);
}

export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* ignore */
  }
}

export type Params = Record<string, string | number>;

export function translate(lang: Lang, key: Key, params: Params = {}): string {
  const text = TABLES[lang][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

export type T = (key: Key, params?: Params) => string;
export const translator =
  (lang: Lang): T =>
  (key, params) =>
    translate(lang, key, params);

/** "queen of hearts" / "ハートのQ" */
export function cardName(lang: Lang, card: Card): string {
  const f = face(card);
  return translate(lang, 'card.of', {
    rank: translate(lang, `rank.${f.rank}` as Key),
    suit: translate(lang, `suit.${f.suit}` as Key),
  });
}

/** The refusal shown to the player: localised by `reason`, else the server's message. */
export function reasonText(lang: Lang, reason: string, message = '', params: Params = {}): string {
  const key = (
    reason === 'too_many_cards' && params.max === 1 ? 'reason.too_many_cards1' : `reason.${reason}`
  ) as Key;
  if (key in en) return translate(lang, key, params);
  return message || translate(lang, 'error.generic', { reason });
}

export function formatTime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
