// What a player does with who they are and what they played (issue 30): a code for another
// device and redeeming one, signing devices out, a finished game's record (copy, download), a
// pasted record checked by the server, their data downloaded, the account deleted. After a
// redemption, this device's sign-out or a deletion the shell starts over at home as the player
// the device now is (a new anonymous one when it has none).
import { ApiError, type Api, type Device } from '../api/client';
import { reasonText } from '../i18n';
import type { GameView } from '../model/types';
import type { Checked } from '../model/fetched';
import { copyText, download } from './files';
import type { Store } from './store';

/** The `GameId` tag of a record, if it has one (docs/record.md): its game may be watched. */
export function recordGameId(text: string): string | null {
  const m = /^\[GameId "([\w-]{1,64})"\]\s*$/m.exec(text);
  return m ? m[1]! : null;
}

/** The address a link code's QR code opens: this client's /link/<code>. */
export function linkUrl(origin: string, code: string): string {
  return `${origin}/link/${encodeURIComponent(code)}`;
}

export class Account {
  constructor(
    private api: Api,
    private store: Store,
    /** back to the home page, everything fetched asked for again */
    private home: () => void,
  ) {}

  /** A one-time code for another device (a new one replaces the last). */
  makeCode(): void {
    this.note(null);
    this.set({ link: 'loading' });
    this.api.linkCode().then(
      (link) => this.set({ link }),
      (e) => {
        this.set({ link: null });
        this.refused(e);
      },
    );
  }

  /** This device becomes the player whose other device showed `code`. */
  redeem(code: string): void {
    this.note(null);
    this.api.redeem(code).then(
      (p) => this.startOver(this.store.t('link.done', { name: p.name })),
      (e) => this.refused(e, 'redeem'),
    );
  }

  signOut(d: Device): void {
    this.note(null);
    this.api.signOut(d.id).then(
      async () => {
        if (!d.current) {
          this.note(this.store.t('devices.signed_out', { label: d.label }), 'info');
          const devices = this.store.state.devices;
          if (Array.isArray(devices)) this.set({ devices: devices.filter((x) => x.id !== d.id) });
          return;
        }
        await this.api.resetPlayer();
        this.startOver(this.store.t('devices.new_player'));
      },
      (e) => this.refused(e),
    );
  }

  /** Everything kept about the player, saved as an NDJSON file. */
  exportData(): void {
    this.note(null);
    this.api.exportData().then(
      (text) => download('patience-my-data.ndjson', text, 'application/x-ndjson'),
      (e) => this.refused(e),
    );
  }

  deletePlayer(confirm: string): void {
    this.note(null);
    this.api.deletePlayer(confirm).then(
      async () => {
        await this.api.ensurePlayer();
        this.startOver(this.store.t('data.deleted'));
      },
      (e) => this.refused(e),
    );
  }

  /** A finished game's record: to the clipboard, or saved as a `.txt` file. */
  record(view: GameView, how: 'copy' | 'download'): void {
    const t = this.store.t;
    this.api.record(view.id).then(
      async (text) => {
        if (how === 'download') return download(`${view.deal_id}-${view.id}.txt`, text);
        if (await copyText(text)) this.store.flash(t('record.copied'), 'info');
        else this.store.flash(t('error.network'));
      },
      (e) =>
        this.store.flash(
          e instanceof ApiError ? reasonText(t, null, e.reason, e.message) : t('error.network'),
        ),
    );
  }

  /** A pasted record replayed by the server. */
  verify(text: string): void {
    this.set({ checked: 'loading' });
    this.api.verify(text).then(
      (verdict) => this.set({ checked: { kind: 'verdict', verdict, gameId: recordGameId(text) } }),
      (e) => this.set({ checked: refusal(e) }),
    );
  }

  private startOver(message: string): void {
    this.set({ me: null, bests: null, link: null, devices: null, checked: null, linkInput: '' });
    this.store.dialog(null);
    this.home();
    this.store.flash(message, 'info');
  }

  /** `near`: the field the refusal is about, which the note then stands beside. */
  private refused(e: unknown, near?: 'redeem'): void {
    const t = this.store.t;
    this.note(
      e instanceof ApiError ? reasonText(t, null, e.reason, e.message) : t('error.network'),
      'error',
      near,
    );
  }

  /** A line inside the open dialog (an error, or what was done). */
  private note(text: string | null, kind: 'error' | 'info' = 'error', near?: 'redeem'): void {
    this.set({ accountNote: text ? { text, kind, ...(near ? { near } : {}) } : null });
    if (text) this.store.announce(text);
  }

  private set(data: Parameters<Store['fetched']>[0]): void {
    this.store.fetched(data);
  }
}

function refusal(e: unknown): Checked {
  if (!(e instanceof ApiError)) return { kind: 'refused', reason: 'network', message: '', at: null };
  return { kind: 'refused', reason: e.reason, message: e.message, at: e.at };
}
