// The typed HTTP client: openapi-fetch over the generated schema, plus the conventions of
// API.md (bearer token kept in localStorage, `version` on every change, error bodies with a
// `reason`, 409 carrying the current game). Views never call fetch themselves.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';
import type { Best, DailyBoard, Leaderboard } from '../model/fetched';
import { looksLikeView, toView, type GameName, type Move, type ServerView } from '../model/types';

/** What a versioned action needs of a game. */
export type GameRef = Pick<ServerView, 'id' | 'version'>;
type MoveBody = components['schemas']['Move']['move'];
/** `POST /games`: one body per game, its options typed (the server checks them all again). */
type NewGameBody = components['schemas']['NewGameBodyByGame'];
/** A ruleset's name, as the deal routes document it (the server says 404 for another game's). */
type DealQuery = paths['/api/v1/deals/{game}/{number}']['get']['parameters']['query'];
type RulesetName = NonNullable<DealQuery>['ruleset'];

export type { Best, DailyBoard, Entry, FairPlay, Leaderboard } from '../model/fetched';
export type Bests = Omit<components['schemas']['Bests'], 'items'> & { items: Best[] };
export type Catalog = components['schemas']['Catalog'];
export type Analysis = components['schemas']['Analysis'];
export type Player = components['schemas']['Player'];
export type PlayerCreated = components['schemas']['PlayerCreated'];
export type GameStats = components['schemas']['GameStats'];
export type ErrorBody = components['schemas']['Error'];
export type DailyToday = components['schemas']['DailyToday'];
export type DailyItem = components['schemas']['DailyItem'];
export type DailyResult = components['schemas']['DailyResult'];
export type Device = components['schemas']['Device'];
export type LinkCode = components['schemas']['LinkCode'];
export type Verdict = components['schemas']['Verdict'];
export type IllegalMove = components['schemas']['IllegalMove'];
export type Deal = components['schemas']['Deal'];
export type Replay = components['schemas']['Replay'];
export type Par = components['schemas']['Par'];
export type RewindPoint = components['schemas']['RewindPoint'];
export type ReplayStep = components['schemas']['ReplayStep'];

const TOKEN_KEY = 'patience.token';

/** A refused request: HTTP status, the machine `reason` and, on 409, the current game. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly current: ServerView | null = null,
    readonly max: number | null = null,
    /** where a record could not be read: its line and column, from 1 */
    readonly at: { line: number; column: number } | null = null,
  ) {
    super(message);
  }
}

function toError(status: number, body: unknown): ApiError {
  const b: Partial<ErrorBody> = body && typeof body === 'object' ? body : {};
  const game = looksLikeView(b.game) ? toView(b.game) : null;
  const at =
    typeof b.line === 'number' && typeof b.column === 'number' ? { line: b.line, column: b.column } : null;
  return new ApiError(
    status,
    b.reason ?? `http_${status}`,
    b.message ?? '',
    game,
    typeof b.max === 'number' ? b.max : null,
    at,
  );
}

/** The answer's body, or its refusal thrown as an `ApiError`. */
function need<X>(r: { data?: X; error?: unknown; response: Response }): X {
  if (r.data === undefined) throw toError(r.response.status, r.error);
  return r.data;
}

export interface Storage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}

export class Api {
  private http = createClient<paths>({ baseUrl: '' });
  private token: string | null;

  constructor(private store: Storage = localStorage) {
    this.token = store.getItem(TOKEN_KEY);
    this.http.use({
      onRequest: ({ request }) => {
        if (this.token) request.headers.set('Authorization', `Bearer ${this.token}`);
        return request;
      },
      // A token refused (this device signed out elsewhere, the player deleted) is forgotten:
      // the next `ensurePlayer` starts a new player instead of failing forever.
      onResponse: ({ request, response }) => {
        const sent = request.headers.get('Authorization');
        if (response.status === 401 && this.token && sent === `Bearer ${this.token}`) {
          this.token = null;
          this.store.removeItem(TOKEN_KEY);
        }
        return response;
      },
    });
  }

  /** Make sure a player exists (first visit: POST /players) and return the token. */
  async ensurePlayer(): Promise<string> {
    if (this.token) return this.token;
    const data = need(await this.http.POST('/api/v1/players', { body: {} }));
    this.token = data.token;
    this.store.setItem(TOKEN_KEY, data.token);
    return data.token;
  }

  /** Forget the token (e.g. the server no longer knows it) and make a new player. */
  async resetPlayer(): Promise<void> {
    this.token = null;
    this.store.removeItem(TOKEN_KEY);
    await this.ensurePlayer();
  }

