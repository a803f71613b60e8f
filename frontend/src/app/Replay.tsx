// The replay viewer at /replay/<id>: a finished game step by step from the deal, with forward,
// back, play/pause and speed, the keys ←/→/Space (Home/End), the move in words in the live
// region, and a link to share. The board is the game's own renderer over a read-only view.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Api, Replay } from '../api/client';
import { isGameName, moduleOf } from '../games';
import type { Key, Lang, T } from '../i18n';
import { ReplaySource, type Shown } from '../state/replay';
import type { Loaded } from '../model/fetched';
import { replayPath } from '../model/paths';
import { Icon, type IconName } from '../views/Icon';
import { copyText } from './files';
import { Motion } from './motion';

export const SPEEDS = { slow: 1600, normal: 900, fast: 350 } as const;
export type Speed = keyof typeof SPEEDS;

interface Props {
  api: Api;
  /** the replay's record, fetched by the shell (its steps are fetched here, each once) */
  meta: Loaded<Replay>;
  t: T;
  lang: Lang;
  onPlayDeal: (dealId: string) => void;
  onCopied: (text: string) => void;
  /** cards slide from step to step (the player's motion setting) */
  motionOn: () => boolean;
}

export function ReplayView(props: Props) {
  const { api, meta, t } = props;
  const source = useMemo(
    () => (meta && typeof meta === 'object' ? new ReplaySource(api, meta) : null),
    [meta],
  );
  if (meta === 'error') {
    return (
      <section class="replay" data-testid="replay-missing">
        <h1>{t('replay.notfound')}</h1>
        <p>
          <a href="/">{t('replay.home')}</a>
        </p>
      </section>
    );
  }
  if (!source)
    return (
      <section class="replay">
        <p>{t('loading')}</p>
      </section>
    );
  return <Player {...props} source={source} />;
}

function Player({ source, t, lang, onPlayDeal, onCopied, motionOn }: Props & { source: ReplaySource }) {
  const meta = source.meta;
  const board = useRef<HTMLDivElement>(null);
  const motion = useMemo(() => new Motion(() => board.current, motionOn), []);
  const p = useStepper(source, motion);
  useReplayKeys({
    back: () => p.step(p.n - 1),
    forward: () => p.step(p.n + 1),
    toggle: p.toggle,
    first: () => p.go(0),
    last: () => p.go(p.steps),
  });
  return (
    <section
      class="replay"
      aria-labelledby="replay-title"
      data-testid="replay"
      data-step={p.shown?.step ?? ''}
    >
      <Head t={t} meta={meta} />
      <StepLine shown={p.shown} t={t} />
      <div class="board replay-board" ref={board}>
        {p.shown ? <BoardOf shown={p.shown} t={t} lang={lang} /> : <p>{t('loading')}</p>}
      </div>
      <Controls t={t} p={p} />
      <Foot t={t} gameId={meta.game_id} dealId={meta.deal_id} onPlayDeal={onPlayDeal} onCopied={onCopied} />
    </section>
  );
}

interface Stepper {
  n: number;
  steps: number;
  shown: Shown | null;
  playing: boolean;
  speed: Speed;
  /** show step k (within the line) */
  go: (k: number) => void;
  /** stop playing and show step k */
  step: (k: number) => void;
  toggle: () => void;
  setSpeed: (s: Speed) => void;
}

/** The step shown, fetched from the source (cards sliding between steps), and play/pause. */
function useStepper(source: ReplaySource, motion: Motion): Stepper {
  const [n, setN] = useState(0);
  const [shown, setShown] = useState<Shown | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>('normal');
  const steps = shown?.steps ?? source.steps;
  const go = (k: number) => setN(Math.max(0, Math.min(steps, k)));
  useLayoutEffect(() => motion.play(), [shown]);
  useEffect(() => {
    let live = true;
    source.shown(n).then(
      (x) => {
        if (live) {
          motion.capture(false);
          setShown(x);
        }
      },
      () => undefined,
    );
    source.prefetch(n);
    return () => {
      live = false;
    };
  }, [n]);
  // Playing: the next step once this one is on the table; stop at the end.
  useEffect(() => {
    if (!playing || !shown || shown.step !== n) return;
    if (n >= steps) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => go(n + 1), SPEEDS[speed]);
    return () => clearTimeout(timer);
  }, [playing, shown, n, speed]);
  const toggle = () => {
    if (!playing && n >= steps) setN(0);
    setPlaying(!playing);
  };
  const step = (k: number) => {
    setPlaying(false);
    go(k);
  };
  return { n, steps, shown, playing, speed, go, step, toggle, setSpeed };
}

