package android.app;

import android.content.ContextWrapper;
import java.io.File;

/** Stand-in for the framework class (see android.content.Context). */
public class Application extends ContextWrapper {
    public Application(File filesDir) {
        super(filesDir);
    }
}
