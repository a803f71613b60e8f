// Flaky connections: the last view shown is kept (the player's own view, nothing hidden), so a
// reload without the server still shows the game, and a retry loop with back-off brings the
// live game back. Nothing is queued while offline: the server stays the authority, and a move
// made meanwhile is refused with "the server could not be reached".
import { ApiError } from '../api/client';
import type { ServerView } from '../model/types';

const VIEW_KEY = 'patience.view';

/** A failure of the connection itself (no HTTP answer), as opposed to a refusal. */
export const isNetworkError = (err: unknown): boolean => !(err instanceof ApiError);

export function keepView(v: ServerView): void {
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify(v));
  } catch {
    /* full or private */
  }
}

/** The kept view of game `id`, if it is the last one shown. */
export function keptView(id: string): ServerView | null {
  try {
    const v = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as ServerView | null;
    return v && v.id === id ? v : null;
  } catch {
    return null;
  }
}

/** Retries `attempt` with back-off (1 s, 2 s, 4 s, … at most 8 s) until it succeeds or fails
 *  with something other than a network error. */
export class Reconnector {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private active = false;

  constructor(
    private attempt: () => Promise<void>,
    private onChange: (offline: boolean) => void,
  ) {}

  get offline(): boolean {
    return this.active;
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.onChange(true);
    this.schedule(1000);
  }

  stop(): void {
    clearTimeout(this.timer);
    if (this.active) {
      this.active = false;
      this.onChange(false);
    }
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.attempt().then(
        () => this.stop(),
        (err: unknown) => {
          if (isNetworkError(err)) this.schedule(Math.min(delay * 2, 8000));
          else this.stop();
        },
      );
    }, delay);
  }
}
