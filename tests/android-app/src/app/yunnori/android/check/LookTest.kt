package app.yunnori.android.check

import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.toAwtImage
import androidx.compose.ui.test.ExperimentalTestApi
import androidx.compose.ui.test.SkikoComposeUiTest
import androidx.compose.ui.test.onNodeWithText
import app.yunnori.android.ui.MenuScreenPreview
import app.yunnori.android.ui.NewGameScreenPreview
import app.yunnori.android.ui.ResumeScreenPreview
import app.yunnori.android.ui.RulesScreenPreview
import app.yunnori.android.ui.SettingsScreenPreview
import app.yunnori.android.ui.game.BoardPreview
import app.yunnori.android.ui.game.BoardSample
import app.yunnori.android.ui.game.GameScreenLandscapePreview
import app.yunnori.android.ui.game.GameScreenPreview
import app.yunnori.android.ui.game.SampleBoard
import app.yunnori.android.ui.theme.DesignTokens
import app.yunnori.android.ui.theme.LocalDarkTheme
import app.yunnori.android.ui.theme.YutColours
import app.yunnori.core.GameEvent
import app.yunnori.core.PlayerKind
import app.yunnori.core.RuleValue
import app.yunnori.core.StackView
import app.yunnori.core.MoveShown
import app.yunnori.core.Selection
import app.yunnori.core.AppEvent
import app.yunnori.core.TableAction
import java.awt.image.BufferedImage
import java.io.File
import java.util.Locale
import javax.imageio.ImageIO
import kotlin.math.min
import kotlin.math.sqrt
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * The board as a player sees it, read back from its pixels in light and dark, English and
 * Korean (each drawing kept as a screenshot, `look-*`): the pieces are tokens and a stack a
 * pile of them, the picked piece's destinations are lit with a ghost of it, and a captured
 * piece flies back off the board after the capturing stack lands (a quarter as long under
 * Reduce Motion).
 */
@OptIn(ExperimentalTestApi::class)
class LookTest {
    private val looks = listOf(false to Locale.ENGLISH, true to Locale.ENGLISH, false to Locale.KOREAN, true to Locale.KOREAN)

    private fun name(dark: Boolean, locale: Locale) = "${if (dark) "dark" else "light"}-${locale.language}"

    @Composable
    private fun SampleBoardIn(
        dark: Boolean,
        stacks: List<StackView>,
        selection: Selection?,
        lastMove: MoveShown?,
        reduceMotion: Boolean = false,
        winners: List<Color>? = null,
    ) {
        CompositionLocalProvider(LocalDarkTheme provides dark) { SampleBoard(stacks, selection, lastMove, reduceMotion, winners) }
    }

    @Test
    fun `pieces are tokens, a stack stands as a pile, and the picked piece's destinations are lit`() {
        for ((dark, locale) in looks) screenTest(locale, width = BOARD, height = BOARD) {
            var picked by mutableStateOf(false)
            setContent { SampleBoardIn(dark, BoardSample.before, BoardSample.selection.takeIf { picked }, null) }
            waitForIdle()
            val plain = image()
            runOnUiThread { picked = true }
            waitForIdle()
            val lit = image()
            screenshot("look-board-${name(dark, locale)}")

            val r = plain.tokenRadius()
            // Station 5 (모), empty, is a destination: red shows there only once the pair is picked.
            val five = plain.station("5").let { it.copy(first = it.first + 0.5 * r) }
            val before = distance(plain.colourAt(five), BoardSample.redColour)
            val after = distance(lit.colourAt(five), BoardSample.redColour)
            assertTrue(after < before - 60, "${name(dark, locale)}: destination lit ($before → $after)")

            // Above the centre of a pile of three there is blue token; above a single one, paper.
            fun aboveTop(id: String) = plain.station(id).let { it.first + 0.2 * r to it.second - 1.16 * r }
            val pile = distance(plain.colourAt(aboveTop("13")), BoardSample.blueColour)
            val single = distance(plain.colourAt(aboveTop("8")), BoardSample.blueColour)
            assertTrue(pile < 110, "${name(dark, locale)}: the stack of three stands as a pile ($pile)")
            assertTrue(single > 150, "${name(dark, locale)}: a single token does not ($single)")
        }
    }

