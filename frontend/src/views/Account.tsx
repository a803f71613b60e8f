// The dialogs of issue 30: another device (a code with its QR code, redeeming one, the devices
// with sign-out), the player's own data (download, delete with their name), and a pasted record
// checked by the server. They render props only; `src/app/account.ts` does what they ask.
import { useEffect, useState } from 'preact/hooks';
import type { Device, LinkCode } from '../api/client';
import { reasonText, type Lang, type T } from '../i18n';
import type { Checked, Loaded } from '../model/fetched';
import type { GameName } from '../model/types';
import { qrModules, qrPath, QUIET } from './qr';
import { Modal } from './Modal';

type Note = { text: string; kind: 'error' | 'info' } | null;

/** What an action said: an error is an alert, anything else a status. */
function NoteLine({ note }: { note: Note }) {
  if (!note) return null;
  return (
    <p
      class={`acct-note ${note.kind}`}
      role={note.kind === 'error' ? 'alert' : 'status'}
      data-testid="acct-note"
    >
      {note.text}
    </p>
  );
}

/** A time of day in the player's language ("14:05"). */
function clockTime(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
}

function dateTime(iso: string, lang: Lang): string {
  return new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The link as a QR code (an SVG drawn once the encoder has loaded; its box is kept meanwhile). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ n: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    qrModules(text).then(
      (m) => live && setDrawn({ n: m.length + 2 * QUIET, d: qrPath(m) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div class="qr" data-testid="qr">
      {drawn ? (
        <svg viewBox={`0 0 ${drawn.n} ${drawn.n}`} role="img" aria-label={label} shape-rendering="crispEdges">
          <rect width={drawn.n} height={drawn.n} fill="#fff" />
          <path d={drawn.d} fill="#000" />
        </svg>
      ) : null}
    </div>
  );
}

export interface DevicesProps {
  t: T;
  lang: Lang;
  link: Loaded<LinkCode>;
  linkUrl: (code: string) => string;
  devices: Loaded<Device[]>;
  initialCode: string;
  note: Note;
  onMake: () => void;
  onRedeem: (code: string) => void;
  onSignOut: (d: Device) => void;
  onClose: () => void;
}

export function DevicesDialog(p: DevicesProps) {
  const { t } = p;
  return (
    <Modal title={t('menu.devices')} onClose={p.onClose} closeLabel={t('btn.close')} wide>
      <div class="account" data-testid="devices-dialog">
        <NoteLine note={p.note} />
        <MakeCode {...p} />
        <RedeemCode {...p} />
        <section aria-labelledby="devices-list">
          <h3 id="devices-list">{t('devices.title')}</h3>
          <DevicesList {...p} />
        </section>
      </div>
    </Modal>
  );
}

/** "Play on another device": a code, when it expires, and the QR code of its link. */
function MakeCode({ t, lang, link, linkUrl, onMake }: DevicesProps) {
  const made = link && typeof link === 'object' ? link : null;
  return (
    <section aria-labelledby="link-make">
      <h3 id="link-make">{t('link.from')}</h3>
      <p>{t('link.intro')}</p>
      {made ? (
        <div class="linkcode">
          <div>
            <p>
              {t('link.code')}:{' '}
              <strong class="code" data-testid="link-code">
                {made.code}
              </strong>
            </p>
            <p data-testid="link-expires">{t('link.expires', { time: clockTime(made.expires_at, lang) })}</p>
          </div>
          <QrCode text={linkUrl(made.code)} label={t('link.qr')} />
        </div>
      ) : null}
      <button type="button" class={made ? '' : 'primary'} onClick={onMake} disabled={link === 'loading'}>
        {t('link.make')}
      </button>
    </section>
  );
}

/** "I have a code": redeem one shown on another device (prefilled from a /link/ address). */
function RedeemCode({ t, initialCode, onRedeem }: DevicesProps) {
  const [code, setCode] = useState(initialCode);
  return (
    <section aria-labelledby="link-have">
      <h3 id="link-have">{t('link.have')}</h3>
      <p>{t('link.have.intro')}</p>
      <form
        class="redeem"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) onRedeem(code.trim());
        }}
      >
        <label class="opt">
          <span>{t('link.field')}</span>
          <input
            name="code"
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            placeholder="XXXXX-XXXXX"
            value={code}
            onInput={(e) => setCode((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" class={initialCode ? 'primary' : ''}>
          {t('link.redeem')}
        </button>
      </form>
    </section>
  );
}

function DevicesList({ t, lang, devices, onSignOut }: DevicesProps) {
  if (devices === null || devices === 'loading') return <p>{t('loading')}</p>;
  if (devices === 'error') return <p>{t('error.network')}</p>;
  return (
    <ul class="devices" data-testid="devices">
      {devices.map((d) => (
        <li key={d.id} data-current={d.current ? 'true' : undefined}>
          <div>
            <strong>{d.label}</strong>
            {d.current ? <em> · {t('devices.this')}</em> : null}
            <br />
            <small>
              {t('devices.when', {
                created: dateTime(d.created_at, lang),
                used: dateTime(d.last_used_at, lang),
              })}
            </small>
          </div>
          <button
            type="button"
            class="small"
            aria-label={t('devices.signout.label', { label: d.current ? t('devices.this') : d.label })}
            onClick={() => onSignOut(d)}
          >
            {t('devices.signout')}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function DataDialog({
  t,
  name,
  note,
  onExport,
  onDelete,
  onClose,
}: {
  t: T;
  /** the player's name, once known: deleting asks for it */
  name: string | null;
  note: Note;
  onExport: () => void;
  onDelete: (confirm: string) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Modal title={t('menu.data')} onClose={onClose} closeLabel={t('btn.close')}>
      <div class="account" data-testid="data-dialog">
        <NoteLine note={note} />
        <section aria-labelledby="data-export">
          <h3 id="data-export">{t('data.export')}</h3>
          <p>{t('data.export.intro')}</p>
          <button type="button" onClick={onExport}>
            {t('data.export')}
          </button>
        </section>
        <section aria-labelledby="data-delete">
          <h3 id="data-delete">{t('data.delete')}</h3>
          <p>{t('data.delete.intro')}</p>
          {name === null ? (
            <p>{t('loading')}</p>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                onDelete(typed);
              }}
            >
              <label class="opt">
                <span>{t('data.delete.confirm', { name })}</span>
                <input
                  name="confirm"
                  autocomplete="off"
                  value={typed}
                  onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
                />
              </label>
              <button type="submit" class="danger" disabled={typed.trim() !== name}>
                {t('data.delete.go')}
              </button>
            </form>
          )}
        </section>
      </div>
    </Modal>
  );
}

export function RecordDialog({
  t,
  checked,
  gameOf,
  onVerify,
  onWatch,
  onClose,
}: {
  t: T;
  checked: Loaded<Checked>;
  /** the game a record names, if the client knows it (its own words for the reasons) */
  gameOf: (name: string) => GameName | null;
  onVerify: (text: string) => void;
  onWatch: (gameId: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  return (
    <Modal title={t('menu.record')} onClose={onClose} closeLabel={t('btn.close')} wide>
      <form
        class="account record"
        data-testid="record-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) onVerify(text);
        }}
      >
        <p>{t('record.intro')}</p>
        <label class="opt stack">
          <span>{t('record.field')}</span>
          <textarea
            name="record"
            rows={8}
            spellcheck={false}
            value={text}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          />
        </label>
        <button type="submit" class="primary" disabled={checked === 'loading'}>
          {t('record.verify')}
        </button>
        <CheckedLines t={t} checked={checked} gameOf={gameOf} onWatch={onWatch} />
      </form>
    </Modal>
  );
}

/** The server's verdict on a record: valid or not, its result, the moves replayed, the first
 *  illegal move (number, reason, line and column) or where it could not be read. */
function CheckedLines({
  t,
  checked,
  gameOf,
  onWatch,
}: {
  t: T;
  checked: Loaded<Checked>;
  gameOf: (name: string) => GameName | null;
  onWatch: (id: string) => void;
}) {
  if (checked === null) return null;
  if (checked === 'loading') return <p role="status">{t('loading')}</p>;
  if (checked === 'error') return <p role="alert">{t('error.network')}</p>;
  if (checked.kind === 'refused') {
    const where = checked.line !== null && checked.column !== null;
    return (
      <p class="verdict bad" role="alert" data-testid="record-verdict" data-valid="false">
        {where
          ? t('record.unreadable', { line: checked.line!, column: checked.column!, message: checked.message })
          : reasonText(t, null, checked.reason, checked.message)}
      </p>
    );
  }
  return <VerdictLines t={t} checked={checked} gameOf={gameOf} onWatch={onWatch} />;
}

function VerdictLines({
  t,
  checked,
  gameOf,
  onWatch,
}: {
  t: T;
  checked: Extract<Checked, { kind: 'verdict' }>;
  gameOf: (name: string) => GameName | null;
  onWatch: (id: string) => void;
}) {
  const v = checked.verdict;
  const err = v.error && 'reason' in v.error ? v.error : null;
  const game = gameOf(v.game);
  return (
    <div
      class={`verdict ${v.valid ? 'good' : 'bad'}`}
      role="status"
      data-testid="record-verdict"
      data-valid={String(v.valid)}
    >
      <p>
        <strong>{v.valid ? t('record.valid') : t('record.invalid')}</strong>
      </p>
      <p>
        {v.deal_id} · {v.ruleset}
      </p>
      <p>{t(`record.result.${v.status}`)}</p>
      <p>{t('record.moves', { n: v.moves })}</p>
      {err ? (
        <p data-testid="record-error">
          {err.move_number === null
            ? t('record.claim', { reason: reasonText(t, game, err.reason, err.message), line: err.line })
            : t('record.error', {
                n: err.move_number,
                reason: reasonText(t, game, err.reason, err.message),
                line: err.line,
                column: err.column,
              })}
        </p>
      ) : null}
      {v.valid && checked.gameId ? (
        <button type="button" onClick={() => onWatch(checked.gameId!)} data-testid="record-watch">
          {t('record.watch')}
        </button>
      ) : null}
    </div>
  );
}
