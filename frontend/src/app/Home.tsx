import { gameModule } from '../games';
import type { Key, T } from '../i18n';
import { GAME_NAMES, type GameName } from '../model/types';
import { gamePath } from '../state/route';
import { lastGame } from './controller';

export function Home({ t, fatal, ready, onPick }: { t: T; fatal: string | null; ready: boolean; onPick: (g: GameName) => void }) {
  const last = lastGame();
  return (
    <section class="home">
      {fatal ? <p class="warn" role="alert">{fatal}</p> : null}
      <h1>{t('home.title')}</h1>
      <p class="blurb">{t('home.blurb')}</p>
      <div class="tiles">
        {GAME_NAMES.map((g) => (
          <button type="button" key={g} class={`tile tile-${g}`} onClick={() => onPick(g)} disabled={!ready}>
            <span class="tile-art" aria-hidden="true">{gameModule(g).art}</span>
            <span class="tile-name">{t(`game.${g}` as Key)}</span>
          </button>
        ))}
      </div>
      {last ? <p><a href={gamePath(last)}>{t('btn.continue')}</a></p> : null}
    </section>
  );
}
