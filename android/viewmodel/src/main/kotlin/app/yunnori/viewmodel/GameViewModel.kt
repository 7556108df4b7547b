package app.yunnori.viewmodel

import app.yunnori.core.Advice
import app.yunnori.core.GameSession
import app.yunnori.core.GameSnapshot
import app.yunnori.core.LegalMove
import app.yunnori.core.MoveReport
import app.yunnori.core.NewGame as NewGameSetup
import app.yunnori.core.Phase
import app.yunnori.core.SaveLibrary
import app.yunnori.core.Spot
import app.yunnori.core.ThrowReport
import app.yunnori.core.YutException
import app.yunnori.core.boardLayout
import app.yunnori.core.tapSwipe
import app.yunnori.core.throwKinds
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlin.coroutines.CoroutineContext

/** How the game screen paces itself. */
data class GameSettings(
    /** Where the core is called (it reads and writes the save files). */
    val worker: CoroutineContext = Dispatchers.IO,
    /** The pause before each bot action, so people can follow it. */
    val botPauseMs: Long = 700,
    /** How long the screen takes to move a piece one station (a bot waits for it). */
    val moveStepMs: Long = 160,
    /** How long a bot may think about one move. */
    val botBudgetMs: Int = 1_500,
    /** How long the hard bot may think about a hint. */
    val hintBudgetMs: Int = 1_500,
    /** How long the hard bot may think about each move of a review. */
    val reviewBudgetMs: Int = 1_000,
    /** Reduce Motion's short drop: how long after the release the result shows then. */
    val dropMs: Long = 350,
    /**
     * How fast a flight plays: 1 as simulated; 0 lands at once (the screen tests that play
     * whole games through the view model).
     */
    val flightPace: Double = 1.0,
)

/**
 * The game screen's state holder: one game at a time, played through the core's
 * [GameSession], saved into [library] after every action.
 *
 * All changes run one at a time in a single coroutine of [scope] (see [Serial]). A bot's
 * turn is a separate coroutine that waits a visible pause, asks the core for its move
 * (`GameSession.botMove`, which suspends while the core searches on its own thread) and
 * then hands the move to that same queue. Starting or opening another game, taking back
 * a move and leaving the screen cancel it. A hint ([UiEvent.Hint]) is the hard bot's
 * search run the same way for the person to move; any change of position cancels it, as
 * it does a review ([UiEvent.Review]).
 *
 * A throw is played out before its result shows: the core simulates the sticks' flight
 * from the player's swipe, [GameUiState.lastThrow] carries it while the sticks fly, each
 * contact asks [feedback] for a knock at its time, and only once the last stick has
 * settled ([app.yunnori.core.Flight.endMs], or Reduce Motion's short drop) do the result,
 * the hand, the moves and the new phase come on screen. Nothing can be thrown or moved
 * meanwhile. A bot's throw flies too.
 *
 * Errors of the core never escape: they become [GameUiState.message].
 */
