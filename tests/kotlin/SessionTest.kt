package app.yunnori.core.test

import app.yunnori.core.BotLevel
import app.yunnori.core.GameSession
import app.yunnori.core.Flight
import app.yunnori.core.Mat
import app.yunnori.core.NewGame
import app.yunnori.core.Phase
import app.yunnori.core.SaveDamage
import app.yunnori.core.PlayerKind
import app.yunnori.core.Preset
import app.yunnori.core.RuleKind
import app.yunnori.core.RuleSetting
import app.yunnori.core.RuleValue
import app.yunnori.core.Rules
import app.yunnori.core.SaveLibrary
import app.yunnori.core.SaveStatus
import app.yunnori.core.SeatSpec
import app.yunnori.core.Spot
import app.yunnori.core.Swipe
import app.yunnori.core.YutException
import app.yunnori.core.boardLayout
import app.yunnori.core.planFlight
import app.yunnori.core.tapSwipe
import app.yunnori.core.describeRules
import app.yunnori.core.presetRules
import app.yunnori.core.presets
import app.yunnori.core.throwKinds
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.writeText
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

val MAT = Mat(width = 360f, height = 420f)
val TAP = tapSwipe(MAT)

/** A brisk flick up the mat and to the right, let go low on the mat. */
val FLICK = Swipe(mat = MAT, releaseX = 140f, releaseY = 320f, velocityX = 250f, velocityY = -900f, spin = 1f)

/** The flight is whole: four tracks from release to rest on [flatUp], contacts in time order, the result at its end. */
fun assertWholeFlight(flight: Flight, flatUp: List<Boolean>) {
    assertEquals(4, flight.sticks.size)
    assertEquals(flatUp, flight.sticks.map { it.flatUp })
    assertTrue(flight.fps > 0u)
    assertTrue(flight.sticks[0].marked && flight.sticks.drop(1).none { it.marked }, "stick 0 carries the mark")
    for (t in flight.sticks) {
        assertTrue(t.frames.size > 10, "${t.frames.size} frames")
        assertTrue(t.settleMs <= flight.endMs)
        // At rest, the flat face looks up exactly when the stick landed flat side up.
        assertEquals(t.flatUp, t.frames.last().normalZ > 0f)
    }
    assertEquals(flight.sticks.maxOf { it.settleMs }, flight.endMs)
    assertEquals(flight.contacts.map { it.atMs }.sorted(), flight.contacts.map { it.atMs })
    assertTrue(flight.contacts.isNotEmpty() && flight.contacts.all { it.strength in 0f..1f && it.stick in 0..3 })
    assertEquals(listOf(0, 1, 2, 3), flight.settleOrder.sorted())
    assertEquals(flight.settleOrder.map { flight.sticks[it].settleMs }.sorted(), flight.settleOrder.map { flight.sticks[it].settleMs })
}

fun bots(seed: ULong, a: BotLevel = BotLevel.MEDIUM, b: BotLevel = BotLevel.EASY) = NewGame(
    rules = presetRules(Preset.YUNNORI),
    seats = listOf(
        SeatSpec("Haneul", "#D64545", PlayerKind.Bot(a)),
        SeatSpec("Bada", "#2E6FD8", PlayerKind.Bot(b)),
    ),
    teams = null,
    seed = seed,
    undo = true,
)

fun humans(seed: ULong) = NewGame(
    rules = presetRules(Preset.YUNNORI),
    seats = listOf(
        SeatSpec("Mina", "#D64545", PlayerKind.Human),
        SeatSpec("Joon", "#2E6FD8", PlayerKind.Human),
    ),
    teams = null,
    seed = seed,
    undo = true,
)

/** Plays bot turns (throw, think, move) until the game ends or `limit` actions. */
suspend fun playOut(game: GameSession, limit: Int, afterEach: () -> Unit = {}): Int {
    var n = 0
    while (n < limit) {
        when (game.snapshot().phase) {
            Phase.OVER -> return n
            Phase.TO_THROW -> game.throwSticks(TAP)
            Phase.TO_MOVE -> game.play(game.botMove(null, 2_000u))
        }
        n++
        afterEach()
    }
    return n
}

