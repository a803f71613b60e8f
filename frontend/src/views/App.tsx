// The application shell: one headless UI state (view from the server, selection, dialogs),
// one input path (`onTap` for every card and place, `command` for keys and buttons), and the
// renderers per game. All server calls go through `Api`, serialised on one queue.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Api, ApiError, type Analysis, type Catalog } from '../api/client';
import { cardName, formatTime, loadLang, reasonText, saveLang, translator, type Key, type Lang } from '../i18n';
import { GAME_NAMES, type Card, type GameName, type GameView, type Move } from '../model/types';
import { checking, deadEndExits, deadEndKind, giveUp, nextPoll, received, startWatch, type Exit, type Watch } from '../state/analysis';
import { describe } from '../state/announce';
import { readHint, type ShownHint } from '../state/hint';
import { stepFrames } from '../state/animate';
import { keyCommand, nextFocus, type Command, type Direction } from '../state/keys';
import { gamePath, parseRoute } from '../state/route';
import { lift, tap, targets as targetsOf, pyramidCard, type Selection } from '../state/select';
import { FortyThievesBoard, SelectionBar, ftStatus } from './FortyThieves';
import { GapsBoard, gapsStatus } from './Gaps';
import {
  BestsDialog, DeadEndPanel, DealId, LeaderboardDialog, NewGameDialog, ResultsPanel, RulesDialog, type Options,
} from './Panels';
import { Icon } from './Icon';
import { PyramidBoard, pyramidStatus } from './Pyramid';

const api = new Api();
const LAST_GAME = 'patience.lastGame';
const OPTIONS_KEY = (g: GameName) => `patience.options.${g}`;
const STEP_MS = 140;

type Dialog = 'new' | 'rules' | 'bests' | 'leaderboard' | null;
interface Toast { text: string; kind: 'error' | 'info'; id: number }

