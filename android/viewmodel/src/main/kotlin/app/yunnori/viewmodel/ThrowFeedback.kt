package app.yunnori.viewmodel

import app.yunnori.core.Against

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
