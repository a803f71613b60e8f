// The shell's view: header, the table with the game's own board, the toolbar, and the panels
// around it. It renders one state object (`Controller.store`) and names no game: the board,
// its overlay, the status line and the pile buttons come from the game's module.
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { moduleOf, parseDealId, translatorFor } from '../games';
import { known, type T } from '../i18n';
import { isPaused, type GameView } from '../model/types';
import { checking, deadEndKind } from '../state/analysis';
import { reasonKey, type ShownHint } from '../state/hint';
import { targets as targetsOf } from '../state/select';
import { DealId } from '../views/Results';
import { Controller } from './controller';
import { storedOptions } from './saved';
import { Header } from './Header';
import { Home } from './Home';
import { LazyReplay } from './LazyReplay';
import type { UiState } from './state';
import { Panels } from './Panels';
import { Toolbar } from './Toolbar';

function useStore(ctl: Controller): UiState {
  const [, rerender] = useState(0);
  useEffect(() => ctl.store.subscribe(() => rerender((n) => n + 1)), [ctl]);
  return ctl.store.state;
}

export function App({ controller }: { controller?: Controller }) {
  const ctl = useMemo(() => controller ?? new Controller(), [controller]);
  const s = useStore(ctl);
  const t = translatorFor(s.lang);
  useEffect(() => ctl.attach(), [ctl]);
  useLayoutEffect(() => ctl.motion.play(), [s.view?.id, s.view?.version, s.view?.board === null]);
  useEffect(() => {
    document.documentElement.lang = s.lang;
    document.title = t('app.title');
  }, [s.lang]);
  const view = s.view;
  return (
    <div
      class={`app ${s.replay ? 'replay-mode' : `game-${view?.game ?? (s.opening ? 'opening' : 'none')}`}`}
      data-version={view?.version ?? ''}
      data-busy={s.busy > 0 ? '1' : '0'}
      data-ready={s.ready ? '1' : '0'}
    >
      <Header ctl={ctl} s={s} t={t} />
      <main
        class="table"
        ref={(el) => {
          ctl.table = el;
        }}
        aria-label={t('a11y.table')}
      >
        <Main ctl={ctl} s={s} t={t} />
        <NoteLine ctl={ctl} s={s} t={t} />
        <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">
          {s.live}
        </div>
      </main>
      {view || s.opening ? <Toolbar ctl={ctl} s={s} t={t} /> : null}
      <Panels ctl={ctl} s={s} t={t} />
      {s.celebrate ? <Celebration key={s.celebrate} /> : null}
    </div>
  );
}

/** What the table holds: a replay, the game (or its paused cover), or the home page. */
function Main({ ctl, s, t }: { ctl: Controller; s: UiState; t: T }) {
  const view = s.view;
  if (s.replay) {
    const playDeal = (d: string) => {
      const p = parseDealId(d);
      if (p) ctl.server.startGame(p.game, storedOptions(p.game), p.deal ?? undefined, p.daily ?? false);
    };
    return (
      <LazyReplay
        key={s.replay}
        api={ctl.api}
        meta={s.replayMeta}
        t={t}
        lang={s.lang}
        motionOn={() => ctl.motionOn()}
        onCopied={(x) => ctl.store.flash(x, 'info')}
        onPlayDeal={playDeal}
      />
    );
  }
  if (view && !isPaused(view)) return <Table ctl={ctl} s={s} t={t} view={view} />;
  if (view) return <Paused ctl={ctl} t={t} />;
  if (s.opening) return <Opening />;
  return (
    <Home
      t={t}
      s={s}
      onPlay={(g, o, daily) => ctl.server.startGame(g, o, undefined, daily)}
      onWatch={(id) => ctl.router.watch(id)}
      onBoard={(g) => ctl.data.open('daily', g)}
    />
  );
}

function Table({ ctl, s, t, view }: { ctl: Controller; s: UiState; t: T; view: GameView }) {
  const mod = moduleOf(view);
  const { Board } = mod;
  const onTap = (loc: string, e?: MouseEvent) => ctl.input.tap(loc, e);
  return (
    <>
      <div class="statusline" data-testid="status">
        {mod.status(view, t).map((x) => (
          <span key={x}>{x}</span>
        ))}
      </div>
      <div class="board">
        <Board
          view={view}
          sel={s.sel}
          targets={targetsOf(view, s.sel)}
          lang={s.lang}
          t={t}
          onTap={onTap}
          hinted={s.hint?.spots ?? []}
        />
      </div>
    </>
  );
}

/** A game on its way: the table's places kept (the status line, the board), so that nothing
 *  moves when it arrives. */
function Opening() {
  return (
    <>
      <div class="statusline" aria-hidden="true" />
      <div class="board" aria-busy="true" />
    </>
  );
}