class CatalogTest {
    @Test
    fun boardThrowsPresetsAndRuleOptionsComeAsData() {
        val board = boardLayout()
        assertEquals(29, board.stations.size)
        assertEquals(32, board.lines.size)
        val corner = board.stations.single { it.id == "20" }
        assertEquals("참먹이", corner.nameKorean)
        assertEquals(1f to 1f, corner.x to corner.y)
        assertEquals(listOf("back_do", "do", "gae", "geol", "yut", "mo"), throwKinds().map { it.id })
        assertEquals(3, presets().size)
        assertEquals(6, presets().single { it.preset == Preset.NYOUT_RU }.maxSeats)

        val d = describeRules(presetRules(Preset.CULIN1895))
        assertEquals(20, d.options.size)
        assertTrue(d.rules.changes.isEmpty())
        for (o in d.options) {
            assertTrue(o.label.isNotBlank(), o.key)
            if (o.kind == RuleKind.Choice) {
                val id = (o.value as RuleValue.Choice).id
                assertTrue(o.choices.any { it.id == id }, "${o.key}=$id not among its choices")
            }
        }
        val stacking = d.options.single { it.key == "stacking" }
        assertEquals(RuleValue.Choice("optional"), stacking.value)

        val changed = describeRules(
            Rules(Preset.YUNNORI, listOf(RuleSetting("pieces_per_player", RuleValue.Count(2)))),
        )
        assertEquals(RuleValue.Count(2), changed.options.single { it.key == "pieces_per_player" }.value)
        assertEquals(1, changed.rules.changes.size)
    }
}

class SessionTest {
    @Test
    fun humansThrowMoveAndUndo() {
        GameSession(humans(7uL)).use { game ->
            val start = game.snapshot()
            assertEquals(Phase.TO_THROW, start.phase)
            assertEquals("Mina", start.turn.name)
            assertEquals(humans(7uL), game.setup()) // "play again" gets the same table
            assertEquals(4, start.seats[0].home)
            assertTrue(start.legalMoves.isEmpty())
            assertFalse(start.canUndo)

            val report = game.throwSticks(FLICK)
            assertWholeFlight(report.flight, report.sticks)
            assertEquals(MAT, report.flight.mat)
            assertTrue(report.events.isNotEmpty())
            // Play on (the first listed move each time). A move after which the mover acts
            // again (a result still in hand, or a throw owed after 윷, 모 or a capture) is
            // still the mover's to take back; a move that passes the turn stands: the next
            // player cannot take it back.
            var snap = report.snapshot
            var undos = 0
            var passes = 0
            for (i in 0 until 600) {
                if (snap.phase == Phase.OVER || (undos > 0 && passes > 0)) break
                if (snap.phase == Phase.TO_THROW) {
                    snap = game.throwSticks(TAP).snapshot
                    continue
                }
                val before = snap
                val move = before.legalMoves.first()
                assertTrue(move.path.isNotEmpty())
                assertEquals(move.to, move.path.last())
                val moved = game.play(move)
                assertTrue(moved.events.isNotEmpty())
                assertEquals(moved.events, moved.snapshot.lastEvents)
                snap = moved.snapshot
                if (moved.snapshot.turn.seat != before.turn.seat) {
                    assertFalse(moved.snapshot.canUndo, "the turn passed to ${moved.snapshot.turn.name}")
                    assertFalse(game.canUndo())
                    assertFailsWith<YutException.CannotUndo> { game.undo() }
                    assertEquals(moved.snapshot, game.snapshot(), "a refused undo changes nothing")
                    passes++
                    continue
                }
                assertTrue(moved.snapshot.canUndo)
                assertTrue(game.canUndo())
                val undone = game.undo()
                undos++
                assertEquals(before.turn, undone.turn)
                assertEquals(before.hand, undone.hand)
                assertEquals(before.seats, undone.seats)
                assertEquals(before.legalMoves.size, undone.legalMoves.size)
                // The move listed before the undo belongs to an older state.
                assertFailsWith<YutException.StaleObject> { game.play(move) }
                snap = game.play(undone.legalMoves.first()).snapshot
            }
            assertTrue(undos > 0 && passes > 0, "undos $undos, turns passed $passes")
        }
    }

