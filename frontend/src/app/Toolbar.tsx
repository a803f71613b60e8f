import { moduleOf } from '../games';
import type { T } from '../i18n';
import { isPaused } from '../model/types';
import { Icon } from '../views/Icon';
import type { Controller } from './controller';
import type { UiState } from './state';

export function Toolbar({ ctl, s, t }: { ctl: Controller; s: UiState; t: T }) {
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const hinted = s.hint?.move?.type ?? null;
  const piles = view ? moduleOf(view).pileActions(view) : [];
  return (
    <footer class="toolbar" role="toolbar" aria-label={t('a11y.actions')}>
      <button type="button" class="tool" onClick={() => ctl.undo()} aria-keyshortcuts="U"><Icon name="undo" /> {t('btn.undo')}</button>
      <button type="button" class="tool" onClick={() => ctl.askHint()} aria-keyshortcuts="H"><Icon name="hint" /> {t('btn.hint')}</button>
      {piles.map((p) => (
        <button type="button" key={p.move.type}
          class={`tool${p.accent ? ' accent' : ''}${p.pulse ? ' pulse' : ''}${hinted === p.move.type ? ' hinted' : ''}`}
          onClick={() => view?.status === 'playing' && ctl.submit(p.move)} aria-keyshortcuts={p.key} data-action={p.move.type}>
          <Icon name={p.icon} /> {t(p.label)}
        </button>
      ))}
      <button type="button" class="tool" onClick={() => ctl.dialog('new')} aria-keyshortcuts="N"><Icon name="new" /> {t('btn.new')}</button>
      <button type="button" class="tool" onClick={() => ctl.dialog('rules')}><Icon name="rules" /> {t('btn.rules')}</button>
    </footer>
  );
}
