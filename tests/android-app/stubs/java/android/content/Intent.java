package android.content;

/**
 * Stand-in for the framework class: the members the app calls (the share sheet's intent,
 * a link's VIEW intent), with their real signatures and constants. Declarations only: it
 * keeps nothing.
 */
public class Intent {
    public static final String ACTION_SEND = "android.intent.action.SEND";
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public static final String EXTRA_TEXT = "android.intent.extra.TEXT";

    public static final int FLAG_ACTIVITY_NEW_TASK = 0x10000000;
    public static final int FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY = 0x00100000;

    public Intent(String action) {
    }

    public Intent(String action, android.net.Uri uri) {
    }

    public String getAction() {
        return null;
    }

    public Intent setType(String type) {
        return this;
    }

    public Intent addFlags(int flags) {
        return this;
    }

    public int getFlags() {
        return 0;
    }

    public String getDataString() {
        return null;
    }

    public Intent putExtra(String name, String value) {
        return this;
    }

    public static Intent createChooser(Intent target, CharSequence title) {
        return target;
    }
}
