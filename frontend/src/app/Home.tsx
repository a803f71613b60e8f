// The home page: a welcome the first time (else one Continue), each game as a big Play button
// with its picture and, behind "Rules and options", its options (from the server's catalog:
// names, defaults and allowed values, so a new option appears without a client change), then
// today's deals.
import { useState } from 'preact/hooks';
import type { Catalog } from '../api/client';
import { GAME_NAMES, gameModule } from '../games';
import type { GameKey, T } from '../i18n';
import type { GameName, Options } from '../model/types';
import { docsPath, gamePath } from '../model/paths';
import { GamePicture } from '../views/GamePicture';
import { OptionFields } from '../views/Panels';
import { lastGame, storedOptions } from './saved';
import { DailyDeals } from './Daily';
import type { UiState } from './state';

export function Home({
  t,
  s,
  onPlay,
  onWatch,
  onBoard,
}: {
  t: T;
  s: UiState;
  onPlay: (g: GameName, o: Options, daily?: boolean) => void;
  onWatch: (id: string) => void;
  onBoard: (g: GameName) => void;
}) {
  const { fatal, ready, catalog } = s;
  const last = lastGame();
  const daily = typeof s.daily === 'object' ? s.daily : null;
  const dailyInPlay = daily?.items.some((i) => i.result?.game_id === last && i.result.status === 'playing');
  return (
    <section class="home">
      {fatal ? (
        <p class="warn" role="alert" data-testid="home-problem">
          {fatal}
        </p>
      ) : null}
      <Welcome t={t} last={last} dailyInPlay={!!dailyInPlay} />
      <div class="tiles">
        {GAME_NAMES.map((g) => (
          <Tile key={g} game={g} t={t} ready={ready} catalog={catalog} onPlay={onPlay} />
        ))}
      </div>
      <DailyDeals t={t} s={s} onPlay={(g) => onPlay(g, {}, true)} onWatch={onWatch} onBoard={onBoard} />
    </section>
  );
}

/** The first time, a short welcome; after that, the way back to the last game (one Continue:
 *  a daily in progress has its own on its card). */
function Welcome({ t, last, dailyInPlay }: { t: T; last: string | null; dailyInPlay: boolean }) {
  if (!last)
    return (
      <div class="welcome" data-testid="welcome">
        <h1>{t('home.welcome.title')}</h1>
        <p>{t('home.welcome')}</p>
      </div>
    );
  return (
    <>
      <h1>{t('home.title')}</h1>
      {dailyInPlay ? null : (
        <p class="continue">
          <a class="button" href={gamePath(last)} data-testid="continue">
            {t('btn.continue')}
          </a>
        </p>
      )}
    </>
  );
}

/** A game: a big Play button with its picture, and behind "Rules and options" the options in
 *  players' words and the way to its full rules. */
function Tile({
  game,
  t,
  ready,
  catalog,
  onPlay,
}: {
  game: GameName;
  t: T;
  ready: boolean;
  catalog: Catalog | null;
  onPlay: (g: GameName, o: Options) => void;
}) {
  const [opts, setOpts] = useState<Options>(() => storedOptions(game));
  const entry = catalog?.games.find((x) => x.game === game);
  const name = t(`${game}.name`);
  return (
    <section class={`tile tile-${game}`} aria-labelledby={`tile-${game}`}>
      <button type="button" class="play bigplay" onClick={() => onPlay(game, opts)} disabled={!ready}>
        {/* Read as "Play Pyramid": the word first, then the name (drawn the other way round). */}
        <GamePicture sketch={gameModule(game).sketch} />
        <span class="bigplay-word">{t('home.play.word')}</span>{' '}
        <span class="bigplay-name" id={`tile-${game}`}>
          {name}
        </span>
      </button>
      <p class="tile-about">{t(`${game}.about` as GameKey)}</p>
      <details class="tile-more">
        <summary>{t('home.more')}</summary>
        {entry?.options.length ? (
          <form
            class="tile-opts newgame"
            aria-label={t('home.options', { game: name })}
            onSubmit={(e) => {
              e.preventDefault();
              onPlay(game, opts);
            }}
          >
            <OptionFields t={t} game={game} options={entry.options} values={opts} onChange={setOpts} />
          </form>
        ) : null}
        <a class="fullrules" href={docsPath(game)} target="_blank" rel="noopener">
          {t('rules.full')}
        </a>
      </details>
    </section>
  );
}
