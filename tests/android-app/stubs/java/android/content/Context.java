package android.content;

import java.io.File;

/**
 * Stand-in for the framework class: the members the app calls, with their real signatures,
 * so that the app's sources type-check without the Android SDK. Declarations only: nothing
 * of the framework's behaviour is imitated (no strings, no activities, no system services).
 */
public abstract class Context {
    public abstract File getFilesDir();

    public final String getString(int resId, Object... formatArgs) {
        return null;
    }

    public void startActivity(Intent intent) {
    }

    public final <T> T getSystemService(Class<T> serviceClass) {
        return null;
    }
}
