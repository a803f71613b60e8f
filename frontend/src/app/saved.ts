// What the browser remembers between visits (localStorage; private mode just forgets): each
// game's last options and the last game shown.
import type { GameName, Options } from '../model/types';

const LAST_GAME = 'patience.lastGame';
const optionsKey = (g: GameName) => `patience.options.${g}`;

export function storedOptions(g: GameName): Options {
  try {
    return JSON.parse(localStorage.getItem(optionsKey(g)) ?? '{}') as Options;
  } catch {
    return {};
  }
}

export function saveOptions(g: GameName, options: Options): void {
  try {
    localStorage.setItem(optionsKey(g), JSON.stringify(options));
  } catch {
    /* private mode */
  }
}

export function lastGame(): string | null {
  try {
    return localStorage.getItem(LAST_GAME);
  } catch {
    return null;
  }
}

export function rememberGame(id: string): void {
  try {
    localStorage.setItem(LAST_GAME, id);
  } catch {
    /* private mode */
  }
}
