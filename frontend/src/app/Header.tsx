// The top bar on one line at every width: home, the game's name (the page's h1), the deal ID
// (tap to copy its link), the clock, the move count, the language and the game menu.
import { useEffect, useState } from 'preact/hooks';
import { dateInWords, formatTime, type T } from '../i18n';
import { isRanked, type ServerView } from '../model/types';
import { dealPath } from '../model/paths';
import { useCommands } from './commands';
import { copyText } from './files';
import type { UiState } from './state';

export function Header({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const view = s.view;
  return (
    <header class="topbar">
      <a
        class="brand"
        href="/"
        aria-label={t('app.title')}
        onClick={(e) => {
          e.preventDefault();
          cmd.goHome();
        }}
      >
        <span class="brand-mark" aria-hidden="true">
          ♠♥
        </span>{' '}
        <span class="brand-name">{t('app.title')}</span>
      </a>
      {view ? <GameInfo s={s} t={t} view={view} /> : <div class="gameinfo" />}
      <div class="meta">
        <button
          type="button"
          class={`link lang${view ? ' in-game' : ''}`}
          onClick={() => cmd.switchLang()}
          lang={s.lang === 'en' ? 'ja' : 'en'}
        >
          {t('btn.lang')}
        </button>
        <button
          type="button"
          class="link menu-btn"
          onClick={() => cmd.openDialog('menu')}
          aria-haspopup="dialog"
          aria-label={t('btn.menu')}
        >
          <span aria-hidden="true">☰</span>
          <span class="menu-word">{t('btn.menu')}</span>
        </button>
      </div>
    </header>
  );
}

/** The game's name, its deal (a daily's day, and whether it is ranked), the clock, the moves. */
function GameInfo({ s, t, view }: { s: UiState; t: T; view: ServerView }) {
  const cmd = useCommands();
  return (
    <div class="gameinfo">
      <h1 class="gamename">{t(`${view.game}.name`)}</h1>
      <DealTag
        id={view.deal_id}
        shown={
          view.daily ? t('header.daily', { date: dateInWords(s.lang, view.daily, 'short') }) : view.deal_id
        }
        t={t}
        onCopied={() => cmd.notify(t('ann.copied'), 'info')}
      />
      {view.daily ? (
        <span class={`rankmark${isRanked(view) ? ' ranked' : ''}`} data-testid="rankmark">
          {isRanked(view) ? t('header.ranked') : t('header.practice')}
        </span>
      ) : null}
      <Clock view={view} receivedAt={s.receivedAt} label={t('a11y.clock')} />
      <span class="moves" data-testid="moves">
        {t('status.moves', { n: view.moves })}
      </span>
    </div>
  );
}

/** The deal, tapped to copy its link: its ID, or for a daily its day in words (a daily's ID is
 *  too long for a phone's header). */
function DealTag({ id, shown, t, onCopied }: { id: string; shown: string; t: T; onCopied: () => void }) {
  const copy = () => {
    void copyText(`${location.origin}${dealPath(id)}`).finally(onCopied);
  };
  return (
    <button
      type="button"
      class="dealtag"
      data-testid="deal-tag"
      onClick={copy}
      aria-label={shown === id ? t('a11y.deal.copy', { id }) : `${shown}: ${t('a11y.deal.copy', { id })}`}
    >
      {shown}
    </button>
  );
}

export function Clock({ view, receivedAt, label }: { view: ServerView; receivedAt: number; label: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!view.clock_running || view.status !== 'playing') return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [view.clock_running, view.status, receivedAt]);
  const ms =
    view.elapsed_ms + (view.clock_running && view.status === 'playing' ? Date.now() - receivedAt : 0);
  return (
    <span class="clock" role="timer" aria-label={label} data-testid="clock">
      {formatTime(ms)}
    </span>
  );
}