/** Below a finished board: what it was, and the way back to the result. */
function Finished({ ctl, s, t, view }: { ctl: Controller; s: UiState; t: T; view: GameView }) {
  const show = () => ctl.store.dispatch({ type: 'hideResult', hide: false });
  const resigned = view.status === 'resigned';
  return (
    <div class="note wonbar" data-testid={resigned ? 'resigned' : 'won'}>
      <strong>{resigned ? t('resigned.title') : t('won.title')}</strong> <DealId id={view.deal_id} t={t} />
      {resigned ? (
        <button type="button" onClick={() => ctl.server.restart()}>
          {t('btn.replay')}
        </button>
      ) : null}
      <button type="button" onClick={() => ctl.router.watch(view.id)}>
        {t('replay.watch')}
      </button>
      {s.hideResult && view.result ? (
        <button type="button" onClick={show}>
          {t('btn.result')}
        </button>
      ) : null}
      {resigned ? (
        <button type="button" onClick={() => ctl.store.dialog('new')}>
          {t('btn.new')}
        </button>
      ) : null}
    </div>
  );
}

/** The clock is paused: the server hides the board until it runs again. */
function Paused({ ctl, t }: { ctl: Controller; t: T }) {
  return (
    <section class="paused" data-testid="paused">
      <h2>{t('paused.title')}</h2>
      <button type="button" class="primary" onClick={() => ctl.server.resume()}>
        {t('btn.resume')}
      </button>
    </section>
  );
}

/** One line at the foot of the table, kept free so that nothing it shows covers the board:
 *  "reconnecting", a refusal, the lift bar, the hint, "checking…", or the game's nudge — the first
 *  that applies. */
function NoteLine({ ctl, s, t }: { ctl: Controller; s: UiState; t: T }) {
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const Overlay = view ? moduleOf(view).Overlay : undefined;
  let note = null;
  if (s.offline)
    note = (
      <div class="note reconnecting" role="status" data-testid="reconnecting">
        {t('reconnecting')}
      </div>
    );
  else if (s.toast)
    note = (
      <div class={`note toast ${s.toast.kind}`} data-testid="toast" key={s.toast.id}>
        {s.toast.text}
      </div>
    );
  else if (view && view.status !== 'playing') note = <Finished ctl={ctl} s={s} t={t} view={view} />;
  else if (view && s.sel && Overlay && !s.dragging)
    note = <Overlay view={view} sel={s.sel} t={t} onSelect={(sel) => ctl.store.select(sel)} />;
  if (!note && (s.hint || checking(s.watch, view, Date.now())))
    note = <HintBox ctl={ctl} s={s} t={t} view={view} />;
  else if (!note && view) {
    // A nudge beside the pile buttons ("the columns still have moves" before a draw), never
    // beside a dead-end panel, which says what holds.
    const nudges = view.status === 'playing' && !deadEndKind(view, s.watch) ? view.notices : [];
    const shown = nudges.filter((n) => known(t, `${view.game}.notice.${n}`));
    if (shown.length)
      note = (
        <p class="note nudge" data-testid="nudge">
          {shown.map((n) => t(`${view.game}.notice.${n}`)).join(' · ')}
        </p>
      );
  }
  return <div class="noteline">{note}</div>;
}

function HintBox({ ctl, s, t, view }: { ctl: Controller; s: UiState; t: T; view: GameView | null }) {
  const isChecking = checking(s.watch, view, Date.now());
  if (!s.hint && !isChecking) return null;
  return (
    <div class="note hintbox" role="status" data-testid="hint">
      <div class="hintlines">
        {s.hint && view ? <HintWords view={view} hint={s.hint} t={t} /> : null}
        {s.hint && view && s.noVerdict?.gameId === view.id ? (
          <span class="reason" data-testid="no-verdict">
            {t(`analysis.${s.noVerdict.reason}`)}
          </span>
        ) : null}
        {isChecking ? (
          <span class="checking" data-testid="checking">
            <span class="spinner" aria-hidden="true" />
            {t('analysis.checking')}
          </span>
        ) : null}
      </div>
      {s.hint ? (
        <button type="button" class="icon" onClick={() => ctl.store.clearHint()} aria-label={t('btn.close')}>
          ✕
        </button>
      ) : null}
    </div>
  );
}

/** A win: suits rain over the table for a moment (only with motion on). */
function Celebration() {
  const suits = ['♠', '♥', '♦', '♣'];
  return (
    <div class="celebrate" aria-hidden="true" data-testid="celebrate">
      {Array.from({ length: 28 }, (_, i) => (
        <span
          key={i}
          class={i % 4 === 1 || i % 4 === 2 ? 'red' : 'black'}
          style={{
            left: `${(i * 37) % 100}%`,
            animationDelay: `${(i % 7) * 0.15}s`,
            color: i % 4 === 1 || i % 4 === 2 ? '#ff5a6e' : '#fff',
          }}
        >
          {suits[i % 4]}
        </span>
      ))}
    </div>
  );
}

/** The hinted move named in words, with the reason the server gives for it. */
function HintWords({ view, hint, t }: { view: GameView; hint: ShownHint; t: T }) {
  const why = reasonKey(t, view.game, hint.reason);
  const line = hint.move ? t('hint.say', { move: moduleOf(view).say(view, hint.move, t) }) : t(hint.text);
  return (
    <>
      <span data-testid="hint-text">{line}</span>
      {why ? (
        <span class="reason" data-testid="hint-why">
          {t(why)}
        </span>
      ) : null}
      {hint.searched ? (
        <span class="reason searched" data-testid="hint-searched">
          {t('hint.searched')}
        </span>
      ) : null}
    </>
  );
}
