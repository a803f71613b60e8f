// The rules dialog: one tab per game, each game's page in the player's language, how many of its
// deals can be won, and a link to its full rules in the documentation site.
import { useState } from 'preact/hooks';
import type { Key, T } from '../i18n';
import { docsPath } from '../model/paths';
import type { GameName } from '../model/types';
import { winnabilityOf } from '../model/winnability';
import { Modal } from './Modal';

/** One game's rules page (each game's module holds its own, in both languages). */
export interface RulesPage {
  title: string;
  sections: { heading: string; items: string[] }[];
}

/** The widest interval whose midpoint the rules page gives as "about". */
const WIDE = 0.2;

/** Whole percents, or tenths where whole ones would make the interval a single number. */
const percents = (shares: number[], tenths: boolean): string[] =>
  shares.map((x) => String(Number((100 * x).toFixed(tenths ? 1 : 0))));

/** One sentence per ruleset of `game` (the ruleset named when the game has several): "About 68 % of
 * deals can be won (deals 1–1,000, 95 % interval 65–71 %)". */
export function winnableLines(t: T, game: GameName): string[] {
  const rows = winnabilityOf(game);
  return rows.map((w) => {
    const [first, last] = w.deals.split('-').map((n) => Number(n).toLocaleString('en-US'));
    const [low, high] = w.interval95;
    const [pct, lo, hi] = percents([w.estimate, low, high], Math.round(100 * low) === Math.round(100 * high));
    const params = {
      pct: pct!,
      first: first!,
      last: last!,
      low: lo!,
      high: hi!,
      ruleset: t(`rules.ruleset.${game}.${w.ruleset}` as Key),
    };
    // An interval wider than 20 points gives no "about": only its low end is worth saying.
    const wide = high - low > WIDE;
    if (rows.length > 1) return t(wide ? 'rules.winnable.least.of' : 'rules.winnable.of', params);
    return t(wide ? 'rules.winnable.least' : 'rules.winnable', params);
  });
}

function Winnable({ t, game }: { t: T; game: GameName }) {
  const lines = winnableLines(t, game);
  if (lines.length === 0) return null;
  return (
    <section data-testid="winnable">
      <h3>{t('rules.winnable.heading')}</h3>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

export function RulesDialog({
  t,
  games,
  game,
  pageOf,
  onClose,
}: {
  t: T;
  games: readonly GameName[];
  game: GameName;
  pageOf: (g: GameName) => RulesPage;
  onClose: () => void;
}) {
  const [g, setG] = useState<GameName>(game);
  const page = pageOf(g);
  return (
    <Modal title={`${t('btn.rules')}: ${page.title}`} onClose={onClose} closeLabel={t('btn.close')} wide>
      <div class="tabs" role="tablist">
        {games.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={x === g}
            class={x === g ? 'on' : ''}
            onClick={() => setG(x)}
          >
            {t(`${x}.name`)}
          </button>
        ))}
      </div>
      <div class="rules" data-testid="rules" role="tabpanel">
        {page.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            <ul>
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
        ))}
        <Winnable t={t} game={g} />
        <p>
          <a class="fullrules" href={docsPath(g)} target="_blank" rel="noopener" data-testid="full-rules">
            {t('rules.full')}
          </a>
        </p>
      </div>
    </Modal>
  );
}
