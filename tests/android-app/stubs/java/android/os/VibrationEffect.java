package android.os;

/** Stand-in for the framework class (see android.content.Context): declarations only. */
public abstract class VibrationEffect {
    public static final int DEFAULT_AMPLITUDE = -1;

    public static VibrationEffect createOneShot(long milliseconds, int amplitude) {
        return null;
    }
}
