// The dialogs of issue 30: devices and data (another device: a code with its QR code, redeeming
// one, the devices with sign-out; the player's own data: download, delete with their name), and
// a pasted record checked by the server. They render props only; `src/app/account.ts` does what they ask.
import { useMemo, useState } from 'preact/hooks';
import type { Device, LinkCode } from '../api/client';
import { reasonText, type Lang, type T } from '../i18n';
import type { Checked, Loaded } from '../model/fetched';
import type { GameName } from '../model/types';
import { qrModules, qrPath, QUIET } from './qr';
import { Loading } from './Leaderboard';
import { Modal } from './Modal';

type Note = { text: string; kind: 'error' | 'info'; near?: 'redeem' } | null;

/** What an action said (a polite status: the player is looking at the dialog). */
function NoteLine({ note }: { note: Note }) {
  if (!note) return null;
  return (
    <p class={`acct-note ${note.kind}`} role="status" data-testid="acct-note">
      {note.text}
    </p>
  );
}

/** A moment in the player's language: "Dec 2, 2026, 14:05" (`day`), else "14:05". */
const when = (iso: string, lang: Lang, day = false): string =>
  new Date(iso).toLocaleString(lang, { ...(day ? { dateStyle: 'medium' } : {}), timeStyle: 'short' });

/** The link as a QR code (none for a link too long for it: the code above is enough). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const m = useMemo(() => qrModules(text), [text]);
  if (!m) return null;
  const n = m.length + 2 * QUIET;
  return (
    <svg class="qr" viewBox={`0 0 ${n} ${n}`} role="img" aria-label={label} shape-rendering="crispEdges">
      <rect width={n} height={n} fill="#fff" />
      <path d={qrPath(m)} fill="#000" />
    </svg>
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
  /** the player's name, once known: deleting asks for it */
  name: string | null;
  onExport: () => void;
  onDelete: (confirm: string) => void;
  onClose: () => void;
}

export function DevicesDialog(p: DevicesProps) {
  const { t } = p;
  return (
    <Modal title={t('menu.account')} onClose={p.onClose} closeLabel={t('btn.close')} wide>
      <div class="account" data-testid="devices-dialog">
        <NoteLine note={p.note?.near ? null : p.note} />
        <MakeCode {...p} />
        <RedeemCode {...p} />
        <section>
          <h3>{t('devices.title')}</h3>
          <DevicesList {...p} />
        </section>
        <DataPart {...p} />
      </div>
    </Modal>
  );
}

/** "Play on another device": a code, when it expires, and the QR code of its link. */
function MakeCode({ t, lang, link, linkUrl, onMake }: DevicesProps) {
  const made = link && typeof link === 'object' ? link : null;
  return (
    <section>
      <h3>{t('menu.devices')}</h3>
      <p>{t('link.intro')}</p>
      {made ? (
        <div class="linkcode">
          <div>
            <p class="code" data-testid="link-code">
              {made.code}
            </p>
            <p data-testid="link-expires">{t('link.expires', { time: when(made.expires_at, lang) })}</p>
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
function RedeemCode({ t, initialCode, onRedeem, note }: DevicesProps) {
  const [code, setCode] = useState(initialCode);
  return (
    <section>
      <h3>{t('link.have')}</h3>
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
      {/* A wrong code is said under its field, not at the top of a long dialog. */}
      <NoteLine note={note?.near === 'redeem' ? note : null} />
    </section>
  );
}

function DevicesList({ t, lang, devices, onSignOut }: DevicesProps) {
  return (
    <Loading of={devices} t={t}>
      {(items) => (
        <ul class="devices" data-testid="devices">
          {items.map((d) => (
            <li key={d.id} data-current={d.current ? 'true' : undefined}>
              <div>
                <strong>{d.label}</strong>
                {d.current ? <em> · {t('devices.this')}</em> : null}
                <br />
                <small>{t('devices.when', { used: when(d.last_used_at, lang, true) })}</small>
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
      )}
    </Loading>
  );
}

/** "Your data": the download, and deleting the account with the player's name. */
function DataPart({ t, name, onExport, onDelete }: DevicesProps) {
  const [typed, setTyped] = useState('');
  return (
    <section>
      <h3>{t('menu.data')}</h3>
      <button type="button" onClick={onExport}>
        {t('data.export')}
      </button>
      <p>{t('data.delete.intro')}</p>
      {name === null ? null : (
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
              value={typed}
              onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="danger" disabled={typed.trim() !== name}>
            {t('data.delete')}
          </button>
        </form>
      )}
    </section>
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
        <label class="opt above">
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
  if (typeof checked !== 'object') return <Loading of={checked} t={t} children={() => <></>} />;
  if (checked.kind === 'refused') {
    return (
      <p class="verdict bad" role="alert" data-testid="record-verdict">
        {checked.at
          ? t('record.unreadable', checked.at)
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
    <div class={`verdict ${v.valid ? 'good' : 'bad'}`} role="status" data-testid="record-verdict">
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
          {t('record.error', {
            n: err.move_number ?? '—',
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
