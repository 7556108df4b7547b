package app.yunnori.viewmodel

import app.yunnori.core.Against
import app.yunnori.core.ShellEffect
import kotlin.math.roundToInt

/**
 * The sticks' knocks as the core times them ([ShellEffect.Cue], each when it is due), heard
 * and felt: the clack at a volume of the knock's strength, a little higher against another
 * stick and duller on the floor, and a short buzz of the same strength. The platform's
 * [out] makes the sound and the buzz; this decides what each knock is.
 *
 * A phone without amplitude control buzzes only the firmer knocks, at its own strength;
 * without a vibrator only the sound plays. A flurry of knocks is kept [BUZZ_GAP_MS] apart
 * for the hand. A cue that comes later than [LATE_MS] after it was due (the app was asleep)
 * is not played: a knock heard after the sticks have come to rest is wrong.
 */
class CuePlayer(private val out: Output, private val clock: () -> Long = System::currentTimeMillis) {
    /** The platform's sound and vibrator. */
    interface Output {
        /** Plays the clack at [volume] (0–1) and playback [rate] (1 as recorded). */
        fun clack(volume: Float, rate: Float)

        /** Buzzes for [ms] at [amplitude] (1–255), or at the phone's own strength when `null`. */
        fun buzz(ms: Long, amplitude: Int?)

        /** The phone has a vibrator the app may use. */
        val vibrates: Boolean

        /** The vibrator takes an amplitude. */
        val amplitudeControl: Boolean
    }

    private var lastBuzz = Long.MIN_VALUE / 2

    fun play(cue: ShellEffect.Cue) {
        val now = clock()
        if (now - cue.atMs.toLong() > LATE_MS) return
        val strength = cue.strength.coerceIn(0f, 1f)
        if (strength <= 0f) return
        out.clack(strength, rateOf(cue.against))
        if (!out.vibrates || strength < MIN_BUZZ || now - lastBuzz < BUZZ_GAP_MS) return
        val amplitude = when {
            out.amplitudeControl -> (strength * 255).roundToInt().coerceIn(1, 255)
            strength >= FIRM -> null
            else -> return
        }
        lastBuzz = now
        out.buzz(BUZZ_MS, amplitude)
    }

    companion object {
        const val BUZZ_MS = 12L
        const val BUZZ_GAP_MS = 30L
        const val MIN_BUZZ = 0.12f
        const val FIRM = 0.5f
        const val LATE_MS = 150L

        /** The clack's playback rate: a stick on a stick rings higher, the floor is duller. */
        fun rateOf(against: Against): Float = when (against) {
            is Against.Stick -> 1.2f
            Against.Edge -> 0.95f
            Against.Floor -> 0.8f
            Against.Mat -> 1f
        }
    }
}
