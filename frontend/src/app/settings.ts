// The player's display settings, kept in localStorage and applied as classes on <html>:
// colour scheme (follows the system unless chosen), four-colour deck, card size, left-handed
// toolbar, motion.
export interface Settings {
  theme: 'system' | 'light' | 'dark';
  fourColour: boolean;
  cardSize: 's' | 'm' | 'l';
  leftHanded: boolean;
  motion: boolean;
}

const KEY = 'patience.settings';
export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  fourColour: false,
  cardSize: 'm',
  leftHanded: false,
  motion: true,
};

export function loadSettings(): Settings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>;
    return { ...DEFAULT_SETTINGS, ...raw };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(s: Settings): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* private mode */
  }
}

/** Whether the table is dark now (the setting, or the system's choice). */
export function isDark(s: Settings, systemDark: boolean): boolean {
  return s.theme === 'dark' || (s.theme === 'system' && systemDark);
}

/** Motion is on unless the setting or the system (prefers-reduced-motion) turns it off. */
export function motionOn(s: Settings, systemReduced: boolean): boolean {
  return s.motion && !systemReduced;
}

export function applySettings(s: Settings, root: HTMLElement = document.documentElement): void {
  const dark = isDark(s, matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.classList.toggle('four-colour', s.fourColour);
  root.classList.toggle('left-handed', s.leftHanded);
  root.classList.toggle('no-motion', !s.motion);
  root.dataset.cards = s.cardSize;
  root.style.colorScheme = dark ? 'dark' : 'light';
}
