// A room: its code and link to share, its seats numbered from 1 (who holds each, ready,
// away and the bot standing in), this browser's Ready, and the host's controls (add or
// remove a seat, a person's seat or a bot's, start). Once the game is on, the same screen
// leads back to the table. The core decides; this draws `OnlineState.room`.
import { useState } from 'preact/hooks';
import type { BotLevel, OnlineState, RoomSeatState, RoomState } from '../pkg/yut_web';
import { send } from '../core';
import { t } from '../i18n';
import { Banner, online } from './Online';
import { Back, PLAYERS, playerKey } from './Screens';

export const botName = (level: BotLevel): string => t(`bot_${level.toLowerCase()}`);

/// What is said of a seat beside its name: this browser's, the host's, a bot, ready or
/// not, away and the bot standing in.
/// (`picker`: the seat's player is shown by the host's picker beside it.)
export function seatTags(s: RoomSeatState, room: RoomState, picker = false): string[] {
  const tags: string[] = [];
  if (s.mine) tags.push(t('lobby_seat_you'));
  if (s.seat === room.host_seat && s.player === 'Human') tags.push(t('lobby_seat_host'));
  if (s.player !== 'Human') {
    if (!picker) tags.push(botName(s.player.Bot.level));
  }
  else if (!s.taken) tags.push(t('lobby_seat_open'));
  else if (room.phase === 'Lobby') tags.push(s.ready ? t('lobby_seat_ready') : t('lobby_seat_waiting'));
  if (s.away) tags.push(t('lobby_seat_away'));
  if (s.standin) tags.push(t('online_standin', botName(s.standin)));
  return tags;
}

type Shared = 'idle' | 'shared' | 'copied' | 'failed';

/// The share sheet where the browser has one; else the link to the clipboard.
async function share(room: RoomState): Promise<Shared> {
  // The core's https link (`https://HOST/r/CODE` of the room's server).
  const url = room.link;
  if (navigator.share) {
    try {
      await navigator.share({ title: t('lobby_share_title'), text: t('lobby_share_text', room.code, ''), url });
      return 'shared';
    } catch (e) {
      // The person closed the sheet: nothing to say.
      if (e instanceof DOMException && e.name === 'AbortError') return 'idle';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

function SeatRow({ s, room, busy }: { s: RoomSeatState; room: RoomState; busy: boolean }) {
  const lobby = room.phase === 'Lobby';
  const host = room.hosting && lobby && s.seat !== room.host_seat;
  const picker = host && !s.taken;
  const number = t('lobby_seat_number', s.number);
  return (
    <li class={`room-seat${s.mine ? ' mine' : ''}`} data-seat={s.seat}>
      <span class="number" aria-hidden="true">{s.number}</span>
      <span class="dot" style={{ background: s.colour }} aria-hidden="true" />
      <div class="who">
        <span class="seat-name"><span class="sr-only">{number}: </span>{s.taken || s.player !== 'Human' ? s.name : t('lobby_seat_open')}</span>
        <span class="tags">{seatTags(s, room, picker).join(' · ')}</span>
      </div>
      {s.mine && lobby ? (
        <button type="button" class={s.ready ? 'secondary' : 'primary'} data-testid={`ready-${s.seat}`} aria-pressed={s.ready} disabled={busy}
          onClick={() => online({ Ready: { seat: s.seat, ready: !s.ready } })}>
          {s.ready ? t('lobby_not_ready') : t('lobby_ready')}
        </button>
      ) : null}
      {picker ? (
        <select aria-label={t('lobby_seat_player', s.number)} data-testid={`seat-player-${s.seat}`} value={playerKey(s.player)} onChange={(e) => {
          const p = PLAYERS.find(([k]) => k === e.currentTarget.value);
          if (p) online({ SetSeat: { seat: s.seat, player: p[1] } });
        }}>
          {PLAYERS.map(([k]) => <option value={k}>{t(k)}</option>)}
        </select>
      ) : null}
      {host && room.seats.length > 2 ? (
        <button type="button" class="link" aria-label={t('lobby_remove_seat', s.number)} data-testid={`remove-${s.seat}`} onClick={() => online({ RemoveSeat: { seat: s.seat } })}>✕</button>
      ) : null}
    </li>
  );
}

/// What can be said of the room's throws once checked; a mismatch is said loudly.
export function ThrowsCheck({ room }: { room: RoomState }) {
  const check = room.game?.throws;
  if (!check || typeof check === 'string' || 'Committed' in check) return null;
  if ('Verified' in check) return <p class="help" data-testid="throws-check">{t('online_throws_verified', check.Verified.throws)}</p>;
  return <p class="note alarm" role="alert" data-testid="throws-check">{t('online_throws_mismatch', check.Mismatch.reason)}</p>;
}

export function Lobby({ o, room }: { o: OnlineState; room: RoomState }) {
  const [shared, setShared] = useState<Shared>('idle');
  const lobby = room.phase === 'Lobby';
  const link = room.link;
  const busy = o.connection !== 'Live';
  return (
    <main class="lobby" data-screen="lobby">
      <Back />
      <h1>{t('lobby_title')}</h1>
      <Banner link={o.connection} />
      {o.watching ? <p class="note" data-testid="watching">{t('online_watching')}</p> : null}
      <div class="room-code">
        <span class="help">{t('lobby_code_label')}</span>
        <span class="code" data-testid="room-code">{room.code}</span>
        <button type="button" class="primary" data-testid="share" onClick={() => void share(room).then(setShared)}>{t('lobby_share')}</button>
      </div>
      <p class="room-link"><a href={link} data-testid="room-link">{link}</a></p>
      {shared === 'copied' ? <p class="help" role="status">{t('online_link_copied')}</p> : null}
      {shared === 'failed' ? <p class="help" role="status">{t('online_link_copy_failed')}</p> : null}
      <h2>{t('seats_label')}</h2>
      <ol class="room-seats" aria-label={t('seats_label')}>
        {room.seats.map((s) => <SeatRow s={s} room={room} busy={busy} />)}
      </ol>
      {room.spectators > 0 ? <p class="help" data-testid="spectators">{t('lobby_spectators', room.spectators)}</p> : null}
      {lobby && room.hosting ? (
        <div class="row-buttons">
          <button type="button" class="secondary" data-testid="add-person" disabled={busy} onClick={() => online({ AddSeat: { player: 'Human' } })}>{t('lobby_add_person')}</button>
          <button type="button" class="secondary" data-testid="add-bot" disabled={busy} onClick={() => online({ AddSeat: { player: { Bot: { level: 'Medium' } } } })}>{t('lobby_add_bot')}</button>
        </div>
      ) : null}
      {lobby && room.hosting ? (
        <>
          <button type="button" class="primary start" data-testid="start-room" disabled={!room.can_start || busy} onClick={() => online('Start')}>{t('lobby_start')}</button>
          {!room.can_start ? <p class="help">{t('lobby_start_help')}</p> : null}
        </>
      ) : null}
      {lobby && !room.hosting ? <p class="help" role="status">{t('lobby_waiting_host')}</p> : null}
      {!lobby ? <button type="button" class="primary start" data-testid="to-table" onClick={() => send({ Open: { screen: 'Table' } })}>{t('online_to_table')}</button> : null}
      <ThrowsCheck room={room} />
      <button type="button" class="secondary leave" data-testid="leave-room" onClick={() => online('Leave')}>{t('lobby_leave')}</button>
    </main>
  );
}
