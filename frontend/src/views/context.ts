import type { T } from '../i18n';

/** A place's spoken name with its state: "queen of hearts, covered, target". */
export function labelWith(
  t: T,
  base: string,
  flags: { selected?: boolean; target?: boolean; covered?: boolean },
): string {
  const extra = [
    flags.covered ? t('a11y.covered') : null,
    flags.selected ? t('a11y.selected') : null,
    flags.target ? t('a11y.target') : null,
  ].filter(Boolean);
  return extra.length ? `${base}, ${extra.join(', ')}` : base;
}
