// URLs: `/play/<deal-id>` starts that deal, `/game/<id>` (or `?game=<id>`) is a game in play,
// `/replay/<id>` watches a finished game.
import { type DealRef, parseDealId } from '../games';

export type Route =
  | { kind: 'home' }
  | ({ kind: 'play' } & DealRef)
  | { kind: 'game'; id: string }
  | { kind: 'replay'; id: string }
  /** a link code's address (its QR code): offered for redeeming on this device */
  | { kind: 'link'; code: string }
  | { kind: 'bad'; path: string };

export function parseRoute(pathname: string, search = ''): Route {
  const q = new URLSearchParams(search).get('game');
  if (q && /^[\w-]{1,64}$/.test(q)) return { kind: 'game', id: q };
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { kind: 'home' };
  let m = /^\/play\/([\w-]+)$/.exec(path);
  if (m) {
    const d = parseDealId(m[1]!);
    return d ? { kind: 'play', ...d } : { kind: 'bad', path };
  }
  m = /^\/game\/([\w-]{1,64})$/.exec(path);
  if (m) return { kind: 'game', id: m[1]! };
  m = /^\/replay\/([\w-]{1,64})$/.exec(path);
  if (m) return { kind: 'replay', id: m[1]! };
  m = /^\/link\/([\w-]{1,32})$/.exec(path);
  if (m) return { kind: 'link', code: m[1]! };
  return { kind: 'bad', path };
}

/** Whether the page at this address shows a game (dealt or opened) once it has loaded. */
export function opensGame(pathname: string, search = ''): boolean {
  const kind = parseRoute(pathname, search).kind;
  return kind === 'play' || kind === 'game';
}
