// Translation: t(key, params), the player's language from navigator.language or storage, card
// names for screen readers, and refusal reasons localised by their machine code. The shell's
// strings are in `strings.ts`; each game's own strings (keys `<game>.…`) come with its module,
// and the translator the shell hands out (`translatorFor` in src/games) knows them all.
import { face } from '../model/cards';
import type { Card, GameName } from '../model/types';
import { en, ja, type Key, type Lang } from './strings';

export type { Key, Lang };
const TABLES: Record<Lang, Record<Key, string>> = { en, ja };
const LANG_KEY = 'patience.lang';

/** A key of a game's own strings, `<game>.name`, `<game>.say.…`, … (named by the game's folder). */
export type GameKey = `${GameName}.${string}`;

/** A game module's strings in both languages (Japanese may lack a key: English stands in). */
export interface Strings {
  en: Readonly<Record<GameKey, string>>;
  ja: Readonly<Record<GameKey, string>>;
}

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

/** A missing key reads as itself (so `known` can tell). */
export type T = (key: Key | GameKey, params?: Params) => string;

/** `{n}` is the parameter; `{n:card|cards}` the word that agrees with it (one, else many). */
const fill = (text: string, params: Params): string =>
  text.replace(/\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (whole, k: string, one?: string, many?: string) => {
    if (!(k in params)) return whole;
    if (one === undefined) return String(params[k]);
    return Number(params[k]) === 1 ? one : many!;
  });

/** A shell string (the games' strings need `translator` with their tables). */
export function translate(lang: Lang, key: Key, params: Params = {}): string {
  return fill(TABLES[lang][key] ?? en[key] ?? key, params);
}

/** The translator of `lang` over the shell's strings and `games`' own. */
export function translator(lang: Lang, games: readonly Strings[] = []): T {
  const table: Record<string, string> = Object.assign({}, en, ...games.map((g) => g.en));
  if (lang !== 'en') Object.assign(table, TABLES[lang], ...games.map((g) => g[lang]));
  return (key, params = {}) => fill(table[key] ?? key, params);
}

/** Whether `t` has a string for `key`. */
export const known = (t: T, key: Key | GameKey): boolean => t(key) !== key;

/** "queen of hearts" / "ハートのQ" */
export function cardName(lang: Lang, card: Card): string {
  const f = face(card);
  return translate(lang, 'card.of', {
    rank: translate(lang, `rank.${f.rank}` as Key),
    suit: translate(lang, `suit.${f.suit}` as Key),
  });
}

/** The refusal shown to the player: localised by `reason` (the game's own words first), else
 *  the server's message. */
export function reasonText(
  t: T,
  game: GameName | null,
  reason: string,
  message = '',
  params: Params = {},
): string {
  const name = reason === 'too_many_cards' && params.max === 1 ? 'too_many_cards1' : reason;
  const keys: (Key | GameKey)[] = [`reason.${name}` as Key];
  if (game) keys.unshift(`${game}.reason.${name}`);
  const key = keys.find((k) => known(t, k));
  if (key) return t(key, params);
  return message || t('error.generic', { reason });
}

/** A UTC date (YYYY-MM-DD) in words: "Saturday, 5 December" (`long`) or "5 Dec" (`short`). */
export function dateInWords(lang: Lang, date: string, style: 'long' | 'short' = 'long'): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const opts: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', opts).format(at);
}

export function formatTime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
