// The game menu and the screens it opens: statistics (with personal bests) and settings.
import { useEffect, useState } from 'preact/hooks';
import type { Api, Player } from '../api/client';
import type { Key, Lang, T } from '../i18n';
import { GAME_NAMES } from '../model/types';
import type { Settings } from '../app/settings';
import { Modal } from './Modal';
import { BestsTable } from './Leaderboard';

export type MenuItem =
  'new' | 'restart' | 'undo_all' | 'stats' | 'bests' | 'leaderboard' | 'rules' | 'settings' | 'lang';

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

export function StatsDialog({ t, api, onClose }: { t: T; api: Api; onClose: () => void }) {
  const [me, setMe] = useState<Player | null | 'error'>(null);
  useEffect(() => {
    api.me().then(setMe, () => setMe('error'));
  }, []);
  return (
    <Modal title={t('menu.stats')} onClose={onClose} closeLabel={t('btn.close')} wide>
      {me === null ? (
        <p>{t('loading')}</p>
      ) : me === 'error' ? (
        <p>{t('error.network')}</p>
      ) : (
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
            {GAME_NAMES.map((g) => {
              const st = me.stats[g];
              return (
                <tr key={g}>
                  <th scope="row">{t(`game.${g}` as Key)}</th>
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
      )}
      <h3>{t('bests.title')}</h3>
      <BestsTable t={t} api={api} />
    </Modal>
  );
}

export function SettingsDialog({
  t,
  settings,
  onChange,
  onClose,
}: {
  t: T;
  settings: Settings;
  onChange: (s: Settings) => void;
  onClose: () => void;
}) {
  const set = (patch: Partial<Settings>) => onChange({ ...settings, ...patch });
  return (
    <Modal title={t('menu.settings')} onClose={onClose} closeLabel={t('btn.close')}>
      <form class="newgame settings" onSubmit={(e) => e.preventDefault()}>
        <ThemeChoice t={t} theme={settings.theme} onPick={(theme) => set({ theme })} />
        <label class="opt">
          <span>{t('set.size')}</span>
          <select
            name="size"
            value={settings.cardSize}
            onChange={(e) => set({ cardSize: (e.target as HTMLSelectElement).value as Settings['cardSize'] })}
          >
            {(['s', 'm', 'l'] as const).map((x) => (
              <option key={x} value={x}>
                {t(`set.size.${x}`)}
              </option>
            ))}
          </select>
        </label>
        <Switch
          label={t('set.four')}
          on={settings.fourColour}
          onChange={(fourColour) => set({ fourColour })}
        />
        <Switch
          label={t('set.left')}
          on={settings.leftHanded}
          onChange={(leftHanded) => set({ leftHanded })}
        />
        <Switch label={t('set.motion')} on={settings.motion} onChange={(motion) => set({ motion })} />
      </form>
    </Modal>
  );
}

function ThemeChoice({
  t,
  theme,
  onPick,
}: {
  t: T;
  theme: Settings['theme'];
  onPick: (x: Settings['theme']) => void;
}) {
  return (
    <fieldset class="choice">
      <legend>{t('set.theme')}</legend>
      {(['system', 'light', 'dark'] as const).map((x) => (
        <label key={x} class="opt check">
          <input type="radio" name="theme" checked={theme === x} onChange={() => onPick(x)} />{' '}
          <span>{t(`set.theme.${x}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Switch({ label, on, onChange }: { label: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="opt check">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
      />{' '}
      <span>{label}</span>
    </label>
  );
}
