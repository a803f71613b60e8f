// What the live region says after an accepted action, from the response's events.
import { cardName, translate, type Lang } from '../i18n';
import type { GameEvent, Move } from '../model/types';

export function describe(lang: Lang, move: Move, events: GameEvent[] | undefined): string {
  const name = (c: string) => cardName(lang, c);
  const parts: string[] = [];
  for (const e of events ?? []) {
    const cards = e.cards ?? (e.card ? [e.card] : []);
    if (e.type === 'remove' && cards.length)
      parts.push(translate(lang, 'ann.removed', { what: cards.map(name).join(', ') }));
    else if (e.type === 'draw')
      parts.push(e.card ? translate(lang, 'ann.drawn', { card: name(e.card) }) : translate(lang, 'btn.draw'));
    else if (e.type === 'recycle') parts.push(translate(lang, 'ann.recycled'));
    else if (e.type === 'redeal') parts.push(translate(lang, 'ann.redealt'));
    else if (e.type === 'auto' && e.card) parts.push(translate(lang, 'ann.auto', { card: name(e.card) }));
    else if ((e.type === 'move' || e.type === 'collect') && cards.length)
      parts.push(translate(lang, 'ann.moved', { what: cards.map(name).join(', ') }));
  }
  if (!parts.length) {
    const steps = (events ?? []).filter((e) => e.type === 'step');
    if (steps.length)
      parts.push(
        translate(lang, 'ann.moved', {
          what: steps
            .map((e) => name(e.card ?? ''))
            .filter((_, i, a) => a.indexOf(a[i]!) === i)
            .join(', '),
        }),
      );
    else if (move.type === 'draw') parts.push(translate(lang, 'btn.draw'));
  }
  return parts.join('. ');
}
