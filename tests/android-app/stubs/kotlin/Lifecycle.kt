// Stand-in for androidx.lifecycle.AndroidViewModel (Android only; ViewModel itself is the
// real multiplatform class).
package androidx.lifecycle

import android.app.Application

open class AndroidViewModel(private val application: Application) : ViewModel() {
    @Suppress("UNCHECKED_CAST")
    open fun <T : Application> getApplication(): T = application as T
}
