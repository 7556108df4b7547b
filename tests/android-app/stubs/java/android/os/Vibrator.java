package android.os;

/** Stand-in for the framework class (see android.content.Context): declarations only. */
public abstract class Vibrator {
    public abstract boolean hasVibrator();

    public abstract boolean hasAmplitudeControl();

    public void vibrate(VibrationEffect vibe) {
    }
}
