package android.media;

/** Stand-in for the framework class (see android.media.SoundPool). */
public final class AudioAttributes {
    public static final int USAGE_GAME = 14;
    public static final int CONTENT_TYPE_SONIFICATION = 4;

    private AudioAttributes() {
    }

    public static class Builder {
        public Builder() {
        }

        public Builder setUsage(int usage) {
            return this;
        }

        public Builder setContentType(int contentType) {
            return this;
        }

        public AudioAttributes build() {
            return new AudioAttributes();
        }
    }
}
