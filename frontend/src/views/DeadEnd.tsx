// The dead-end panel: no legal move, or a proof that the position cannot be won. With a proof,
// the worker's last winnable point offers "back to it" (or says that even the start was lost).
import type { RewindPoint } from '../api/client';
import type { Key, T } from '../i18n';
import type { DeadEndKind, Exit } from '../model/play';

const LABEL: Record<Exclude<Exit, 'rewind'>, Key> = {
  undo: 'btn.undo',
  hint: 'btn.hint',
  resign: 'btn.resign_result',
  replay: 'btn.replay',
  new: 'btn.new',
};

export function DeadEndPanel({
  t,
  kind,
  exits,
  rewind,
  onExit,
  onClose,
}: {
  t: T;
  kind: DeadEndKind;
  exits: Exit[];
  rewind: RewindPoint | null | undefined;
  onExit: (e: Exit) => void;
  onClose: () => void;
}) {
  const unwinnable = kind === 'unwinnable';
  const label = (e: Exit): string => {
    if (e !== 'rewind') return t(LABEL[e]);
    const n = rewind?.moves_back ?? 0;
    return n === 1 ? t('rewind.exit1') : t('rewind.exit', { n });
  };
  return (
    <div
      class="deadend"
      role="alertdialog"
      aria-labelledby="deadend-title"
      aria-describedby="deadend-body"
      data-testid="deadend"
      data-kind={kind}
    >
      <div class="deadend-head">
        <h2 id="deadend-title">{unwinnable ? t('unwinnable.title') : t('stuck.title')}</h2>
        <button type="button" class="icon" onClick={onClose} aria-label={t('btn.close')}>
          ✕
        </button>
      </div>
      <p id="deadend-body">{unwinnable ? t('notice.unwinnable') : t('stuck.body')}</p>
      {unwinnable ? <p class="why">{t('unwinnable.why')}</p> : null}
      {rewind === null ? (
        <p class="why" data-testid="rewind-lost">
          {t('rewind.lost')}
        </p>
      ) : null}
      <div class="exits">
        {exits.map((e, i) => (
          <button
            type="button"
            key={e}
            class={i === 0 ? 'primary' : ''}
            data-exit={e}
            onClick={() => onExit(e)}
          >
            {label(e)}
          </button>
        ))}
      </div>
    </div>
  );
}