  /** Sign this device in with another token of a player (a redeemed link code). */
  useToken(token: string): void {
    this.token = token;
    this.store.setItem(TOKEN_KEY, token);
  }

  /** A one-time code that signs another device in as this player (about 10 minutes). */
  async linkCode(): Promise<LinkCode> {
    return need(await this.http.POST('/api/v1/players/me/link'));
  }

  /** Redeem a code shown on another device: this device becomes that player (a new token). */
  async redeem(code: string): Promise<PlayerCreated> {
    const data = need(await this.http.POST('/api/v1/players/link', { body: { code } }));
    this.useToken(data.token);
    return data;
  }

  async devices(): Promise<Device[]> {
    const data = need(await this.http.GET('/api/v1/players/me/devices'));
    return data.items;
  }

  /** Sign a device out (this one too: its token is refused from then on). */
  async signOut(deviceId: string): Promise<void> {
    const { error, response } = await this.http.DELETE('/api/v1/players/me/devices/{device_id}', {
      params: { path: { device_id: deviceId } },
    });
    if (!response.ok) throw toError(response.status, error);
  }

  /** Everything the service keeps about this player, as NDJSON text. */
  async exportData(): Promise<string> {
    const { data, error, response } = await this.http.GET('/api/v1/players/me/export', { parseAs: 'text' });
    if (typeof data !== 'string') throw toError(response.status, error);
    return data;
  }

  /** Delete this player (confirmed with their name); the token is forgotten with it. */
  async deletePlayer(confirm: string): Promise<void> {
    const { error, response } = await this.http.DELETE('/api/v1/players/me', { body: { confirm } });
    if (!response.ok) throw toError(response.status, error);
    this.token = null;
    this.store.removeItem(TOKEN_KEY);
  }

  /** A finished game's record (docs/record.md), as text. */
  async record(id: string): Promise<string> {
    const { data, error, response } = await this.http.GET('/api/v1/games/{game_id}/record', {
      params: { path: { game_id: id } },
      parseAs: 'text',
    });
    if (typeof data !== 'string') throw toError(response.status, error);
    return data;
  }

  /** Replay a record through the server's engine; a record that cannot be read is a 400 whose
   *  `line` and `column` the error carries. */
  async verify(record: string): Promise<Verdict> {
    return need(await this.http.POST('/api/v1/records/verify', { body: { record } }));
  }

  /** Ask again for the analysis of the current position (a GET never starts work). */
  async askAnalysis(id: string): Promise<Analysis> {
    return need(
      await this.http.POST('/api/v1/games/{game_id}/analysis', {
        params: { path: { game_id: id } },
      }),
    );
  }

  async catalog(): Promise<Catalog> {
    return need(await this.http.GET('/api/v1/games/catalog'));
  }

  /** A new game: deal `deal`, a random one, or (with `daily`) today's daily deal. */
  async newGame(
    game: GameName,
    options: Record<string, unknown>,
    deal?: number,
    daily: boolean | string = false,
  ): Promise<ServerView> {
    // A daily: today's (true) or a date's (an earlier day's is practice).
    const day = typeof daily === 'string' ? { daily: true, date: daily } : { daily };
    const body = daily ? { game, ...day } : { game, options, ...(deal ? { deal } : {}) };
    const typed = body as NewGameBody;
    const data = need(await this.http.POST('/api/v1/games', { body: typed }));
    return toView(data);
  }

  async game(id: string): Promise<ServerView> {
    const data = need(
      await this.http.GET('/api/v1/games/{game_id}', {
        params: { path: { game_id: id } },
      }),
    );
    return toView(data);
  }

  async move(g: GameRef, move: Move): Promise<ServerView> {
    const data = need(
      await this.http.POST('/api/v1/games/{game_id}/moves', {
        params: { path: { game_id: g.id } },
        body: { version: g.version, move: moveBody(move) },
      }),
    );
    return toView(data);
  }

  async undo(g: GameRef): Promise<ServerView> {
    const data = need(
      await this.http.POST('/api/v1/games/{game_id}/undo', {
        params: { path: { game_id: g.id } },
        body: { version: g.version },
      }),
    );
    return toView(data);
  }

  async resign(g: GameRef): Promise<ServerView> {
    const data = need(
      await this.http.POST('/api/v1/games/{game_id}/resign', {
        params: { path: { game_id: g.id } },
        body: { version: g.version },
      }),
    );
    return toView(data);
  }

  async clock(id: string, running: boolean, keepalive = false): Promise<ServerView | null> {
    const { data } = await this.http.POST('/api/v1/games/{game_id}/clock', {
      params: { path: { game_id: id } },
      body: { running },
      keepalive,
    });
    return data ? toView(data) : null;
  }

