// A deal's ID in the game's header, with a button that copies the link to it.
import { useState } from 'preact/hooks';
import type { T } from '../i18n';
import { dealPath } from '../model/paths';

export function DealId({ id, t }: { id: string; t: T }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const url = `${location.origin}${dealPath(id)}`;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      /* clipboard may be refused */
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <p class="dealid">
      {t('won.deal')}: <code data-testid="deal-id">{id}</code>{' '}
      <button type="button" class="small" onClick={copy}>
        {copied ? t('btn.copied') : t('btn.copy')}
      </button>
    </p>
  );
}