    @Test
    fun `a captured piece stays until the stack lands, then flies back off the board`() {
        for ((dark, locale) in looks) screenTest(locale, width = BOARD, height = BOARD) {
            val capture = playCapture(dark, reduceMotion = false, "look-capture-${name(dark, locale)}")
            assertTrue(capture.onEightAtStart, "${name(dark, locale)}: blue's piece is on 8 while red travels")
            val away = assertNotNull(capture.flyingAt, "${name(dark, locale)}: blue's piece never left station 8")
            // Red's pair hops five stations (160 ms each) before anything flies.
            assertTrue(away >= 5 * 160, "${name(dark, locale)}: it flew at $away ms, before the stack landed")
            val gone = assertNotNull(capture.goneAt, "${name(dark, locale)}: blue's piece is still on the board")
            assertTrue(gone - away <= 420 + 100, "${name(dark, locale)}: in the air from $away to $gone ms")
        }
    }

    @Test
    fun `under Reduce Motion the same capture is over in a quarter of the time`() = screenTest(width = BOARD, height = BOARD) {
        val normal = assertNotNull(playCapture(false, reduceMotion = false, null).goneAt)
        val reduced = playCapture(false, reduceMotion = true, "look-capture-reduced-motion")
        val gone = assertNotNull(reduced.goneAt)
        assertNotNull(reduced.flyingAt, "it still flies, briefly")
        assertTrue(gone * 3 < normal, "over at $gone ms, against $normal ms")
    }

    @Test
    fun `a shortcut turn rings its corner in the mover's colour and a stack forming snaps together`() = screenTest(width = BOARD, height = BOARD) {
        // The ring: red around 모 (beyond the pair's own tokens) while the pair lands there, none once it has settled.
        val hop = DesignTokens.Motion.HopMs
        val ring = redOverTime(BoardSample.turnedStacks, BoardSample.turned, "look-shortcut", landed = 2 * hop) { x, y ->
            val (sx, sy) = station("5")
            val d = sqrt((x - sx) * (x - sx) + (y - sy) * (y - sy))
            d > 1.8 * tokenRadius() && d < 4.0 * tokenRadius()
        }
        assertTrue(ring.most > ring.last + 100, "a ring spreads from 모 as the pair lands (${ring.most} red pixels at most, ${ring.last} once settled)")
        // The snap: the pile on 8 lands larger than it settles.
        val snap = redOverTime(BoardSample.joinedStacks, BoardSample.joined, "look-stack-snap", landed = 5 * hop) { x, y -> near("8", x, y) }
        assertTrue(snap.most > snap.last * 1.1, "the new stack lands larger (${snap.most} red pixels) than it settles (${snap.last})")
    }

    /** Red pixels where [keep] holds: the most in one frame once the move has landed, and in the last frame (2 s on). */
    private class RedCount(val most: Int, val last: Int)

    private fun SkikoComposeUiTest.redOverTime(
        stacks: List<StackView>,
        move: MoveShown,
        shot: String,
        landed: Long,
        keep: BufferedImage.(Double, Double) -> Boolean,
    ): RedCount {
        var most = 0
        var last = 0
        playMove(stacks, move, stepMs = 16, forMs = 2_000, fromMs = landed, shot = shot) { _, frame ->
            last = frame.pixels(BoardSample.redColour, within = 100.0) { x, y -> frame.keep(x, y) }
            most = maxOf(most, last)
            last
        }
        return RedCount(most, last)
    }

    /**
     * Plays [move] over [stacks] on the sample board a frame every [stepMs] of the test
     * clock, for up to [forMs]: each picture from [fromMs] on goes to [frame] with its time,
     * which rates it (the best rated is kept as [shot]) or answers null to stop.
     */
    private fun SkikoComposeUiTest.playMove(
        stacks: List<StackView>,
        move: MoveShown,
        dark: Boolean = false,
        reduceMotion: Boolean = false,
        stepMs: Long,
        forMs: Long,
        fromMs: Long = 0,
        shot: String?,
        frame: (Long, BufferedImage) -> Int?,
    ) {
        mainClock.autoAdvance = false
        var show by mutableStateOf(false)
        setContent { if (show) SampleBoardIn(dark, stacks, null, move, reduceMotion) }
        runOnUiThread { show = true }
        val start = mainClock.currentTime
        var most = Int.MIN_VALUE
        var best: BufferedImage? = null
        while (mainClock.currentTime - start < forMs) {
            mainClock.advanceTimeBy(stepMs)
            val at = mainClock.currentTime - start
            if (at < fromMs) continue
            val picture = image()
            val rating = frame(at, picture) ?: break
            if (rating > most) {
                most = rating
                best = picture
            }
        }
        runOnUiThread { show = false }
        waitForIdle()
        mainClock.autoAdvance = true
        val dir = System.getProperty("yunnori.screenshots")
        if (shot != null && dir != null && best != null) ImageIO.write(best, "png", File(dir, "$shot.png"))
    }

