package android.text.format;

import java.util.Locale;

/**
 * Stand-in for the framework class (see android.content.Context): a relative time in the
 * language in use, as the framework's own is (English, or Korean).
 */
public class DateUtils {
    public static CharSequence getRelativeTimeSpanString(long startTime) {
        long minutes = Math.max(0, (System.currentTimeMillis() - startTime) / 60_000);
        boolean korean = Locale.getDefault().getLanguage().equals("ko");
        if (minutes < 1) {
            return korean ? "방금" : "just now";
        }
        return korean ? minutes + "분 전" : minutes + " minutes ago";
    }
}
