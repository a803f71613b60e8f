// The game's actions, inside a navigation landmark: undo, hint, the game's pile buttons (a pile
// button that can do nothing now is disabled and says why), new deal, rules.
import { moduleOf } from '../games';
import type { PileAction } from '../games/types';
import type { T } from '../i18n';
import { isPaused } from '../model/types';
import { Icon } from '../views/Icon';
import { useCommands } from './commands';
import type { UiState } from './state';

export function Toolbar({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const hinted = s.hint?.move?.type ?? null;
  const playing = view?.status === 'playing';
  const piles = view ? moduleOf(view).pileActions(view) : [];
  return (
    <nav class="toolbar" aria-label={t('a11y.actions')}>
      <div class="tools" role="toolbar" aria-label={t('a11y.actions')}>
        <button
          type="button"
          class="tool"
          onClick={() => cmd.undo()}
          aria-keyshortcuts="U"
          disabled={!playing || view.moves === 0}
        >
          <Icon name="undo" /> {t('btn.undo')}
        </button>
        <button
          type="button"
          class="tool"
          onClick={() => cmd.hint()}
          aria-keyshortcuts="H"
          disabled={!playing}
        >
          <Icon name="hint" /> {t('btn.hint')}
        </button>
        {view ? null : (
          // the game's pile button will stand here: its place is kept while the game loads
          <span class="tool placeholder" aria-hidden="true">
            <Icon name="draw" /> {'\u00a0'}
          </span>
        )}
        {piles.map((p) => (
          <PileButton
            key={p.move.type}
            p={p}
            t={t}
            hinted={hinted === p.move.type}
            playing={playing}
            onPress={() => cmd.pile(p)}
          />
        ))}
        <button type="button" class="tool" onClick={() => cmd.openDialog('new')} aria-keyshortcuts="N">
          <Icon name="new" /> {t('btn.new')}
        </button>
        <button type="button" class="tool" onClick={() => cmd.openDialog('rules')}>
          <Icon name="rules" /> {t('btn.rules')}
        </button>
      </div>
    </nav>
  );
}

function PileButton({
  p,
  t,
  hinted,
  playing,
  onPress,
}: {
  p: PileAction;
  t: T;
  hinted: boolean;
  playing: boolean;
  onPress: () => void;
}) {
  const off = !!p.disabled || !playing;
  const why = p.disabled ? `why-${p.move.type}` : undefined;
  const cls = [
    'tool',
    p.accent && !off && 'accent',
    p.pulse && !off && 'pulse',
    hinted && 'hinted',
    off && 'off',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      class={cls}
      onClick={onPress}
      aria-keyshortcuts={p.key}
      data-action={p.move.type}
      aria-disabled={off ? 'true' : undefined}
      aria-describedby={why}
    >
      <Icon name={p.icon} /> {t(p.label)}
      {p.disabled ? (
        <span class="why" id={why}>
          {t(p.disabled)}
        </span>
      ) : null}
    </button>
  );
}
