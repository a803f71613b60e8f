// The results panel of a finished game: time, moves and the deal's par, the personal best, a
// daily's rank that day, the deal's leaderboard, and the way to watch the game again.
import { formatTime, type GameKey, type T } from '../i18n';
import type { DailyRank as Rank, DealBoard } from '../model/fetched';
import { readPar, type ServerView } from '../model/types';
import { replayPath } from '../model/paths';
import { DealId } from './DealId';
import { LeaderboardTable } from './Leaderboard';
import { Modal } from './Modal';

export interface ResultsProps {
  view: ServerView;
  t: T;
  board: DealBoard | null;
  dailyRank: Rank | null;
  countLabel: GameKey;
  onNew: () => void;
  onReplay: () => void;
  onViewBoard: () => void;
  onWatch: (id: string) => void;
  /** the game's record (docs/record.md): to the clipboard, or saved as a file */
  onRecord: (how: 'copy' | 'download') => void;
}

export function ResultsPanel({
  view,
  t,
  board,
  dailyRank,
  countLabel,
  onNew,
  onReplay,
  onViewBoard,
  onWatch,
  onRecord,
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
        <DailyRankLine rank={dailyRank} t={t} />
        <LeaderboardTable board={board} view={view} t={t} withPar={!readPar(r?.par)} />
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
        <RecordExits t={t} onRecord={onRecord} />
      </div>
    </Modal>
  );
}

/** The game's record (docs/record.md): copied, or saved as a `.txt` file. */
function RecordExits({ t, onRecord }: Pick<ResultsProps, 't' | 'onRecord'>) {
  return (
    <div class="exits record-exits">
      <button type="button" class="small" onClick={() => onRecord('copy')}>
        {t('record.copy')}
      </button>
      <button type="button" class="small" onClick={() => onRecord('download')}>
        {t('record.download')}
      </button>
    </div>
  );
}

/** Time, moves, undos, hints and the game's count of cards placed. */
function Figures({ view, t, countLabel }: { view: ServerView; t: T; countLabel: GameKey }) {
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

/** A daily game's rank that day; nothing for other games. */
function DailyRankLine({ rank, t }: { rank: Rank | null; t: T }) {
  if (!rank) return null;
  return (
    <p class="dailyrank" data-testid="daily-rank">
      {rank === 'unranked'
        ? t('daily.result.unranked')
        : t('daily.result.rank', { rank: rank.rank, n: rank.of })}
    </p>
  );
}
