package android.text.format;

/** Stand-in for the framework class (see android.content.Context). */
public class DateUtils {
    public static CharSequence getRelativeTimeSpanString(long startTime) {
        long minutes = Math.max(0, (System.currentTimeMillis() - startTime) / 60_000);
        return minutes < 1 ? "just now" : minutes + " minutes ago";
    }
}
