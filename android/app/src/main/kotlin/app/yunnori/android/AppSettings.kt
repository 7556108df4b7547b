package app.yunnori.android

import android.content.Context
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** The player's settings, kept in the app's preferences across launches. */
class AppSettings(context: Context) {
    private val prefs = context.getSharedPreferences(FILE, Context.MODE_PRIVATE)
    private val _muted = MutableStateFlow(prefs.getBoolean(MUTED, false))

    /** No clack and no vibration when the sticks knock. */
    val muted: StateFlow<Boolean> = _muted.asStateFlow()

    fun setMuted(muted: Boolean) {
        prefs.edit().putBoolean(MUTED, muted).apply()
        _muted.value = muted
    }

    private companion object {
        const val FILE = "settings"
        const val MUTED = "sticks-muted"
    }
}