function storedOptions(g: GameName): Options {
  try { return JSON.parse(localStorage.getItem(OPTIONS_KEY(g)) ?? '{}') as Options; } catch { return {}; }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function App() {
  const [lang, setLangState] = useState<Lang>(loadLang);
  const t = useMemo(() => translator(lang), [lang]);
  const [view, setViewState] = useState<GameView | null>(null);
  const [receivedAt, setReceivedAt] = useState(0);
  const viewRef = useRef<GameView | null>(null);
  const [sel, setSel] = useState<Selection | null>(null);
  const [frame, setFrame] = useState<Card[][] | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const [live, setLive] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [hint, setHint] = useState<ShownHint | null>(null);
  const [watch, setWatch] = useState<Watch | null>(null);
  const hintSeed = useRef<Analysis | null>(null);
  const [hideResult, setHideResult] = useState(false);
  const [deadEndClosed, setDeadEndClosed] = useState<number | null>(null);
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(0);
  const [ready, setReady] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => { document.documentElement.lang = lang; document.title = t('app.title'); }, [lang]);

  const setView = useCallback((v: GameView | null) => {
    viewRef.current = v;
    setViewState(v);
    setReceivedAt(Date.now());
    if (v) {
      try { localStorage.setItem(LAST_GAME, v.id); } catch { /* ignore */ }
      const path = gamePath(v.id);
      if (location.pathname !== path) history.replaceState(null, '', path);
    }
  }, []);

  const clearHint = () => setHint(null);
  const announce = (text: string) => setLive((prev) => (prev === text ? `${text}\u00a0` : text));
  const flash = (text: string, kind: Toast['kind'] = 'error') => {
    setToast({ text, kind, id: Date.now() });
    announce(text);
  };
  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(null), 3000);
    return () => clearTimeout(id);
  }, [toast]);

  /** Run one server call after the previous one, on the newest view. */
  const run = (fn: (v: GameView) => Promise<GameView | void>, onError?: (e: ApiError) => boolean) => {
    queue.current = queue.current.then(async () => {
      const v = viewRef.current;
      if (!v) return;
      setBusy((n) => n + 1);
      try {
        const next = await fn(v);
        if (next) setView(next);
      } catch (err) {
        if (err instanceof ApiError) {
          if (onError?.(err)) return;
          if (err.status === 409 && err.current) {
            setView(err.current);
            setSel(null);
            flash(t('ann.conflict'), 'info');
          } else {
            flash(reasonText(lang, err.reason, err.message, err.max !== null ? { max: err.max } : {}));
          }
        } else {
          flash(t('error.network'));
        }
      } finally {
        setBusy((n) => n - 1);
      }
    });
  };

  const submit = (move: Move) => {
    setSel(null);
    clearHint();
    run(async (v) => {
      const next = await api.move(v, move);
      if (v.game === 'forty-thieves') {
        for (const f of stepFrames(v.board.tableau, next.events)) {
          setFrame(f);
          await sleep(STEP_MS);
        }
        setFrame(null);
      }
      const said = describe(lang, move, next.events);
      announce(next.status === 'won' ? `${said}. ${t('ann.won')}` : said);
      return next;
    });
  };

  const onTap = (loc: string) => {
    const v = viewRef.current;
    if (!v) return;
    const out = tap(v, sel, loc);
    if (out.kind === 'select') {
      setSel(out.selection);
      clearHint();
      const ts = targetsOf(v, out.selection);
      const what = selectionName(v, out.selection.loc, lang);
      announce(`${t('sel.selected', { card: what })}. ${ts.length ? t('sel.targets', { n: ts.length }) : t('sel.none')}`);
    } else if (out.kind === 'clear') {
      setSel(null);
      announce(t('sel.cleared'));
    } else if (out.kind === 'submit') {
      submit(out.move);
    } else if (out.kind === 'refuse') {
      flash(reasonText(lang, out.reason, '', out.max !== undefined ? { max: out.max } : {}));
    }
  };

  const startGame = (game: GameName, options: Options, deal?: number) => {
    setDialog(null);
    setSel(null);
    clearHint();
    setHideResult(false);
    try { localStorage.setItem(OPTIONS_KEY(game), JSON.stringify(options)); } catch { /* ignore */ }
    setBusy((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        const v = await api.newGame(game, options, deal).catch(async (err: unknown) => {
          // The server no longer knows our token (e.g. a fresh database): become a new player.
          if (!(err instanceof ApiError) || err.status !== 401) throw err;
          await api.resetPlayer();
          return api.newGame(game, options, deal);
        });
        setFatal(null);
        setView(v);
        announce(`${t(`game.${game}` as Key)} ${v.deal_id}`);
      } catch (err) {
        flash(err instanceof ApiError ? reasonText(lang, err.reason, err.message) : t('error.network'));
      } finally {
        setBusy((n) => n - 1);
      }
    });
  };

  const replay = () => {
    const v = viewRef.current;
    if (v) startGame(v.game, v.options as Options, v.deal);
  };

  const undo = () => {
    setSel(null);
    clearHint();
    run(async (v) => {
      const next = await api.undo(v);
      announce(t('ann.undone'));
      return next;
    });
  };

  const resign = () => {
    clearHint();
    run(async (v) => api.resign(v));
  };

  /** Ask the server for a hint; from the unwinnable panel, the panel steps aside for it. */
  const askHint = (fromPanel = false) => {
    setSel(null);
    run(async (v) => {
      const answer = await api.hint(v);
      const shown = readHint(answer.game, answer.hint);
      setHint(shown);
      announce(t(shown.text));
      hintSeed.current = answer.analysis;
      if (fromPanel) setDeadEndClosed(answer.game.version);
      return answer.game;
    });
  };

  const onExit = (e: Exit) => {
    if (e === 'undo') return undo();
    if (e === 'hint') return askHint(true);
    if (e === 'resign') return resign();
    if (e === 'replay') return replay();
    return setDialog('new');
  };

  const pileAction = (kind: 'draw' | 'recycle') => {
    const v = viewRef.current;
    if (!v || v.status !== 'playing') return;
    if (v.game === 'pyramid') return submit({ type: kind });
    if (v.game === 'gaps') return kind === 'recycle' ? submit({ type: 'redeal' }) : undefined;
    if (kind === 'draw') return submit({ type: 'draw' });
    return submit({ type: 'redeal' });
  };

  const focusStep = (dir: Direction) => {
    const root = tableRef.current;
    if (!root) return;
    const els = [...root.querySelectorAll<HTMLElement>('[data-nav]')];
    const spots = els.map((el, i) => {
      const r = el.getBoundingClientRect();
      return { id: String(i), x: r.left + r.width / 2, y: r.top + Math.min(r.height / 2, 20) };
    });
    const cur = els.indexOf(document.activeElement as HTMLElement);
    const next = nextFocus(spots, cur >= 0 ? String(cur) : null, dir);
    if (next !== null) els[Number(next)]?.focus();
  };

  const command = (c: Command) => {
    if (c === 'escape') {
      if (dialog) setDialog(null);
      else if (viewRef.current && viewRef.current.status !== 'playing' && !hideResult) setHideResult(true);
      else if (sel || hint) { setSel(null); clearHint(); }
      else if (viewRef.current) setDeadEndClosed(viewRef.current.version);
      return;
    }
    if (dialog) return;
    if (c === 'new') return setDialog('new');
    if (!viewRef.current) return;
    switch (c) {
      case 'undo': return undo();
      case 'hint': return askHint();
      case 'draw': return pileAction('draw');
      case 'recycle': return pileAction('recycle');
      default: return focusStep(c);
    }
  };

  // One keyboard listener for the whole app.
  const commandRef = useRef(command);
  commandRef.current = command;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const inField = !!el && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName);
      const c = keyCommand({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inField });
      if (!c) return;
      if (inField && c !== 'escape') return;
      e.preventDefault();
      commandRef.current(c);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The server's analysis of each new position: poll while pending, never blocking play; a new
  // version (any accepted action, here or elsewhere) cancels the watch and starts the next.
  useEffect(() => {
    const seed = hintSeed.current;
    hintSeed.current = null;
    let w = startWatch(view, Date.now(), seed && view && seed.version === view.version ? seed : null);
    setWatch(w);
    if (!w) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (!w || !live) return;
      const delay = nextPoll(w, Date.now());
      if (delay === null) {
        if (!w.stopped) { w = giveUp(w); setWatch(w); }
        return;
      }
      timer = setTimeout(() => {
        const id = w!.gameId;
        api.analysis(id).then((a) => { if (live && w) { w = received(w, a); setWatch(w); } },
          () => { if (live && w) { w = giveUp(w); setWatch(w); } })
          .finally(schedule);
      }, delay);
    };
    schedule();
    return () => { live = false; clearTimeout(timer); };
  }, [view?.id, view?.version, view?.status]);

  // Route on load and on history navigation.
  const route = async () => {
    const r = parseRoute(location.pathname, location.search);
    try {
      await api.ensurePlayer();
    } catch {
      setFatal(t('error.network'));
      return;
    }
    api.catalog().then(setCatalog, () => undefined);
    if (r.kind === 'play') {
      startGame(r.game, storedOptions(r.game), r.deal);
    } else if (r.kind === 'game') {
      try {
        setView(await api.game(r.id));
      } catch (err) {
        setView(null);
        history.replaceState(null, '', '/');
        setFatal(err instanceof ApiError && (err.status === 404 || err.status === 401) ? t('error.notfound') : t('error.network'));
      }
    } else {
      if (r.kind === 'bad') history.replaceState(null, '', '/');
    }
    setReady(true);
  };
  useEffect(() => {
    void route();
    const onPop = () => void route();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The clock pauses while the tab is hidden.
  useEffect(() => {
    const onVis = () => {
      const v = viewRef.current;
      if (!v || v.status !== 'playing') return;
      const running = document.visibilityState === 'visible';
      api.clock(v.id, running, !running).then((next) => {
        if (next && viewRef.current && next.id === viewRef.current.id && next.version === viewRef.current.version) setView(next);
      }, () => undefined);
    };
    document.addEventListener('visibilitychange', onVis);
    return () => document.removeEventListener('visibilitychange', onVis);
  }, []);

  const switchLang = () => {
    const next: Lang = lang === 'en' ? 'ja' : 'en';
    saveLang(next);
    setLangState(next);
  };

  const ts = view ? targetsOf(view, sel) : [];
  const hinted = hint?.spots ?? [];
  const status = !view ? [] : view.game === 'pyramid' ? pyramidStatus(view, t) : view.game === 'gaps' ? gapsStatus(view, t) : ftStatus(view, t);
  const notices = view?.status === 'playing' ? view.notices : [];
  const endKind = view && deadEndClosed !== view.version ? deadEndKind(view, watch) : null;
  const isChecking = checking(watch, view);
  const currentGame: GameName = view?.game ?? 'pyramid';

  return (
    <div class={`app game-${view?.game ?? 'none'}`} data-version={view?.version ?? ''} data-busy={busy > 0 ? '1' : '0'} data-ready={ready ? '1' : '0'}>
      <header class="topbar">
        <a class="brand" href="/" onClick={(e) => { e.preventDefault(); setDialog('new'); }}>
          <span aria-hidden="true">♠♥</span> {t('app.title')}
        </a>
        {view ? (
          <div class="gameinfo">
            <strong>{t(`game.${view.game}` as Key)}</strong>
            <span class="dealtag" data-testid="deal-tag">{view.deal_id}</span>
            <Clock view={view} receivedAt={receivedAt} label={t('a11y.clock')} />
            <span class="moves">{t('status.moves', { n: view.moves })}</span>
          </div>
        ) : <div class="gameinfo" />}
        <nav class="meta">
          {view ? <button type="button" class="link" onClick={() => setDialog('leaderboard')}>{t('btn.leaderboard')}</button> : null}
          <button type="button" class="link" onClick={() => setDialog('bests')}>{t('btn.bests')}</button>
          <button type="button" class="link lang" onClick={switchLang} aria-label={t('btn.lang.label')} lang={lang === 'en' ? 'ja' : 'en'}>{t('btn.lang')}</button>
        </nav>
      </header>

      <main class="table" ref={tableRef} aria-label={t('a11y.table')}>
        {view ? (
          <>
            <div class="statusline" data-testid="status">
              {status.map((s) => <span key={s}>{s}</span>)}
              {notices.filter((n) => n === 'columns_have_moves' || n === 'redeal_available').map((n) => (
                <span key={n} class="notice" data-notice={n}>{t(`notice.${n}` as Key)}</span>
              ))}
            </div>
            {view.game === 'pyramid' ? <PyramidBoard view={view} sel={sel} targets={ts} lang={lang} t={t} onTap={onTap} hinted={hinted} /> : null}
            {view.game === 'gaps' ? <GapsBoard view={view} sel={sel} targets={ts} lang={lang} t={t} onTap={onTap} hinted={hinted} /> : null}
            {view.game === 'forty-thieves' ? (
              <>
                <SelectionBar view={view} t={t} sel={sel} onLift={(d) => sel && setSel(lift(view, sel, d))} />
                <FortyThievesBoard view={view} sel={sel} targets={ts} lang={lang} t={t} onTap={onTap} hinted={hinted} frame={frame} />
              </>
            ) : null}
            {view.status === 'resigned' ? (
              <div class="wonbar" data-testid="resigned">
                <strong>{t('resigned.title')}</strong> <DealId id={view.deal_id} t={t} />
                <button type="button" onClick={replay}>{t('btn.replay')}</button>
                <button type="button" onClick={() => setDialog('new')}>{t('btn.new')}</button>
              </div>
            ) : null}
            {view.status === 'resigned' && hideResult && view.result ? (
              <div class="wonbar"><button type="button" onClick={() => setHideResult(false)}>{t('btn.result')}</button></div>
            ) : null}
            {view.status === 'won' && hideResult ? (
              <div class="wonbar"><strong>{t('won.title')}</strong> <DealId id={view.deal_id} t={t} /> <button type="button" onClick={() => setHideResult(false)}>{t('won.title')}</button></div>
            ) : null}
          </>
        ) : (
          <Home t={t} fatal={fatal} ready={ready} onPick={(g) => startGame(g, storedOptions(g))} />
        )}
      </main>

      {hint || isChecking ? (
        <div class={`hintbox${endKind ? ' raised' : ''}`} role="status" data-testid="hint">
          <div class="hintlines">
            {hint ? <span data-testid="hint-text">{t(hint.text)}</span> : null}
            {isChecking ? <span class="checking" data-testid="checking"><span class="spinner" aria-hidden="true" />{t('analysis.checking')}</span> : null}
          </div>
          {hint ? <button type="button" class="icon" onClick={() => clearHint()} aria-label={t('btn.close')}>✕</button> : null}
        </div>
      ) : null}
      {toast ? <div class={`toast ${toast.kind}`} data-testid="toast" key={toast.id}>{toast.text}</div> : null}

      {view ? (
        <footer class="toolbar" role="toolbar" aria-label={t('a11y.actions')}>
          <button type="button" class="tool" onClick={undo} aria-keyshortcuts="U"><Icon name="undo" /> {t('btn.undo')}</button>
          <button type="button" class="tool" onClick={() => askHint()} aria-keyshortcuts="H"><Icon name="hint" /> {t('btn.hint')}</button>
          <PileButtons view={view} t={t} onAction={pileAction} onCollect={() => submit({ type: 'collect' })} hinted={hint?.move?.type ?? null} />
          <button type="button" class="tool" onClick={() => setDialog('new')} aria-keyshortcuts="N"><Icon name="new" /> {t('btn.new')}</button>
          <button type="button" class="tool" onClick={() => setDialog('rules')}><Icon name="rules" /> {t('btn.rules')}</button>
        </footer>
      ) : null}

      <div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="live">{live}</div>

      {endKind && view ? (
        <DeadEndPanel t={t} kind={endKind} exits={deadEndExits(view.game, endKind)} onExit={onExit} onClose={() => setDeadEndClosed(view.version)} />
      ) : null}
      {view && view.status !== 'playing' && view.result && !hideResult && !dialog ? (
        <ResultsPanel view={view} t={t} api={api} onNew={() => setDialog('new')} onReplay={replay} onViewBoard={() => setHideResult(true)} />
      ) : null}
      {dialog === 'new' ? (
        <NewGameDialog t={t} catalog={catalog} initialGame={currentGame} initialOptions={storedOptions} onStart={startGame} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'rules' ? <RulesDialog t={t} lang={lang} game={currentGame} onClose={() => setDialog(null)} /> : null}
      {dialog === 'bests' ? <BestsDialog t={t} api={api} onClose={() => setDialog(null)} /> : null}
      {dialog === 'leaderboard' && view ? <LeaderboardDialog t={t} api={api} view={view} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function selectionName(v: GameView, loc: string, lang: Lang): string {
  if (v.game === 'pyramid') {
    const c = pyramidCard(v, loc);
    return c ? cardName(lang, c) : loc;
  }
  if (v.game === 'gaps') {
    const m = /^r(\d)c(\d+)$/.exec(loc);
    const c = m ? v.board.grid[Number(m[1])]?.[Number(m[2])] : null;
    return c ? cardName(lang, c) : translator(lang)('a11y.gap', { r: Number(m?.[1] ?? 0) + 1, c: Number(m?.[2] ?? 0) + 1 });
  }
  if (loc === 'waste') {
    const top = v.board.waste.cards[v.board.waste.cards.length - 1];
    return top ? cardName(lang, top) : loc;
  }
  const col = v.board.tableau[Number(loc.slice(1))] ?? [];
  const c = col[col.length - 1];
  return c ? cardName(lang, c) : loc;
}

function PileButtons({ view, t, onAction, onCollect, hinted }: {
  view: GameView; t: ReturnType<typeof translator>; onAction: (k: 'draw' | 'recycle') => void; onCollect: () => void;
  /** the hinted move's type: its button glows too */
  hinted: Move['type'] | null;
}) {
  const glow = (type: Move['type']) => (hinted === type ? ' hinted' : '');
  if (view.game === 'pyramid') {
    const empty = view.board.stock.count === 0;
    return empty ? (
      <button type="button" class={`tool accent${glow('recycle')}`} onClick={() => onAction('recycle')} aria-keyshortcuts="R" data-action="recycle">
        <Icon name="recycle" /> {t('btn.recycle')}
      </button>
    ) : (
      <button type="button" class={`tool accent${glow('draw')}`} onClick={() => onAction('draw')} aria-keyshortcuts="D" data-action="draw">
        <Icon name="draw" /> {t('btn.draw')}
      </button>
    );
  }
  if (view.game === 'gaps') {
    const offer = view.notices.includes('redeal_available') || view.notices.includes('stuck');
    return (
      <button type="button" class={`tool${offer ? ' accent pulse' : ''}${glow('redeal')}`} onClick={() => onAction('recycle')} aria-keyshortcuts="R" data-action="redeal">
        <Icon name="recycle" /> {t('btn.redeal')}
      </button>
    );
  }
  if (view.board.can_collect) {
    return <button type="button" class={`tool accent${glow('collect')}`} onClick={onCollect} data-action="collect"><Icon name="collect" /> {t('btn.collect')}</button>;
  }
  return (
    <button type="button" class={`tool accent${glow('draw')}`} onClick={() => onAction('draw')} aria-keyshortcuts="D" data-action="draw">
      <Icon name="draw" /> {t('btn.draw')}
    </button>
  );
}

function Clock({ view, receivedAt, label }: { view: GameView; receivedAt: number; label: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!view.clock_running || view.status !== 'playing') return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [view.clock_running, view.status, receivedAt]);
  const ms = view.elapsed_ms + (view.clock_running && view.status === 'playing' ? Date.now() - receivedAt : 0);
  return <span class="clock" role="timer" aria-label={label} data-testid="clock">{formatTime(ms)}</span>;
}

function Home({ t, fatal, ready, onPick }: { t: ReturnType<typeof translator>; fatal: string | null; ready: boolean; onPick: (g: GameName) => void }) {
  let last: string | null = null;
  try { last = localStorage.getItem(LAST_GAME); } catch { /* ignore */ }
  return (
    <section class="home">
      {fatal ? <p class="warn" role="alert">{fatal}</p> : null}
      <h1>{t('home.title')}</h1>
      <p class="blurb">{t('home.blurb')}</p>
      <div class="tiles">
        {GAME_NAMES.map((g) => (
          <button type="button" key={g} class={`tile tile-${g}`} onClick={() => onPick(g)} disabled={!ready}>
            <span class="tile-art" aria-hidden="true">{g === 'pyramid' ? '▲' : g === 'gaps' ? '▦' : '40'}</span>
            <span class="tile-name">{t(`game.${g}` as Key)}</span>
          </button>
        ))}
      </div>
      {last ? <p><a href={gamePath(last)}>{t('btn.continue')}</a></p> : null}
    </section>
  );
}
