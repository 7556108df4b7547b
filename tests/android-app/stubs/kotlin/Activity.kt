// Stand-ins for androidx.activity (a library for Android only), with the real signatures of
// what the app calls, so the app's sources type-check against Compose for the desktop JVM.
// They are never run: the rendering tests draw the screens, not the activity.
package androidx.activity

import android.content.Intent
import android.os.Bundle
import androidx.lifecycle.ViewModel
import androidx.lifecycle.ViewModelProvider
import androidx.lifecycle.viewmodel.CreationExtras

open class ComponentActivity {
    /** Activity.getIntent/setIntent: the intent that started the activity, or the latest one handed to it. */
    var intent: Intent? = null

    protected open fun onCreate(savedInstanceState: Bundle?) {}

    /** An intent for the activity already running (launch mode singleTask or singleTop). */
    protected open fun onNewIntent(intent: Intent) {}
}

fun ComponentActivity.enableEdgeToEdge() {}

/** The activity's view model of type [VM], made on first use (androidx.activity.viewModels). */
inline fun <reified VM : ViewModel> ComponentActivity.viewModels(
    noinline extrasProducer: (() -> CreationExtras)? = null,
    noinline factoryProducer: (() -> ViewModelProvider.Factory)? = null,
): Lazy<VM> = throw UnsupportedOperationException("stand-in for type checking only")
