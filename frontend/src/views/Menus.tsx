// The game menu and the statistics it opens (with personal bests).
import type { Best, Player } from '../api/client';
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

function StatsTable({ t, games, player }: { t: T; games: readonly GameName[]; player: Player }) {
  return (
    <table class="statsgrid" data-testid="stats">
      <thead>
        <tr>
          <th scope="col">{t('new.game')}</th>
          <th scope="col">{t('stats.played')}</th>
          <th scope="col">{t('stats.won')}</th>
          <th scope="col">{t('stats.rate')}</th>
          <th scope="col">{t('stats.streak')}</th>
          <th scope="col">{t('stats.best_streak')}</th>
          <th scope="col">{t('stats.daily_streak')}</th>
          <th scope="col">{t('stats.best_daily_streak')}</th>
        </tr>
      </thead>
      <tbody>
        {games.map((g) => {
          const st = player.stats[g];
          return (
            <tr key={g}>
              <th scope="row">{t(`${g}.name`)}</th>
              <td>{st?.played ?? 0}</td>
              <td>{st?.won ?? 0}</td>
              <td>{`${Math.round((st?.win_rate ?? 0) * 100)}%`}</td>
              <td>{st?.current_streak ?? 0}</td>
              <td>{st?.best_streak ?? 0}</td>
              <td>{st?.daily_streak ?? 0}</td>
              <td>{st?.best_daily_streak ?? 0}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
