package app.yunnori.viewmodel.online

import app.yunnori.core.Connection
import app.yunnori.core.GameEvent
import app.yunnori.core.LegalMove
import app.yunnori.core.OnlinePlay
import app.yunnori.core.OnlineRoom
import app.yunnori.core.OnlineException
import app.yunnori.core.PlayerKind
import app.yunnori.core.RoomListener
import app.yunnori.core.RoomNotice
import app.yunnori.core.RoomStage
import app.yunnori.core.RoomTicket
import app.yunnori.core.GameSnapshot
import app.yunnori.core.RoomView
import app.yunnori.core.checkServerAddress
import app.yunnori.core.defaultServer
import app.yunnori.core.readRoomCode
import app.yunnori.core.tapSwipe
import app.yunnori.core.MessageKind
import app.yunnori.core.Swipe
import app.yunnori.core.TableAction
import app.yunnori.viewmodel.ShellEffects
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlin.coroutines.CoroutineContext

/** How the online screens pace themselves. */
data class OnlineSettings(
    /** Where the network calls wait. */
    val worker: CoroutineContext = Dispatchers.IO,
    /** How fast a flight plays: 1 as simulated; 0 lands at once (tests). */
    val flightPace: Double = 1.0,
    /** Reduce Motion's short drop. */
    val dropMs: Long = 350,
    /** How long "connection restored" stays on screen. */
    val restoredShownMs: Long = 2_000,
)

/** Which online screen shows. */
enum class OnlineStage {
    /** No room: host or join. */
    ENTRY,
    LOBBY,

    /** The game screen (playing, or the game is over). */
    GAME,
}

/** The banner over the game screen while the connection is lost and once it is back. */
sealed interface ConnectionBanner {
    data class Reconnecting(val attempt: Int) : ConnectionBanner
    data object Restored : ConnectionBanner

    /** Every attempt failed: the room can be left and rejoined from the saved games. */
    data object Closed : ConnectionBanner
}

/** Everything the online screens draw, as one immutable value. */
data class OnlineUiState(
    /** The server rooms are hosted on and joined at. */
    val server: String,
    /** The room as last heard; `null` before hosting or joining. */
    val room: RoomView? = null,
    /** The rooms this device can come back to (the saved-games list). */
    val kept: List<RoomTicket> = emptyList(),
    /** The game screen, drawn from the room's snapshot as a local game's is. */
    val game: RoomGame,
    val banner: ConnectionBanner? = null,
    /** A call to the server is under way (hosting, joining, starting). */
    val busy: Boolean = false,
    val message: UserMessage? = null,
) {
    val stage: OnlineStage
        get() = when (room?.stage) {
            null -> OnlineStage.ENTRY
            RoomStage.LOBBY -> OnlineStage.LOBBY
            RoomStage.PLAYING, RoomStage.OVER -> OnlineStage.GAME
        }

    /** The seats this device holds. */
    val mySeats: List<Int> get() = room?.seats.orEmpty().filter { it.mine }.map { it.seat }

    /** Every seat of this device is ready. */
    val ready: Boolean get() = room?.seats.orEmpty().filter { it.mine }.let { it.isNotEmpty() && it.all { s -> s.ready } }

    /** The host may start: every person's seat is taken and ready. */
    val canStart: Boolean
        get() = room?.let { r ->
            r.hosting && r.stage == RoomStage.LOBBY &&
                r.seats.filter { it.player is PlayerKind.Human }.all { it.taken && it.ready }
        } == true
}

/**
 * The online screens' state holder: one room at a time on a `yut-server`, through the
 * core's [OnlineRoom]. The server decides everything: a throw sends the swipe and waits for
 * the server's result, whose flight ([app.yunnori.core.OnlineThrow.flight]) then plays; a
 * move is one of the legal moves the room's snapshot lists; bots (and the stand-in bot of a
 * player who is away) are the server's, never run here.
 *
 * The room's news ([RoomListener]) is shown in order, one item at a time, in its own queue:
 * a throw's sticks fly out before what came after it shows. The player's actions go through
 * another queue, so a tap never waits behind a flight to be sent.
 */
