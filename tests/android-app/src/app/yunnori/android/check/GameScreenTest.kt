package app.yunnori.android.check

import androidx.compose.ui.semantics.SemanticsActions
import androidx.compose.ui.semantics.SemanticsProperties
import androidx.compose.ui.semantics.getOrNull
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SemanticsMatcher
import androidx.compose.ui.test.SemanticsNodeInteraction
import androidx.compose.ui.test.SemanticsNodeInteractionsProvider
import androidx.compose.ui.test.assertCountEquals
import androidx.compose.ui.test.assertIsEnabled
import androidx.compose.ui.test.assertIsNotEnabled
import androidx.compose.ui.test.hasClickAction
import androidx.compose.ui.test.hasContentDescription
import androidx.compose.ui.test.hasTestTag
import androidx.compose.ui.test.onAllNodesWithContentDescription
import androidx.compose.ui.test.onAllNodesWithText
import androidx.compose.ui.test.onNodeWithContentDescription
import androidx.compose.ui.test.onNodeWithText
import androidx.compose.ui.test.performClick
import androidx.compose.ui.test.performScrollTo
import androidx.compose.ui.test.performSemanticsAction
import androidx.compose.ui.test.performTouchInput
import androidx.compose.ui.test.swipeUp
import app.yunnori.android.ui.ANNOUNCER_TAG
import app.yunnori.android.ui.colourName
import app.yunnori.android.ui.game.GameTags
import app.yunnori.android.ui.game.STICK_MAT_TAG
import app.yunnori.core.BotLevel
import app.yunnori.core.GameSession
import app.yunnori.core.LegalMove
import app.yunnori.core.Phase
import app.yunnori.core.PlayerKind
import app.yunnori.core.RuleValue
import app.yunnori.core.Spot
import app.yunnori.core.Throw
import app.yunnori.core.TableState
import app.yunnori.core.Mat
import app.yunnori.core.tapSwipe
import app.yunnori.core.AppEvent
import app.yunnori.core.TableAction
import org.junit.jupiter.api.Test
import java.util.Locale
import kotlin.math.roundToInt
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** The game screen, played by touch and read as TalkBack reads it, on the real core. */
@OptIn(ExperimentalTestApi::class)
class GameScreenTest {
    private val human = PlayerKind.Human

    /** The names players see for the results (the app's English strings). */
    private val english = mapOf(
        Throw.BACK_DO to "Back-Do", Throw.DO to "Do", Throw.GAE to "Gae",
        Throw.GEOL to "Geol", Throw.YUT to "Yut", Throw.MO to "Mo",
    )

    private fun SemanticsNodeInteractionsProvider.mat(): SemanticsNodeInteraction = onNode(hasTestTag(STICK_MAT_TAG))

    /** The board element drawn at [station]: TalkBack's elements sit where the station is drawn. */
    private fun hasStation(st: TableState, station: String) =
        SemanticsMatcher("at station $station") { node ->
            val label = node.config.getOrNull(SemanticsProperties.ContentDescription).orEmpty().joinToString()
            val name = board.stations.first { it.id == station }.nameEnglish ?: "station $station"
            label.endsWith(" on $name") || label.startsWith("Move to $name")
        }

    /** A seat colour's name, as TalkBack hears it with each stack. */
    private fun colour(hex: String): String = AppStrings.text(colourName(hex))

    private fun SemanticsNodeInteraction.description(): String =
        fetchSemanticsNode().config.getOrNull(SemanticsProperties.ContentDescription).orEmpty().joinToString()

