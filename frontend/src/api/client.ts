// The typed HTTP client: openapi-fetch over the generated schema, plus the conventions of
// API.md (bearer token kept in localStorage, `version` on every change, error bodies with a
// `reason`, 409 carrying the current game). Views never call fetch themselves.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';
import { asGameView, type GameName, type Move, type ServerView } from '../model/types';

/** What a versioned action needs of a game. */
export type GameRef = Pick<ServerView, 'id' | 'version'>;

export type Leaderboard = components['schemas']['Leaderboard'];
export type Bests = components['schemas']['Bests'];
export type Catalog = components['schemas']['Catalog'];
export type Analysis = components['schemas']['Analysis'];
export type Player = components['schemas']['Player'];
export type GameStats = components['schemas']['GameStats'];
export type ErrorBody = components['schemas']['Error'] & { max?: number };

const TOKEN_KEY = 'patience.token';

/** A refused request: HTTP status, the machine `reason` and, on 409, the current game. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly current: ServerView | null = null,
    readonly max: number | null = null,
  ) {
    super(message);
  }
}

function toError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as Partial<ErrorBody>;
  const game = b.game ? asGameView(b.game as never) : null;
  return new ApiError(status, b.reason ?? `http_${status}`, b.message ?? '', game, typeof b.max === 'number' ? b.max : null);
}

export interface Storage { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void }

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
    });
  }

  /** Make sure a player exists (first visit: POST /players) and return the token. */
  async ensurePlayer(): Promise<string> {
    if (this.token) return this.token;
    const { data, error, response } = await this.http.POST('/api/v1/players', { body: {} });
    if (!data) throw toError(response.status, error);
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

  async catalog(): Promise<Catalog> {
    const { data, error, response } = await this.http.GET('/api/v1/games/catalog');
    if (!data) throw toError(response.status, error);
    return data;
  }

  async newGame(game: GameName, options: Record<string, unknown>, deal?: number): Promise<ServerView> {
    const body = { game, options, ...(deal ? { deal } : {}) };
    const { data, error, response } = await this.http.POST('/api/v1/games', { body: body as never });
    if (!data) throw toError(response.status, error);
    return asGameView(data);
  }

  async game(id: string): Promise<ServerView> {
    const { data, error, response } = await this.http.GET('/api/v1/games/{game_id}', { params: { path: { game_id: id } } });
    if (!data) throw toError(response.status, error);
    return asGameView(data);
  }

  async move(g: GameRef, move: Move): Promise<ServerView> {
    const { data, error, response } = await this.http.POST('/api/v1/games/{game_id}/moves', {
      params: { path: { game_id: g.id } },
      body: { version: g.version, move: move as never },
    });
    if (!data) throw toError(response.status, error);
    return asGameView(data);
  }

  async undo(g: GameRef): Promise<ServerView> {
    const { data, error, response } = await this.http.POST('/api/v1/games/{game_id}/undo', {
      params: { path: { game_id: g.id } },
      body: { version: g.version },
    });
    if (!data) throw toError(response.status, error);
    return asGameView(data);
  }

  async resign(g: GameRef): Promise<ServerView> {
    const { data, error, response } = await this.http.POST('/api/v1/games/{game_id}/resign', {
      params: { path: { game_id: g.id } },
      body: { version: g.version },
    });
    if (!data) throw toError(response.status, error);
    return asGameView(data);
  }

  async clock(id: string, running: boolean, keepalive = false): Promise<ServerView | null> {
    const { data } = await this.http.POST('/api/v1/games/{game_id}/clock', {
      params: { path: { game_id: id } },
      body: { running },
      keepalive,
    });
    return data ? asGameView(data) : null;
  }

  /** Ask for a hint: counts one hint and advances the version (the answer carries the game). */
  async hint(g: GameRef): Promise<HintAnswer> {
    const { data, error, response } = await this.http.POST('/api/v1/games/{game_id}/hint', {
      params: { path: { game_id: g.id } },
      body: { version: g.version },
    });
    if (!data) throw toError(response.status, error);
    return { hint: data.hint as Hint | null, analysis: data.analysis, game: asGameView(data.game) };
  }

  /** Whether the current position can still be won (never blocks play; a read only). */
  async analysis(id: string): Promise<Analysis> {
    const { data, error, response } = await this.http.GET('/api/v1/games/{game_id}/analysis', {
      params: { path: { game_id: id } },
    });
    if (!data) throw toError(response.status, error);
    return data;
  }

  /** The player with per-game statistics (played, won, win rate, streaks). */
  async me(): Promise<Player> {
    const { data, error, response } = await this.http.GET('/api/v1/players/me');
    if (!data) throw toError(response.status, error);
    return data;
  }

  async bests(game?: GameName): Promise<Bests> {
    const { data, error, response } = await this.http.GET('/api/v1/players/me/bests', {
      params: { query: game ? { game } : {} },
    });
    if (!data) throw toError(response.status, error);
    return data;
  }

  async leaderboard(game: GameName, deal: number, ruleset: string): Promise<Leaderboard> {
    const { data, error, response } = await this.http.GET('/api/v1/deals/{game}/{number}/leaderboard', {
      params: { path: { game, number: deal }, query: { ruleset } },
    });
    if (!data) throw toError(response.status, error);
    return data;
  }
}

/** `{move}` or `{action: "draw"}`; the answer's `hint` is `null` when nothing can move. */
export interface Hint { move?: Move; action?: string; reason?: string }

export interface HintAnswer {
  hint: Hint | null;
  analysis: Analysis;
  game: ServerView;
}
