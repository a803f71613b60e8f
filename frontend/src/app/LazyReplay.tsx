// Views fetched only when first shown, each in its own chunk: players who never watch a replay
// or open the account dialogs do not download them (the cold load stays within its budget).
import { useEffect, useState } from 'preact/hooks';
import type { ComponentProps, ComponentType, JSX } from 'preact';
import type { ReplayView as Viewer } from './Replay';
import type { DevicesDialog as Devices, RecordDialog as Records } from '../views/Account';
import type { RulesDialog as Rules } from '../views/Rules';

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
