package app.yunnori.android

import android.content.Context
import android.content.Intent
import android.media.AudioAttributes
import android.media.SoundPool
import android.net.Uri
import android.os.VibrationEffect
import android.os.Vibrator
import android.view.HapticFeedbackConstants
import android.view.View
import app.yunnori.core.HapticKind
import app.yunnori.core.ShellEffect
import app.yunnori.core.SpeechPart
import app.yunnori.core.readRoomCode
import app.yunnori.viewmodel.CuePlayer
import app.yunnori.viewmodel.ShellEffects
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/**
 * The effects the core asks of the phone ([ShellEffect]), performed with Android's own
 * means: the sticks' knocks through [CuePlayer] (SoundPool's clack, the vibrator), the
 * table's haptics through the view the app is drawn in (they follow the system's touch
 * feedback setting), what TalkBack says as [spoken] (the screens put it in a live region),
 * the share sheet for a room's link, and the browser for an address.
 */
class AndroidShell(
    private val context: Context,
    /** Told of each effect once performed (the screen tests read what the app asked of the phone). */
    private val observer: ShellEffects? = null,
) : ShellEffects, AutoCloseable {
    private val sounds = StickSounds(context)
    private val cues = CuePlayer(sounds)

    /** The view the app is drawn in (set while it is on screen): the table's haptics are its. */
    @Volatile
    var view: View? = null

    private val _spoken = MutableStateFlow<Spoken?>(null)

    /** The core's latest announcement, for TalkBack (each a new [Spoken.id]). */
    val spoken: StateFlow<Spoken?> = _spoken.asStateFlow()

    override fun perform(effect: ShellEffect) {
        when (effect) {
            is ShellEffect.Cue -> cues.play(effect)
            is ShellEffect.Haptic -> view?.performHapticFeedback(effect.kind.feedback())
            is ShellEffect.Announce -> _spoken.value = Spoken((_spoken.value?.id ?: 0L) + 1, effect.speech)
            is ShellEffect.Share -> share(effect.link)
            is ShellEffect.OpenUrl -> context.startActivity(
                Intent(Intent.ACTION_VIEW, Uri.parse(effect.url)).addFlags(Intent.FLAG_ACTIVITY_NEW_TASK),
            )
        }
        observer?.perform(effect)
    }

    /** The share sheet with a room's code and its link (`https://HOST/r/CODE`). */
    private fun share(link: String) {
        val send = Intent(Intent.ACTION_SEND)
            .setType("text/plain")
            .putExtra(Intent.EXTRA_TEXT, context.getString(R.string.lobby_share_text, readRoomCode(link) ?: "", link))
        val chooser = Intent.createChooser(send, context.getString(R.string.lobby_share_title))
            .addFlags(Intent.FLAG_ACTIVITY_NEW_TASK)
        context.startActivity(chooser)
    }

    override fun close() {
        sounds.close()
    }
}

/** One announcement of the core: its parts, worded by the screens ([id] grows with each). */
data class Spoken(val id: Long, val speech: List<SpeechPart>)

/** The view's haptic for each of the table's (constants every API level from 26 has). */
private fun HapticKind.feedback(): Int = when (this) {
    HapticKind.THROWN -> HapticFeedbackConstants.VIRTUAL_KEY
    HapticKind.PICKED -> HapticFeedbackConstants.CLOCK_TICK
    HapticKind.MOVED -> HapticFeedbackConstants.CONTEXT_CLICK
    HapticKind.CAPTURED, HapticKind.WON -> HapticFeedbackConstants.LONG_PRESS
    HapticKind.REFUSED -> HapticFeedbackConstants.KEYBOARD_TAP
}

/**
 * The clack (res/raw/clack.wav through SoundPool) and the vibrator, as [CuePlayer] plays
 * them. It does what the phone can: without a vibrator (most tablets), or without the
 * permission, only the sound plays.
 */
private class StickSounds(context: Context) : CuePlayer.Output, AutoCloseable {
    private val pool: SoundPool = SoundPool.Builder()
        .setMaxStreams(MAX_STREAMS)
        .setAudioAttributes(
            AudioAttributes.Builder()
                .setUsage(AudioAttributes.USAGE_GAME)
                .setContentType(AudioAttributes.CONTENT_TYPE_SONIFICATION)
                .build(),
        )
        .build()
    private val clack: Int = pool.load(context, R.raw.clack, 1)

    /** The phone's default vibrator (on API 31+ the system hands the VibratorManager's default for this class too). */
    private val vibrator: Vibrator? = context.getSystemService(Vibrator::class.java)?.takeIf { it.hasVibrator() }
    override val vibrates: Boolean = vibrator != null
    override val amplitudeControl: Boolean = vibrator?.hasAmplitudeControl() == true

    override fun clack(volume: Float, rate: Float) {
        pool.play(clack, volume, volume, 1, 0, rate)
    }

    override fun buzz(ms: Long, amplitude: Int?) {
        val v = vibrator ?: return
        try {
            v.vibrate(VibrationEffect.createOneShot(ms, amplitude ?: VibrationEffect.DEFAULT_AMPLITUDE))
        } catch (e: SecurityException) {
            // No permission to vibrate (a modified build): the sound alone.
        }
    }

    override fun close() {
        pool.release()
    }

    private companion object {
        const val MAX_STREAMS = 6
    }
}
