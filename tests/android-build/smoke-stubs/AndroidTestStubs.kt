// Stand-ins, with the documented signatures, for the few Android-only names the instrumented
// smoke test (android/app/src/androidTest) uses, so that scripts/check-android-build.sh can
// compile it here against Compose for the desktop's UI test API (the same API as Android's
// ui-test at the catalog's Compose version). Nothing here runs.
@file:Suppress("unused", "UNUSED_PARAMETER")

package androidx.compose.ui.test.junit4

import androidx.compose.ui.test.SemanticsNodeInteractionsProvider
import org.junit.rules.TestRule

/** androidx.compose.ui.test.junit4.AndroidComposeTestRule, the members the test uses. */
interface AndroidComposeTestRule<R : TestRule, A> : TestRule, SemanticsNodeInteractionsProvider {
    val activity: A
    fun waitUntil(timeoutMillis: Long = 1_000, condition: () -> Boolean)
}

/** androidx.compose.ui.test.junit4.createAndroidComposeRule (the reified overload). */
inline fun <reified A> createAndroidComposeRule(): AndroidComposeTestRule<TestRule, A> =
    throw UnsupportedOperationException("compile-only stand-in")
