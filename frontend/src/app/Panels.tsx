// The panels around the table: a dead end, a finished game's results, and the dialogs (each
// showing what the state holds; what they need was fetched when they opened).
import { GAME_NAMES, gameModule, isGameName, moduleOf } from '../games';
import type { T } from '../i18n';
import { isPaused } from '../model/types';
import { deadEndExits, deadEndKind, rewindPoint } from '../state/analysis';
import {
  LazyBests,
  LazyDailyBoard,
  LazyDevices,
  LazyLeaderboard,
  LazyMenu,
  LazyRecords,
  LazyResults,
  LazyRules,
  LazyStats,
} from './LazyViews';
import { DeadEndPanel } from '../views/DeadEnd';
import { NewGameDialog } from '../views/NewGame';
import { linkUrl } from './account';
import { useCommands } from './commands';
import { storedOptions } from './saved';
import { SettingsDialog } from './Settings';
import type { UiState } from './state';

export function Panels({ s, t }: { s: UiState; t: T }) {
  return (
    <>
      <EndPanels s={s} t={t} />
      <Dialogs s={s} t={t} />
    </>
  );
}

/** A dead end (no move, or proven unwinnable) and a finished game's results. */
function EndPanels({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const endKind = view && s.deadEndClosed !== view.version ? deadEndKind(view, s.watch) : null;
  const rewind = rewindPoint(view, s.watch);
  const hide = () => cmd.showResult(false);
  return (
    <>
      {endKind && view ? (
        <DeadEndPanel
          t={t}
          kind={endKind}
          exits={deadEndExits(view.game, endKind, rewind)}
          rewind={rewind}
          onExit={(e) => cmd.exit(e)}
          onClose={() => cmd.closeDeadEnd(view.version)}
        />
      ) : null}
      {view && view.status !== 'playing' && view.result && !s.hideResult && !s.dialog ? (
        <LazyResults
          view={view}
          t={t}
          board={s.dealBoard}
          dailyRank={s.dailyRank}
          countLabel={moduleOf(view).resultLabel}
          onNew={() => cmd.openDialog('new')}
          onReplay={() => cmd.restart()}
          onWatch={(id) => cmd.watch(id)}
          onRecord={(how) => cmd.saveRecord(view, how)}
          onViewBoard={hide}
        />
      ) : null}
    </>
  );
}

/** The dialog open, if any. */
function Dialogs({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const view = s.view && !isPaused(s.view) ? s.view : null;
  const close = () => cmd.closeDialog();
  const game = s.view?.game ?? GAME_NAMES[0]!;
  switch (s.dialog) {
    case 'new':
      return (
        <NewGameDialog
          t={t}
          games={GAME_NAMES}
          catalog={s.catalog}
          initialGame={game}
          initialOptions={storedOptions}
          onStart={(g, o, d) => cmd.newGame(g, o, d)}
          onClose={close}
        />
      );
    case 'rules':
      return (
        <LazyRules
          t={t}
          games={GAME_NAMES}
          game={game}
          pageOf={(g) => gameModule(g).rules[s.lang]}
          onClose={close}
        />
      );
    case 'menu':
      return (
        <LazyMenu
          t={t}
          lang={s.lang}
          inGame={!!s.view}
          canUndo={!!view && view.status === 'playing' && view.moves > 0}
          onPick={(m) => cmd.pickMenu(m)}
          onClose={close}
        />
      );
    case 'settings':
      return (
        <SettingsDialog t={t} settings={s.settings} onChange={(x) => cmd.changeSettings(x)} onClose={close} />
      );
    default:
      return <DataDialogs s={s} t={t} />;
  }
}

/** The dialogs that show what the server was asked for when they opened. */
function DataDialogs({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const close = () => cmd.closeDialog();
  switch (s.dialog) {
    case 'bests':
      return <LazyBests t={t} bests={s.bests} onClose={close} />;
    case 'daily':
      return typeof s.daily === 'object' && s.daily && s.dailyGame ? (
        <LazyDailyBoard
          t={t}
          board={s.dailyBoard}
          game={s.dailyGame}
          date={s.daily.date}
          onWatch={(id) => cmd.watch(id)}
          onClose={close}
        />
      ) : null;
    case 'stats':
      return <LazyStats t={t} games={GAME_NAMES} me={s.me} bests={s.bests} onClose={close} />;
    case 'leaderboard':
      return s.view ? <LazyLeaderboard t={t} board={s.dealBoard} view={s.view} onClose={close} /> : null;
    default:
      return <AccountDialogs s={s} t={t} />;
  }
}

/** Another device, a record to check, the player's own data. */
function AccountDialogs({ s, t }: { s: UiState; t: T }) {
  const cmd = useCommands();
  const close = () => cmd.closeDialog();
  switch (s.dialog) {
    case 'devices':
      return (
        <LazyDevices
          t={t}
          lang={s.lang}
          link={s.link}
          linkUrl={(code) => linkUrl(location.origin, code)}
          devices={s.devices}
          initialCode={s.linkInput}
          note={s.accountNote}
          onMake={() => cmd.makeLinkCode()}
          onRedeem={(code) => cmd.redeemLinkCode(code)}
          onSignOut={(d) => cmd.signOut(d)}
          name={s.me && typeof s.me === 'object' ? s.me.name : null}
          onExport={() => cmd.exportData()}
          onDelete={(confirm) => cmd.deletePlayer(confirm)}
          onClose={close}
        />
      );
    case 'record':
      return (
        <LazyRecords
          t={t}
          checked={s.checked}
          gameOf={(g) => (isGameName(g) ? g : null)}
          onVerify={(text) => cmd.verifyRecord(text)}
          onWatch={(id) => cmd.watch(id)}
          onClose={close}
        />
      );
    default:
      return null;
  }
}
