// The root: whichever screen the core shows, the message line, the screen reader's live
// region, and the shell's effects (clacks, haptics, announcements, sharing). A room link
// (`/r/CODE`) opens the online entry with its code filled in; the room the page was in
// is rejoined as it opens again (see openRoom.ts).
import { useEffect, useState } from 'preact/hooks';
import type { MatDrawn } from '../pkg/yut_web';
import { core, send } from '../core';
import { t, type Lang } from '../i18n';
import { Menu, NewGame, Rules, Saved, Settings } from './Screens';
import { Table } from './Table';
import { Lobby } from './Lobby';
import { OnlineEntry, hostRoom, linkedCode, type EntryFields } from './Online';
import { messageText, speech } from './words';
import { playEffects } from './feedback';
import { roomToRejoin } from '../openRoom';

export function App() {
  const [state, setState] = useState(core.state);
  const [, setLang] = useState<Lang>('en');
  const [said, setSaid] = useState('');
  const [layout, setLayout] = useState<MatDrawn | undefined>(undefined);
  const [fields, setFields] = useState<EntryFields>(() => ({ name: '', code: linkedCode(location.pathname) ?? '' }));
  // The new-game form opened from the online entry sets a room's table.
  const [hosting, setHosting] = useState(false);
  useEffect(() => core.subscribe(() => setState(core.state)), []);
  const ready = state.view !== undefined;
  useEffect(() => {
    if (!ready) return;
    // The room this page was in comes back (its seats taken back); else a room link opens
    // the join form with its code.
    const linked = linkedCode(location.pathname);
    const open = roomToRejoin(linked);
    if (open !== undefined) send({ Online: { action: { Rejoin: { code: open } } } });
    else if (linked !== undefined) send({ Open: { screen: 'Online' } });
  }, [ready]);
  const screenNow = state.view?.screen;
  useEffect(() => {
    if (screenNow !== 'NewGame') setHosting(false);
  }, [screenNow]);
  useEffect(
    () =>
      core.onEffects((effects) => {
        const muted = core.state.view?.settings.muted ?? false;
        const words = playEffects(effects, muted, (parts) => speech(parts, core.state.board));
        if (words) setSaid(words);
      }),
    [],
  );
  const onMatSize = (width: number, height: number): void => {
    if (width < 10 || height < 10) return;
    send({ Table: { action: { MatLaidOut: { mat: { width, height } } } } });
    core.layout(width, height).then(setLayout);
  };
  const view = state.view;
  if (state.failed) {
    return <main class="failed" role="alert"><h1>{t('app_name')}</h1><p>{t('web_failed')}</p><pre>{state.failed}</pre><button type="button" class="primary" onClick={() => location.reload()}>{t('web_reload')}</button></main>;
  }
  if (!view || !state.board) return <main class="loading" aria-busy="true"><h1>{t('app_name')}</h1></main>;
  let screen;
  switch (view.screen) {
    case 'Menu':
      screen = <Menu view={view} onLang={setLang} />;
      break;
    case 'NewGame':
      screen = view.form ? <NewGame f={view.form} host={hosting ? { name: fields.name, onName: (name) => setFields({ ...fields, name }), open: () => hostRoom(fields.name) } : undefined} /> : null;
      break;
    case 'Table':
      screen = view.table ? <Table table={view.table} board={state.board} layout={layout} frames={state.frames} sticksComing={state.sticksComing === true} onMatSize={onMatSize} online={view.online} /> : null;
      break;
    case 'SavedGames':
      screen = <Saved view={view} />;
      break;
    case 'Settings':
      screen = <Settings view={view} onLang={setLang} />;
      break;
    case 'Rules':
      screen = <Rules rules={view.rules} />;
      break;
    case 'Online':
      screen = view.online.room ? (
        <Lobby o={view.online} room={view.online.room} />
      ) : (
        <OnlineEntry o={view.online} fields={fields} onFields={setFields} onHost={() => {
          setHosting(true);
          send({ Open: { screen: 'NewGame' } });
        }} />
      );
      break;
  }
  const notice = state.notice;
  return (
    <>
      {screen}
      {view.message ? (
        <div class="message" role="alert" data-testid="message">
          <span>{messageText(view.message.kind)}</span>
          <button type="button" class="link" onClick={() => send('Dismiss')}>{t('web_dismiss')}</button>
        </div>
      ) : null}
      {notice ? (
        <div class="message" role="alert" data-testid="notice">
          <span>{notice.what === 'imported' ? t('save_imported') : notice.what === 'import' ? t('save_import_refused', notice.detail) : t('save_export_refused', notice.detail)}</span>
          <button type="button" class="link" onClick={() => core.clearNotice()}>{t('web_dismiss')}</button>
        </div>
      ) : null}
      <div class="sr-only" aria-live="polite" data-testid="said">{said}</div>
    </>
  );
}