    @Test
    fun aThrowsFlightRestsOnItsSticksAndFollowsTheSwipeOnly() {
        // The same game thrown the same way: the same flight, to the last frame.
        val flights = (0 until 2).map { GameSession(humans(7uL)).use { game -> game.throwSticks(FLICK) } }
        assertEquals(flights[0].flight, flights[1].flight)
        assertEquals(flights[0].sticks, flights[1].sticks)
        // Thrown another way: another flight, the same result.
        val tapped = GameSession(humans(7uL)).use { game -> game.throwSticks(TAP) }
        assertEquals(flights[0].result, tapped.result)
        assertEquals(flights[0].sticks, tapped.sticks)
        assertNotEquals(flights[0].flight, tapped.flight)
        assertWholeFlight(tapped.flight, tapped.sticks)

        // Every throw of a game flies and rests on its own sticks; a 낙 leaves one off the mat.
        GameSession(humans(5uL)).use { game ->
            repeat(12) {
                val snap = game.snapshot()
                if (snap.phase == Phase.TO_THROW) {
                    val r = game.throwSticks(FLICK)
                    assertWholeFlight(r.flight, r.sticks)
                    assertEquals(r.result == null, r.flight.sticks.any { it.offMat })
                } else {
                    game.play(snap.legalMoves.first())
                }
            }
        }

        // Planned alone (previews, a throw heard from a server): the same inputs, the same flight.
        val alone = planFlight(FLICK, listOf(true, false, false, true), false, 9uL)
        assertEquals(alone, planFlight(FLICK, listOf(true, false, false, true), false, 9uL))
        assertWholeFlight(alone, listOf(true, false, false, true))
        assertFailsWith<YutException.InvalidInput> { planFlight(FLICK, listOf(true, false), false, 1uL) }
    }

    @Test
    fun botGameIsSavedDroppedResumedFromDiskAndFinished() = runBlocking<Unit> {
        val dir = Files.createTempDirectory("yunnori-kt-saves")
        val id: String
        val midway: List<List<Spot>>
        SaveLibrary.open(dir.toString()).use { library ->
            GameSession(bots(42uL, BotLevel.HARD, BotLevel.MEDIUM)).use { game ->
                id = game.id()
                library.save(game)
                val n = playOut(game, 40) { game.save() }
                assertEquals(40, n)
                midway = game.snapshot().seats.map { it.pieces }
            }
            val entry = library.list().single()
            assertEquals(id, entry.id)
            assertEquals(SaveStatus.Good, entry.status)
            assertEquals(40, entry.summary?.actions)
            assertFalse(entry.summary!!.finished)
        }
        System.gc()

        // Everything dropped: resume from the files alone.
        SaveLibrary.open(dir.toString()).use { library ->
            val loaded = library.load(id)
            assertNull(loaded.recoveredFromBackup)
            loaded.session.use { game ->
                assertEquals(midway, game.snapshot().seats.map { it.pieces })
                assertTrue(game.snapshot().lastEvents.isEmpty())
                playOut(game, 5_000) { game.save() }
                val end = game.snapshot()
                assertEquals(Phase.OVER, end.phase)
                val winner = assertNotNull(end.winner)
                assertEquals(4, end.seats[winner].done)
            }
            val summary = library.list().single().summary!!
            assertTrue(summary.finished)
            assertNull(summary.toMove)
            library.delete(id)
            assertTrue(library.list().isEmpty())
        }
    }

    @Test
    fun theSavedGamesListCountsTheTurnInProgressFromTheHandover() {
        val dir = Files.createTempDirectory("yunnori-kt-turns")
        SaveLibrary.open(dir.toString()).use { library ->
            GameSession(humans(7uL)).use { game ->
                library.save(game)
                assertEquals(1, library.list().single().summary!!.turnNumber)
                // Mina throws (bonus throws included) and moves until play passes to Joon.
                var snap = game.snapshot()
                var actions = 0
                while (snap.turn.seat != 1) {
                    check(++actions < 50) { "play never passed to Joon" }
                    snap = if (snap.phase == Phase.TO_THROW) game.throwSticks(TAP).snapshot else game.play(snap.legalMoves.first()).snapshot
                }
                game.save()
                // Joon has not thrown: one turn begun, but the turn on screen is the second.
                val listed = library.list().single().summary!!
                assertEquals(1, listed.turns)
                assertEquals(2, listed.turnNumber)
                assertEquals(1, listed.toMove)
                val loaded = library.load(game.id())
                loaded.session.use { assertEquals(2, loaded.summary.turnNumber) }
            }
        }
    }

