// The home page: today's deals first, then each game with its options (from the server's catalog: names, defaults and
// allowed values, so a new option appears without a client change) and a Play button.
import { useState } from 'preact/hooks';
import type { Catalog } from '../api/client';
import { GAME_NAMES, gameModule } from '../games';
import type { T } from '../i18n';
import type { GameName, Options } from '../model/types';
import { gamePath } from '../model/paths';
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
  return (
    <section class="home">
      {fatal ? (
        <p class="warn" role="alert">
          {fatal}
        </p>
      ) : null}
      <h1>{t('home.title')}</h1>
      <p class="blurb">{t('home.blurb')}</p>
      {last ? (
        <p class="continue">
          <a href={gamePath(last)}>{t('btn.continue')}</a>
        </p>
      ) : null}
      <DailyDeals t={t} s={s} onPlay={(g) => onPlay(g, {}, true)} onWatch={onWatch} onBoard={onBoard} />
      <div class="tiles">
        {GAME_NAMES.map((g) => (
          <Tile key={g} game={g} t={t} ready={ready} catalog={catalog} onPlay={onPlay} />
        ))}
      </div>
    </section>
  );
}

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
      <h2 id={`tile-${game}`} class="tile-head">
        <span class="tile-art" aria-hidden="true">
          {gameModule(game).art}
        </span>
        <span class="tile-name">{name}</span>
      </h2>
      <div class="tile-body">
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
      </div>
      <button
        type="button"
        class="primary play"
        onClick={() => onPlay(game, opts)}
        disabled={!ready}
        aria-label={t('home.play', { game: name })}
      >
        {name}
      </button>
    </section>
  );
}
