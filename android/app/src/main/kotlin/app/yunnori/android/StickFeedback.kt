package app.yunnori.android

import android.content.Context
import android.media.AudioAttributes
import android.media.SoundPool
import android.os.VibrationEffect
import android.os.Vibrator
import app.yunnori.core.Against
import app.yunnori.viewmodel.ThrowFeedback
import kotlin.math.roundToInt

/**
 * The sticks' knocks, heard and felt: each one plays the wooden clack (res/raw/clack.wav)
 * at a volume of its strength, a little higher against another stick and duller on the
 * floor, and a short vibration of the same strength. The game's view model calls [knock]
 * (unless the player muted it in the settings).
 *
 * It does what the phone can: without amplitude control only the firmer knocks vibrate, at
 * the phone's own strength; without a vibrator (most tablets) or without the permission,
 * only the sound plays.
 */
class StickFeedback(context: Context) : ThrowFeedback, AutoCloseable {
    private val sounds: SoundPool = SoundPool.Builder()
        .setMaxStreams(MAX_STREAMS)
        .setAudioAttributes(
            AudioAttributes.Builder()
                .setUsage(AudioAttributes.USAGE_GAME)
                .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                .build(),
        )
        .build()
    private val clack: Int = sounds.load(context, R.raw.clack, 1)
    private val vibrator: Vibrator? = vibratorOf(context)?.takeIf { it.hasVibrator() }
    private val amplitude: Boolean = vibrator?.hasAmplitudeControl() == true
    private var lastBuzz = 0L

    override fun knock(strength: Float, against: Against) {
        val s = strength.coerceIn(0f, 1f)
        if (s <= 0f) return
        val pitch = when (against) {
            is Against.Stick -> 1.2f
            Against.Edge -> 0.95f
            Against.Floor -> 0.8f
            Against.Mat -> 1f
        }
        sounds.play(clack, s, s, 1, 0, pitch)
        buzz(s)
    }

    private fun buzz(strength: Float) {
        val v = vibrator ?: return
        // A flurry of knocks is one long buzz to the hand: keep them apart.
        val now = System.nanoTime()
        if (strength < MIN_BUZZ || now - lastBuzz < BUZZ_GAP_NS) return
        val effect = when {
            amplitude -> VibrationEffect.createOneShot(BUZZ_MS, (strength * 255).roundToInt().coerceIn(1, 255))
            strength >= FIRM -> VibrationEffect.createOneShot(BUZZ_MS, VibrationEffect.DEFAULT_AMPLITUDE)
            else -> return
        }
        lastBuzz = now
        try {
            v.vibrate(effect)
        } catch (e: SecurityException) {
            // No permission to vibrate (a modified build): the sound alone.
        }
    }

    override fun close() {
        sounds.release()
    }

    private companion object {
        const val MAX_STREAMS = 6
        const val BUZZ_MS = 12L
        const val MIN_BUZZ = 0.12f
        const val FIRM = 0.5f
        const val BUZZ_GAP_NS = 30_000_000L

        /** The phone's default vibrator (on API 31+ the system hands the VibratorManager's default for this class too). */
        fun vibratorOf(context: Context): Vibrator? = context.getSystemService(Vibrator::class.java)
    }
}
