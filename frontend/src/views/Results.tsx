// The results panel of a finished game: time, moves and the deal's par, the personal best, a
// daily's rank that day, the deal's leaderboard, and the way to watch the game again.
import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api/client';
import { formatTime, type Key, type T } from '../i18n';
import { readPar, type ServerView } from '../model/types';
import { replayPath } from '../state/route';
import { LeaderboardTable } from './Leaderboard';
import { Modal } from './Modal';

export interface ResultsProps {
  view: ServerView;
  t: T;
  api: Api;
  countLabel: Key;
  onNew: () => void;
  onReplay: () => void;
  onViewBoard: () => void;
  onWatch: (id: string) => void;
}

export function ResultsPanel({
  view,
  t,
  api,
  countLabel,
  onNew,
  onReplay,
  onViewBoard,
  onWatch,
}: ResultsProps) {
  const r = view.result;
  const won = view.status === 'won';
  return (
    <Modal
      title={won ? t('won.title') : t('resigned.title')}
      onClose={onViewBoard}
      closeLabel={t('btn.view_board')}
    >
      <div class="results" data-testid="results">
        <Figures view={view} t={t} countLabel={countLabel} />
        <ParLine view={view} t={t} />
        <DealId id={view.deal_id} t={t} />
        <Best view={view} t={t} />
        <DailyRank api={api} view={view} t={t} />
        <LeaderboardTable api={api} view={view} t={t} withPar={!readPar(r?.par)} />
        <div class="exits">
          <button type="button" class="primary" onClick={onNew} autofocus>
            {t('btn.new')}
          </button>
          <a
            class="button"
            href={replayPath(view.id)}
            data-testid="watch-replay"
            onClick={(e) => {
              e.preventDefault();
              onWatch(view.id);
            }}
          >
            {t('replay.watch')}
          </a>
          <button type="button" onClick={onReplay}>
            {t('btn.replay')}
          </button>
          <button type="button" onClick={onViewBoard}>
            {t('btn.view_board')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Time, moves, undos, hints and the game's count of cards placed. */
function Figures({ view, t, countLabel }: { view: ServerView; t: T; countLabel: Key }) {
  const r = view.result;
  return (
    <dl class="stats">
      <div>
        <dt>{t('won.time')}</dt>
        <dd>{formatTime(r?.elapsed_ms ?? view.elapsed_ms)}</dd>
      </div>
      <div>
        <dt>{t('won.moves')}</dt>
        <dd>{r?.moves ?? view.moves}</dd>
      </div>
      <div>
        <dt>{t('won.undos')}</dt>
        <dd>{r?.undos ?? view.undos}</dd>
      </div>
      <div>
        <dt>{t('won.hints')}</dt>
        <dd>{r?.hints ?? view.hints}</dd>
      </div>
      {r?.removed != null ? (
        <div>
          <dt>{t(countLabel)}</dt>
          <dd>{r.removed}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** "48 moves · par 41" and whether par is proven; only ever for a finished game. */
function ParLine({ view, t }: { view: ServerView; t: T }) {
  const par = view.status !== 'playing' ? readPar(view.result?.par) : null;
  if (!par) return null;
  const moves = view.result?.moves ?? view.moves;
  return (
    <p class="par" data-testid="par">
      <strong>
        {view.status === 'won' ? t('par.line', { moves, par: par.moves }) : t('par.at', { par: par.moves })}
      </strong>{' '}
      <span class="par-note">({t(par.proven ? 'par.note.proven' : 'par.note.found')})</span>
      {view.status === 'won' && moves <= par.moves ? (
        <>
          {' '}
          <strong class="par-hit">{t('par.under')}</strong>
        </>
      ) : null}
    </p>
  );
}

function Best({ view, t }: { view: ServerView; t: T }) {
  const pb = view.result?.personal_best;
  if (view.status !== 'won')
    return pb?.previous != null ? <p class="best">{t('won.best.prev', { n: pb.previous })}</p> : null;
  return (
    <p class="best">
      {pb?.previous == null ? (
        <strong>{t('won.best.first')}</strong>
      ) : (
        <>
          {pb.improved ? <strong>{t('won.best.new')} </strong> : null}
          {t('won.best.prev', { n: pb.previous })}
        </>
      )}
    </p>
  );
}

type Rank = { rank: number; of: number } | 'unranked' | null;

/** A daily game's rank that day (from the day's leaderboard); nothing for other games. */
function DailyRank({ api, view, t }: { api: Api; view: ServerView; t: T }) {
  const [rank, setRank] = useState<Rank>(null);
  useEffect(() => {
    let live = true;
    dailyRank(api, view).then(
      (x) => live && setRank(x),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [view.id, view.status]);
  if (!rank) return null;
  return (
    <p class="dailyrank" data-testid="daily-rank">
      {rank === 'unranked'
        ? t('daily.result.unranked')
        : t('daily.result.rank', { rank: rank.rank, n: rank.of })}
    </p>
  );
}

async function dailyRank(api: Api, view: ServerView): Promise<Rank> {
  if (view.status !== 'won' || !view.daily) return null;
  const date = view.daily;
  const item = await api.dailyOn(view.game, date);
  if (item.deal_id !== view.deal_id || item.ruleset !== view.ruleset) return null;
  const board = await api.dailyLeaderboard(view.game, date);
  const mine = board.entries.find((e) => e.game_id === view.id);
  if (mine) return { rank: mine.rank, of: board.entries.length };
  const result = item.result && 'game_id' in item.result ? item.result : null;
  return result?.game_id === view.id ? 'unranked' : null;
}

export function DealId({ id, t }: { id: string; t: T }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const url = `${location.origin}/play/${id}`;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* clipboard may be refused */
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <p class="dealid">
      {t('won.deal')}: <code data-testid="deal-id">{id}</code>{' '}
      <button type="button" class="small" onClick={copy}>
        {copied ? t('btn.copied') : t('btn.copy')}
      </button>
    </p>
  );
}
