package android.net;

/**
 * Stand-in for the framework class: the members the app's intents use, with their real
 * signatures. As on Android, parse does not check the text and toString gives it back.
 */
public abstract class Uri {
    public static Uri parse(String uriString) {
        return new StringUri(uriString);
    }

    public abstract String getScheme();

    @Override
    public abstract String toString();

    private static final class StringUri extends Uri {
        private final String text;

        StringUri(String text) {
            this.text = text;
        }

        @Override
        public String getScheme() {
            int colon = text.indexOf(':');
            return colon > 0 ? text.substring(0, colon) : null;
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