    @Test
    fun `every screen is drawn in light and dark, in English and Korean, on the design's ground`() {
        val screens: List<Triple<String, Boolean, @Composable () -> Unit>> = listOf(
            Triple("menu", false) { MenuScreenPreview() },
            Triple("new-game", false) { NewGameScreenPreview() },
            Triple("saved-games", false) { ResumeScreenPreview() },
            Triple("rules", false) { RulesScreenPreview() },
            Triple("settings", false) { SettingsScreenPreview() },
            Triple("game", false) { GameScreenPreview() },
            Triple("game-landscape", true) { GameScreenLandscapePreview() },
            Triple("board", false) { BoardPreview() },
        )
        for ((dark, locale) in looks) for ((screen, landscape, content) in screens) {
            val (w, h) = if (landscape) 915 to 412 else 412 to 915
            screenTest(locale, width = w, height = h) {
                setContent { CompositionLocalProvider(LocalDarkTheme provides dark, content = content) }
                val image = image()
                ImageIO.write(image, "png", File(System.getProperty("yunnori.screenshots") ?: return@screenTest, "screen-$screen-${name(dark, locale)}.png"))
                // The ground in a corner of the screen is the design's paper of that appearance.
                val ground = Color(image.getRGB(image.width - 3, image.height - 3))
                val paper = if (dark) DesignTokens.Dark.Paper else DesignTokens.Light.Paper
                assertTrue(distance(ground, paper) < 40, "$screen ${name(dark, locale)}: ground $ground, not the paper $paper")
            }
        }
    }

    /**
     * One whole game on the real game screen, kept at each phase a player meets (`phase-*`)
     * in each appearance and language: the throw, a move with its destinations lit, a stack
     * on the board, a capture in flight, the result and the review. Each is checked to be
     * that phase, in that language, on that appearance's paper. The game is played once:
     * at each phase the screen is composed anew in each look (as a phone composes it again
     * when the language or the appearance changes), so what is animated at that moment
     * plays again from its start in each.
     */
    @Test
    fun `each phase of a game is drawn in light and dark, in English and Korean`() {
        val seen = looks.associate { (dark, locale) -> name(dark, locale) to mutableListOf<String>() }
        screenTest {
            var look by mutableStateOf(looks.first())
            GameHost().use { host ->
                setContent { key(look) { CompositionLocalProvider(LocalDarkTheme provides look.first) { GameOf(host) } } }
                send(host, AppEvent.StartGame(table(PlayerKind.Human, PlayerKind.Human, seed = PHASES_SEED, rules = listOf("pieces_per_player" to RuleValue.Count(2)))))
                var st = awaitGame(host, "a new game") { it.canThrow }
                val kept = mutableSetOf<String>()

                /**
                 * Draws [phase] in each look: composed anew, [settle]d (by default, drawn until
                 * nothing moves), checked by [shows] (told whether the look is Korean) and
                 * kept. The result and the review are cards over the board, which is dimmed
                 * behind them.
                 */
                fun keep(phase: String, dimmed: Boolean = false, settle: () -> Unit = {}, shows: (Boolean) -> Unit = {}) {
                    for ((dark, locale) in looks) {
                        val shown = name(dark, locale)
                        speak(locale)
                        runOnUiThread { look = dark to locale }
                        settle()
                        shows(locale == Locale.KOREAN)
                        val image = image()
                        System.getProperty("yunnori.screenshots")?.let { ImageIO.write(image, "png", File(it, "phase-$phase-$shown.png")) }
                        val ground = Color(image.getRGB(image.width - 3, image.height - 3))
                        val paper = if (dark) DesignTokens.Dark.Paper else DesignTokens.Light.Paper
                        if (dimmed) {
                            val (k, off) = dimming(ground, paper)
                            assertTrue(k in 0.1..0.8 && off < 12, "$phase $shown: ground $ground, not the paper $paper dimmed ($k, $off)")
                        } else {
                            assertTrue(distance(ground, paper) < 40, "$phase $shown: ground $ground, not the paper $paper")
                        }
                        seen.getValue(shown) += phase
                    }
                    kept += phase
                }
                keep("throw") { korean -> onNodeWithText(if (korean) "윷 던지기" else "Throw the sticks").assertExists() }

                var actions = 0
                while (!st.over) {
                    check(++actions < 3000) { "the game did not end" }
                    val tag = st.snapshot.state
                    if (st.canThrow) {
                        send(host, TableAction.ThrowTap)
                        st = awaitGame(host, "a throw") { it.snapshot.state != tag }
                        continue
                    }
                    if ("move" !in kept && st.selection != null) keep("move")
                    // A capture when there is one, else joining own pieces, else the furthest move.
                    val moves = st.legalMoves
                    val index = moves.indexOfFirst { it.captures > 0 }.takeIf { it >= 0 }
                        ?: moves.indexOfFirst { it.stack == true }.takeIf { it >= 0 }
                        ?: moves.lastIndex
                    val capturing = moves[index].captures > 0 && "capture" !in kept
                    if (capturing) mainClock.autoAdvance = false
                    try {
                        send(host, TableAction.ChooseMove((index).toUInt(), tag))
                        st = awaitGame(host, "a move") { it.snapshot.state != tag && it.lastMove != null }
                        if (capturing) {
                            val move = st.lastMove!!
                            assertTrue(move.events.any { it is GameEvent.Captured }, "the capture played")
                            // The capturing stack is there (it jumps, at the tests' pace); its catch
                            // is half-way home, in each look from the moment it is composed.
                            keep("capture", settle = {
                                mainClock.advanceTimeBy(move.path.size * move.stepMs.toLong() + DesignTokens.Motion.CaptureMs / 2)
                            })
                        }
                    } finally {
                        mainClock.autoAdvance = true
                    }
                    st = awaitGame(host, "the move shown") { it.snapshot.state != tag }
                    if ("stack" !in kept && st.snapshot.stacks.any { it.size >= 2 }) keep("stack")
                }
                val winner = st.snapshot.seats.first { it.place == 1 }.name
                keep("over", dimmed = true) { korean -> onNodeWithText(if (korean) "$winner 님이 이겼습니다!" else "$winner won!").assertExists() }
                send(host, TableAction.Review)
                awaitGame(host, "the review") { it.review != null }
                keep("review", dimmed = true) { korean -> onNodeWithText(if (korean) "승부가 갈린 수" else "Where the game turned").assertExists() }
            }
        }
        val phases = listOf("throw", "move", "capture", "stack", "over", "review")
        for ((look, kept) in seen) assertEquals(phases.toSet(), kept.toSet(), "$look: phases drawn")
        assertEquals(4, seen.size)
    }

