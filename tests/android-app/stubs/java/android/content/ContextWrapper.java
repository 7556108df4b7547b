package android.content;

import java.io.File;

/** Stand-in for the framework class (see Context): declarations only. */
public class ContextWrapper extends Context {
    public ContextWrapper(Context base) {
    }

    @Override
    public File getFilesDir() {
        return null;
    }
}
