package android.content;

import java.io.File;

/** Stand-in for the framework class (see Context). */
public class ContextWrapper extends Context {
    private final File filesDir;

    public ContextWrapper(File filesDir) {
        this.filesDir = filesDir;
    }

    @Override
    public File getFilesDir() {
        return filesDir;
    }
}
