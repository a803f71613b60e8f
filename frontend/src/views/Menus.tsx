// The game menu and the statistics it opens (with personal bests).
import type { Best, GameStats, Player } from '../api/client';
import type { Key, Lang, T } from '../i18n';
import type { Loaded } from '../model/fetched';
import type { GameName } from '../model/types';
import { BestsTable, Loading } from './Leaderboard';
import { Modal } from './Modal';

export type MenuItem =
  | 'new'
  | 'restart'
  | 'undo_all'
  | 'stats'
  | 'bests'
  | 'leaderboard'
  | 'rules'
  | 'settings'
  | 'devices'
  | 'record'
  | 'lang';

export function MenuDialog({
  t,
  lang,
  inGame,
  canUndo,
  onPick,
  onClose,
}: {
  t: T;
  lang: Lang;
  inGame: boolean;
  canUndo: boolean;
  onPick: (m: MenuItem) => void;
  onClose: () => void;
}) {
  const items: [MenuItem, Key, boolean][] = [
    ['new', 'btn.new', true],
    ['restart', 'menu.restart', inGame],
    ['undo_all', 'menu.undo_all', inGame && canUndo],
    ['stats', 'menu.stats', true],
    ['bests', 'btn.bests', true],
    ['leaderboard', 'btn.leaderboard', inGame],
    ['rules', 'btn.rules', true],
    ['settings', 'menu.settings', true],
    ['devices', 'menu.account', true],
    ['record', 'menu.record', true],
  ];
  return (
    <Modal title={t('btn.menu')} onClose={onClose} closeLabel={t('btn.close')}>
      <ul class="menu" data-testid="menu">
        {items
          .filter(([, , show]) => show)
          .map(([id, key]) => (
            <li key={id}>
              <button type="button" class="menu-item" onClick={() => onPick(id)}>
                {t(key)}
              </button>
            </li>
          ))}
        <li>
          <button
            type="button"
            class="menu-item"
            lang={lang === 'en' ? 'ja' : 'en'}
            onClick={() => onPick('lang')}
          >
            {t('btn.lang')}
          </button>
        </li>
      </ul>
    </Modal>
  );
}

export function StatsDialog({
  t,
  games,
  me,
  bests,
  onClose,
}: {
  t: T;
  games: readonly GameName[];
  me: Loaded<Player>;
  bests: Loaded<Best[]>;
  onClose: () => void;
}) {
  return (
    <Modal title={t('menu.stats')} onClose={onClose} closeLabel={t('btn.close')} wide>
      <Loading of={me} t={t}>
        {(p) => <StatsTable t={t} games={games} player={p} />}
      </Loading>
      <h3>{t('bests.title')}</h3>
      <BestsTable t={t} bests={bests} />
    </Modal>
  );
}

/** One column per game, one row per figure: three games fit a phone's width, where eight
 *  columns of figures did not. A game never played has no win rate yet ("–", not 0%). */
function StatsTable({ t, games, player }: { t: T; games: readonly GameName[]; player: Player }) {
  const rows: [Key, (st: GameStats | undefined) => string][] = [
    ['stats.played', (st) => String(st?.played ?? 0)],
    ['stats.won', (st) => String(st?.won ?? 0)],
    ['stats.rate', (st) => (st?.played ? `${Math.round(st.win_rate * 100)}%` : '–')],
    ['stats.streak', (st) => String(st?.current_streak ?? 0)],
    ['stats.best_streak', (st) => String(st?.best_streak ?? 0)],
    ['stats.daily_streak', (st) => String(st?.daily_streak ?? 0)],
    ['stats.best_daily_streak', (st) => String(st?.best_daily_streak ?? 0)],
  ];
  return (
    <table class="statsgrid" data-testid="stats">
      <thead>
        <tr>
          <td />
          {games.map((g) => (
            <th scope="col" key={g}>
              {t(`${g}.name`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, figure]) => (
          <tr key={label}>
            <th scope="row">{t(label)}</th>
            {games.map((g) => (
              <td key={g} data-game={g}>
                {figure(player.stats[g])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
