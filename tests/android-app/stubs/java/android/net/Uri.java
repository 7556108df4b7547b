package android.net;

/** Stand-in for the framework class: what the app calls, with its real signature. Declarations only. */
public abstract class Uri {
    public static Uri parse(String uriString) {
        return null;
    }
}
