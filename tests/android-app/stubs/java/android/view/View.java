package android.view;

import android.content.Context;

/**
 * Stand-in for android.view.View: only what the app touches (keeping the screen on), with
 * the real signatures. The screen tests hand one to the composition and read it back.
 */
public class View {
    private boolean keepScreenOn;

    public View(Context context) {
    }

    public boolean getKeepScreenOn() {
        return keepScreenOn;
    }

    public void setKeepScreenOn(boolean keepScreenOn) {
        this.keepScreenOn = keepScreenOn;
    }
}