class OnlineViewModel(
    private val scope: CoroutineScope,
    private val tickets: RoomTickets,
    server: String = defaultServer(),
    private val settings: OnlineSettings = OnlineSettings(),
    /** The platform's cue player, for the knocks of a room's flights. */
    private val effects: ShellEffects = ShellEffects { },
) : AutoCloseable {

    private val _state = MutableStateFlow(OnlineUiState(server = server, kept = tickets.all(), game = RoomGame()))
    val state: StateFlow<OnlineUiState> = _state.asStateFlow()

    private val actions = Serial(scope, settings.worker) { say(it) }
    private val news = Serial(scope, settings.worker) { say(it) }

    // Touched only inside `actions`, read by `news` through `generation`.
    private var room: OnlineRoom? = null

    /** Grows with every room entered or left: news of an older one is dropped. */
    @Volatile
    private var generation = 0L
    private var seq = 0L

    /** The room actions of the online screens. */
    fun onEvent(event: OnlineEvent) {
        actions.post { handle(event) }
    }

    /** The game screen's actions (the same screen as a local game's). */
    fun onGameEvent(action: TableAction) {
        actions.post { handleGame(action) }
    }

    override fun close() {
        actions.post { closeRoom() }
        actions.close()
        news.close()
    }

    private suspend fun handle(event: OnlineEvent) {
        when (event) {
            is OnlineEvent.SetServer -> setServer(event.address)
            is OnlineEvent.HostRoom -> enter {
                val r = connect(_state.value.server)
                r.host(event.name, event.table, event.room, null)
            }
            is OnlineEvent.JoinRoom -> {
                val code = readRoomCode(event.code) ?: return say(MessageKind.BadRoomCode, event.code)
                enter { connect(_state.value.server).join(code, event.name, null) }
            }
            is OnlineEvent.Rejoin -> {
                val ticket = tickets.all().firstOrNull { it.code == event.code }
                    ?: return say(MessageKind.RoomNotFound, "no ticket kept for ${event.code}")
                enter { connect(ticket.server).resume(ticket) }
            }
            is OnlineEvent.Forget -> {
                tickets.forget(event.code)
                _state.update { it.copy(kept = tickets.all()) }
            }
            is OnlineEvent.SetReady -> {
                val r = room ?: return
                // The ticket's seats: the screen's view of the room can lag behind a join.
                r.ticket()?.seats.orEmpty().forEach { r.ready(it.seat, event.ready) }
            }
            OnlineEvent.StartRoom -> busy { room?.start() }
            OnlineEvent.Rematch -> busy { room?.rematch() }
            is OnlineEvent.SetRoomSeat -> room?.setSeat(event.seat, event.player)
            OnlineEvent.Reconnect -> room?.dropConnection()
            OnlineEvent.LeaveRoom -> leave()
            OnlineEvent.Dismiss -> _state.update { it.copy(message = null, game = it.game.copy(message = null)) }
            is OnlineEvent.SetReduceMotion -> updateGame { it.copy(reduceMotion = event.on) }
            is OnlineEvent.SetMuted -> updateGame { it.copy(muted = event.muted) }
        }
    }

    private fun handleGame(action: TableAction) {
        val game = _state.value.game
        // A second tap while the sticks fly, or while the first is on its way, does nothing.
        if ((game.flying || game.sending) && action.waitsForTheSticks()) return
        when (action) {
            TableAction.ThrowTap -> throwWith(game, tapSwipe(game.mat))
            is TableAction.ThrowSwipe -> throwWith(game, action.swipe)
            is TableAction.SwipeStart -> drag = mutableListOf(action.x to action.y to action.tMs)
            is TableAction.SwipeMove -> drag?.add(action.x to action.y to action.tMs)
            is TableAction.SwipeEnd -> {
                val samples = drag ?: return
                drag = null
                samples.add(action.x to action.y to action.tMs)
                swipeOf(samples, game.mat)?.let { throwWith(game, it) }
            }
            is TableAction.Tap -> when {
                game.selection?.destinations?.any { it.to == action.spot } == true -> pick(game.pickDestination(action.spot))
                action.spot in game.movableFrom -> updateGame { it.selecting(action.spot) }
                else -> updateGame { it.selecting(null) }
            }
            is TableAction.ChooseMove -> {
                val snap = game.snapshot ?: return say(MessageKind.NoGame)
                if (action.state != snap.state) return say(MessageKind.Stale)
                if (!game.canMove) return say(whyNoMove(game))
                play(snap.legalMoves.getOrNull(action.index.toInt()) ?: return say(MessageKind.NoSuchMove))
            }
            is TableAction.ChooseRoute -> pick(game.narrowChoice { it.move.route == action.route })
            is TableAction.ChooseStack -> pick(game.narrowChoice { it.move.stack == action.join })
            is TableAction.ChooseUses -> pick(game.narrowChoice { it.move.uses == action.uses })
            TableAction.CancelChoice -> updateGame { it.copy(choice = null, selection = null) }
            TableAction.Undo -> {
                val seat = game.snapshot?.turn?.seat ?: return say(MessageKind.NoGame)
                val r = room ?: return
                send { r.undo(seat) }
            }
            is TableAction.MatLaidOut -> {
                room?.setMat(action.mat)
                updateGame { it.copy(mat = action.mat) }
            }
            is TableAction.SetResultAside -> updateGame { it.copy(resultAside = action.aside && it.over) }
            TableAction.PlayAgain -> actionsLaunch { room?.rematch() }
            TableAction.Leave -> onEvent(OnlineEvent.LeaveRoom)
            TableAction.CloseReview, TableAction.RetryBot -> Unit
            // Hints and reviews are a local game's; a new game online is a rematch.
            TableAction.Hint, TableAction.Review, is TableAction.Resume -> say(MessageKind.NotNow)
        }
    }

    /** The drag on the mat under way: its samples (mat points, ms). */
    private var drag: MutableList<Pair<Pair<Double, Double>, Double>>? = null

    private fun throwWith(game: RoomGame, swipe: Swipe) {
        if (!game.canThrow) return say(whyNoMove(game))
        val seat = game.snapshot?.turn?.seat ?: return say(MessageKind.NoGame)
        val r = room ?: return say(MessageKind.NoGame)
        send { r.throwSticks(seat, swipe) }
    }

    private fun pick(pick: Pick) = when (pick) {
        is Pick.Play -> play(pick.move)
        is Pick.Ask -> updateGame { it.copy(choice = pick.choice) }
        is Pick.Refuse -> say(pick.kind)
    }

    private fun play(move: LegalMove) {
        val r = room ?: return say(MessageKind.NoGame)
        updateGame { it.copy(selection = null, choice = null) }
        send { r.play(move) }
    }

    /**
     * Sends a game action of this device's seat without holding the queue: it is on its way
     * ([RoomGame.sending]) until its play shows (news). A refusal becomes the message.
     * A connection lost with the action on its way is the connection banner's to tell; the
     * room heard after the reconnect shows whether the action counted.
     */
    private fun send(call: suspend () -> Unit) {
        updateGame { it.copy(sending = true) }
        actionsLaunch {
            try {
                call()
            } catch (e: OnlineException) {
                updateGame { it.copy(sending = false) }
                throw e
            }
        }
    }

    /** Sends a call without holding the queue: its answer comes as news; a refusal becomes the message. */
    private fun actionsLaunch(call: suspend () -> Unit) {
        scope.launch(settings.worker) {
            try {
                call()
            } catch (e: OnlineException.Offline) {
                // The connection banner says it.
            } catch (e: OnlineException) {
                say(e.toUserMessage())
            }
        }
    }

    // ----- entering and leaving rooms -------------------------------------------------

    private fun setServer(address: String) {
        val checked = try {
            checkServerAddress(address.trim())
        } catch (e: OnlineException) {
            return say(MessageKind.BadServerAddress, address)
        }
        _state.update { it.copy(server = checked) }
    }

    private suspend fun connect(server: String): OnlineRoom {
        closeRoom()
        val gen = ++generation
        val r = OnlineRoom.connect(server, RoomNewsListener(gen))
        r.setMat(_state.value.game.mat)
        room = r
        return r
    }

    /** Hosts, joins or resumes through [how]; keeps the ticket it gives. */
    private suspend fun enter(how: suspend () -> RoomTicket) = busy {
        try {
            val ticket = how()
            tickets.keep(ticket)
            _state.update { it.copy(kept = tickets.all(), room = room?.room() ?: it.room) }
        } catch (e: OnlineException) {
            closeRoom()
            throw e
        }
    }

    private suspend fun busy(work: suspend () -> Unit) {
        _state.update { it.copy(busy = true) }
        try {
            work()
        } finally {
            _state.update { it.copy(busy = false) }
        }
    }

    private suspend fun leave() {
        val r = room ?: return
        // The seats stay this device's: the ticket is kept for Rejoin.
        r.ticket()?.let { tickets.keep(it) }
        try {
            r.leave()
        } catch (e: OnlineException) {
            // Gone already (offline): the server gives the seat to a stand-in all the same.
        }
        closeRoom()
    }

    private fun closeRoom() {
        generation++
        room?.let {
            it.disconnect()
            it.close()
        }
        room = null
        _state.update {
            it.copy(room = null, banner = null, kept = tickets.all(), game = it.game.fresh())
        }
    }

    // ----- the room's news ------------------------------------------------------------

    /** Hands what the room says to the news queue; news of an older room is dropped. */
    private inner class RoomNewsListener(private val gen: Long) : RoomListener {
        private fun post(work: suspend () -> Unit) {
            news.post { if (gen == generation) work() }
        }

        override fun onRoom(room: RoomView) = post { showRoom(room) }
        override fun onPlayed(play: OnlinePlay) = post { showPlay(play, gen) }
        override fun onUndone(seat: Int, room: RoomView) = post {
            showRoom(room)
            val mine = room.seats.getOrNull(seat)?.mine == true
            updateGame { it.copy(lastMove = null, sending = it.sending && !mine) }
        }

        // Not queued behind a flight: the banner shows at once.
        override fun onConnection(connection: Connection) {
            if (gen == generation) showConnection(connection, gen)
        }

        override fun onNotice(notice: RoomNotice) {
            if (gen == generation) say(MessageKind.ServerNotice(notice.code), "${notice.code}: ${notice.message}")
        }
    }

    private fun showRoom(view: RoomView) {
        _state.update { it.copy(room = view, game = it.game.showing(view)) }
    }

    private suspend fun showPlay(play: OnlinePlay, gen: Long) {
        val seat = play.room.seats.getOrNull(play.seat)
        val byBot = seat?.player is PlayerKind.Bot || seat?.standin != null
        val colour = seat?.colour ?: "#000000"
        // This device's own play answers its action, once it is on screen.
        val answered = seat?.mine == true
        val thrown = play.`throw`
        if (thrown == null) {
            val moved = play.events.firstNotNullOfOrNull { it as? GameEvent.Moved }
            val shown = moved?.let {
                MoveShown(++seq, play.seat, colour, it.from, it.path, it.pieces, play.events, byBot)
            }
            _state.update {
                val game = it.game.showing(play.room)
                it.copy(room = play.room, game = game.copy(lastMove = shown, sending = game.sending && !answered))
            }
            return
        }
        val plan = FlightPlan(thrown.flight, _state.value.game.reduceMotion, settings.flightPace, settings.dropMs)
        val shown = plan.shown(++seq, play.seat, colour, thrown.sticks, byBot)
        updateGame { it.copy(lastThrow = shown, selection = null, choice = null) }
        // The sticks fly out before the result (and any news after it) shows.
        if (plan.playMs > 0) {
            scope.launch { effects.play(plan.knocks) { _state.value.game.muted } }
            delay(plan.playMs)
        }
        if (gen != generation) return
        val outcome = ThrowOutcome(thrown.result, play.events)
        _state.update {
            it.copy(
                room = play.room,
                game = it.game.copy(
                    lastThrow = it.game.lastThrow?.copy(outcome = outcome),
                    sending = it.game.sending && !answered,
                ).showing(play.room),
            )
        }
    }

    private fun showConnection(connection: Connection, gen: Long) {
        val banner = when (connection) {
            Connection.Connected -> null
            is Connection.Reconnecting -> ConnectionBanner.Reconnecting(connection.attempt.toInt())
            Connection.Restored -> ConnectionBanner.Restored
            Connection.Closed -> ConnectionBanner.Closed
        }
        // A lost connection answers an action on its way: the room heard after it shows
        // whether it counted, and the player may act again.
        val lost = banner is ConnectionBanner.Reconnecting || banner == ConnectionBanner.Closed
        _state.update { it.copy(banner = banner, game = it.game.copy(sending = it.game.sending && !lost)) }
        if (banner == ConnectionBanner.Restored) {
            scope.launch {
                delay(settings.restoredShownMs)
                if (gen == generation) {
                    _state.update { if (it.banner == ConnectionBanner.Restored) it.copy(banner = null) else it }
                }
            }
        }
    }

    // ----- state ----------------------------------------------------------------------

    private fun updateGame(change: (RoomGame) -> RoomGame) {
        _state.update { it.copy(game = change(it.game)) }
    }

    private fun say(kind: MessageKind, detail: String? = null) = say(UserMessage(kind, detail))

    private fun say(message: UserMessage) {
        _state.update { it.copy(message = message, game = it.game.copy(message = message)) }
    }
}