    @Test
    fun botSearchIsCancellable() = runBlocking<Unit> {
        GameSession(bots(5uL, BotLevel.HARD, BotLevel.HARD)).use { game ->
            // Play on to a position where the bot has a real choice, so it searches.
            while (game.snapshot().legalMoves.size < 2) {
                val snap = game.snapshot()
                if (snap.phase == Phase.TO_THROW) game.throwSticks(TAP) else game.play(snap.legalMoves.first())
            }
            // The hard bot decides in milliseconds, so a cancel may come before, during or
            // after the search: each way the caller sees a move or a cancellation, never a
            // crash, and the game is untouched. (That dropping the Rust future stops a long
            // search is tested in Rust: bindings/src/session.rs.)
            var cancelled = 0
            repeat(20) { i ->
                val job = async(Dispatchers.Default) { game.botMove(null, 60_000u) }
                delay(i % 4L)
                job.cancel()
                try {
                    job.await()
                } catch (e: kotlinx.coroutines.CancellationException) {
                    cancelled++
                }
                val pending = async(Dispatchers.Default) { runCatching { game.botMove(null, 60_000u) } }
                delay(i % 3L)
                game.cancelBot()
                pending.await().onFailure { assertIs<YutException.Cancelled>(it) }
            }
            println("bot searches cancelled by the caller: $cancelled of 20")
            val move = game.botMove(null, 2_000u)
            game.play(move)
        }
    }

    @Test
    fun aReviewListsThePeoplesSlipsLargestFirst() = runBlocking<Unit> {
        GameSession(humans(3uL)).use { game ->
            assertTrue(game.review(1_000u).isEmpty(), "nothing played yet")
            // Both people play the last listed move, whatever it is, to the end.
            var actions = 0
            while (!game.snapshot().over && actions < 3000) {
                val snap = game.snapshot()
                if (snap.phase == Phase.TO_THROW) game.throwSticks(TAP) else game.play(snap.legalMoves.last())
                actions++
            }
            assertTrue(game.snapshot().over)
            val slips = game.review(1_000u)
            assertTrue(slips.size >= 3, "${slips.size} slips")
            val losses = slips.map { it.bestChance - it.playedChance }
            assertEquals(losses.sortedDescending(), losses, "largest loss first")
            for (slip in slips) {
                assertTrue(slip.bestChance - slip.playedChance >= 0.05, "$slip")
                assertTrue(slip.playedChance in 0.0..1.0 && slip.bestChance in 0.0..1.0)
                assertNotEquals(slip.played, slip.best)
                assertEquals(slip.seat, slip.played.seat)
                assertTrue(slip.turn >= 1u)
            }
        }
    }

    @Test
    fun aHintIsTheHardBotsMoveWithAWinningChance() = runBlocking<Unit> {
        GameSession(humans(11uL)).use { game ->
            // No move to hint before the sticks are thrown.
            assertFailsWith<YutException.WrongPhase> { game.hint(1_000u) }
            var hints = 0
            while (!game.snapshot().over && hints < 30) {
                val snap = game.snapshot()
                if (snap.phase == Phase.TO_THROW) {
                    game.throwSticks(TAP)
                    continue
                }
                val advice = game.hint(2_000u)
                hints++
                assertTrue(advice.chosen in snap.legalMoves, "the hint is one of the listed moves")
                assertTrue(advice.winChance in 0.0..1.0, "winning chance ${advice.winChance}")
                // Every option appraised, in the listed order; the hint is among the best.
                assertEquals(snap.legalMoves, advice.appraisal.map { it.mv })
                assertEquals(advice.winChance, advice.appraisal.first { it.mv == advice.chosen }.winChance)
                assertTrue(advice.appraisal.all { it.winChance <= advice.winChance + 1e-9 })
                // For a person's seat it is the hard bot's own move, asked another way.
                assertEquals(advice.chosen, game.botMove(BotLevel.HARD, 2_000u))
                game.play(advice.chosen)
            }
            assertEquals(30, hints)
        }
    }
}

class BadInputTest {
    private fun tempDir(): Path = Files.createTempDirectory("yunnori-kt-bad")

