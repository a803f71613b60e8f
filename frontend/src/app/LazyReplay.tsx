// The replay viewer is fetched only when a replay is opened (its own chunk): players who never
// watch one do not download it.
import { useEffect, useState } from 'preact/hooks';
import type { ComponentProps } from 'preact';
import type { ReplayView as Viewer } from './Replay';

type Props = ComponentProps<typeof Viewer>;
let loaded: typeof Viewer | null = null;

export function LazyReplay(props: Props) {
  const [View, setView] = useState<typeof Viewer | null>(() => loaded);
  useEffect(() => {
    if (View) return;
    let live = true;
    import('./Replay').then(
      (m) => {
        loaded = m.ReplayView;
        if (live) setView(() => m.ReplayView);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return View ? (
    <View {...props} />
  ) : (
    <section class="replay">
      <p>{props.t('loading')}</p>
    </section>
  );
}
