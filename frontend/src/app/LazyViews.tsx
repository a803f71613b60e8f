// Views fetched only when first shown, each in its own chunk: players who never watch a replay
// or open the account dialogs do not download them (the cold load stays within its budget).
import { useEffect, useState } from 'preact/hooks';
import type { ComponentProps, ComponentType, JSX } from 'preact';
import type { ReplayView as Viewer } from './Replay';
import type { DevicesDialog as Devices, RecordDialog as Records } from '../views/Account';
import type { RulesDialog as Rules } from '../views/Rules';
import type { ResultsPanel as Results } from '../views/Results';
import type { MenuDialog as Menu, StatsDialog as Stats } from '../views/Menus';
import type {
  BestsDialog as Bests,
  DailyBoardDialog as DailyBoard,
  LeaderboardDialog as Leaderboard,
} from '../views/Leaderboard';

/** A component that loads ``load``'s view on first use, showing ``waiting`` meanwhile. */
function lazy<P>(
  load: () => Promise<ComponentType<P>>,
  waiting: (props: P) => JSX.Element | null,
): (props: P) => JSX.Element | null {
  let loaded: ComponentType<P> | null = null;
  return function Lazy(props: P) {
    const [View, setView] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (View) return;
      let live = true;
      load().then(
        (view) => {
          loaded = view;
          if (live) setView(() => view);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, []);
    return View ? <View {...(props as P & JSX.IntrinsicAttributes)} /> : waiting(props);
  };
}

export const LazyReplay = lazy<ComponentProps<typeof Viewer>>(
  () => import('./Replay').then((m) => m.ReplayView),
  (props) => (
    <section class="replay">
      <p>{props.t('loading')}</p>
    </section>
  ),
);

export const LazyDevices = lazy<ComponentProps<typeof Devices>>(
  () => import('../views/Account').then((m) => m.DevicesDialog),
  () => null,
);

export const LazyRecords = lazy<ComponentProps<typeof Records>>(
  () => import('../views/Account').then((m) => m.RecordDialog),
  () => null,
);

export const LazyRules = lazy<ComponentProps<typeof Rules>>(
  () => import('../views/Rules').then((m) => m.RulesDialog),
  () => null,
);

export const LazyResults = lazy<ComponentProps<typeof Results>>(
  () => import('../views/Results').then((m) => m.ResultsPanel),
  () => null,
);

export const LazyMenu = lazy<ComponentProps<typeof Menu>>(
  () => import('../views/Menus').then((m) => m.MenuDialog),
  () => null,
);

export const LazyStats = lazy<ComponentProps<typeof Stats>>(
  () => import('../views/Menus').then((m) => m.StatsDialog),
  () => null,
);

export const LazyBests = lazy<ComponentProps<typeof Bests>>(
  () => import('../views/Leaderboard').then((m) => m.BestsDialog),
  () => null,
);

export const LazyDailyBoard = lazy<ComponentProps<typeof DailyBoard>>(
  () => import('../views/Leaderboard').then((m) => m.DailyBoardDialog),
  () => null,
);

export const LazyLeaderboard = lazy<ComponentProps<typeof Leaderboard>>(
  () => import('../views/Leaderboard').then((m) => m.LeaderboardDialog),
  () => null,
);
