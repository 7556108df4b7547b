// How the shell words the core's ids: spots, results, routes, messages, speech.
import type { AppEvent, MessageKind, Route, SpeechPart, Spot, Throw, BoardLayout } from '../pkg/yut_web';
import { currentLang, t, tn } from '../i18n';

/// How the new-game form names a seat nobody has named, in the page's language ("참가자 1",
/// "컴퓨터 2"): told to the core when the page starts and when the language changes.
export const seatNames = (): AppEvent => ({
  SeatNames: { person: t('default_player_name', '{n}'), bot: t('default_bot_name', '{n}') },
});

const THROW_IDS: Record<Throw, string> = {
  BackDo: 'back_do', Do: 'do', Gae: 'gae', Geol: 'geol', Yut: 'yut', Mo: 'mo',
};
export const throwId = (r: Throw): string => THROW_IDS[r];
export const throwName = (r: Throw | null | undefined): string =>
  r === null || r === undefined ? t('throw_nak') : t(`throw_${THROW_IDS[r]}`);

const ROUTE_IDS: Record<Route, string> = {
  Outer: 'outer', Mo: 'mo', MoStraight: 'mo_straight', Dwitmo: 'dwitmo', Jjimo: 'jjimo',
};
export const routeName = (r: Route): string => t(`route_${ROUTE_IDS[r]}`);

export function stationName(board: BoardLayout | undefined, id: string): string {
  const s = board?.stations.find((x) => x.id === id);
  // The Korean name is what the board shows; English adds its romanisation.
  if (s?.name_korean) return currentLang() === 'ko' ? s.name_korean : `${s.name_korean} (${s.name_english ?? ''})`;
  return t('spot_station', id);
}

export function spotName(board: BoardLayout | undefined, spot: Spot): string {
  if (spot === 'Home') return t('spot_home');
  if (spot === 'Done') return t('spot_done');
  return stationName(board, spot.Station.id);
}

export function spotKey(spot: Spot): string {
  return typeof spot === 'string' ? spot : spot.Station.id;
}

// Every kind the core has (tsc fails on a new one without its words).
const MESSAGE_KEYS: Record<Extract<MessageKind, string>, string> = {
  InvalidRules: 'msg_invalid_rules', InvalidSetup: 'msg_invalid_setup', IllegalMove: 'msg_illegal_move',
  NotNow: 'msg_not_now', NotYourTurn: 'msg_not_your_turn', CannotUndo: 'msg_cannot_undo', Stale: 'msg_stale',
  NoSuchMove: 'msg_no_such_move', NoGame: 'msg_no_game', SaveNotFound: 'msg_save_not_found',
  SaveDamaged: 'msg_save_damaged', SaveConflict: 'msg_save_conflict', FileProblem: 'msg_file_error',
  NotSaved: 'msg_not_saved', NotDeleted: 'msg_not_deleted', RecoveredFromBackup: 'msg_recovered', BotFailed: 'msg_bot_failed',
  BotNetsLate: 'msg_bot_nets_late',
  InvalidInput: 'msg_invalid_input', Internal: 'msg_internal', SameColour: 'msg_same_colour',
  RoomNotFound: 'msg_room_not_found', RoomFull: 'msg_room_full', ServerBusy: 'msg_server_busy',
  TooFast: 'msg_too_fast', SeatGone: 'msg_seat_gone', AlreadyStarted: 'msg_already_started', BadName: 'msg_bad_name',
  UndoOff: 'msg_undo_off', Offline: 'msg_offline', ServerProtocol: 'msg_online_protocol',
  BadRoomCode: 'msg_bad_room_code', BadServerAddress: 'msg_bad_server_address',
};

export function messageText(kind: MessageKind): string {
  if (typeof kind === 'string') return t(MESSAGE_KEYS[kind] ?? 'msg_internal');
  if ('SaveFromNewerVersion' in kind) return t('msg_save_newer', kind.SaveFromNewerVersion.version);
  if ('SeatNameMissing' in kind) return t('msg_seat_name_missing', kind.SeatNameMissing.seat + 1);
  if ('Refused' in kind) return t('msg_online_refused', kind.Refused.code);
  // Refusals that concern a person name them when the core knows the room.
  if ('HostOnly' in kind) {
    const { name } = kind.HostOnly;
    return name ? t('msg_host_only_named', name) : t('msg_host_only');
  }
  if ('NotEveryoneReady' in kind) {
    const { name, number } = kind.NotEveryoneReady;
    if (number === null || number === undefined) return t('msg_not_everyone_ready');
    return name ? t('msg_not_ready_named', name, number) : t('msg_seat_open', number);
  }
  if ('ServerNotice' in kind) return t('msg_server_notice', kind.ServerNotice.code);
  return t('msg_internal');
}

export function speech(parts: SpeechPart[], board: BoardLayout | undefined): string {
  return parts
    .map((p) => {
      if (p === 'Undone') return t('game_undo');
      if ('Threw' in p) return t('said_threw', p.Threw.name, throwName(p.Threw.result));
      if ('Moved' in p) return t('said_moved', p.Moved.name, spotName(board, p.Moved.to));
      if ('Captured' in p) return tn('said_captured', p.Captured.pieces);
      if ('Finished' in p) return tn('said_finished', p.Finished.pieces);
      if ('Turn' in p) return t('game_to_throw', p.Turn.name);
      if ('Won' in p) return t('game_winner', p.Won.names.join(', '));
      if ('Hint' in p) return t('game_hint_chance', Math.round(p.Hint.win_chance * 100));
      return '';
    })
    .filter((s) => s !== '')
    .join(' ');
}
