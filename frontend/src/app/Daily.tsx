// "Today's deals" on the home page: one card per game from GET /daily, each with the player's
// result so far (or daily streak) and the way to play, continue, or watch it.
import type { DailyItem, DailyResult, GameStats } from '../api/client';
import { GAME_NAMES, gameModule } from '../games';
import { dateInWords, formatTime, type T } from '../i18n';
import type { GameName } from '../model/types';
import { gamePath, replayPath } from '../model/paths';
import type { UiState } from './state';

export interface DailyProps {
  t: T;
  s: UiState;
  onPlay: (game: GameName) => void;
  onWatch: (id: string) => void;
  onBoard: (game: GameName) => void;
}

export function DailyDeals({ t, s, onPlay, onWatch, onBoard }: DailyProps) {
  const daily = typeof s.daily === 'object' ? s.daily : null;
  const failed = s.daily === 'error';
  return (
    <section class="daily" aria-labelledby="daily-title" data-testid="daily">
      <h2 id="daily-title">{t('daily.title')}</h2>
      <p class="daily-date" data-testid="daily-date">
        {daily ? t('daily.date', { date: dateInWords(s.lang, daily.date) }) : '\u00a0'}
      </p>
      {failed ? <p>{t('daily.unavailable')}</p> : null}
      {daily ? (
        <ul class="daily-cards">
          {daily.items.map((item) => {
            const game = GAME_NAMES.find((g) => g === item.game);
            return game ? (
              <Card
                key={game}
                game={game}
                item={item}
                stats={s.stats?.[game]}
                t={t}
                ready={s.ready}
                onPlay={onPlay}
                onWatch={onWatch}
                onBoard={onBoard}
              />
            ) : null;
          })}
        </ul>
      ) : failed ? null : (
        <ul class="daily-cards" aria-busy="true">
          {GAME_NAMES.map((game) => (
            <Waiting key={game} game={game} t={t} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A day's card while today's deals are on their way: the same places, so nothing moves. */
function Waiting({ game, t }: { game: GameName; t: T }) {
  const name = t(`${game}.name`);
  return (
    <li class={`daily-card tile-${game}`} data-game={game}>
      <h3 class="tile-head">
        <span class="tile-art" aria-hidden="true">
          {gameModule(game).art}
        </span>
        <span class="tile-name">{name}</span>
      </h3>
      <p class="daily-deal waiting" aria-hidden="true">
        <span class="linklike">{t('daily.lb')}</span>
      </p>
      <p class="daily-status">{t('loading')}</p>
      <div class="daily-actions">
        <button type="button" class="primary" disabled aria-label={t('daily.play', { game: name })}>
          <span class="full">{t('daily.play', { game: name })}</span>
          <span class="short">{t('daily.play.short')}</span>
        </button>
      </div>
    </li>
  );
}

function resultOf(item: DailyItem): DailyResult | null {
  const r = item.result;
  return r && typeof r.game_id === 'string'
    ? { game_id: r.game_id, status: r.status, moves: r.moves, elapsed_ms: r.elapsed_ms, rank: r.rank }
    : null;
}

function Card({
  game,
  item,
  stats,
  t,
  ready,
  onPlay,
  onWatch,
  onBoard,
}: {
  game: GameName;
  item: DailyItem;
  stats: GameStats | undefined;
  t: T;
  ready: boolean;
  onPlay: (game: GameName) => void;
  onWatch: (id: string) => void;
  onBoard: (game: GameName) => void;
}) {
  const name = t(`${game}.name`);
  const result = resultOf(item);
  const streak = item.streak ?? stats?.daily_streak ?? 0;
  const best = Math.max(stats?.best_daily_streak ?? 0, streak);
  return (
    <li class={`daily-card tile-${game}`} data-game={game} data-testid={`daily-${game}`}>
      <h3 class="tile-head">
        <span class="tile-art" aria-hidden="true">
          {gameModule(game).art}
        </span>
        <span class="tile-name">{name}</span>
      </h3>
      <p class="daily-deal">
        <button
          type="button"
          class="linklike"
          onClick={() => onBoard(game)}
          aria-label={t('daily.lb.of', { game: name })}
        >
          {t('daily.lb')}
        </button>
      </p>
      <Status result={result} streak={streak} best={best} t={t} />
      <Actions
        game={game}
        name={name}
        result={result}
        t={t}
        ready={ready}
        onPlay={onPlay}
        onWatch={onWatch}
      />
    </li>
  );
}

/** The player's result today, and the daily streak. */
function Status({
  result,
  streak,
  best,
  t,
}: {
  result: DailyResult | null;
  streak: number;
  best: number;
  t: T;
}) {
  return (
    <>
      <p class="daily-status" data-testid="daily-status">
        {result ? (
          <ResultLine r={result} t={t} />
        ) : streak > 0 ? (
          t('daily.streak', { n: streak, best })
        ) : (
          t('daily.streak.none')
        )}
      </p>
      {result && streak > 0 ? <p class="daily-streak">{t('daily.streak', { n: streak, best })}</p> : null}
    </>
  );
}

/** Play today's deal, continue it, or play it again and watch the replay. */
function Actions({
  game,
  name,
  result,
  t,
  ready,
  onPlay,
  onWatch,
}: {
  game: GameName;
  name: string;
  result: DailyResult | null;
  t: T;
  ready: boolean;
  onPlay: (game: GameName) => void;
  onWatch: (id: string) => void;
}) {
  if (result?.status === 'playing') {
    return (
      <div class="daily-actions">
        <a class="button primary" href={gamePath(result.game_id)}>
          {t('daily.continue')}
        </a>
      </div>
    );
  }
  return (
    <div class="daily-actions">
      <button
        type="button"
        class={result ? '' : 'primary'}
        disabled={!ready}
        onClick={() => onPlay(game)}
        aria-label={result ? undefined : t('daily.play', { game: name })}
      >
        {result ? (
          t('daily.again')
        ) : (
          <>
            <span class="full">{t('daily.play', { game: name })}</span>
            <span class="short">{t('daily.play.short')}</span>
          </>
        )}
      </button>
      {result ? (
        <a
          class="button"
          href={replayPath(result.game_id)}
          onClick={(e) => {
            e.preventDefault();
            onWatch(result.game_id);
          }}
        >
          {t('replay.watch')}
        </a>
      ) : null}
    </div>
  );
}

function ResultLine({ r, t }: { r: DailyResult; t: T }) {
  if (r.status === 'playing') return <>{t('daily.playing', { moves: r.moves })}</>;
  if (r.status !== 'won') return <>{t('daily.resigned')}</>;
  return (
    <>
      <strong>{t('daily.won', { moves: r.moves, time: formatTime(r.elapsed_ms) })}</strong>
      {typeof r.rank === 'number' ? <> · {t('daily.rank', { rank: r.rank })}</> : null}
    </>
  );
}