    @Test
    fun illegalStaleAndOutOfPhaseActionsAreExceptions() {
        GameSession(humans(11uL)).use { game ->
            // A human seat gets a bot's move only as a hint, with a level named.
            assertFailsWith<YutException.WrongPhase> { runBlocking { game.botMove(null, 100u) } }
            while (game.snapshot().phase != Phase.TO_MOVE) game.throwSticks(TAP)
            assertFailsWith<YutException.WrongPhase> { game.throwSticks(TAP) }
            val move = game.legalMoves().first()
            assertFailsWith<YutException.IllegalMove> { game.play(move.copy(from = Spot.Station("C"))) }
            assertFailsWith<YutException.InvalidInput> { game.play(move.copy(from = Spot.Station("Z9"))) }
            assertFailsWith<YutException.InvalidInput> { game.play(move.copy(pieces = -1)) }
            game.play(move)
            assertFailsWith<YutException.StaleObject> { game.play(move) }
            // A move from another game is stale too.
            GameSession(humans(11uL)).use { other ->
                while (other.snapshot().phase != Phase.TO_MOVE) other.throwSticks(TAP)
                val foreign = other.legalMoves().first()
                assertFailsWith<YutException.StaleObject> { game.play(foreign) }
            }
        }
    }

    @Test
    fun badTablesAndRulesAreExceptions() {
        assertFailsWith<YutException.InvalidRules> {
            describeRules(Rules(Preset.YUNNORI, listOf(RuleSetting("bakc_do", RuleValue.Flag(true)))))
        }
        assertFailsWith<YutException.InvalidRules> {
            describeRules(Rules(Preset.YUNNORI, listOf(RuleSetting("pieces_per_player", RuleValue.Count(9)))))
        }
        val one = humans(1uL).let { it.copy(seats = it.seats.take(1)) }
        assertFailsWith<YutException.InvalidSetup> { GameSession(one) }
        val badColour = humans(1uL).let { g -> g.copy(seats = g.seats.map { it.copy(colour = "red") }) }
        assertFailsWith<YutException.InvalidSetup> { GameSession(badColour) }
        assertFailsWith<YutException.InvalidSetup> { GameSession(humans(1uL).copy(teams = listOf(listOf(0, 1)))) }
        assertFailsWith<YutException.InvalidInput> { app.yunnori.core.ScenarioGame.fromScenario("{ not json") }
        assertFailsWith<YutException.InvalidInput> { app.yunnori.core.throwFromId("doo") }
    }

    @Test
    fun unknownCorruptAndNewerSavesAreExceptions() {
        val dir = tempDir()
        SaveLibrary.open(dir.toString()).use { library ->
            assertFailsWith<YutException.SaveNotFound> { library.load("no-such-game") }
            assertFailsWith<YutException.SaveNotFound> { library.delete("no-such-game") }
            assertFailsWith<YutException.InvalidInput> { library.load("../etc/passwd") }

            dir.resolve("broken.json").writeText("{ this is not a save")
            dir.resolve("future.json").writeText("""{"schema_version": 99, "summary": {}, "session": {}}""")
            val entries = library.list().associateBy { it.id }
            assertIs<SaveStatus.Damaged>(entries.getValue("broken").status)
            assertNull(entries.getValue("broken").summary)
            assertEquals(SaveDamage.CORRUPT, entries.getValue("broken").damage, "the apps word the reason from its id")
            assertEquals(SaveStatus.FromNewerVersion(99uL), entries.getValue("future").status)
            assertEquals(SaveDamage.NEWER_VERSION, entries.getValue("future").damage)
            val corrupt = assertFailsWith<YutException.SaveCorrupt> { library.load("broken") }
            assertEquals("broken", corrupt.id)
            val newer = assertFailsWith<YutException.SaveFromNewerVersion> { library.load("future") }
            assertEquals(99uL, newer.version)

            // A hand-edited throw does not replay from the seed: refused as corrupt.
            GameSession(humans(3uL)).use { game ->
                game.throwSticks(TAP)
                library.save(game)
                val file = dir.resolve("${game.id()}.json")
                val text = Files.readString(file)
                val edited = Regex("\"outcome\":\\{\"result\":\"[a-z_]+\"\\}").replace(text, "\"outcome\":\"nak\"")
                assertNotEquals(text, edited)
                Files.writeString(file, edited)
                Files.deleteIfExists(dir.resolve("${game.id()}.json.bak"))
                assertFailsWith<YutException.SaveCorrupt> { library.load(game.id()) }
            }
        }
    }