    @Test
    fun `a win bursts into confetti, over in the design's time, a quarter of it under Reduce Motion`() {
        val normal = celebration(reduceMotion = false)
        val reduced = celebration(reduceMotion = true)
        assertTrue(normal.first > 0, "confetti seen (${normal.first} px at most)")
        assertTrue(normal.second in 1_000L..1_800L, "over after ${normal.second} ms (1,400 designed)")
        assertTrue(reduced.first > 0, "some confetti under Reduce Motion too")
        assertTrue(reduced.second * 2 < normal.second, "under Reduce Motion over after ${reduced.second} ms")
    }

    /** The most gold confetti pixels in one frame, and when (test clock, ms) none is left. */
    private fun celebration(reduceMotion: Boolean): Pair<Int, Long> {
        var result = 0 to -1L
        screenTest(width = BOARD, height = BOARD) {
            mainClock.autoAdvance = false
            var won by mutableStateOf(false)
            setContent {
                SampleBoardIn(false, BoardSample.after, null, null, reduceMotion, winners = listOf(BoardSample.redColour).takeIf { won })
            }
            waitForIdle()
            assertEquals(0, image().pixels(YutColours.Hint, within = 30.0), "no gold before the win")
            runOnUiThread { won = true }
            val start = mainClock.currentTime
            var most = 0
            var best: BufferedImage? = null
            var goneAt = -1L
            while (mainClock.currentTime - start < 3_000) {
                mainClock.advanceTimeBy(32)
                val frame = image()
                val gold = frame.pixels(YutColours.Hint, within = 30.0)
                if (gold > most) {
                    most = gold
                    best = frame
                }
                if (most > 0 && gold == 0) {
                    goneAt = mainClock.currentTime - start
                    break
                }
            }
            val dir = System.getProperty("yunnori.screenshots")
            if (!reduceMotion && dir != null && best != null) ImageIO.write(best, "png", File(dir, "look-win.png"))
            result = most to goneAt
        }
        return result
    }

