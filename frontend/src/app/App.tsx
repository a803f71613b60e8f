// The shell's view: header, the table with the game's own board, the toolbar, and the panels
// around it. It renders one state object (`Shell.state`) and names no game: the board,
// its overlay, the status line and the pile buttons come from the game's module.
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { moduleOf, parseDealId, translatorFor } from '../games';
import { known, type T } from '../i18n';
import { isPaused, type GameView } from '../model/types';
import { checking, deadEndKind } from '../state/analysis';
import { reasonKey, type ShownHint } from '../state/hint';
import { targets as targetsOf } from '../state/select';
import { DealId } from '../views/DealId';
import { CommandsContext, createShell, useCommands, type Shell } from './commands';
import { storedOptions } from './saved';
import { Header } from './Header';
import { Home } from './Home';
import { LazyReplay } from './LazyViews';
import type { UiState } from './state';
import { Panels } from './Panels';
import { Toolbar } from './Toolbar';

function useShellState(shell: Shell): UiState {
  const [, rerender] = useState(0);
  useEffect(() => shell.subscribe(() => rerender((n) => n + 1)), [shell]);
  return shell.state;
}

/** The shell; `shell` stands in for the real one (the tests' API). */
export function App({ shell: given }: { shell?: Shell }) {
  const shell = useMemo(() => given ?? createShell(), [given]);
  const s = useShellState(shell);
  const t = translatorFor(s.lang);
  useEffect(() => shell.attach(), [shell]);
  useLayoutEffect(() => shell.playMotion(), [s.view?.id, s.view?.version, s.view?.board === null]);
  useEffect(() => {
    document.documentElement.lang = s.lang;
    document.title = t('app.title');
  }, [s.lang]);
  const view = s.view;
  return (
    <CommandsContext.Provider value={shell.commands}>
      <div
        class={`app ${s.replay ? 'replay-mode' : `game-${view?.game ?? (s.opening ? 'opening' : 'none')}`}`}
        data-version={view?.version ?? ''}
        data-busy={s.busy > 0 ? '1' : '0'}
        data-ready={s.ready ? '1' : '0'}
      >
        <Header s={s} t={t} />
        <main
          class="table"
          ref={(el) => {
            shell.setTable(el);
          }}
          aria-label={t('a11y.table')}
        >
          <Main s={s} t={t} />
          <NoteLine s={s} t={t} />
          <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">
            {s.live}
          </div>
        </main>
        {view || s.opening ? <Toolbar s={s} t={t} /> : null}
        <Panels s={s} t={t} />
        {s.celebrate ? <Celebration key={s.celebrate} /> : null}
      </div>
    </CommandsContext.Provider>
  );
}

/** What the table holds: a replay, the game (or its paused cover), or the home page. */
function Main({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const view = s.view;
  if (s.replay) {
    const playDeal = (d: string) => {
      const p = parseDealId(d);
      if (p) cmd.newGame(p.game, storedOptions(p.game), p.deal ?? undefined, p.daily ?? false);
    };
    return (
      <LazyReplay
        key={s.replay}
        api={cmd.api}
        meta={s.replayMeta}
        t={t}
        lang={s.lang}
        motionOn={() => cmd.motionOn()}
        onCopied={(x) => cmd.notify(x, 'info')}
        onPlayDeal={playDeal}
      />
    );
  }
  if (view && !isPaused(view)) return <Table s={s} t={t} view={view} />;
  if (view) return <Paused t={t} />;
  if (s.opening) return <Opening />;
  return (
    <Home
      t={t}
      s={s}
      onPlay={(g, o, daily) => cmd.newGame(g, o, undefined, daily)}
      onWatch={(id) => cmd.watch(id)}
      onBoard={(g) => cmd.openDaily(g)}
    />
  );
}

function Table({ s, t, view }: { s: UiState; t: T; view: GameView }) {
  const cmd = useCommands();
  const mod = moduleOf(view);
  const { Board } = mod;
  const onTap = (loc: string, e?: MouseEvent) => cmd.tap(loc, e);
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
function Finished({ s, t, view }: { s: UiState; t: T; view: GameView }) {
  const cmd = useCommands();
  const show = () => cmd.showResult(true);
  const resigned = view.status === 'resigned';
  return (
    <div class="note wonbar" data-testid={resigned ? 'resigned' : 'won'}>
      <strong>{resigned ? t('resigned.title') : t('won.title')}</strong> <DealId id={view.deal_id} t={t} />
      {resigned ? (
        <button type="button" onClick={() => cmd.restart()}>
          {t('btn.replay')}
        </button>
      ) : null}
      <button type="button" onClick={() => cmd.watch(view.id)}>
        {t('replay.watch')}
      </button>
      {s.hideResult && view.result ? (
        <button type="button" onClick={show}>
          {t('btn.result')}
        </button>
      ) : null}
      {resigned ? (
        <button type="button" onClick={() => cmd.openDialog('new')}>
          {t('btn.new')}
        </button>
      ) : null}
    </div>
  );
}

/** The clock is paused: the server hides the board until it runs again. */
function Paused({ t }: { t: T }) {
  const cmd = useCommands();
  return (
    <section class="paused" data-testid="paused">
      <h2>{t('paused.title')}</h2>
      <button type="button" class="primary" onClick={() => cmd.resume()}>
        {t('btn.resume')}
      </button>
    </section>
  );
}

/** One line at the foot of the table, kept free so that nothing it shows covers the board:
 *  "reconnecting", a refusal, the lift bar, the hint, "checking…", or the game's nudge — the first
 *  that applies. */
function NoteLine({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
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
  else if (view && view.status !== 'playing') note = <Finished s={s} t={t} view={view} />;
  else if (view && s.sel && Overlay && !s.dragging)
    note = <Overlay view={view} sel={s.sel} t={t} onSelect={(sel) => cmd.select(sel)} />;
  if (!note && (s.hint || checking(s.watch, view, Date.now()))) note = <HintBox s={s} t={t} view={view} />;
  else if (!note && view) {
    // A nudge beside the pile buttons, never beside a dead-end panel, which says what holds;
    // some wait until the player reaches for the stock (the game's `noticesAfterDraw`).
    const nudges = view.status === 'playing' && !deadEndKind(view, s.watch) ? view.notices : [];
    const later = moduleOf(view).noticesAfterDraw ?? [];
    const shown = nudges.filter(
      (n) => known(t, `${view.game}.notice.${n}`) && (!later.includes(n) || reachedForStock(view)),
    );
    if (shown.length)
      note = (
        <p class="note nudge" data-testid="nudge">
          {shown.map((n) => t(`${view.game}.notice.${n}`)).join(' · ')}
        </p>
      );
  }
  return <div class="noteline">{note}</div>;
}

/** The view answers a draw or a redeal: the player reached for the stock. */
const reachedForStock = (view: GameView): boolean =>
  (view.events ?? []).some((e) => e.type === 'draw' || e.type === 'redeal');

function HintBox({ s, t, view }: { s: UiState; t: T; view: GameView | null }) {
  const cmd = useCommands();
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
        <button type="button" class="icon" onClick={() => cmd.closeHint()} aria-label={t('btn.close')}>
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
