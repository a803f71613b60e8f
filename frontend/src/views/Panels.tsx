import { useEffect, useState } from 'preact/hooks';
import type { Api, Catalog, Leaderboard } from '../api/client';
import { formatTime, type Key, type Lang, type T } from '../i18n';
import { GAME_NAMES, type GameName, type ServerView } from '../model/types';
import { rulesPage } from '../rules/content';
import type { DeadEndKind, Exit } from '../state/analysis';
import { Modal } from './Modal';

// -- results ---------------------------------------------------------------------------------

export function ResultsPanel({ view, t, api, countLabel, onNew, onReplay, onViewBoard }: {
  view: ServerView; t: T; api: Api; countLabel: Key; onNew: () => void; onReplay: () => void; onViewBoard: () => void;
}) {
  const r = view.result;
  const pb = r?.personal_best;
  const won = view.status === 'won';
  return (
    <Modal title={won ? t('won.title') : t('resigned.title')} onClose={onViewBoard} closeLabel={t('btn.view_board')}>
      <div class="results" data-testid="results">
        <dl class="stats">
          <div><dt>{t('won.time')}</dt><dd>{formatTime(r?.elapsed_ms ?? view.elapsed_ms)}</dd></div>
          <div><dt>{t('won.moves')}</dt><dd>{r?.moves ?? view.moves}</dd></div>
          <div><dt>{t('won.undos')}</dt><dd>{r?.undos ?? view.undos}</dd></div>
          <div><dt>{t('won.hints')}</dt><dd>{r?.hints ?? view.hints}</dd></div>
          {r?.removed != null ? <div><dt>{t(countLabel)}</dt><dd>{r.removed}</dd></div> : null}
        </dl>
        <DealId id={view.deal_id} t={t} />
        {won ? (
          <p class="best">
            {pb?.previous == null ? <strong>{t('won.best.first')}</strong> : (
              <>{pb.improved ? <strong>{t('won.best.new')} </strong> : null}{t('won.best.prev', { n: pb.previous })}</>
            )}
          </p>
        ) : pb?.previous != null ? <p class="best">{t('won.best.prev', { n: pb.previous })}</p> : null}
        <LeaderboardTable api={api} view={view} t={t} />
        <div class="exits">
          <button type="button" class="primary" onClick={onNew} autofocus>{t('btn.new')}</button>
          <button type="button" onClick={onReplay}>{t('btn.replay')}</button>
          <button type="button" onClick={onViewBoard}>{t('btn.view_board')}</button>
        </div>
      </div>
    </Modal>
  );
}

export function DealId({ id, t }: { id: string; t: T }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const url = `${location.origin}/play/${id}`;
    try { await navigator.clipboard.writeText(url); } catch { /* clipboard may be refused */ }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <p class="dealid">
      {t('won.deal')}: <code data-testid="deal-id">{id}</code>{' '}
      <button type="button" class="small" onClick={copy}>{copied ? t('btn.copied') : t('btn.copy')}</button>
    </p>
  );
}