/** The game screen showing [view]'s game. */
private fun RoomGame.showing(view: RoomView): RoomGame {
    val snap = view.game ?: return fresh()
    return copy(rules = view.rules, gameId = view.code).showingRoomGame(snap, view.myTurn)
}

/**
 * [snap] of a room's game on this screen, with [myTurn] as the room decided it with that
 * snapshot: a new position clears the pick, as a local game's does. The same position with
 * other moves or another player to act (a seat handed back by its stand-in) is taken too:
 * keeping the old snapshot offered the moves of the old turn (none) to the new one.
 */
internal fun RoomGame.showingRoomGame(snap: GameSnapshot, myTurn: Boolean): RoomGame {
    val waiting = copy(othersToAct = !myTurn)
    val same = snapshot?.let {
        it.state == snap.state && it.legalMoves == snap.legalMoves && it.botToAct == snap.botToAct
    } == true
    return if (same) waiting else waiting.withSnapshot(snap)
}

/** Actions refused while the sticks fly or an action is on its way (they act on the position the throw is about to change). */
private fun TableAction.waitsForTheSticks(): Boolean = when (this) {
    TableAction.ThrowTap, is TableAction.ThrowSwipe, is TableAction.SwipeEnd, is TableAction.Tap,
    is TableAction.ChooseMove, is TableAction.ChooseRoute, is TableAction.ChooseStack, is TableAction.ChooseUses,
    TableAction.Undo,
    -> true
    else -> false
}

/**
 * A room's throw from a drag's [samples] (mat points, ms), until the app core's online part
 * takes them as it takes a local game's: let go at the last sample, at the speed of the
 * last 80 ms; no throw for a touch that stayed within 10 points. The swipe only shapes the
 * flight the server plans, never the result.
 */
private fun swipeOf(samples: List<Pair<Pair<Double, Double>, Double>>, mat: app.yunnori.core.Mat): Swipe? {
    val (start, _) = samples.first()
    val (end, t) = samples.last()
    if (samples.none { (p, _) -> kotlin.math.hypot(p.first - start.first, p.second - start.second) >= 10.0 }) return null
    val (from, t0) = samples.lastOrNull { it.second <= t - 80.0 } ?: samples.first()
    val dt = (t - t0).coerceAtLeast(1.0) / 1000.0
    return Swipe(
        mat = mat,
        releaseX = end.first.toFloat().coerceIn(0f, mat.width),
        releaseY = end.second.toFloat().coerceIn(0f, mat.height),
        velocityX = ((end.first - from.first) / dt).toFloat(),
        velocityY = ((end.second - from.second) / dt).toFloat(),
        spin = 0f,
    )
}
