// The new-game dialog, the option fields (also on the home page) and the rules.
import { useState } from 'preact/hooks';
import type { Catalog } from '../api/client';
import type { Key, Lang, T } from '../i18n';
import { GAME_NAMES, type GameName } from '../model/types';
import { rulesPage } from '../rules/content';
import { Modal } from './Modal';

// -- new game ----------------------------------------------------------------------------------

export type Options = Record<string, unknown>;

export function NewGameDialog({
  t,
  catalog,
  initialGame,
  initialOptions,
  onStart,
  onClose,
}: {
  t: T;
  catalog: Catalog | null;
  initialGame: GameName;
  initialOptions: (g: GameName) => Options;
  onStart: (g: GameName, options: Options, deal?: number) => void;
  onClose: () => void;
}) {
  const [game, setGame] = useState<GameName>(initialGame);
  const [opts, setOpts] = useState<Options>(initialOptions(initialGame));
  const [deal, setDeal] = useState('');
  const entry = catalog?.games.find((g) => g.game === game);
  const pick = (g: GameName) => {
    setGame(g);
    setOpts(initialOptions(g));
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const n = Number(deal);
    onStart(game, opts, deal && Number.isInteger(n) && n > 0 ? n : undefined);
  };
  return (
    <Modal title={t('new.title')} onClose={onClose} closeLabel={t('btn.close')}>
      <form class="newgame" onSubmit={submit}>
        <GamePicker t={t} game={game} onPick={pick} />
        {catalog && !entry ? <p class="warn">{t('opt.unavailable')}</p> : null}
        {entry ? <OptionFields t={t} options={entry.options} values={opts} onChange={setOpts} /> : null}
        <label class="opt">
          <span>{t('new.deal')}</span>
          <input
            name="deal"
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder={t('new.deal.ph')}
            value={deal}
            onInput={(e) => setDeal((e.target as HTMLInputElement).value)}
          />
        </label>
        <div class="exits">
          <button type="submit" class="primary" disabled={!!catalog && !entry}>
            {t('btn.start')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function GamePicker({ t, game, onPick }: { t: T; game: GameName; onPick: (g: GameName) => void }) {
  return (
    <fieldset class="games">
      <legend>{t('new.game')}</legend>
      {GAME_NAMES.map((g) => (
        <label key={g} class={`game-tile${g === game ? ' on' : ''}`}>
          <input type="radio" name="game" value={g} checked={g === game} onChange={() => onPick(g)} />
          <span>{t(`game.${g}` as Key)}</span>
        </label>
      ))}
    </fieldset>
  );
}

type CatalogOption = Catalog['games'][number]['options'][number];

/** The controls of a game's options, from the catalog (names, defaults, allowed values): a new
 *  option on the server shows up here without a change of the client. */
export function OptionFields({
  t,
  options,
  values,
  onChange,
}: {
  t: T;
  options: CatalogOption[];
  values: Options;
  onChange: (o: Options) => void;
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
              <input
                type="checkbox"
                name={o.name}
                checked={value === true}
                onChange={(e) => onChange({ ...values, [o.name]: (e.target as HTMLInputElement).checked })}
              />
              <span>{label}</span>
            </label>
          );
        }
        return (
          <label class="opt" key={o.name}>
            <span>{label}</span>
            <select
              name={o.name}
              value={String(value)}
              onChange={(e) => {
                const raw = (e.target as HTMLSelectElement).value;
                const found = o.allowed.find((a) => String(a) === raw);
                onChange({ ...values, [o.name]: found ?? raw });
              }}
            >
              {o.allowed.map((a) => {
                const k = `opt.${o.name}.${String(a)}` as Key;
                const text = t(k);
                return (
                  <option key={String(a)} value={String(a)}>
                    {text === k ? String(a) : text}
                  </option>
                );
              })}
            </select>
          </label>
        );
      })}
    </>
  );
}

// -- rules ------------------------------------------------------------------

export function RulesDialog({
  t,
  lang,
  game,
  onClose,
}: {
  t: T;
  lang: Lang;
  game: GameName;
  onClose: () => void;
}) {
  const [g, setG] = useState<GameName>(game);
  const page = rulesPage(g, lang);
  return (
    <Modal title={`${t('btn.rules')}: ${page.title}`} onClose={onClose} closeLabel={t('btn.close')} wide>
      <div class="tabs" role="tablist">
        {GAME_NAMES.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={x === g}
            class={x === g ? 'on' : ''}
            onClick={() => setG(x)}
          >
            {t(`game.${x}` as Key)}
          </button>
        ))}
      </div>
      <div class="rules" data-testid="rules" role="tabpanel">
        {page.sections.map((s) => (
          <section key={s.heading}>
            <h3>{s.heading}</h3>
            <ul>
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
