// Leaderboards and personal bests: each entry links to its replay and marks a solver-assisted
// win (icon and words) and a win the fair-play check holds for review (or is still checking); a
// finished game's deal leaderboard shows the deal's par, and says that a numbered deal is open.
import type { JSX } from 'preact';
import type { Best, DailyBoard, Entry, FairPlay, Par } from '../api/client';
import { formatTime, type T } from '../i18n';
import type { DealBoard, Loaded } from '../model/fetched';
import type { GameName, ServerView } from '../model/types';
import { dealPath, replayPath } from '../model/paths';
import { Icon } from './Icon';
import { Modal } from './Modal';

/** "solver-assisted", with its icon; the words are read by screen readers and shown on hover. */
export function Assisted({ t }: { t: T }) {
  return (
    <span class="assisted" title={t('lb.assisted.long')} data-testid="assisted">
      <Icon name="solver" />
      <span class="assisted-text">{t('lb.assisted')}</span>
    </span>
  );
}

/** The fair-play check of a win: "under review" (with what it means, for screen readers as
 *  its description and on hover), "checking" quietly, nothing when `ok` or absent. */
export function FairPlayMark({ fair, t }: { fair: FairPlay | undefined; t: T }) {
  if (fair === 'review')
    return (
      <span class="fairplay review" title={t('lb.review.long')} data-testid="fair-review">
        <span aria-hidden="true">⚑</span> {t('lb.review')}
        <span class="sr-only">: {t('lb.review.long')}</span>
      </span>
    );
  if (fair === 'pending')
    return (
      <span class="fairplay pending" data-testid="fair-pending">
        {t('lb.pending')}
      </span>
    );
  return null;
}

/** Hints, undos, solver assistance and the fair-play check of one win. */
export function Notes({
  row,
  t,
}: {
  row: Pick<Entry, 'hints' | 'undos' | 'solver_assisted' | 'fair_play'>;
  t: T;
}) {
  return (
    <>
      {row.hints || row.undos ? (
        <small class="hu">{t('lb.hints_undos', { h: row.hints, u: row.undos })}</small>
      ) : null}
      {row.solver_assisted ? <Assisted t={t} /> : null}
      <FairPlayMark fair={row.fair_play} t={t} />
    </>
  );
}

function ReplayLink({ id, label }: { id: string | null; label: string }) {
  // No id: another player's win of a ranked deal whose day is still open (its line is theirs).
  if (id === null) return null;
  return (
    <a class="replaylink" href={replayPath(id)} aria-label={label} title={label} data-testid="replay-link">
      <Icon name="play" />
    </a>
  );
}

