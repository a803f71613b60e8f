// The client's own URLs (parsed back by `src/state/route.ts`).
export const gamePath = (id: string): string => `/game/${id}`;
export const replayPath = (id: string): string => `/replay/${id}`;
export const dealPath = (dealId: string): string => `/play/${dealId}`;
/** A game's full rules in the documentation site served beside the client. */
export const docsPath = (game: string): string => `/docs/playing/${game}/`;
