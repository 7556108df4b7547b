// The game table: the seats, the turn line, the results in hand, the 말판, the stick mat
// and the table's controls; the questions the core asks (route, stacking, which results),
// the hint, the review and the result card. A room's game shows here too, with the
// connection banner, who is away and which bot stands in.
import type { BoardLayout, MatDrawn, OnlineState, ThrowFrames, RoomState, TableAction, TableState, TurnLine, SeatView } from '../pkg/yut_web';
import { core, send } from '../core';
import { t, tn } from '../i18n';
import { Board } from './Board';
import { Mat } from './Mat';
import { routeName, spotName, throwName } from './words';
import { useReached } from './frames';
import { useEffect, useMemo } from 'preact/hooks';
import { sticksFlying, warmAudio } from './feedback';
import { Banner } from './Online';
import { ThrowsCheck, seatTags } from './Lobby';

const act = (action: TableAction): void => send({ Table: { action } });

function turnLine(table: TableState): string {
  const name = table.snapshot.turn.name;
  const s: TurnLine = table.status;
  if (s === 'PickPiece' || s === 'PickDestination') return t('game_to_move', name);
  if (s === 'InTheAir') return t('said_throwing', name);
  if (s === 'BotThrows' || s === 'BotMoves') return t('game_to_throw', name);
  if (s === 'BotThinks') return t('game_thinking', name);
  if (s === 'Over') return t('game_over');
  if (s === 'Remote') return t('game_to_throw', name);
  return t('game_to_throw', name);
}

function Seat({ seat, turn, room }: { seat: SeatView; turn: boolean; room: RoomState | undefined }) {
  const held = room?.seats.find((s) => s.seat === seat.seat);
  // In a room: this browser's seat, who is away and the bot standing in.
  const tags = held && room ? seatTags(held, room).filter((x) => x !== t('lobby_seat_host')) : [];
  return (
    <li class={`seat${turn ? ' turn' : ''}${held?.away ? ' away' : ''}`} data-seat={seat.seat}>
      <span class="dot" style={{ background: seat.colour }} aria-hidden="true" />
      <span class="seat-name">{seat.name}</span>
      <span class="seat-pieces">{t('game_seat_pieces', seat.home, seat.done)}</span>
      {tags.length > 0 ? <span class="seat-tags" data-testid={`seat-tags-${seat.seat}`}>{tags.join(' · ')}</span> : null}
      {seat.place ? <span class="place">{t('game_place', seat.place)}</span> : null}
    </li>
  );
}

/// The room whose game `table` is, if it is a room's (the core says so: `table.room`).
export function roomOf(table: TableState, o: OnlineState): RoomState | undefined {
  const room = o.room;
  return room && table.room?.code === room.code ? room : undefined;
}