    @Test
    fun aDamagedSaveFallsBackToItsBackup() {
        val dir = tempDir()
        SaveLibrary.open(dir.toString()).use { library ->
            GameSession(humans(21uL)).use { game ->
                library.save(game)
                game.throwSticks(TAP)
                game.save() // the first file becomes the backup
                Files.writeString(dir.resolve("${game.id()}.json"), "{\"schema_version\": 1, \"summ")
                val entry = library.list().single()
                assertIs<SaveStatus.Backup>(entry.status)
                assertEquals(0, entry.summary?.actions)
                val loaded = library.load(game.id())
                assertNotNull(loaded.recoveredFromBackup)
                loaded.session.use { assertEquals(Phase.TO_THROW, it.snapshot().phase) }
            }
        }
    }

    @Test
    fun staleObjectsAreExceptionsNotCrashes() {
        val dir = tempDir()
        val game = GameSession(humans(9uL))
        val library = SaveLibrary.open(dir.toString())
        assertFailsWith<YutException.StaleObject> { game.save() } // no library yet
        library.save(game)
        game.throwSticks(TAP)
        game.save()

        // Deleted from the library: the live game may not write it back, either way.
        library.delete(game.id())
        assertFailsWith<YutException.SaveConflict> { game.save() }
        assertFailsWith<YutException.SaveConflict> { library.save(game) }
        assertTrue(library.list().isEmpty())

        // The library closed: the game outlives it but can no longer save.
        library.close()
        System.gc()
        assertFailsWith<YutException.StaleObject> { game.save() }
        assertEquals(game.legalMoves(), game.snapshot().legalMoves)

        // A closed object refuses calls with a Kotlin exception.
        game.close()
        assertFailsWith<IllegalStateException> { game.snapshot() }
    }

    @Test
    fun twoCopiesOfOneGameNeverWriteOverEachOther() {
        val dir = tempDir()
        val first = SaveLibrary.open(dir.toString())
        val id = GameSession(humans(21uL)).use { game ->
            first.save(game)
            game.id()
        }
        // The game opened twice (two windows), through two library objects on one folder.
        val second = SaveLibrary.open(dir.toString())
        val a = first.load(id).session
        val b = second.load(id).session
        a.throwSticks(TAP)
        a.save()
        b.throwSticks(FLICK)
        if (b.snapshot().phase == Phase.TO_MOVE) b.play(b.legalMoves()[0]) else b.throwSticks(TAP)
        val refused = assertFailsWith<YutException.SaveConflict> { b.save() }
        assertEquals(id, refused.id)
        assertFailsWith<YutException.SaveConflict> { second.save(b) }
        // A's one throw is what is on disk (not B's two actions), and opening the game
        // again goes on from there.
        val again = second.load(id)
        assertNull(again.recoveredFromBackup)
        assertEquals(1, again.summary.actions)
        assertEquals(a.snapshot().hand, again.session.snapshot().hand)
        // Deleted through one library object, it is not written back through the other.
        second.delete(id)
        assertFailsWith<YutException.SaveConflict> { a.save() }
        assertTrue(first.list().isEmpty())
        listOf(a, b, again.session).forEach { it.close() }
    }

    @Test
    fun badNamesStickOddsAndFoldersAreRefusedWithTypedErrors() {
        fun named(name: String) = humans(3uL).copy(
            seats = listOf(SeatSpec(name, "#D64545", PlayerKind.Human), SeatSpec("Joon", "#2E6FD8", PlayerKind.Human)),
        )
        GameSession(named("  Mina  ")).use { assertEquals("Mina", it.snapshot().seats[0].name) }
        for (bad in listOf("", "   ", "Mi\u0000na", "Mi\nna", "\u202Eanim", "가".repeat(25), "🎲".repeat(1_000), "x".repeat(10_000_000))) {
            assertFailsWith<YutException.InvalidSetup>(bad.take(20)) { GameSession(named(bad)) }
        }
        for (p in listOf(5e-324, 1e-300, 0.05, 0.95, 1.0 - 1e-16, Double.NaN)) {
            val rules = Rules(Preset.YUNNORI, listOf(RuleSetting("stick_flat_probability", RuleValue.Probability(p))))
            assertFailsWith<YutException.InvalidRules>("p = $p") { GameSession(humans(3uL).copy(rules = rules)) }
        }
        val bias = describeRules(presetRules(Preset.YUNNORI)).options.single { it.key == "stick_flat_probability" }
        assertEquals(RuleKind.Probability(0.1, 0.9), bias.kind)
        assertFailsWith<YutException.InvalidInput> { SaveLibrary.open("") }
    }
}
