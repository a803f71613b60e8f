import type { Lang, T } from '../i18n';
import type { GameView } from '../model/types';
import type { Selection, Target } from '../state/select';

/** What every per-game renderer receives: the view, the headless UI state, and one input. */
export interface BoardProps<V extends GameView = GameView> {
  view: V;
  sel: Selection | null;
  targets: Target[];
  lang: Lang;
  t: T;
  onTap: (loc: string) => void;
  /** places of the hinted move */
  hinted: string[];
}

export function targetInfo(targets: Target[], loc: string): { target: boolean; recommended: boolean } {
  const hits = targets.filter((x) => x.loc === loc);
  return { target: hits.length > 0, recommended: hits.some((x) => x.recommended) };
}

export function labelWith(t: T, base: string, flags: { selected?: boolean; target?: boolean; covered?: boolean }): string {
  const extra = [
    flags.covered ? t('a11y.covered') : null,
    flags.selected ? t('a11y.selected') : null,
    flags.target ? t('a11y.target') : null,
  ].filter(Boolean);
  return extra.length ? `${base}, ${extra.join(', ')}` : base;
}