class GameViewModel(
    private val scope: CoroutineScope,
    private val library: SaveLibrary,
    private val settings: GameSettings = GameSettings(),
    private val feedback: ThrowFeedback = ThrowFeedback.NONE,
) : AutoCloseable {

    private val _state = MutableStateFlow(GameUiState(board = boardLayout(), throwKinds = throwKinds()))
    val state: StateFlow<GameUiState> = _state.asStateFlow()

    private val serial = Serial(scope, settings.worker) { msg ->
        _state.update { it.copy(message = msg, botThinking = bot != null) }
    }

    // Touched only inside `serial`.
    private var session: GameSession? = null

    /** Grows whenever the game is replaced or taken back: a bot step of an older one is dropped. */
    private var generation = 0L
    private var bot: Job? = null
    private var hintJob: Job? = null
    private var reviewJob: Job? = null

    /** The flight being played (its knocks, then its landing). */
    private var flightJob: Job? = null
    private var seq = 0L

    fun onEvent(event: UiEvent.ForGame) {
        serial.post { handle(event) }
    }

    /** Stops the bot and the queue, and lets go of the game (the app's view model is cleared). */
    override fun close() {
        serial.post {
            stopBot()
            stopSearches()
            stopFlight()
            closeSession()
        }
        serial.close()
    }

    private fun handle(event: UiEvent.ForGame) {
        if (_state.value.flying && event.waitsForTheSticks()) {
            // A tap on the board while the sticks fly just does nothing.
            if (event !is UiEvent.SelectPiece) say(MessageKind.NotNow, "the sticks are still in the air")
            return
        }
        when (event) {
            is UiEvent.Throw -> throwSticks(event)
            is UiEvent.SelectPiece -> select(event.from)
            is UiEvent.ChooseDestination -> chooseDestination(event.to)
            is UiEvent.ChooseMove -> chooseMove(event.index, event.state)
            is UiEvent.ChooseRoute -> narrowChoice { it.move.route == event.route }
            is UiEvent.ChooseStack -> narrowChoice { it.move.stack == event.join }
            UiEvent.CancelChoice -> _state.update { it.copy(choice = null, selection = null) }
            UiEvent.Hint -> askHint()
            UiEvent.Review -> reviewGame()
            UiEvent.CloseReview -> _state.update { it.copy(review = null) }
            is UiEvent.SetResultAside -> _state.update { it.copy(resultAside = event.aside && it.over) }
            UiEvent.Undo -> undo()
            is UiEvent.NewGame -> newGame(event.setup)
            UiEvent.PlayAgain -> newGame((session ?: return say(MessageKind.NoGame)).setup().copy(seed = null))
            is UiEvent.Resume -> resume(event.id)
            UiEvent.Leave -> leave()
            is UiEvent.MatLaidOut -> _state.update { it.copy(mat = event.mat) }
            is UiEvent.SetReduceMotion -> _state.update { it.copy(reduceMotion = event.on) }
            is UiEvent.SetMuted -> _state.update { it.copy(muted = event.muted) }
            is UiEvent.SetQuickBots -> _state.update { it.copy(quickBots = event.on) }
            UiEvent.Dismiss -> {
                _state.update { it.copy(message = null) }
                // A bot that stopped on an error tries again once its message is read.
                val game = session
                val snap = _state.value.snapshot
                if (game != null && snap != null) scheduleBot(game, snap, afterMs = 0)
            }
        }
    }

    // ----- the player's actions ---------------------------------------------------

    private fun throwSticks(event: UiEvent.Throw) {
        val game = session ?: return say(MessageKind.NoGame)
        val snap = _state.value.snapshot ?: return say(MessageKind.NoGame)
        if (snap.botToAct != null) return say(MessageKind.NotYourTurn)
        // On the worker (serial runs there): the core plans the flight, some milliseconds.
        val report = game.throwSticks(event.swipe ?: tapSwipe(_state.value.mat))
        fly(game, report, byBot = false)
    }

    private fun select(from: Spot?) {
        _state.update { it.selecting(from) }
    }

    private fun chooseDestination(to: Spot) = pick(_state.value.pickDestination(to))

    private fun chooseMove(index: Int, state: ULong?) {
        val st = _state.value
        val snap = st.snapshot ?: return say(MessageKind.NoGame)
        if (state != null && state != snap.state) {
            return say(MessageKind.Stale, "the move was chosen on an earlier screen")
        }
        if (!st.canMove) return say(whyNoMove(st))
        val move = snap.legalMoves.getOrNull(index) ?: return say(MessageKind.NoSuchMove, "move $index")
        play(move)
    }

    private fun narrowChoice(keep: (MoveOption) -> Boolean) = pick(_state.value.narrowChoice(keep))

    private fun pick(pick: Pick) = when (pick) {
        is Pick.Play -> play(pick.move)
        is Pick.Ask -> _state.update { it.copy(choice = pick.choice) }
        is Pick.Refuse -> say(pick.kind)
    }

    private fun play(move: LegalMove) {
        val game = session ?: return say(MessageKind.NoGame)
        val report = game.play(move)
        showMove(move, report, byBot = false)
        afterAction(game, animationMs = move.path.size * settings.moveStepMs)
    }

    private fun undo() {
        val game = session ?: return say(MessageKind.NoGame)
        // The core refuses (CannotUndo) before anything changes; the bot goes on then.
        val snap = game.undo()
        stopBot()
        generation++
        publish(snap) { it.copy(lastMove = null) }
        afterAction(game, animationMs = 0)
    }

    private fun newGame(setup: NewGameSetup) {
        // Made first: a table the core refuses leaves the game on screen as it was.
        val game = GameSession(setup)
        replace(game, recoveredFromBackup = null)
        afterAction(game, animationMs = 0)
    }

    private fun resume(id: String) {
        val loaded = library.load(id)
        replace(loaded.session, loaded.recoveredFromBackup)
        _state.update { it.copy(saved = true) }
        if (loaded.recoveredFromBackup != null) {
            say(MessageKind.RecoveredFromBackup, loaded.recoveredFromBackup)
        }
        afterAction(loaded.session, animationMs = 0, save = false)
    }

    private fun leave() {
        stopBot()
        stopSearches()
        stopFlight()
        generation++
        session?.let { autosave(it) }
        closeSession()
        _state.update { it.fresh().copy(message = it.message) }
    }

    // ----- hints --------------------------------------------------------------------

    private fun askHint() {
        val game = session ?: return say(MessageKind.NoGame)
        val st = _state.value
        val snap = st.snapshot ?: return say(MessageKind.NoGame)
        if (!st.canMove) return say(whyNoMove(st))
        st.hint?.let { known ->
            // Already worked out for this position: light its piece up again.
            _state.update { it.copy(selection = selectionOf(it.legalMoves, known.move.from), choice = null) }
            return
        }
        if (hintJob != null) return
        _state.update { it.copy(hintThinking = true) }
        hintJob = searchAt(snap.state, { game.hint(settings.hintBudgetMs.toUInt()) }) { found ->
            hintJob = null
            _state.update { it.copy(hintThinking = false) }
            found.onFailure { say(it) }.onSuccess { advice -> showHint(snap, advice) }
        }
    }

    private fun showHint(snap: GameSnapshot, advice: Advice) {
        val index = snap.legalMoves.indexOf(advice.chosen)
        if (index < 0) return say(MessageKind.Internal, "the hint is not a legal move")
        _state.update {
            it.copy(
                hint = Hint(
                    state = snap.state,
                    moveIndex = index,
                    move = advice.chosen,
                    winChance = advice.winChance,
                    chances = snap.legalMoves.map { m -> advice.appraisal.firstOrNull { it.mv == m }?.winChance },
                ),
                selection = selectionOf(it.legalMoves, advice.chosen.from),
                choice = null,
            )
        }
    }

    /** Stops a hint and a review under way: the position they were for is going. */
    private fun stopSearches() {
        hintJob?.let {
            it.cancel()
            session?.cancelBot()
        }
        reviewJob?.cancel()
        hintJob = null
        reviewJob = null
        if (_state.value.hintThinking || _state.value.reviewing) {
            _state.update { it.copy(hintThinking = false, reviewing = false) }
        }
    }

    // ----- the review ---------------------------------------------------------------

    private fun reviewGame() {
        val game = session ?: return say(MessageKind.NoGame)
        val snap = _state.value.snapshot ?: return say(MessageKind.NoGame)
        if (reviewJob != null || _state.value.review?.state == snap.state) return
        _state.update { it.copy(reviewing = true) }
        reviewJob = searchAt(snap.state, { game.review(settings.reviewBudgetMs.toUInt()) }) { found ->
            reviewJob = null
            _state.update { it.copy(reviewing = false) }
            found.onFailure { say(it) }.onSuccess { slips ->
                _state.update { it.copy(review = GameReview(snap.state, slips)) }
            }
        }
    }

    /**
     * Runs [work] (a search of the core, off the queue) for position [asked]. Its answer, or
     * the core's error, comes back through the queue to [done], unless the game has moved
     * on meanwhile (then it is dropped). A stopped search reports nothing.
     */
    private fun <T> searchAt(asked: ULong, work: suspend () -> T, done: (Result<T>) -> Unit): Job {
        val gen = generation
        return scope.launch(settings.worker) {
            val found = try {
                Result.success(work())
            } catch (e: CancellationException) {
                throw e // the position changed (stopSearches)
            } catch (e: YutException.Cancelled) {
                return@launch // the core's search was stopped
            } catch (e: YutException) {
                Result.failure(e)
            }
            serial.post { if (gen == generation && _state.value.snapshot?.state == asked) done(found) }
        }
    }

    // ----- the bots ---------------------------------------------------------------

    /** Starts the bot's next step if a bot is to act and none is under way. */
    private fun scheduleBot(game: GameSession, snap: GameSnapshot, afterMs: Long) {
        if (snap.over || snap.botToAct == null) {
            _state.update { it.copy(botThinking = false) }
            return
        }
        // A throw in the air: the bot's next step is scheduled when it lands.
        if (bot != null || _state.value.flying) return
        val gen = generation
        _state.update { it.copy(botThinking = true) }
        bot = scope.launch(settings.worker) {
            delay(afterMs + if (_state.value.quickBots) settings.botPauseMs / QUICK_FACTOR else settings.botPauseMs)
            when (snap.phase) {
                Phase.TO_THROW -> serial.post { botThrow(gen, game, snap.state) }
                Phase.TO_MOVE -> {
                    val move = try {
                        game.botMove(null, settings.botBudgetMs.toUInt())
                    } catch (e: CancellationException) {
                        throw e // this coroutine was cancelled (stopBot)
                    } catch (e: YutException.Cancelled) {
                        return@launch // the core's search was stopped (stopBot); nothing to report
                    } catch (e: YutException) {
                        serial.post { botFailed(gen, e.toUserMessage()) }
                        return@launch
                    } catch (e: Exception) {
                        serial.post { botFailed(gen, UserMessage(MessageKind.Internal, e.message ?: e.javaClass.simpleName)) }
                        return@launch
                    }
                    serial.post { botPlay(gen, game, move) }
                }
                Phase.OVER -> Unit
            }
        }
    }

    private fun isCurrent(gen: Long, game: GameSession) = gen == generation && game === session

    private fun botThrow(gen: Long, game: GameSession, state: ULong) {
        if (!isCurrent(gen, game)) return
        bot = null
        if (game.snapshot().state != state) {
            afterAction(game, animationMs = 0, save = false)
            return
        }
        // An error here is shown; Dismiss retries.
        val report = game.throwSticks(Swipes.bot(_state.value.mat, seed = state.toLong() xor seq))
        fly(game, report, byBot = true)
    }

    private fun botPlay(gen: Long, game: GameSession, move: LegalMove) {
        if (!isCurrent(gen, game)) return
        bot = null
        val report = try {
            game.play(move)
        } catch (e: YutException.StaleObject) {
            // The game moved on while the bot thought: think again.
            afterAction(game, animationMs = 0, save = false)
            return
        }
        showMove(move, report, byBot = true)
        val step = if (_state.value.quickBots) settings.moveStepMs / QUICK_FACTOR else settings.moveStepMs
        afterAction(game, animationMs = move.path.size * step)
    }

    private fun botFailed(gen: Long, message: UserMessage) {
        if (gen != generation) return
        bot = null
        _state.update { it.copy(botThinking = false, message = message) }
    }

    private fun stopBot() {
        bot?.let {
            it.cancel()
            session?.cancelBot()
        }
        bot = null
        _state.update { it.copy(botThinking = false) }
    }

    // ----- state --------------------------------------------------------------------

    /** After anything that changed the game: save it, then let a bot act if it is a bot's turn. */
    private fun afterAction(game: GameSession, animationMs: Long, save: Boolean = true) {
        if (save) autosave(game)
        val snap = _state.value.snapshot ?: return
        scheduleBot(game, snap, animationMs)
    }

    private fun autosave(game: GameSession) {
        val ok = try {
            library.save(game)
            true
        } catch (e: YutException.SaveConflict) {
            // Another window has this game: its moves are kept, this copy's are not saved.
            say(MessageKind.SaveConflict, e.reason)
            false
        } catch (e: YutException) {
            say(MessageKind.NotSaved, e.toUserMessage().detail)
            false
        }
        _state.update { it.copy(saved = ok) }
    }

    private fun replace(game: GameSession, recoveredFromBackup: String?) {
        stopBot()
        stopSearches()
        stopFlight()
        generation++
        closeSession()
        session = game
        val snap = game.snapshot()
        _state.update {
            it.fresh().copy(
                gameId = game.id(),
                rules = game.rules(),
                recoveredFromBackup = recoveredFromBackup,
            ).withSnapshot(snap)
        }
    }

    private fun closeSession() {
        session?.close()
        session = null
    }

    // ----- the flight -----------------------------------------------------------------

    /**
     * Shows [report]'s throw in the air: the position stays the one before it while the
     * sticks fly, one knock is asked of [feedback] per contact at its time, and at the end
     * ([land]) the result, the hand, the moves and the new phase come on screen. The throw
     * is saved at once (it has happened; leaving mid-flight keeps it).
     */
    private fun fly(game: GameSession, report: ThrowReport, byBot: Boolean) {
        autosave(game)
        val saved = _state.value.saved
        val flight = report.flight
        // Reduce Motion, or a quick bot's throw: the sticks drop onto where they rest.
        val drop = _state.value.reduceMotion || (byBot && _state.value.quickBots)
        val plan = FlightPlan(flight, drop, settings.flightPace, settings.dropMs)
        val playMs = plan.playMs
        val colour = report.snapshot.seats.getOrNull(report.seat)?.colour ?: report.snapshot.turn.colour
        val shown = plan.shown(++seq, report.seat, colour, report.sticks, byBot)
        _state.update { it.copy(lastThrow = shown, selection = null, choice = null) }
        val knocks = plan.knocks
        val gen = generation
        flightJob = scope.launch {
            val now = feedback.play(knocks) { _state.value.muted }
            delay(playMs - now)
            serial.post { land(gen, game, shown.seq, report, saved) }
        }
    }

    /** The last stick has settled: the throw's result and the position after it come on screen. */
    private fun land(gen: Long, game: GameSession, throwSeq: Long, report: ThrowReport, saved: Boolean) {
        if (!isCurrent(gen, game) || _state.value.lastThrow?.seq != throwSeq) return
        flightJob = null
        val outcome = ThrowOutcome(report.result, report.events)
        if (report.snapshot.state != _state.value.snapshot?.state) stopSearches()
        // Landed first, so the new position's only movable piece is picked as usual.
        _state.update {
            it.copy(lastThrow = it.lastThrow?.copy(outcome = outcome)).withSnapshot(report.snapshot).copy(saved = saved)
        }
        afterAction(game, animationMs = 0, save = false)
    }

    /** Drops the flight under way (another game, leaving): its knocks and its landing. */
    private fun stopFlight() {
        flightJob?.cancel()
        flightJob = null
    }

    private fun showMove(move: LegalMove, report: MoveReport, byBot: Boolean) {
        val colour = report.snapshot.seats.getOrNull(move.seat)?.colour ?: "#000000"
        val shown = MoveShown(
            seq = ++seq,
            seat = move.seat,
            colour = colour,
            from = move.from,
            path = move.path,
            pieces = move.pieces,
            events = report.events,
            byBot = byBot,
        )
        publish(report.snapshot) { it.copy(lastMove = shown) }
    }

    private fun publish(snap: GameSnapshot, extra: (GameUiState) -> GameUiState = { it }) {
        if (snap.state != _state.value.snapshot?.state) {
            stopSearches()
        }
        _state.update { extra(it.withSnapshot(snap)) }
    }

    private fun say(kind: MessageKind, detail: String? = null) = say(UserMessage(kind, detail))

    private fun say(message: UserMessage) {
        _state.update { it.copy(message = message) }
    }

    private fun say(error: Throwable) =
        say((error as? YutException)?.toUserMessage() ?: UserMessage(MessageKind.Internal, error.toString()))
}

/** Events refused while the sticks fly (they act on the position the throw is about to change). */
internal fun UiEvent.ForGame.waitsForTheSticks(): Boolean = when (this) {
    is UiEvent.Throw, is UiEvent.SelectPiece, is UiEvent.ChooseDestination, is UiEvent.ChooseMove,
    is UiEvent.ChooseRoute, is UiEvent.ChooseStack, UiEvent.Hint, UiEvent.Review, UiEvent.Undo,
    -> true
    else -> false
}

/** How many times quicker a quick bot's turn is (its pause, its moves). */
private const val QUICK_FACTOR = 4L
