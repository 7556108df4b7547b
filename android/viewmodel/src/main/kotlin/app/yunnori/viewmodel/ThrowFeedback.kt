package app.yunnori.viewmodel

import app.yunnori.core.Against
import app.yunnori.core.Flight
import kotlinx.coroutines.delay

/**
 * What the player hears and feels as the sticks fly: the game's view model calls [knock]
 * once for each contact of a flight, at its time, unless the player muted it. The app
 * plays a wooden clack and a haptic tap; the tests record the calls.
 */
fun interface ThrowFeedback {
    /**
     * A stick knocked [against] the mat, the rim, another stick or the floor, with
     * [strength] from 0 (barely) to 1 (a hard flick's first landing): scale the clack's
     * volume and the tap's amplitude by it.
     */
    fun knock(strength: Float, against: Against)

    companion object {
        /** Silence (previews, tests that do not listen). */
        val NONE: ThrowFeedback = ThrowFeedback { _, _ -> }
    }
}

/** One knock of a flight: when (ms after the release, at the screen's pace), how hard, against what. */
internal class Knock(val atMs: Long, val strength: Float, val against: Against)

/**
 * How a throw's [flight] is shown: the whole flight at [pace] (1 as simulated, 0 lands at
 * once), or Reduce Motion's short drop ([drop], [dropMs]) onto where the sticks rest.
 */
internal class FlightPlan(private val flight: Flight, private val drop: Boolean, pace: Double, dropMs: Long) {
    private val pace = pace.coerceAtLeast(0.0)

    /** How long after the release the result shows. */
    val playMs: Long = if (drop) dropMs else (flight.endMs.toDouble() * this.pace).toLong()

    /**
     * The knocks it makes: one per contact at its time, or the drop landing with one soft
     * knock.
     */
    val knocks: List<Knock>
        get() = if (drop) {
            val strongest = flight.contacts.maxOfOrNull { it.strength } ?: 0f
            if (flight.contacts.isEmpty()) emptyList() else listOf(Knock(playMs, minOf(strongest, 0.5f), Against.Mat))
        } else {
            flight.contacts.map { Knock((it.atMs.toDouble() * pace).toLong(), it.strength, it.against) }
        }

    /** The throw to animate, number [seq] of the view model. */
    fun shown(seq: Long, seat: Int, colour: String, sticks: List<Boolean>, byBot: Boolean) =
        ThrowShown(seq, seat, colour, sticks, flight, if (drop) ThrowMotion.DROP else ThrowMotion.FLIGHT, playMs, byBot)
}

/** Plays [knocks] at their times (none while [muted]); returns the time of the last, from the start. */
internal suspend fun ThrowFeedback.play(knocks: List<Knock>, muted: () -> Boolean): Long {
    var now = 0L
    for (k in knocks) {
        delay(k.atMs - now)
        now = maxOf(now, k.atMs)
        if (!muted()) knock(k.strength, k.against)
    }
    return now
}
