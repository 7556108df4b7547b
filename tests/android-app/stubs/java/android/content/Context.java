package android.content;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

/**
 * Stand-in for the framework class, with only the members the app calls and their real
 * signatures, so that the app's sources type-check without the Android SDK. The strings
 * come from the app's res/values/strings.xml (see androidx.compose.ui.res.stringResource
 * in the Kotlin stubs). Preferences live in memory for the JVM's life, one set per files
 * directory and name, so a new context over the same files (a relaunch) reads what an
 * earlier one wrote. There are no system services (no vibrator).
 */
public abstract class Context {
    public static final int MODE_PRIVATE = 0;

    private static final Map<String, Map<String, Object>> PREFERENCES = new HashMap<>();

    public abstract File getFilesDir();

    public final String getString(int resId) {
        return app.yunnori.android.check.AppStrings.text(resId);
    }

    public final String getString(int resId, Object... formatArgs) {
        return app.yunnori.android.check.AppStrings.format(resId, formatArgs);
    }

    /** The intents the app started (the share sheet), for the screen tests to read. */
    public static final java.util.List<Intent> STARTED = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    public void startActivity(Intent intent) {
        STARTED.add(intent);
    }

    public final <T> T getSystemService(Class<T> serviceClass) {
        return null;
    }

    public SharedPreferences getSharedPreferences(String name, int mode) {
        Map<String, Object> values;
        synchronized (PREFERENCES) {
            values = PREFERENCES.computeIfAbsent(getFilesDir().getPath() + "/" + name, k -> new HashMap<>());
        }
        return new SharedPreferences() {
            private <T> T read(String key, Class<T> type, T defValue) {
                Object v;
                synchronized (values) {
                    v = values.get(key);
                }
                return type.isInstance(v) ? type.cast(v) : defValue;
            }

            @Override
            public boolean getBoolean(String key, boolean defValue) {
                return read(key, Boolean.class, defValue);
            }

            @Override
            public String getString(String key, String defValue) {
                return read(key, String.class, defValue);
            }

            @Override
            public Editor edit() {
                Map<String, Object> pending = new HashMap<>();
                return new Editor() {
                    @Override
                    public Editor putBoolean(String key, boolean value) {
                        pending.put(key, value);
                        return this;
                    }

                    @Override
                    public Editor putString(String key, String value) {
                        pending.put(key, value);
                        return this;
                    }

                    @Override
                    public void apply() {
                        synchronized (values) {
                            values.putAll(pending);
                        }
                    }
                };
            }
        };
    }
}
