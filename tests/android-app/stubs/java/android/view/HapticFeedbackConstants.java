package android.view;

/** Stand-in for the framework class: the constants the app uses (API 26 has them all), with their real values. */
public class HapticFeedbackConstants {
    public static final int LONG_PRESS = 0;
    public static final int VIRTUAL_KEY = 1;
    public static final int KEYBOARD_TAP = 3;
    public static final int CLOCK_TICK = 4;
    public static final int CONTEXT_CLICK = 6;
}
