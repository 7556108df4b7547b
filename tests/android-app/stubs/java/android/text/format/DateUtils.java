package android.text.format;

/**
 * Stand-in for the framework class (see android.content.Context): its real signature.
 * Declarations only: no relative time is worded here (the saved games' times are the
 * phone's to say).
 */
public class DateUtils {
    public static CharSequence getRelativeTimeSpanString(long startTime) {
        return "";
    }
}
