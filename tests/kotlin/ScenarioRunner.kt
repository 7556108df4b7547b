package app.yunnori.core.test

import app.yunnori.core.LegalMove
import app.yunnori.core.MoveSpec
import app.yunnori.core.ScenarioGame
import app.yunnori.core.Spot
import app.yunnori.core.Throw
import app.yunnori.core.YutException
import app.yunnori.core.routeFromId
import app.yunnori.core.throwKinds
import java.io.File

/**
 * Plays a rule scenario file (shared SCENARIOS.md) through the bindings, step by step:
 * the throws and moves go to a [ScenarioGame]; every check (`expect`, `expect_legal`,
 * `expect_error`) is made here, in Kotlin, on what the bindings return.
 */
object ScenarioRunner {
    private val throwsById: Map<String, Throw> = throwKinds().associate { it.id to it.result }

    /** The repo's tests/scenarios files, sorted by name. */
    fun scenarioFiles(): List<File> {
        val repo = System.getProperty("yunnori.repo")?.let(::File)
            ?: generateSequence(File("").absoluteFile) { it.parentFile }
                .firstOrNull { File(it, "tests/scenarios").isDirectory }
            ?: error("set -Dyunnori.repo to the repository")
        val dir = File(repo, "tests/scenarios")
        return dir.listFiles { f -> f.name.endsWith(".json") }?.sortedBy { it.name }
            ?: error("no scenario directory at $dir")
    }

    /** `null` when every step holds, else the first difference, naming the step. */
    fun run(text: String): String? {
        val file = Json.parse(text) as? Map<*, *> ?: return "not a JSON object"
        val steps = file["steps"] as? List<*> ?: return "no steps"
        val game = try {
            ScenarioGame.fromScenario(text)
        } catch (e: YutException) {
            return "refused: ${e.javaClass.simpleName} ${e.message}"
        }
        game.use {
            steps.forEachIndexed { index, raw ->
                val step = raw as? Map<*, *> ?: return "step $index: not an object"
                val (kind, arg) = step.entries.singleOrNull()
                    ?: return "step $index: a step has exactly one key"
                val problem = try {
                    when (kind) {
                        "throw" -> {
                            game.throwResult(throwOf(arg))
                            null
                        }
                        "move" -> move(game, arg as Map<*, *>)
                        "expect" -> expect(game, arg as Map<*, *>)
                        "expect_legal" -> expectLegal(game, arg as List<*>)
                        "expect_error" -> expectError(game, (arg as Map<*, *>)["move"] as Map<*, *>)
                        else -> "unknown step kind"
                    }
                } catch (e: YutException) {
                    "refused: ${e.javaClass.simpleName} ${e.message}"
                } catch (e: RuntimeException) {
                    "malformed step: $e"
                }
                if (problem != null) return "step $index ($kind): $problem"
            }
        }
        return null
    }

    /** The core's verdict on the same file, for the three-way agreement check. */
    fun coreVerdict(text: String): String? = ScenarioGame.fromScenario(text).use { it.coreVerdict() }

    private fun throwOf(id: Any?): Throw =
        throwsById[id as String] ?: throw IllegalArgumentException("unknown result $id")

    private fun spotOf(id: Any?): Spot = when (id as String) {
        "home" -> Spot.Home
        "done" -> Spot.Done
        else -> Spot.Station(id)
    }

    private fun key(s: Spot): String = when (s) {
        Spot.Home -> "home"
        Spot.Done -> "done"
        is Spot.Station -> s.id
    }

    private fun uses(list: Any?): List<Throw> = (list as List<*>).map(::throwOf).sorted()

    private fun asInt(n: Any?): Int = (n as Number).toInt()

    /** Whether a legal move fits a description (`to`, `route`, `stack`, `count` only where given). */
    private fun fits(spec: Map<*, *>, m: LegalMove): Boolean =
        spotOf(spec["from"]) == m.from &&
            uses(spec["use"]) == m.uses.sorted() &&
            (spec["to"]?.let { spotOf(it) == m.to } ?: true) &&
            (spec["route"]?.let { routeFromId(it as String) == m.route } ?: true) &&
            (!spec.containsKey("stack") || spec["stack"] == m.stack) &&
            (spec["count"]?.let { asInt(it) == m.pieces } ?: true)

