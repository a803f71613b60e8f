// The new-game dialog and the option fields (also on the home page).
import { useState } from 'preact/hooks';
import type { Catalog } from '../api/client';
import { known, type GameKey, type Key, type T } from '../i18n';
import type { GameName, Options } from '../model/types';
import { Modal } from './Modal';

export function NewGameDialog({
  t,
  games,
  catalog,
  initialGame,
  initialOptions,
  onStart,
  onClose,
}: {
  t: T;
  games: readonly GameName[];
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
        <GamePicker t={t} games={games} game={game} onPick={pick} />
        {catalog && !entry ? <p class="warn">{t('opt.unavailable')}</p> : null}
        {entry ? (
          <OptionFields t={t} game={game} options={entry.options} values={opts} onChange={setOpts} />
        ) : null}
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

function GamePicker({
  t,
  games,
  game,
  onPick,
}: {
  t: T;
  games: readonly GameName[];
  game: GameName;
  onPick: (g: GameName) => void;
}) {
  return (
    <fieldset class="games">
      <legend>{t('new.game')}</legend>
      {games.map((g) => (
        <label key={g} class={`game-tile${g === game ? ' on' : ''}`}>
          <input type="radio" name="game" value={g} checked={g === game} onChange={() => onPick(g)} />
          <span>{t(`${g}.name`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

type CatalogOption = Catalog['games'][number]['options'][number];

/** The player's words for an option or one of its values: the game's own, else the shell's,
 *  else `fallback` (the server's description, or the value itself). */
function optionText(t: T, game: GameName, path: string, fallback: string): string {
  const keys: (GameKey | Key)[] = [`${game}.opt.${path}`, `opt.${path}` as Key];
  const key = keys.find((k) => known(t, k));
  return key ? t(key) : fallback;
}

/** The controls of a game's options, from the catalog (names, defaults, allowed values): a new
 *  option on the server shows up here without a change of the client. */
export function OptionFields({
  t,
  game,
  options,
  values,
  onChange,
}: {
  t: T;
  game: GameName;
  options: CatalogOption[];
  values: Options;
  onChange: (o: Options) => void;
}) {
  return (
    <>
      {options.map((o) => {
        const label = optionText(t, game, o.name, o.description);
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
              {o.allowed.map((a) => (
                <option key={String(a)} value={String(a)}>
                  {optionText(t, game, `${o.name}.${String(a)}`, String(a))}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </>
  );
}
