package android.content;

import java.util.HashMap;
import java.util.Map;

/**
 * Stand-in for the framework class: the share sheet's intent, as the app builds it, and the
 * VIEW intent of a room link, as the activity reads it.
 */
public class Intent {
    public static final String ACTION_SEND = "android.intent.action.SEND";
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public static final String EXTRA_TEXT = "android.intent.extra.TEXT";
    public static final String EXTRA_TITLE = "android.intent.extra.TITLE";
    public static final String EXTRA_INTENT = "android.intent.extra.INTENT";

    public static final int FLAG_ACTIVITY_NEW_TASK = 0x10000000;
    public static final int FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY = 0x00100000;

    private final String action;
    private int flags;
    private String type;
    private android.net.Uri data;
    private final Map<String, Object> extras = new HashMap<>();

    public Intent(String action) {
        this.action = action;
    }

    public Intent(String action, android.net.Uri uri) {
        this.action = action;
        this.data = uri;
    }

    public String getAction() {
        return action;
    }

    public Intent setType(String type) {
        this.type = type;
        return this;
    }

    public Intent addFlags(int flags) {
        this.flags |= flags;
        return this;
    }

    public int getFlags() {
        return flags;
    }

    public android.net.Uri getData() {
        return data;
    }

    public Intent setData(android.net.Uri data) {
        this.data = data;
        return this;
    }

    public String getDataString() {
        return data == null ? null : data.toString();
    }

    public String getType() {
        return type;
    }

    public Intent putExtra(String name, String value) {
        extras.put(name, value);
        return this;
    }

    public Intent putExtra(String name, Intent value) {
        extras.put(name, value);
        return this;
    }

    public String getStringExtra(String name) {
        Object v = extras.get(name);
        return v instanceof String ? (String) v : null;
    }

    public Intent getIntentExtra(String name) {
        Object v = extras.get(name);
        return v instanceof Intent ? (Intent) v : null;
    }

    public static Intent createChooser(Intent target, CharSequence title) {
        Intent chooser = new Intent("android.intent.action.CHOOSER");
        chooser.putExtra(EXTRA_INTENT, target);
        if (title != null) chooser.putExtra(EXTRA_TITLE, title.toString());
        return chooser;
    }
}