    private fun show(m: LegalMove) =
        "${key(m.from)}[${m.uses.joinToString(",") { it.name.lowercase() }}]->${key(m.to)} via ${m.route}" +
            (m.stack?.let { if (it) " stack" else " no-stack" } ?: "") +
            (if (m.pieces > 1) " count ${m.pieces}" else "")

    private fun move(game: ScenarioGame, spec: Map<*, *>): String? {
        val legal = game.legalMoves()
        val found = legal.filter { fits(spec, it) }
        return when (found.size) {
            1 -> {
                game.play(found[0])
                null
            }
            0 -> "no legal move matches $spec (legal: ${legal.joinToString("; ", transform = ::show)})"
            else -> "${found.size} legal moves match $spec"
        }
    }

    private fun expect(game: ScenarioGame, want: Map<*, *>): String? {
        val snap = game.snapshot()
        val diffs = mutableListOf<String>()
        for ((k, v) in want) {
            when (k) {
                "pieces" -> for ((seat, spots) in v as Map<*, *>) {
                    val s = snap.seats.getOrNull((seat as String).toInt())
                        ?: return "pieces: seat $seat does not exist"
                    val got = s.pieces.map(::key).sorted()
                    val exp = (spots as List<*>).map { it as String }.sorted()
                    if (got != exp) diffs += "pieces of seat $seat: expected $exp, got $got"
                }
                "to_move" -> if (snap.turn.seat != asInt(v)) diffs += "to_move: expected $v, got ${snap.turn.seat}"
                "owed" -> if (snap.owed != asInt(v)) diffs += "owed: expected $v, got ${snap.owed}"
                "hand" -> {
                    val got = snap.hand.map { it.result }.sorted()
                    if (got != uses(v)) diffs += "hand: expected ${uses(v)}, got $got"
                }
                "winner" -> {
                    val exp = v?.let(::asInt)
                    if (snap.winner != exp) diffs += "winner: expected $exp, got ${snap.winner}"
                }
                "finished" -> {
                    val exp: Map<Int, Int> = when (v) {
                        is Map<*, *> -> v.entries.associate { (it.key as String).toInt() to asInt(it.value) }
                        is List<*> -> v.withIndex().associate { it.index to asInt(it.value) }
                        else -> return "finished: neither a map nor a list"
                    }
                    for ((seat, n) in exp) {
                        val s = snap.seats.getOrNull(seat) ?: return "finished: seat $seat does not exist"
                        if (s.done != n) diffs += "finished of seat $seat: expected $n, got ${s.done}"
                    }
                }
                else -> return "unknown expect key $k"
            }
        }
        return diffs.takeIf { it.isNotEmpty() }?.joinToString("; ")
    }

    private fun expectLegal(game: ScenarioGame, want: List<*>): String? {
        val legal = game.legalMoves()
        val specs = want.map { it as Map<*, *> }
        val missing = specs.filter { s -> legal.none { fits(s, it) } }
        val extra = legal.filter { m -> specs.none { fits(it, m) } }
        if (missing.isEmpty() && extra.isEmpty()) return null
        return buildList {
            if (missing.isNotEmpty()) add("expected but not legal: $missing")
            if (extra.isNotEmpty()) add("legal but not expected: ${extra.joinToString("; ", transform = ::show)}")
        }.joinToString("; ")
    }

    private fun expectError(game: ScenarioGame, spec: Map<*, *>): String? {
        val before = game.snapshot()
        val moveSpec = MoveSpec(
            from = spotOf(spec["from"]),
            uses = uses(spec["use"]),
            route = spec["route"]?.let { routeFromId(it as String) },
            stack = spec["stack"] as Boolean?,
            count = spec["count"]?.let(::asInt),
        )
        return try {
            game.playSpec(moveSpec)
            "move $spec was accepted"
        } catch (e: YutException.IllegalMove) {
            // Refused, and nothing changed.
            if (game.snapshot() != before) "the refused move changed the game" else null
        } catch (e: YutException.WrongPhase) {
            if (game.snapshot() != before) "the refused move changed the game" else null
        }
    }
}
