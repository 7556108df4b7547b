package app.yunnori.android

import android.content.Context
import app.yunnori.core.defaultServer
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

    private val _quickBots = MutableStateFlow(prefs.getBoolean(QUICK_BOTS, false))

    /** The bots' turns at a quarter of the time (their pause, their throw, their moves). */
    val quickBots: StateFlow<Boolean> = _quickBots.asStateFlow()

    fun setQuickBots(on: Boolean) {
        prefs.edit().putBoolean(QUICK_BOTS, on).apply()
        _quickBots.value = on
    }

    private val _server = MutableStateFlow(prefs.getString(SERVER, null) ?: defaultServer())

    /** The server online rooms are hosted on and joined at (checked before it is kept). */
    val server: StateFlow<String> = _server.asStateFlow()

    fun setServer(address: String) {
        prefs.edit().putString(SERVER, address).apply()
        _server.value = address
    }

    private companion object {
        const val FILE = "settings"
        const val MUTED = "sticks-muted"
        const val QUICK_BOTS = "quick-bots"
        const val SERVER = "online-server"
    }
}
