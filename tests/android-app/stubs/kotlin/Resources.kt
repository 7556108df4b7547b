// Stand-ins for androidx.compose.ui.res.stringResource (Android only): the app's own
// strings.xml, read by AppStrings, in the locale the test chose.
package androidx.compose.ui.res

import androidx.annotation.PluralsRes
import androidx.annotation.StringRes
import androidx.compose.runtime.Composable
import androidx.compose.runtime.ReadOnlyComposable
import app.yunnori.android.check.AppStrings

@Composable
@ReadOnlyComposable
fun stringResource(@StringRes id: Int): String = AppStrings.text(id)

@Composable
@ReadOnlyComposable
fun stringResource(@StringRes id: Int, vararg formatArgs: Any): String = AppStrings.format(id, *formatArgs)

@Composable
@ReadOnlyComposable
fun pluralStringResource(@PluralsRes id: Int, count: Int): String = AppStrings.plural(id, count)

@Composable
@ReadOnlyComposable
fun pluralStringResource(@PluralsRes id: Int, count: Int, vararg formatArgs: Any): String =
    AppStrings.formatPlural(id, count, *formatArgs)
