package android.media;

import android.content.Context;

/**
 * Stand-in for the framework class (see android.content.Context): the members the app
 * calls, with their real signatures. Declarations only: it plays nothing.
 */
public class SoundPool {
    private SoundPool() {
    }

    public int load(Context context, int resId, int priority) {
        return 0;
    }

    public final int play(int soundID, float leftVolume, float rightVolume, int priority, int loop, float rate) {
        return 0;
    }

    public final void release() {
    }

    public static class Builder {
        public Builder() {
        }

        public Builder setMaxStreams(int maxStreams) {
            return this;
        }

        public Builder setAudioAttributes(AudioAttributes attributes) {
            return this;
        }

        public SoundPool build() {
            return new SoundPool();
        }
    }
}
