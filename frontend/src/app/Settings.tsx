// The settings dialog: colour scheme, card size, four-colour deck, left-handed toolbar, motion.
import type { T } from '../i18n';
import { Modal } from '../views/Modal';
import type { Settings } from './settings';

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