/** Share the replay, play its deal, and the keys. */
function Foot({
  t,
  gameId,
  dealId,
  onPlayDeal,
  onCopied,
}: {
  t: T;
  gameId: string;
  dealId: string;
  onPlayDeal: (dealId: string) => void;
  onCopied: (text: string) => void;
}) {
  const share = () => {
    void copyText(`${location.origin}${replayPath(gameId)}`).finally(() => onCopied(t('replay.copied')));
  };
  return (
    <div class="replay-foot">
      <button type="button" class="small" data-testid="replay-share" onClick={share}>
        <Icon name="link" /> {t('replay.share')}
      </button>
      <button type="button" class="small" onClick={() => onPlayDeal(dealId)}>
        {t('replay.play_deal')}
      </button>
      <p class="replay-keys">{t('replay.keys')}</p>
    </div>
  );
}

/** The replay's title: the deal, the game, who played it and how it ended. */
function Head({ t, meta }: { t: T; meta: ReplaySource['meta'] }) {
  const status = t(meta.status === 'won' ? 'replay.status.won' : 'replay.status.resigned');
  return (
    <div class="replay-head">
      <h1 id="replay-title">{t('replay.title', { deal: meta.deal_id })}</h1>
      <p class="replay-by">
        {isGameName(meta.game) ? t(`${meta.game}.name`) : meta.game} ·{' '}
        {t('replay.by', { player: meta.player, status })}
      </p>
    </div>
  );
}

/** "Move 3 of 48: pair the 10♦ with the 3♠", also said by the live region. */
function StepLine({ shown, t }: { shown: Shown | null; t: T }) {
  let words = '';
  if (shown?.move && shown.before) words = moduleOf(shown.before).say(shown.before, shown.move, t);
  const line = !shown
    ? ''
    : `${t('replay.step', { n: shown.step, m: shown.steps })}: ${shown.step === 0 ? t('replay.start') : words}`;
  return (
    <p class="replay-step" role="status" aria-live="polite" data-testid="replay-step">
      {line}
    </p>
  );
}

function BoardOf({ shown, t, lang }: { shown: Shown; t: T; lang: Lang }) {
  const { Board } = moduleOf(shown.view);
  const spots = useMemo(
    () => (shown.move ? moduleOf(shown.view).moveSpots(shown.view, shown.move) : []),
    [shown],
  );
  return (
    <Board
      view={shown.view}
      sel={null}
      targets={[]}
      lang={lang}
      t={t}
      onTap={() => undefined}
      hinted={spots}
    />
  );
}

function Controls({ t, p }: { t: T; p: Stepper }) {
  const { n, steps, playing } = p;
  const button = (to: number, off: boolean, label: Key, key: string, icon: IconName) => (
    <button
      type="button"
      class="tool"
      onClick={() => p.step(to)}
      disabled={off}
      aria-label={t(label)}
      aria-keyshortcuts={key}
    >
      <Icon name={icon} />
    </button>
  );
  return (
    <div class="replay-controls" role="group" aria-label={t('replay.step', { n, m: steps })}>
      {button(0, n === 0, 'replay.first', 'Home', 'first')}
      {button(n - 1, n === 0, 'replay.back', 'ArrowLeft', 'back')}
      <button
        type="button"
        class="tool primary"
        onClick={p.toggle}
        aria-label={playing ? t('replay.pause') : t('replay.play')}
        aria-keyshortcuts="Space"
        data-testid="replay-play"
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      {button(n + 1, n >= steps, 'replay.forward', 'ArrowRight', 'forward')}
      {button(steps, n >= steps, 'replay.last', 'End', 'last')}
      <SpeedPicker t={t} speed={p.speed} setSpeed={p.setSpeed} />
    </div>
  );
}

function SpeedPicker({ t, speed, setSpeed }: { t: T; speed: Speed; setSpeed: (s: Speed) => void }) {
  const pick = (value: string) => setSpeed(value === 'slow' ? 'slow' : value === 'fast' ? 'fast' : 'normal');
  return (
    <label class="speed">
      <span>{t('replay.speed')}</span>
      <select value={speed} onChange={(e) => pick((e.target as HTMLSelectElement).value)}>
        {(Object.keys(SPEEDS) as Speed[]).map((s) => (
          <option key={s} value={s}>
            {t(`replay.speed.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** ←/→ step, Space plays or pauses, Home/End jump; a focused control keeps its own keys. */
function useReplayKeys(h: {
  back: () => void;
  forward: () => void;
  toggle: () => void;
  first: () => void;
  last: () => void;
}): void {
  const ref = useRef(h);
  ref.current = h;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const tag = (e.target as HTMLElement | null)?.tagName ?? '';
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(tag)) return;
      const act =
        e.key === 'ArrowLeft'
          ? ref.current.back
          : e.key === 'ArrowRight'
            ? ref.current.forward
            : e.key === 'Home'
              ? ref.current.first
              : e.key === 'End'
                ? ref.current.last
                : e.key === ' ' && !/^(BUTTON|A)$/.test(tag)
                  ? ref.current.toggle
                  : null;
      if (!act) return;
      e.preventDefault();
      act();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
