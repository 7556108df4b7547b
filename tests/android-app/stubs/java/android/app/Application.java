package android.app;

import android.content.ContextWrapper;

/** Stand-in for the framework class (see android.content.Context): declarations only. */
public class Application extends ContextWrapper {
    public Application() {
        super(null);
    }
}
