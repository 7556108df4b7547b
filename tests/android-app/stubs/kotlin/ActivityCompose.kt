// Stand-ins for androidx.activity.compose (see Activity.kt).
package androidx.activity.compose

import androidx.activity.ComponentActivity
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionContext

fun ComponentActivity.setContent(parent: CompositionContext? = null, content: @Composable () -> Unit) {
    throw UnsupportedOperationException("stand-in for type checking only")
}

/** On the desktop there is no system back: the callback is kept and never called. */
@Composable
fun BackHandler(enabled: Boolean = true, onBack: () -> Unit) {}
