package app.yunnori.viewmodel

import app.yunnori.core.Against
import app.yunnori.core.ShellEffect
import org.junit.jupiter.api.Test
import kotlin.test.assertEquals

/** Each cue of the core, as the phone plays it: the clack's volume and pitch, the buzz, late and weak cues. */
class CuePlayerTest {
    private class Phone(override val vibrates: Boolean = true, override val amplitudeControl: Boolean = true) : CuePlayer.Output {
        val clacks = mutableListOf<Pair<Float, Float>>()
        val buzzes = mutableListOf<Pair<Long, Int?>>()
        override fun clack(volume: Float, rate: Float) {
            clacks += volume to rate
        }

        override fun buzz(ms: Long, amplitude: Int?) {
            buzzes += ms to amplitude
        }
    }

    private var now = 10_000L

    private fun cue(strength: Float, against: Against = Against.Mat, late: Long = 0) =
        ShellEffect.Cue((now - late).toULong(), strength, against)

    @Test
    fun `a knock's clack is as loud as the knock, higher on a stick and duller on the floor, and buzzes as hard`() {
        val phone = Phone()
        val player = CuePlayer(phone) { now }
        player.play(cue(0.8f, Against.Stick(2)))
        now += 100
        player.play(cue(0.4f, Against.Floor))
        now += 100
        player.play(cue(0.6f, Against.Edge))
        assertEquals(listOf(0.8f to 1.2f, 0.4f to 0.8f, 0.6f to 0.95f), phone.clacks)
        assertEquals(listOf<Pair<Long, Int?>>(12L to 204, 12L to 102, 12L to 153), phone.buzzes)
    }

    @Test
    fun `a flurry of knocks buzzes them apart, and a weak knock does not buzz`() {
        val phone = Phone()
        val player = CuePlayer(phone) { now }
        player.play(cue(0.9f))
        now += 10
        player.play(cue(0.9f))
        now += 25
        player.play(cue(0.9f))
        now += 100
        player.play(cue(0.05f))
        assertEquals(4, phone.clacks.size, "every knock is heard")
        assertEquals(2, phone.buzzes.size, "the second came 10 ms after the first; the last is too weak")
    }

    @Test
    fun `without amplitude control only firm knocks buzz, at the phone's strength, and without a vibrator none`() {
        val plain = Phone(amplitudeControl = false)
        CuePlayer(plain) { now }.apply {
            play(cue(0.3f))
            now += 100
            play(cue(0.7f))
        }
        assertEquals(listOf<Pair<Long, Int?>>(12L to null), plain.buzzes)
        val tablet = Phone(vibrates = false)
        CuePlayer(tablet) { now }.play(cue(1f))
        assertEquals(1, tablet.clacks.size)
        assertEquals(emptyList<Pair<Long, Int?>>(), tablet.buzzes)
    }

    @Test
    fun `a cue that comes late, or has no strength, plays nothing`() {
        val phone = Phone()
        val player = CuePlayer(phone) { now }
        player.play(cue(0.9f, late = CuePlayer.LATE_MS + 1))
        player.play(cue(0f))
        assertEquals(emptyList<Pair<Float, Float>>(), phone.clacks)
        player.play(cue(0.9f, late = CuePlayer.LATE_MS))
        assertEquals(1, phone.clacks.size, "on time, within the allowance")
    }
}