export function Table({ table, board, layout, frames, sticksComing, onMatSize, online }: { table: TableState; board: BoardLayout; layout: MatDrawn | undefined; frames: ThrowFrames | undefined; sticksComing: boolean; onMatSize: (w: number, h: number) => void; online: OnlineState }) {
  const room = roomOf(table, online);
  useEffect(() => warmAudio(() => sticksFlying(core.state.view?.table?.throw)), []);
  const snap = table.snapshot;
  // The core withholds the outcome until the sticks land, so a timer is only needed when
  // an outcome comes early by the page's clock: one waiting through every flight re-drew
  // the whole table at the landing, just before the landing's own view did it again.
  const landed = useReached(table.throw?.outcome ? table.throw.lands_at_ms : 0);
  const shownResult = table.throw?.outcome && landed ? throwName(table.throw.outcome.result) : '';
  const homeMovable = table.movable.some((s) => s === 'Home');
  const doneDest = table.selection?.destinations.find((d) => d.to === 'Done');
  const homeDest = table.selection?.destinations.find((d) => d.to === 'Home');
  const q = table.choice;
  // The 말판 is drawn again only when what it shows changes: a swipe's samples, a throw's
  // arrival and its landing each bring a new view but change none of this.
  const boardKey = JSON.stringify([snap.stacks, table.movable, table.selection, table.hint, table.last_move]);
  const drawnBoard = useMemo(() => <Board board={board} table={table} />, [board, boardKey]);
  const winner = snap.over ? snap.seats.filter((s) => s.place === 1).map((s) => s.name).join(', ') : '';
  return (
    <main class="table" data-screen="table" data-room={room?.code}>
      {room ? <Banner link={online.connection} /> : null}
      <ul class="seats" aria-label={t('seats_label')}>
        {snap.seats.map((s) => <Seat seat={s} turn={!snap.over && s.seat === snap.turn.seat} room={room} />)}
      </ul>
      <div class="turn-row">
        <p class="turn-line" aria-live="polite" data-testid="turn-line">
          <span class="dot" style={{ background: snap.turn.colour }} aria-hidden="true" />
          {turnLine(table)}
          {snap.owed > 1 ? <span class="owed"> · {tn('game_throws_owed', snap.owed)}</span> : null}
        </p>
        <div class="hand" role="group" aria-label={t('hand_label')} data-testid="hand">
          {snap.hand.map((h) => <span class="result">{h.prize ? t('game_prize', throwName(h.result)) : throwName(h.result)}</span>)}
          {shownResult && snap.hand.length === 0 ? <span class="result last" data-testid="last-result">{shownResult}</span> : null}
        </div>
      </div>
      <div class="play-area">
        {drawnBoard}
        <Mat table={table} layout={layout} frames={frames} sticksComing={sticksComing} onSize={onMatSize} />
      </div>
      <div class="controls">
        {homeMovable ? (
          <button type="button" class="secondary" data-testid="new-piece" onClick={() => act({ Tap: { spot: 'Home' } })}>
            {tn('game_new_piece', snap.seats[snap.turn.seat]?.home ?? 0)}
          </button>
        ) : null}
        {doneDest ? (
          <button type="button" class="primary" data-testid="bring-home" onClick={() => act({ Tap: { spot: 'Done' } })}>
            {t('game_bring_home')}
          </button>
        ) : null}
        {homeDest ? (
          <button type="button" class="secondary" data-testid="back-home" onClick={() => act({ Tap: { spot: 'Home' } })}>{t('board_home')}</button>
        ) : null}
        <button type="button" class="primary throw" data-testid="throw" disabled={!table.can_throw} onClick={() => act('ThrowTap')}>
          {t('game_throw')}
        </button>
        <button type="button" class="secondary" disabled={!table.can_undo} onClick={() => act('Undo')}>{t('game_undo')}</button>
        {table.advice ? (
          <button type="button" class="secondary" disabled={!table.can_hint} onClick={() => act('Hint')}>{t('game_hint')}</button>
        ) : null}
      </div>
      <div class="controls small">
        {table.advice ? (
          <button type="button" class="secondary" onClick={() => act('Review')}>{t('review_button')}</button>
        ) : null}
        <button type="button" class="secondary" onClick={() => send({ Open: { screen: 'Rules' } })}>{t('menu_rules')}</button>
        {room ? <button type="button" class="secondary" data-testid="to-room" onClick={() => send('Back')}>{t('lobby_title')}</button> : null}
        <button type="button" class="secondary" onClick={() => act('Leave')}>{room ? t('lobby_leave') : t('game_back_to_menu')}</button>
      </div>
      {room && room.spectators > 0 ? <p class="help">{t('lobby_spectators', room.spectators)}</p> : null}
      {room ? <ThrowsCheck room={room} /> : null}
      {table.hint_pending ? <p class="note" role="status">{t('game_hint_thinking')}</p> : null}
      {table.hint ? (
        <p class="note hint" role="status">
          {table.hint.mv.to === 'Done'
            ? t('game_hint_finish', spotName(board, table.hint.mv.from))
            : t('game_hint_move', spotName(board, table.hint.mv.from))}{' '}
          · {t('game_hint_chance', Math.round(table.hint.win_chance * 100))}
        </p>
      ) : null}
      {q ? (
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="choice-title">
          <div class="card">
            {q.routes.length > 1 ? (
              <>
                <h2 id="choice-title">{t('choice_route_title')}</h2>
                {q.routes.map((r) => <button type="button" class="primary" onClick={() => act({ ChooseRoute: { route: r } })}>{routeName(r)}</button>)}
              </>
            ) : q.stack_choices.length > 1 ? (
              <>
                <h2 id="choice-title">{t('choice_stack_title')}</h2>
                <button type="button" class="primary" onClick={() => act({ ChooseStack: { join: true } })}>{t('choice_stack_join')}</button>
                <button type="button" class="secondary" onClick={() => act({ ChooseStack: { join: false } })}>{t('choice_stack_apart')}</button>
              </>
            ) : (
              <>
                <h2 id="choice-title">{t('choice_results_title')}</h2>
                {q.uses_choices.map((u) => (
                  <button type="button" class="primary" onClick={() => act({ ChooseUses: { uses: u } })}>{u.map((r) => throwName(r)).join(' + ')}</button>
                ))}
              </>
            )}
            <button type="button" class="secondary" onClick={() => act('CancelChoice')}>{t('cancel')}</button>
          </div>
        </div>
      ) : null}
      {table.review_pending || table.review ? (
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="review-title">
          <div class="card">
            <h2 id="review-title">{t('review_title')}</h2>
            {table.review_pending ? <p>{t('review_working')}</p> : null}
            {table.review && table.review.length === 0 ? <p>{t('review_none')}</p> : null}
            {(table.review ?? []).map((s) => (
              <div class="slip">
                <h3>{t('review_slip_title', s.turn, snap.seats[s.seat]?.name ?? '')}</h3>
                <p>{t('review_played', spotName(board, s.played.to), Math.round(s.played_chance * 100))}</p>
                <p>{t('review_better', spotName(board, s.best.to), Math.round(s.best_chance * 100))}</p>
              </div>
            ))}
            <button type="button" class="primary" onClick={() => act('CloseReview')}>{t('review_close')}</button>
          </div>
        </div>
      ) : null}
      {snap.over && !table.result_aside && !table.review && !table.review_pending ? (
        <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="over-title" data-testid="game-over">
          <div class="card">
            <h2 id="over-title">{t('game_over')}</h2>
            <p>{t('game_winner', winner)}</p>
            <button type="button" class="primary" onClick={() => act('PlayAgain')}>{t('game_play_again')}</button>
            <button type="button" class="secondary" onClick={() => act({ SetResultAside: { aside: true } })}>{t('game_see_board')}</button>
            {table.advice ? <button type="button" class="secondary" onClick={() => act('Review')}>{t('review_button')}</button> : null}
            <button type="button" class="secondary" onClick={() => act('Leave')}>{room ? t('lobby_leave') : t('game_back_to_menu')}</button>
          </div>
        </div>
      ) : null}
      {snap.over && table.result_aside ? (
        <button type="button" class="primary" onClick={() => act({ SetResultAside: { aside: false } })}>{t('game_show_result')}</button>
      ) : null}
    </main>
  );
}
