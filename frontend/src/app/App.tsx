// The shell's view: header, the table with the game's own board, the toolbar, and the panels
// around it. It renders one state object (`Controller.store`) and names no game: the board,
// its overlay, the status line and the pile buttons come from the game's module.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { moduleOf } from '../games';
import { translator, type Key, type T } from '../i18n';
import { GAME_NAMES, isPaused, type GameView } from '../model/types';
import { checking, deadEndExits, deadEndKind } from '../state/analysis';
import { targets as targetsOf } from '../state/select';
import {
  BestsDialog, DeadEndPanel, DealId, LeaderboardDialog, NewGameDialog, ResultsPanel, RulesDialog,
} from '../views/Panels';
import { Controller, storedOptions } from './controller';
import { Header } from './Header';
import { Home } from './Home';
import type { UiState } from './state';
import { Toolbar } from './Toolbar';

function useStore(ctl: Controller): UiState {
  const [, rerender] = useState(0);
  useEffect(() => ctl.store.subscribe(() => rerender((n) => n + 1)), [ctl]);
  return ctl.store.state;
}

export function App({ controller }: { controller?: Controller }) {
  const ctl = useMemo(() => controller ?? new Controller(), [controller]);
  const s = useStore(ctl);
  const t = useMemo(() => translator(s.lang), [s.lang]);
  useEffect(() => ctl.attach(), [ctl]);
  useEffect(() => { document.documentElement.lang = s.lang; document.title = t('app.title'); }, [s.lang]);
  const view = s.view;
  const live = view && !isPaused(view) ? view : null;
  return (
    <div class={`app game-${view?.game ?? 'none'}`} data-version={view?.version ?? ''} data-busy={s.busy > 0 ? '1' : '0'} data-ready={s.ready ? '1' : '0'}>
      <Header ctl={ctl} s={s} t={t} />
      <main class="table" ref={(el) => { ctl.table = el; }} aria-label={t('a11y.table')}>
        {live ? <Table ctl={ctl} s={s} t={t} view={live} /> : view ? <Paused ctl={ctl} t={t} /> : (
          <Home t={t} fatal={s.fatal} ready={s.ready} onPick={(g) => ctl.startGame(g, storedOptions(g))} />
        )}
      </main>
      <HintBox ctl={ctl} s={s} t={t} />
      {s.toast ? <div class={`toast ${s.toast.kind}`} data-testid="toast" key={s.toast.id}>{s.toast.text}</div> : null}
      {view ? <Toolbar ctl={ctl} s={s} t={t} /> : null}
      <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">{s.live}</div>
      <Panels ctl={ctl} s={s} t={t} />
    </div>
  );
}

function Table({ ctl, s, t, view }: { ctl: Controller; s: UiState; t: T; view: GameView }) {
  const mod = moduleOf(view);
  const notices = view.status === 'playing' ? view.notices : [];
  const { Board, Overlay } = mod;
  const onTap = (loc: string) => ctl.tap(loc);
  return (
    <>
      <div class="statusline" data-testid="status">
        {mod.status(view, t).map((x) => <span key={x}>{x}</span>)}
        {notices.filter((n) => n === 'columns_have_moves' || n === 'redeal_available').map((n) => (
          <span key={n} class="notice" data-notice={n}>{t(`notice.${n}` as Key)}</span>
        ))}
      </div>
      {Overlay ? <Overlay view={view} sel={s.sel} t={t} onSelect={(sel) => ctl.select(sel)} /> : null}
      <Board view={view} sel={s.sel} targets={targetsOf(view, s.sel)} lang={s.lang} t={t} onTap={onTap} hinted={s.hint?.spots ?? []} frame={s.frame} />
      <Finished ctl={ctl} s={s} t={t} view={view} />
    </>
  );
}

/** Below a finished board: what it was, and the way back to the result. */
function Finished({ ctl, s, t, view }: { ctl: Controller; s: UiState; t: T; view: GameView }) {
  const show = () => ctl.store.dispatch({ type: 'hideResult', hide: false });
  if (view.status === 'resigned') {
    return (
      <>
        <div class="wonbar" data-testid="resigned">
          <strong>{t('resigned.title')}</strong> <DealId id={view.deal_id} t={t} />
          <button type="button" onClick={() => ctl.replay()}>{t('btn.replay')}</button>
          <button type="button" onClick={() => ctl.dialog('new')}>{t('btn.new')}</button>
        </div>
        {s.hideResult && view.result ? <div class="wonbar"><button type="button" onClick={show}>{t('btn.result')}</button></div> : null}
      </>
    );
  }
  if (view.status === 'won' && s.hideResult) {
    return <div class="wonbar"><strong>{t('won.title')}</strong> <DealId id={view.deal_id} t={t} /> <button type="button" onClick={show}>{t('won.title')}</button></div>;
  }
  return null;
}

/** The clock is paused: the server hides the board until it runs again. */
function Paused({ ctl, t }: { ctl: Controller; t: T }) {
  return (
    <section class="paused" data-testid="paused">
      <h2>{t('paused.title')}</h2>
      <button type="button" class="primary" onClick={() => ctl.resume()}>{t('btn.resume')}</button>
    </section>
  );
}

function HintBox({ ctl, s, t }: { ctl: Controller; s: UiState; t: T }) {
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const isChecking = checking(s.watch, view);
  const endKind = view && s.deadEndClosed !== view.version ? deadEndKind(view, s.watch) : null;
  if (!s.hint && !isChecking) return null;
  return (
    <div class={`hintbox${endKind ? ' raised' : ''}`} role="status" data-testid="hint">
      <div class="hintlines">
        {s.hint ? <span data-testid="hint-text">{t(s.hint.text)}</span> : null}
        {isChecking ? <span class="checking" data-testid="checking"><span class="spinner" aria-hidden="true" />{t('analysis.checking')}</span> : null}
      </div>
      {s.hint ? <button type="button" class="icon" onClick={() => ctl.clearHint()} aria-label={t('btn.close')}>✕</button> : null}
    </div>
  );
}

function Panels({ ctl, s, t }: { ctl: Controller; s: UiState; t: T }) {
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const endKind = view && s.deadEndClosed !== view.version ? deadEndKind(view, s.watch) : null;
  const close = () => ctl.dialog(null);
  const game = s.view?.game ?? GAME_NAMES[0]!;
  return (
    <>
      {endKind && view ? (
        <DeadEndPanel t={t} kind={endKind} exits={deadEndExits(view.game, endKind)} onExit={(e) => ctl.exit(e)}
          onClose={() => ctl.store.dispatch({ type: 'deadEndClosed', version: view.version })} />
      ) : null}
      {view && view.status !== 'playing' && view.result && !s.hideResult && !s.dialog ? (
        <ResultsPanel view={view} t={t} api={ctl.api} onNew={() => ctl.dialog('new')} onReplay={() => ctl.replay()}
          onViewBoard={() => ctl.store.dispatch({ type: 'hideResult', hide: true })} />
      ) : null}
      {s.dialog === 'new' ? (
        <NewGameDialog t={t} catalog={s.catalog} initialGame={game} initialOptions={storedOptions}
          onStart={(g, o, d) => ctl.startGame(g, o, d)} onClose={close} />
      ) : null}
      {s.dialog === 'rules' ? <RulesDialog t={t} lang={s.lang} game={game} onClose={close} /> : null}
      {s.dialog === 'bests' ? <BestsDialog t={t} api={ctl.api} onClose={close} /> : null}
      {s.dialog === 'leaderboard' && s.view ? <LeaderboardDialog t={t} api={ctl.api} view={s.view} onClose={close} /> : null}
    </>
  );
}