export function LeaderboardTable({ api, view, t }: { api: Api; view: ServerView; t: T }) {
  const [lb, setLb] = useState<Leaderboard | null>(null);
  useEffect(() => {
    let live = true;
    api.leaderboard(view.game, view.deal, view.ruleset).then((x) => live && setLb(x), () => live && setLb(null));
    return () => { live = false; };
  }, [view.deal_id, view.ruleset, view.status]);
  return (
    <section class="leaderboard" aria-label={t('lb.title')} data-testid="leaderboard">
      <h3>{t('lb.title')} · {view.deal_id}</h3>
      {!lb ? <p>{t('loading')}</p> : lb.entries.length === 0 ? <p>{t('lb.empty')}</p> : (
        <table>
          <thead><tr><th>{t('lb.rank')}</th><th>{t('lb.player')}</th><th>{t('lb.moves')}</th><th>{t('lb.time')}</th></tr></thead>
          <tbody>
            {lb.entries.map((e) => (
              <tr key={e.rank}><td>{e.rank}</td><td>{e.player}</td><td>{e.moves}</td><td>{formatTime(e.elapsed_ms)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

// -- dead end ----------------------------------------------------------------------------------

export function DeadEndPanel({ t, kind, exits, onExit, onClose }: {
  t: T; kind: DeadEndKind; exits: Exit[]; onExit: (e: Exit) => void; onClose: () => void;
}) {
  const unwinnable = kind === 'unwinnable';
  const label: Record<Exit, Key> = { undo: 'btn.undo', hint: 'btn.hint', resign: 'btn.resign_result', replay: 'btn.replay', new: 'btn.new' };
  return (
    <div class="deadend" role="alertdialog" aria-labelledby="deadend-title" aria-describedby="deadend-body" data-testid="deadend" data-kind={kind}>
      <div class="deadend-head">
        <h2 id="deadend-title">{unwinnable ? t('unwinnable.title') : t('stuck.title')}</h2>
        <button type="button" class="icon" onClick={onClose} aria-label={t('btn.close')}>✕</button>
      </div>
      <p id="deadend-body">{unwinnable ? t('notice.unwinnable') : t('stuck.body')}</p>
      {unwinnable ? <p class="why">{t('unwinnable.why')}</p> : null}
      <div class="exits">
        {exits.map((e, i) => (
          <button type="button" key={e} class={i === 0 ? 'primary' : ''} data-exit={e} onClick={() => onExit(e)}>{t(label[e])}</button>
        ))}
      </div>
    </div>
  );
}

// -- new game ----------------------------------------------------------------------------------

export type Options = Record<string, unknown>;

export function NewGameDialog({ t, catalog, initialGame, initialOptions, onStart, onClose }: {
  t: T; catalog: Catalog | null; initialGame: GameName;
  initialOptions: (g: GameName) => Options;
  onStart: (g: GameName, options: Options, deal?: number) => void; onClose: () => void;
}) {
  const [game, setGame] = useState<GameName>(initialGame);
  const [opts, setOpts] = useState<Options>(initialOptions(initialGame));
  const [deal, setDeal] = useState('');
  const entry = catalog?.games.find((g) => g.game === game);
  const pick = (g: GameName) => { setGame(g); setOpts(initialOptions(g)); };
  const submit = (e: Event) => {
    e.preventDefault();
    const n = Number(deal);
    onStart(game, opts, deal && Number.isInteger(n) && n > 0 ? n : undefined);
  };
  return (
    <Modal title={t('new.title')} onClose={onClose} closeLabel={t('btn.close')}>
      <form class="newgame" onSubmit={submit}>
        <fieldset class="games">
          <legend>{t('new.game')}</legend>
          {GAME_NAMES.map((g) => (
            <label key={g} class={`game-tile${g === game ? ' on' : ''}`}>
              <input type="radio" name="game" value={g} checked={g === game} onChange={() => pick(g)} />
              <span>{t(`game.${g}` as Key)}</span>
            </label>
          ))}
        </fieldset>
        {catalog && !entry ? <p class="warn">{t('opt.unavailable')}</p> : null}
        {entry ? <OptionFields t={t} options={entry.options} values={opts} onChange={setOpts} /> : null}
        <label class="opt">
          <span>{t('new.deal')}</span>
          <input name="deal" inputMode="numeric" pattern="[0-9]*" placeholder={t('new.deal.ph')} value={deal} onInput={(e) => setDeal((e.target as HTMLInputElement).value)} />
        </label>
        <div class="exits">
          <button type="submit" class="primary" disabled={!!catalog && !entry}>{t('btn.start')}</button>
        </div>
      </form>
    </Modal>
  );
}

type CatalogOption = Catalog['games'][number]['options'][number];

/** The controls of a game's options, from the catalog (names, defaults, allowed values): a new
 *  option on the server shows up here without a change of the client. */
export function OptionFields({ t, options, values, onChange }: {
  t: T; options: CatalogOption[]; values: Options; onChange: (o: Options) => void;
}) {
  return (
    <>
      {options.map((o) => {
        const key = `opt.${o.name}` as Key;
        const label = t(key) === key ? o.description : t(key);
        const value = values[o.name] ?? o.default;
        if (typeof o.default === 'boolean') {
          return (
            <label class="opt check" key={o.name}>
              <input type="checkbox" name={o.name} checked={value === true} onChange={(e) => onChange({ ...values, [o.name]: (e.target as HTMLInputElement).checked })} />
              <span>{label}</span>
            </label>
          );
        }
        return (
          <label class="opt" key={o.name}>
            <span>{label}</span>
            <select name={o.name} value={String(value)} onChange={(e) => {
              const raw = (e.target as HTMLSelectElement).value;
              const found = o.allowed.find((a) => String(a) === raw);
              onChange({ ...values, [o.name]: found ?? raw });
            }}>
              {o.allowed.map((a) => {
                const k = `opt.${o.name}.${String(a)}` as Key;
                const text = t(k);
                return <option key={String(a)} value={String(a)}>{text === k ? String(a) : text}</option>;
              })}
            </select>
          </label>
        );
      })}
    </>
  );
}

// -- rules, bests, leaderboard ------------------------------------------------------------------

export function RulesDialog({ t, lang, game, onClose }: { t: T; lang: Lang; game: GameName; onClose: () => void }) {
  const [g, setG] = useState<GameName>(game);
  const page = rulesPage(g, lang);
  return (
    <Modal title={`${t('btn.rules')}: ${page.title}`} onClose={onClose} closeLabel={t('btn.close')} wide>
      <div class="tabs" role="tablist">
        {GAME_NAMES.map((x) => (
          <button key={x} type="button" role="tab" aria-selected={x === g} class={x === g ? 'on' : ''} onClick={() => setG(x)}>{t(`game.${x}` as Key)}</button>
        ))}
      </div>
      <div class="rules" data-testid="rules" role="tabpanel">
        {page.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            <ul>{s.items.map((i) => <li key={i}>{i}</li>)}</ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}

export function BestsDialog({ t, api, onClose }: { t: T; api: Api; onClose: () => void }) {
  return (
    <Modal title={t('bests.title')} onClose={onClose} closeLabel={t('btn.close')}>
      <BestsTable t={t} api={api} />
    </Modal>
  );
}

export function BestsTable({ t, api }: { t: T; api: Api }) {
  const [items, setItems] = useState<Awaited<ReturnType<Api['bests']>>['items'] | null>(null);
  useEffect(() => { api.bests().then((b) => setItems(b.items), () => setItems([])); }, []);
  if (!items) return <p>{t('loading')}</p>;
  if (items.length === 0) return <p>{t('bests.empty')}</p>;
  return (
    <table class="bests" data-testid="bests">
      <thead><tr><th>{t('won.deal')}</th><th>{t('lb.moves')}</th><th>{t('lb.time')}</th></tr></thead>
      <tbody>
        {items.map((b) => (
          <tr key={`${b.deal_id}-${b.ruleset}`}>
            <td><a href={`/play/${b.deal_id}`}>{b.deal_id}</a> <small>{b.ruleset}</small></td>
            <td>{b.moves}</td><td>{formatTime(b.elapsed_ms)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LeaderboardDialog({ t, api, view, onClose }: { t: T; api: Api; view: ServerView; onClose: () => void }) {
  return (
    <Modal title={t('lb.title')} onClose={onClose} closeLabel={t('btn.close')}>
      <LeaderboardTable api={api} view={view} t={t} />
    </Modal>
  );
}