    @Test
    fun `a person throws with the button, enters a piece and moves it by a tap on the board`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = SEED_FORWARD)))
            awaitGame(host, "a new game") { it.canThrow }
            onNodeWithText("Seat 0 throws").assertExists()
            onNodeWithText("Undo").assertIsNotEnabled()

            onNodeWithText("Throw the sticks").performClick()
            val moving = awaitGame(host, "the throw") { it.canMove }
            val result = assertNotNull(moving.lastThrow?.outcome?.result, "seed $SEED_FORWARD throws a result")
            onNodeWithText("Seat 0 moves").assertExists()
            // The result sits in the hand, and the mat says it once the sticks land.
            onNodeWithText(english.getValue(result)).assertExists()
            assertTrue(mat().description().startsWith(english.getValue(result)), mat().description())
            screenshot("game-thrown")

            // No piece on the board yet: a new piece is the only one to move, and it is
            // picked already; its button keeps it picked, a tap elsewhere puts it down, and
            // its button picks it up again.
            assertEquals(Spot.Home, moving.selection?.from)
            onNodeWithText("New piece (4 waiting)").performScrollTo().performClick()
            waitForIdle()
            assertEquals(Spot.Home, host.state.selection?.from, "tapped again, it stays picked")
            send(host, TableAction.Tap(Spot.Station("12")))
            awaitGame(host, "the new piece put down") { it.selection == null }
            onAllNodesWithContentDescription("Move to ", substring = true).assertCountEquals(0)
            onNodeWithText("New piece (4 waiting)").performClick()
            val picked = awaitGame(host, "the new piece picked") { it.selection != null }
            assertEquals(Spot.Home, picked.selection?.from)
            val destinations = onAllNodesWithContentDescription("Move to ", substring = true).fetchSemanticsNodes()
            assertEquals(picked.selection!!.destinations.size, destinations.size)
            screenshot("game-picked")

            // A finger's tap on the ringed station (the element is only TalkBack's: the tap
            // goes through to the board drawn below it).
            onNodeWithContentDescription("Move to ", substring = true).performClick()
            val moved = awaitGame(host, "the move") { it.snapshot.stacks?.isNotEmpty() == true && it.selection == null }
            val stack = moved.snapshot.stacks.single()
            assertEquals(0, stack.side)
            onNodeWithContentDescription("Seat 0 (Red): 1 on ", substring = true).assertExists()
            // The move ended Seat 0's turn: Seat 1 holds the phone now and cannot take it back.
            assertEquals(1, moved.snapshot.turn.seat)
            onNodeWithText("Seat 1 throws").assertExists()
            onNodeWithText("Undo").assertIsNotEnabled()
            screenshot("game-moved")
        }
    }

    @Test
    fun `a swipe on the stick mat throws, and TalkBack throws with a double-tap`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = SEED_FORWARD)))
            awaitGame(host, "a new game") { it.canThrow }
            val mat = onNodeWithContentDescription("Double-tap to throw the sticks")
            mat.performTouchInput { swipeUp() }
            val thrown = awaitGame(host, "the swipe's throw") { it.lastThrow?.landed == true }
            val shown = thrown.lastThrow!!
            assertEquals(0, shown.seat)
            val name = shown.outcome?.result?.let { english.getValue(it) } ?: "Nak! A stick left the mat"
            // Once the sticks land, the mat reads the result (and, while another throw is due,
            // how to throw), and no other element of the screen says it again; the announcer
            // (the live region TalkBack hears each throw from once) is not on the screen's list.
            val after = onAllNodes(hasContentDescription(name, substring = true) and !hasTestTag(ANNOUNCER_TAG))
                .fetchSemanticsNodes()
            assertEquals(
                listOf(STICK_MAT_TAG),
                after.map { it.config.getOrNull(SemanticsProperties.TestTag) },
                "the mat says what was thrown: ${after.map { it.config.getOrNull(SemanticsProperties.ContentDescription) }}",
            )

            // Play on by the mat's accessibility action alone until seat 1 is to throw.
            var guard = 0
            while (host.state.snapshot.turn.seat == 0) {
                check(++guard < 50) { "seat 0's turn did not end" }
                val st = host.state
                if (st.canThrow) {
                    val before = st.lastThrow?.seq
                    onNodeWithContentDescription("Double-tap to throw the sticks", substring = true)
                        .performSemanticsAction(SemanticsActions.OnClick)
                    awaitGame(host, "a throw by TalkBack") { it.lastThrow?.seq != before && it.lastThrow?.landed == true }
                } else {
                    send(host, TableAction.ChooseMove((0).toUInt(), st.snapshot.state))
                    awaitGame(host, "a move") { it.snapshot.state != st.snapshot.state }
                }
            }
            // The title follows the core's state on the next frames drawn (a run on a loaded
            // machine once looked in between).
            awaitReal("the title names seat 1") { onAllNodesWithText("Seat 1 throws").fetchSemanticsNodes().isNotEmpty() }
            onNodeWithText("Seat 1 throws").assertExists()
            // Not seat 1's sticks yet: the mat is not a button while a move is due.
            assertEquals(Phase.TO_THROW, host.state.snapshot.phase)
        }
    }

    @Test
    fun `a hint names the best move, selects its piece and TalkBack reads each destination's chance`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = SEED_FORWARD)))
            awaitGame(host, "a new game") { it.canThrow }
            send(host, TableAction.ThrowTap)
            awaitGame(host, "the throw") { it.canMove }

            onNodeWithText("Hint").performClick()
            val hinted = awaitGame(host, "the hint") { it.hint != null && !it.hintPending }
            val hint = hinted.hint!!
            val percent = (hint.winChance * 100).roundToInt()
            onNodeWithText("Your winning chance after it: about $percent%").assertExists()
            assertEquals(hint.mv.from, hinted.selection?.from, "the hinted piece is picked")
            for (d in hinted.selection!!.destinations) {
                val chance = assertNotNull(d.chance, "every destination has its estimate")
                val to = d.to as? Spot.Station ?: continue
                val said = "about ${(chance * 100).roundToInt()}% to win"
                onNode(hasStation(hinted, to.id) and hasContentDescription(said, substring = true)).assertExists()
            }
            screenshot("game-hint")

            // TalkBack's double-tap on the hinted destination plays the hinted move.
            val target = hint.mv.to as Spot.Station
            onNode(hasStation(hinted, target.id) and hasContentDescription("Move to ", substring = true))
                .performSemanticsAction(SemanticsActions.OnClick)
            val played = awaitGame(host, "the hinted move") { it.snapshot.state != hinted.snapshot.state && it.choice == null }
            assertNull(played.hint)
            assertTrue(played.snapshot.stacks.any { it.station == target.id && it.side == 0 })
        }
    }

    @Test
    fun `the end of a game names the winner and opens the review`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = 3u)))
            var st = awaitGame(host, "a new game") { it.canThrow }
            var actions = 0
            while (!st.over) {
                check(++actions < 3000) { "the game did not end" }
                val tag = st.snapshot.state
                send(
                    host,
                    if (st.canThrow) TableAction.ThrowTap
                    else TableAction.ChooseMove((st.legalMoves.lastIndex).toUInt(), tag),
                )
                st = awaitGame(host, "an action") { it.snapshot.state != tag }
            }
            val winner = st.snapshot.seats.first { it.place == 1 }.name
            onNodeWithText("$winner won!").assertExists()
            screenshot("game-over")

            onNodeWithText("Review").performClick()
            val reviewed = awaitGame(host, "the review") { it.review != null }
            onNodeWithText("Where the game turned").assertExists()
            val slips = reviewed.review!!
            if (slips.isEmpty()) {
                onNodeWithText("No clear slips", substring = true).assertExists()
            } else {
                val first = slips.first()
                val seat = st.snapshot.seats.first { it.seat == first.seat }.name
                onNodeWithText("Turn ${first.turn} · $seat").assertExists()
                onNodeWithText("about ${(first.playedChance * 100).roundToInt()}% to win", substring = true).assertExists()
            }
            screenshot("game-review")
            onNodeWithText("Close").performClick()
            awaitGame(host, "the review closed") { it.review == null }

            // The card can be put aside to look at the final board, and brought back.
            onNodeWithText("Look at the board").performClick()
            awaitGame(host, "the card put aside") { it.resultAside }
            onNodeWithText("Play again").assertDoesNotExist()
            onNode(hasTestTag(GameTags.BOARD)).assertExists()
            screenshot("game-over-board")
            onNodeWithText("Result").performClick()
            awaitGame(host, "the card back") { !it.resultAside }
            onNodeWithText("Play again").assertExists()
        }
    }

    @Test
    fun `the game screen reads in Korean`() = screenTest(Locale.KOREAN) {
        GameHost().use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, human, seed = SEED_FORWARD)))
            awaitGame(host, "a new game") { it.canThrow }
            onNodeWithText("Seat 0 님이 던질 차례").assertExists()
            onNodeWithText("윷 던지기").performClick()
            val st = awaitGame(host, "the throw") { it.canMove }
            val korean = mapOf(Throw.DO to "도", Throw.GAE to "개", Throw.GEOL to "걸", Throw.YUT to "윷", Throw.MO to "모")
            val name = korean.getValue(st.lastThrow!!.outcome!!.result!!)
            onNodeWithText(name).assertExists()
            assertEquals(name, mat().description(), "the mat reads the result; no throw is due")
            assertEquals(Spot.Home, st.selection?.from, "the only piece to move is picked")
            onNodeWithContentDescription("(으)로 옮기기", substring = true).performClick()
            awaitGame(host, "the move") { it.snapshot.stacks?.isNotEmpty() == true }
            onNodeWithContentDescription("Seat 0(빨강)의 말 1개", substring = true).assertExists()
            screenshot("game-korean")
        }
    }

    @Test
    fun `landing on one's own piece asks to join or stay apart, the answer plays, and undo takes it back`() = screenTest {
        GameHost().use { host ->
            setContent { GameOf(host) }
            val optional = table(human, human, seed = 18u, rules = listOf("stacking" to RuleValue.Choice("optional")))
            send(host, AppEvent.StartGame(optional))
            var st = awaitGame(host, "a new game") { it.canThrow }
            // Play on (by the view model) until a move lands on the mover's own piece.
            var twoWay: List<LegalMove>? = null
            var actions = 0
            while (twoWay == null) {
                check(++actions < 600 && !st.over) { "no stacking choice came up" }
                val tag = st.snapshot.state
                if (st.canThrow) {
                    send(host, TableAction.ThrowTap)
                } else {
                    // Only a move whose turn goes on (a throw still owed, after 윷 or 모) is
                    // still the mover's to take back.
                    twoWay = st.legalMoves.groupBy { it.from to it.to }.values.firstOrNull { g ->
                        g.size == 2 && g.map { it.stack }.toSet() == setOf(true, false) &&
                            g[0].from is Spot.Station && g[0].to is Spot.Station
                    }?.takeIf { st.snapshot.owed > 0 }
                    if (twoWay != null) break
                    send(host, TableAction.ChooseMove((0).toUInt(), tag))
                }
                st = awaitGame(host, "an action") { it.snapshot.state != tag }
            }
            val mover = st.snapshot.turn
            val from = (twoWay!!.first().from as Spot.Station).id
            val to = (twoWay.first().to as Spot.Station).id
            val before = st.snapshot

            // By TalkBack: the piece, then its destination.
            if (st.selection?.from != twoWay.first().from) {
                onNode(hasContentDescription("${mover.name} (${colour(mover.colour)}): 1 on ", substring = true) and hasClickAction() and hasStation(st, from))
                    .performSemanticsAction(SemanticsActions.OnClick)
                awaitGame(host, "the piece picked") { it.selection?.from == twoWay.first().from }
            }
            onNode(hasContentDescription("Move to ", substring = true) and hasStation(st, to))
                .performSemanticsAction(SemanticsActions.OnClick)
            awaitGame(host, "the question") { it.choice != null }
            onNodeWithText("Your own piece is there").assertExists()
            screenshot("game-stack-choice")
            onNodeWithText("Pick it up and move together").performClick()
            val joined = awaitGame(host, "the joining move") { it.snapshot.state != before.state && it.choice == null }
            assertTrue(joined.snapshot.stacks.any { it.station == to && it.side == mover.side && it.size >= 2 })
            onNodeWithContentDescription("${mover.name} (${colour(mover.colour)}): 2 on ", substring = true).assertExists()

            // Undo: the position before the move, the two pieces apart again.
            assertEquals(mover.seat, joined.snapshot.turn.seat, "the mover's turn goes on")
            onNodeWithText("Undo").assertIsEnabled()
            onNodeWithText("Undo").performClick()
            val undone = awaitGame(host, "the undo") { it.snapshot.state != joined.snapshot.state }
            assertEquals(before.stacks, undone.snapshot.stacks)
        }
    }

    @Test
    fun `a bot's turn shows it thinking, keeps the person's controls off, and hands back`() = screenTest {
        // A pause long enough to see on a busy machine: the test waits for the bot's turn to show.
        GameHost(JUMPING.copy(botPauseMs = 1500u)).use { host ->
            setContent { GameOf(host) }
            send(host, AppEvent.StartGame(table(human, PlayerKind.Bot(BotLevel.EASY), seed = SEED_FORWARD)))
            var st = awaitGame(host, "a new game") { it.canThrow }
            // The person plays the first listed move until the bot is to play.
            while (st.snapshot.turn.seat == 0) {
                val tag = st.snapshot.state
                send(
                    host,
                    if (st.canThrow) TableAction.ThrowTap
                    else TableAction.ChooseMove((0).toUInt(), tag),
                )
                st = awaitGame(host, "an action") { it.snapshot.state != tag }
            }
            awaitReal("the bot thinking") { onAllNodesWithText("Seat 1 is thinking…").fetchSemanticsNodes().isNotEmpty() }
            onNodeWithText("Throw the sticks").assertIsNotEnabled()
            onNodeWithText("Hint").assertIsNotEnabled()
            screenshot("game-bot-thinking")
            awaitGame(host, "the person's turn again") { it.snapshot.turn.seat == 0 && it.canThrow }
            onNodeWithText("Seat 0 throws").assertExists()
            onNodeWithText("Throw the sticks").assertIsEnabled()
        }
    }

    @Test
    fun `a Back-Do off the first station goes back off the board, by its button, its ring or TalkBack`() {
        // Find, off screen, a position where a person may take a piece back off the board
        // (the app's rules: Back-Do from the first station leaves the board).
        val (seed, actions) = findBackOff()
        for (way in listOf("button", "ring", "TalkBack")) {
            screenTest {
                GameHost().use { host ->
                    setContent { GameOf(host) }
                    send(host, AppEvent.StartGame(table(human, human, seed = seed)))
                    var st = awaitGame(host, "a new game") { it.canThrow }
                    repeat(actions) {
                        val tag = st.snapshot.state
                        send(host, if (st.canThrow) TableAction.ThrowTap else TableAction.ChooseMove((0).toUInt(), tag))
                        st = awaitGame(host, "an action") { it.snapshot.state != tag }
                    }
                    val back = st.legalMoves.first { it.to == Spot.Home }
                    send(host, TableAction.Tap(back.from))
                    st = awaitGame(host, "the piece picked") { it.selection?.from == back.from }
                    val waiting = st.snapshot.seats[st.snapshot.turn.seat].home
                    screenshot("game-back-off")
                    when (way) {
                        "button" -> onNodeWithText("Back off the board").performScrollTo().performClick()
                        // A finger on the ring drawn off the board (TalkBack's element sits on it).
                        "ring" -> onNodeWithContentDescription("Back off the board").performClick()
                        else -> onNodeWithContentDescription("Back off the board").performSemanticsAction(SemanticsActions.OnClick)
                    }
                    val after = awaitGame(host, "the piece off the board by its $way") { it.snapshot.state != st.snapshot.state && it.choice == null }
                    assertEquals(waiting + 1, after.snapshot.seats[st.snapshot.turn.seat].home, "the piece waits again")
                }
            }
        }
    }

    /** A seed and a number of actions (throw, or the first listed move) after which a person may go back off the board. */
    private fun findBackOff(): Pair<ULong, Int> {
        for (seed in 1uL..40uL) {
            val game = GameSession(table(human, human, seed = seed))
            try {
                repeat(400) { action ->
                    val snap = game.snapshot()
                    if (snap.over) return@repeat
                    if (snap.phase == Phase.TO_MOVE && snap.legalMoves.any { it.to == Spot.Home }) return seed to action
                    // As the screen's button and the test's first listed move do.
                    if (snap.phase == Phase.TO_THROW) game.throwSticks(tapSwipe(Mat(320f, 200f))) else game.play(snap.legalMoves[0])
                }
            } finally {
                game.close()
            }
        }
        error("no position to go back off the board in 40 games")
    }

    private companion object {
        /** A seed whose first throw by the button is a result that moves forward. */
        const val SEED_FORWARD: ULong = 7u
    }
}
