import { useEffect, useState } from 'preact/hooks';
import { formatTime, type Key, type T } from '../i18n';
import type { ServerView } from '../model/types';
import type { Controller } from './controller';
import type { UiState } from './state';

export function Header({ ctl, s, t }: { ctl: Controller; s: UiState; t: T }) {
  const view = s.view;
  return (
    <header class="topbar">
      <a class="brand" href="/" onClick={(e) => { e.preventDefault(); ctl.dialog('new'); }}>
        <span aria-hidden="true">♠♥</span> {t('app.title')}
      </a>
      {view ? (
        <div class="gameinfo">
          <strong>{t(`game.${view.game}` as Key)}</strong>
          <span class="dealtag" data-testid="deal-tag">{view.deal_id}</span>
          <Clock view={view} receivedAt={s.receivedAt} label={t('a11y.clock')} />
          <span class="moves">{t('status.moves', { n: view.moves })}</span>
        </div>
      ) : <div class="gameinfo" />}
      <nav class="meta">
        {view ? <button type="button" class="link" onClick={() => ctl.dialog('leaderboard')}>{t('btn.leaderboard')}</button> : null}
        <button type="button" class="link" onClick={() => ctl.dialog('bests')}>{t('btn.bests')}</button>
        <button type="button" class="link lang" onClick={() => ctl.switchLang()} aria-label={t('btn.lang.label')} lang={s.lang === 'en' ? 'ja' : 'en'}>{t('btn.lang')}</button>
      </nav>
    </header>
  );
}

export function Clock({ view, receivedAt, label }: { view: ServerView; receivedAt: number; label: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!view.clock_running || view.status !== 'playing') return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [view.clock_running, view.status, receivedAt]);
  const ms = view.elapsed_ms + (view.clock_running && view.status === 'playing' ? Date.now() - receivedAt : 0);
  return <span class="clock" role="timer" aria-label={label} data-testid="clock">{formatTime(ms)}</span>;
}
