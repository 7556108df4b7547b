package android.content;

import java.io.File;

/**
 * Stand-in for the framework class, with only the members the app calls and their real
 * signatures, so that the app's sources type-check without the Android SDK. The strings
 * come from the app's res/values/strings.xml (see androidx.compose.ui.res.stringResource
 * in the Kotlin stubs).
 */
public abstract class Context {
    public abstract File getFilesDir();

    public final String getString(int resId) {
        return app.yunnori.android.check.AppStrings.text(resId);
    }

    public final String getString(int resId, Object... formatArgs) {
        return app.yunnori.android.check.AppStrings.format(resId, formatArgs);
    }
}
