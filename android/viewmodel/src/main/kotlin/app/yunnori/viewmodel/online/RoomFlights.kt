package app.yunnori.viewmodel.online

import app.yunnori.core.Against
import app.yunnori.core.Flight
import app.yunnori.core.ShellEffect
import app.yunnori.viewmodel.ShellEffects
import kotlinx.coroutines.delay

/** One knock of a room's flight: when (ms after the release, at the screen's pace), how hard, against what. */
internal class Knock(val atMs: Long, val strength: Float, val against: Against)

/**
 * How a room's throw is shown, until the app core's online part times it as it times a
 * local throw: the whole flight at [pace] (1 as simulated, 0 lands at once), or Reduce
 * Motion's short drop ([drop], [dropMs]) onto where the sticks rest.
 */
internal class FlightPlan(private val flight: Flight, private val drop: Boolean, pace: Double, dropMs: Long) {
    private val pace = pace.coerceAtLeast(0.0)

    /** How long after the release the result shows. */
    val playMs: Long = if (drop) dropMs else (flight.endMs.toDouble() * this.pace).toLong()

    /** The knocks it makes: one per contact at its time, or the drop landing with one soft knock. */
    val knocks: List<Knock>
        get() = if (drop) {
            val strongest = flight.contacts.maxOfOrNull { it.strength } ?: 0f
            if (flight.contacts.isEmpty()) emptyList() else listOf(Knock(playMs, minOf(strongest, 0.5f), Against.Mat))
        } else {
            flight.contacts.map { Knock((it.atMs.toDouble() * pace).toLong(), it.strength, it.against) }
        }

    /** The throw to animate, number [seq] of the view model. */
    fun shown(seq: Long, seat: Int, colour: String, sticks: List<Boolean>, byBot: Boolean) =
        ThrowShown(seq, seat, colour, sticks, flight, drop, playMs, byBot)
}

/** Hands [knocks] to the platform's cue player at their times (none while [muted]). */
internal suspend fun ShellEffects.play(knocks: List<Knock>, muted: () -> Boolean) {
    var now = 0L
    for (k in knocks) {
        delay(k.atMs - now)
        now = maxOf(now, k.atMs)
        if (!muted()) perform(ShellEffect.Cue(System.currentTimeMillis().toULong(), k.strength, k.against))
    }
}
