// The rules dialog: one tab per game, each game's page in the player's language, with a link to
// its full rules in the documentation site.
import { useState } from 'preact/hooks';
import type { T } from '../i18n';
import { docsPath } from '../model/paths';
import type { GameName } from '../model/types';
import { Modal } from './Modal';

/** One game's rules page (each game's module holds its own, in both languages). */
export interface RulesPage {
  title: string;
  sections: { heading: string; items: string[] }[];
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
        <p>
          <a class="fullrules" href={docsPath(g)} target="_blank" rel="noopener" data-testid="full-rules">
            {t('rules.full')}
          </a>
        </p>
      </div>
    </Modal>
  );
}
