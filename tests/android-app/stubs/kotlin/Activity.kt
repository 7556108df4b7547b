// Stand-ins for androidx.activity (a library for Android only), with the real signatures of
// what the app calls, so the app's sources type-check against Compose for the desktop JVM.
// They are never run: the rendering tests draw the screens, not the activity.
package androidx.activity

import android.os.Bundle

open class ComponentActivity {
    /** The intent that started the activity (a `yunnori://room/CODE` link opens the join screen). */
    val intent: android.content.Intent? = null

    protected open fun onCreate(savedInstanceState: Bundle?) {}
}

fun ComponentActivity.enableEdgeToEdge() {}