/** Ranked wins: rank, player, moves, time, notes and a link to each replay. */
export function EntriesTable({ entries, t, mine }: { entries: Entry[]; t: T; mine?: string }) {
  return (
    <div class="tablescroll" tabIndex={0}>
      <table class="entries">
        <thead>
          <tr>
            <th scope="col">{t('lb.rank')}</th>
            <th scope="col">{t('lb.player')}</th>
            <th scope="col">{t('lb.moves')}</th>
            <th scope="col">{t('lb.time')}</th>
            <th scope="col">{t('lb.notes')}</th>
            <th scope="col">{t('lb.replay')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr
              key={`${e.rank}-${e.game_id}`}
              class={e.game_id === mine ? 'me' : ''}
              aria-current={e.game_id === mine ? 'true' : undefined}
            >
              <td>{e.rank}</td>
              <td>{e.player}</td>
              <td>{e.moves}</td>
              <td>{formatTime(e.elapsed_ms)}</td>
              <td>
                <Notes row={e} t={t} />
              </td>
              <td>
                {e.game_id ? (
                  <ReplayLink id={e.game_id} label={t('replay.watch.entry', { player: e.player })} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Par 41 (the proven minimum)". */
export function parText(par: Par, t: T): string {
  return t(par.proven ? 'par.proven' : 'par.found', { par: par.moves });
}

/** The deal's leaderboard; its par only once this game is over (never during play), unless
 *  shown beside it already (`withPar` false: the results panel says it). */
export function LeaderboardTable({
  board,
  view,
  t,
  withPar = true,
}: {
  board: DealBoard | null;
  view: ServerView;
  t: T;
  withPar?: boolean;
}) {
  const entries = board?.entries ?? 'loading';
  const par = withPar && view.status !== 'playing' ? board?.par : null;
  return (
    <section class="leaderboard" aria-label={t('lb.title')} data-testid="leaderboard">
      <h3>
        {t('lb.title')} · {view.deal_id}
      </h3>
      {par ? (
        <p class="par" data-testid="lb-par">
          {parText(par, t)}
        </p>
      ) : null}
      <Loading of={entries} t={t}>
        {(lb) => (
          <>
            {lb.open ? (
              <p class="open-deal" data-testid="lb-open">
                {t('lb.open')}
              </p>
            ) : null}
            {lb.entries.length === 0 ? (
              <p>{t('lb.empty')}</p>
            ) : (
              <EntriesTable entries={lb.entries} t={t} mine={view.id} />
            )}
          </>
        )}
      </Loading>
    </section>
  );
}

/** "Loading…", the network error, or what `children` makes of the data. */
export function Loading<X>({ of, t, children }: { of: Loaded<X>; t: T; children: (x: X) => JSX.Element }) {
  if (of === null || of === 'loading') return <p>{t('loading')}</p>;
  if (of === 'error') return <p>{t('error.network')}</p>;
  return children(of);
}

export function LeaderboardDialog({
  t,
  board,
  view,
  onClose,
}: {
  t: T;
  board: DealBoard | null;
  view: ServerView;
  onClose: () => void;
}) {
  return (
    <Modal title={t('lb.title')} onClose={onClose} closeLabel={t('btn.close')}>
      <LeaderboardTable board={board} view={view} t={t} />
    </Modal>
  );
}

/** A day's daily leaderboard (games started as that day's daily and won that day). */
export function DailyBoardDialog({
  t,
  board,
  game,
  date,
  onWatch,
  onClose,
}: {
  t: T;
  board: Loaded<DailyBoard>;
  game: GameName;
  date: string;
  onWatch: (id: string) => void;
  onClose: () => void;
}) {
  const name = t(`${game}.name`);
  const deal = board && board !== 'loading' && board !== 'error' ? ` · ${board.deal_id}` : '';
  return (
    <Modal title={`${t('daily.lb')} · ${name}`} onClose={onClose} closeLabel={t('btn.close')}>
      <section class="leaderboard" data-testid="daily-leaderboard" onClick={(e) => watchClick(e, onWatch)}>
        <p class="daily-date-dark">
          {t('daily.date', { date })}
          {deal}
        </p>
        <Loading of={board} t={t}>
          {(b) =>
            b.entries.length === 0 ? <p>{t('daily.lb.empty')}</p> : <EntriesTable entries={b.entries} t={t} />
          }
        </Loading>
      </section>
    </Modal>
  );
}

/** A replay link inside a dialog opens the viewer in the app (no page load). */
function watchClick(e: MouseEvent, onWatch: (id: string) => void): void {
  const a = (e.target as HTMLElement | null)?.closest?.('a.replaylink');
  const id = a?.getAttribute('href')?.split('/').pop();
  if (!id) return;
  e.preventDefault();
  onWatch(id);
}

export function BestsDialog({ t, bests, onClose }: { t: T; bests: Loaded<Best[]>; onClose: () => void }) {
  return (
    <Modal title={t('bests.title')} onClose={onClose} closeLabel={t('btn.close')}>
      <BestsTable t={t} bests={bests} />
    </Modal>
  );
}

export function BestsTable({ t, bests }: { t: T; bests: Loaded<Best[]> }) {
  if (bests === null || bests === 'loading') return <p>{t('loading')}</p>;
  const items = bests === 'error' ? [] : bests;
  if (items.length === 0) return <p>{t('bests.empty')}</p>;
  return (
    <table class="bests" data-testid="bests">
      <thead>
        <tr>
          <th scope="col">{t('won.deal')}</th>
          <th scope="col">{t('lb.moves')}</th>
          <th scope="col">{t('lb.time')}</th>
          <th scope="col">{t('lb.notes')}</th>
          <th scope="col">{t('lb.replay')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((b) => (
          <tr key={`${b.deal_id}-${b.ruleset}`}>
            <td>
              <a href={dealPath(b.deal_id)}>{b.deal_id}</a> <small>{b.ruleset}</small>
            </td>
            <td>{b.moves}</td>
            <td>{formatTime(b.elapsed_ms)}</td>
            <td>
              <Notes row={b} t={t} />
            </td>
            <td>
              <ReplayLink id={b.game_id} label={t('replay.watch.best', { deal: b.deal_id })} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
