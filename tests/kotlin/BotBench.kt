package app.yunnori.core.test

import app.yunnori.core.BotLevel
import app.yunnori.core.GameSession
import app.yunnori.core.Phase
import kotlinx.coroutines.runBlocking

/**
 * The Kotlin side of the bindings benchmark: bot-vs-bot games played through the bindings
 * the way an app's view model would (throw, ask the bot, play; every step returns the
 * screen snapshot). `bindings/examples/bot_game.rs` plays the same games on the core.
 *
 *   java ... app.yunnori.core.test.BotBenchKt [LEVEL [GAMES [SEED [WARMUP]]]]
 *
 * Prints one `kotlin:` line with the totals (after WARMUP untimed games for the JIT).
 */
fun main(args: Array<String>) = runBlocking {
    val level = BotLevel.valueOf((args.getOrNull(0) ?: "hard").uppercase())
    val games = args.getOrNull(1)?.toInt() ?: 20
    val first = args.getOrNull(2)?.toULong() ?: 1uL
    val warmup = args.getOrNull(3)?.toInt() ?: 5

    suspend fun play(seed: ULong): Int = GameSession(bots(seed, level, level)).use { game ->
        var snap = game.snapshot()
        var actions = 0
        while (snap.phase != Phase.OVER) {
            snap = when (snap.phase) {
                Phase.TO_THROW -> game.throwSticks(TAP).snapshot
                else -> game.play(game.botMove(null, 10_000u)).snapshot
            }
            actions++
        }
        actions
    }

    repeat(warmup) { play(1_000_000uL + it.toULong()) }
    val started = System.nanoTime()
    var actions = 0
    for (k in 0 until games) actions += play(first + k.toULong())
    val ms = (System.nanoTime() - started) / 1e6
    println("kotlin: $games games, $actions actions, ${"%.1f".format(ms)} ms, ${"%.3f".format(ms / games)} ms per game")
}
