// Stand-ins for androidx.activity (a library for Android only), with the real signatures of
// what the app calls, so the app's sources type-check against Compose for the desktop JVM.
// They are never run: the rendering tests draw the screens, not the activity.
package androidx.activity

import android.os.Bundle

open class ComponentActivity {
    protected open fun onCreate(savedInstanceState: Bundle?) {}
}

fun ComponentActivity.enableEdgeToEdge() {}
