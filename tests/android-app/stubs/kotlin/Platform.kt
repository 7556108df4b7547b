// Stand-in for androidx.compose.ui.platform.LocalView (Android only): the view the
// composition is drawn in. The screen tests provide their own to see what the app set on it.
package androidx.compose.ui.platform

import android.view.View
import androidx.compose.runtime.ProvidableCompositionLocal
import androidx.compose.runtime.staticCompositionLocalOf

val LocalView: ProvidableCompositionLocal<View> = staticCompositionLocalOf { View(null) }