  /** Ask for a hint: counts one hint and advances the version (the answer carries the game). */
  async hint(g: GameRef): Promise<HintAnswer> {
    const data = need(
      await this.http.POST('/api/v1/games/{game_id}/hint', {
        params: { path: { game_id: g.id } },
        body: { version: g.version },
      }),
    );
    return { hint: readHint(data.hint), analysis: data.analysis, game: toView(data.game) };
  }

  /** Whether the current position can still be won (never blocks play; a read only). */
  async analysis(id: string): Promise<Analysis> {
    return need(
      await this.http.GET('/api/v1/games/{game_id}/analysis', {
        params: { path: { game_id: id } },
      }),
    );
  }

  /** The player with per-game statistics (played, won, win rate, streaks). */
  async me(): Promise<Player> {
    return need(await this.http.GET('/api/v1/players/me'));
  }

  async bests(game?: GameName): Promise<Bests> {
    return need(
      await this.http.GET('/api/v1/players/me/bests', {
        params: { query: game ? { game } : {} },
      }),
    );
  }

  /** Back to the last winnable point the analysis named (counted as the undos it takes). */
  async rewind(g: GameRef): Promise<ServerView> {
    const data = need(
      await this.http.POST('/api/v1/games/{game_id}/rewind', {
        params: { path: { game_id: g.id } },
        body: { version: g.version },
      }),
    );
    return toView(data);
  }

  /** Today's deals, with the player's result so far and daily streak. */
  async daily(): Promise<DailyToday> {
    return need(await this.http.GET('/api/v1/daily'));
  }

  /** A game's daily deal on a date (YYYY-MM-DD, today or earlier). */
  async dailyOn(game: GameName, date: string): Promise<DailyItem> {
    return need(
      await this.http.GET('/api/v1/daily/{game}', {
        params: { path: { game }, query: { date } },
      }),
    );
  }

  async dailyLeaderboard(game: GameName, date: string): Promise<DailyBoard> {
    return need(
      await this.http.GET('/api/v1/daily/{game}/{date}/leaderboard', {
        params: { path: { game, date }, query: { limit: 100 } },
      }),
    );
  }

  /** A deal's facts: plays, wins and par (never asked for a game in play). */
  async deal(game: GameName, deal: number, ruleset: string): Promise<Deal> {
    return need(
      await this.http.GET('/api/v1/deals/{game}/{number}', {
        params: { path: { game, number: deal }, query: { ruleset: ruleset as RulesetName } },
      }),
    );
  }

  /** A finished game's replay: its deal, rules, player, result and move line (public). */
  async replay(id: string): Promise<Replay> {
    return need(
      await this.http.GET('/api/v1/games/{game_id}/replay', {
        params: { path: { game_id: id } },
      }),
    );
  }

  /** The board of a finished game after `step` moves, and the move that led there (public). */
  async replayStep(id: string, step: number): Promise<ReplayStep> {
    return need(
      await this.http.GET('/api/v1/games/{game_id}/replay/{step}', {
        params: { path: { game_id: id, step } },
      }),
    );
  }

  async leaderboard(game: GameName, deal: number, ruleset: string): Promise<Leaderboard> {
    return need(
      await this.http.GET('/api/v1/deals/{game}/{number}/leaderboard', {
        params: { path: { game, number: deal }, query: { ruleset: ruleset as RulesetName } },
      }),
    );
  }
}

/** `{move}` or `{action: "draw"}`; the answer's `hint` is `null` when nothing can move. The
 *  `reason` (a code such as `completes_pair`) and `searched` (the worker's search found it,
 *  rather than the quick advice) are read when the server gives them. The move stays the open
 *  object the schema says it is: the client takes it only as one of the position's legal moves
 *  (`legalMove`). */
export interface Hint {
  move?: unknown;
  action?: string | null;
  reason?: string | null;
  searched?: boolean | null;
}

function readHint(h: Record<string, unknown> | null): Hint | null {
  if (!h) return null;
  return {
    move: h.move,
    action: typeof h.action === 'string' ? h.action : null,
    reason: typeof h.reason === 'string' ? h.reason : null,
    searched: typeof h.searched === 'boolean' ? h.searched : null,
  };
}

/** The request schema types a move as any game's move (`Move.move`; the game checks it is
 *  one of its own, 400 `invalid_move` otherwise), so the client's typed move is handed over
 *  as that union. */
function moveBody(move: Move): MoveBody {
  return Object.fromEntries(Object.entries(move)) as MoveBody;
}

export interface HintAnswer {
  hint: Hint | null;
  analysis: Analysis;
  game: ServerView;
}
