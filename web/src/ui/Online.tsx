// The online entry: join a room by its code (a room link fills it in), host one from the
// new-game form, and the rooms this browser holds a seat in (Rejoin, Forget). Also the
// connection banner every online screen shows. What happens is the core's: these send
// `AppEvent.Online` actions and draw `AppView.online`.
import type { KeptRoom, LinkState, OnlineAction, OnlineState } from '../pkg/yut_web';
import { send } from '../core';
import { t } from '../i18n';
import { Back } from './Screens';

export const online = (action: OnlineAction): void => send({ Online: { action } });

/// What the person typed on the entry (the shell's, not the core's: nothing is decided here).
export interface EntryFields {
  name: string;
  code: string;
}

/// The room code of a room link the page was opened at (`/r/CODE`), if any.
export function linkedCode(path: string): string | undefined {
  const m = /^\/r\/([^/]+)\/?$/.exec(path);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/// Opens a room at the new-game form's table with `name` on the first person's seat: the
/// core turns its form into the room's table.
export function hostRoom(name: string): void {
  send({ Form: { event: { Host: { name } } } });
}

/// The connection, when it is not simply live: connecting, lost and retrying, or closed.
export function Banner({ link }: { link: LinkState }) {
  if (link === 'Idle' || link === 'Live') return null;
  let words: string;
  let retry = false;
  if ('Connecting' in link) {
    words = link.Connecting.attempt > 1 ? t('online_banner_reconnecting', link.Connecting.attempt) : t('online_working');
  } else if ('Reconnecting' in link) {
    words = t('online_banner_reconnecting', link.Reconnecting.attempt);
    retry = true;
  } else {
    words = t('online_banner_lost');
    retry = true;
  }
  return (
    <div class="banner" role="status" data-testid="banner">
      <span>{words}</span>
      {retry ? <button type="button" class="secondary" onClick={() => online('Retry')}>{t('online_retry')}</button> : null}
    </div>
  );
}

/// The rooms this browser holds seats in: Rejoin takes the seats back, Forget drops them.
export function KeptRooms({ kept, busy }: { kept: KeptRoom[]; busy: boolean }) {
  if (kept.length === 0) return null;
  return (
    <section class="kept" aria-labelledby="kept-title">
      <h2 id="kept-title">{t('online_kept')}</h2>
      <p class="help">{t('online_kept_help')}</p>
      <ul class="rows">
        {kept.map((k) => (
          <li class="save-row" data-room={k.code}>
            <p>
              <span class="code">{k.code}</span> · {k.seats.map((s) => t('lobby_seat_number', s + 1)).join(', ')}
              {k.host ? ` · ${t('lobby_seat_host')}` : ''}
            </p>
            <div class="row-buttons">
              <button type="button" class="primary" disabled={busy} aria-label={t('online_rejoin_room', k.code)} onClick={() => online({ Rejoin: { code: k.code } })}>{t('online_rejoin')}</button>
              <button type="button" class="secondary" aria-label={t('online_forget_room', k.code)} onClick={() => online({ Forget: { code: k.code } })}>{t('online_forget')}</button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/// The entry: a name, a room code to join, a room to host, the kept rooms.
export function OnlineEntry({ o, fields, onFields, onHost }: { o: OnlineState; fields: EntryFields; onFields: (f: EntryFields) => void; onHost: () => void }) {
  return (
    <main class="online" data-screen="online">
      <Back />
      <h1>{t('online_title')}</h1>
      <Banner link={o.connection} />
      {o.busy ? <p class="note" role="status" aria-busy="true">{t('online_working')}</p> : null}
      <label class="field">
        <span>{t('online_name')}</span>
        <input data-testid="online-name" autocomplete="nickname" maxLength={24} value={fields.name} onInput={(e) => onFields({ ...fields, name: e.currentTarget.value })} />
      </label>
      <section aria-labelledby="join-title">
        <h2 id="join-title">{t('online_join')}</h2>
        <form class="join" onSubmit={(e) => {
          e.preventDefault();
          online({ Join: { code: fields.code, name: fields.name } });
        }}>
          <label class="field">
            <span>{t('online_code')}</span>
            <input data-testid="online-code" autocapitalize="characters" autocomplete="off" spellcheck={false} value={fields.code} aria-describedby="code-help" onInput={(e) => onFields({ ...fields, code: e.currentTarget.value })} />
          </label>
          <p class="help" id="code-help">{t('online_code_help')}</p>
          <button type="submit" class="primary" data-testid="join" disabled={o.busy}>{t('online_join_button')}</button>
          <p class="help">{t('online_watch_help')}</p>
          <button type="button" class="secondary" data-testid="watch" disabled={o.busy} onClick={() => online({ Watch: { code: fields.code } })}>{t('online_watch_button')}</button>
        </form>
      </section>
      <section aria-labelledby="host-title">
        <h2 id="host-title">{t('online_host')}</h2>
        <p class="help">{t('online_host_help')}</p>
        <button type="button" class="secondary" data-testid="host" disabled={o.busy} onClick={onHost}>{t('online_host_table')}</button>
      </section>
      <KeptRooms kept={o.kept} busy={o.busy} />
      <p class="help server">{t('online_server', o.server)}</p>
    </main>
  );
}