    /** Pixels within [within] of [colour] where [keep] holds. */
    private fun BufferedImage.pixels(colour: Color, within: Double, keep: (Double, Double) -> Boolean = { _, _ -> true }): Int {
        // The whole picture read at once: pixel by pixel, the reading costs more than the counting.
        val argb = getRGB(0, 0, width, height, null, 0, width)
        var n = 0
        for (y in 0 until height) for (x in 0 until width) {
            if (keep(x.toDouble(), y.toDouble()) && distance(Color(argb[y * width + x]), colour) < within) n++
        }
        return n
    }

    /** When, in the test clock's ms, blue's captured piece was first seen in the air and when it was gone. */
    private class Capture(val onEightAtStart: Boolean, val flyingAt: Long?, val goneAt: Long?)

    /**
     * Plays the sample capture frame by frame (32 ms apart): when blue's piece is first
     * seen away from station 8 (and from its pile on 13), and when no blue is left beside
     * that pile. The frame with the most of it in the air is kept as [shot].
     */
    private fun SkikoComposeUiTest.playCapture(dark: Boolean, reduceMotion: Boolean, shot: String?): Capture {
        // Blue's piece seen on station 8 before it flies (while red's pair travels there).
        var onEight = false
        var flyingAt: Long? = null
        var goneAt: Long? = null
        playMove(BoardSample.after, BoardSample.capture, dark, reduceMotion, stepMs = 32, forMs = 4_000, shot = shot) { at, frame ->
            val away = frame.bluePixelsAwayFrom("13")
            val near = frame.bluePixelsNear("8")
            if (flyingAt == null && near > 100) onEight = true
            val flying = away - near
            if (flying > 30 && flyingAt == null) flyingAt = at
            if (flyingAt != null && away < 5) goneAt = at
            flying.takeIf { goneAt == null }
        }
        return Capture(onEight, flyingAt, goneAt)
    }

    private fun SkikoComposeUiTest.image(): BufferedImage {
        waitForIdle()
        return captureToImage().toAwtImage()
    }

    /** The board's frame in the picture, as Board lays it out (a square inset by 11 % per side). */
    private fun BufferedImage.span() = min(width, height) * 0.78
    private fun BufferedImage.station(id: String): Pair<Double, Double> {
        val s = SAMPLE_STATIONS.getValue(id)
        val side = min(width, height)
        val pad = side * 0.11
        return (width - side) / 2.0 + pad + s.x * span() to (height - side) / 2.0 + pad + s.y * span()
    }
    private fun BufferedImage.tokenRadius() = span() * 0.04 * 0.95

    private fun BufferedImage.colourAt(p: Pair<Double, Double>): Color {
        val rgb = getRGB(p.first.toInt().coerceIn(0, width - 1), p.second.toInt().coerceIn(0, height - 1))
        return Color(rgb)
    }

    private fun BufferedImage.bluePixels(keep: (Double, Double) -> Boolean) = pixels(BoardSample.blueColour, within = 40.0, keep)

    private fun BufferedImage.near(id: String, x: Double, y: Double): Boolean {
        val (sx, sy) = station(id)
        return (x - sx) * (x - sx) + (y - sy) * (y - sy) < (3 * tokenRadius()) * (3 * tokenRadius())
    }

    private fun BufferedImage.bluePixelsAwayFrom(pile: String) = bluePixels { x, y -> !near(pile, x, y) }
    private fun BufferedImage.bluePixelsNear(id: String) = bluePixels { x, y -> near(id, x, y) }

    /** How far [seen] is [paper] darkened (a factor, 1 = not at all) and how far off it is from that. */
    private fun dimming(seen: Color, paper: Color): Pair<Double, Double> {
        val p = listOf(paper.red, paper.green, paper.blue).map { it * 255.0 }
        val g = listOf(seen.red, seen.green, seen.blue).map { it * 255.0 }
        val k = p.zip(g).sumOf { (a, b) -> a * b } / p.sumOf { it * it }
        return k to sqrt(p.zip(g).sumOf { (a, b) -> (a * k - b) * (a * k - b) })
    }

    private fun distance(a: Color, b: Color): Double {
        val dr = (a.red - b.red) * 255.0
        val dg = (a.green - b.green) * 255.0
        val db = (a.blue - b.blue) * 255.0
        return sqrt(dr * dr + dg * dg + db * db)
    }

    private companion object {
        const val BOARD = 412

        /** A two-person game of two pieces each that meets a capture and a stack before it ends. */
        const val PHASES_SEED: ULong = 3u

        /** The sample board's stations by id (a picture's pixels each ask where one is). */
        val SAMPLE_STATIONS by lazy { BoardSample.board.stations.associateBy { it.id } }
    }
}
