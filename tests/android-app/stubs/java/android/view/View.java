package android.view;

import android.content.Context;

/**
 * Stand-in for android.view.View: what the app touches (keeping the screen on, a haptic),
 * with the real signatures. Declarations only: the screen tests hand the composition a
 * view of their own to see what the app asks of it.
 */
public class View {
    public View(Context context) {
    }

    public boolean getKeepScreenOn() {
        return false;
    }

    public void setKeepScreenOn(boolean keepScreenOn) {
    }

    public boolean performHapticFeedback(int feedbackConstant) {
        return false;
    }
}
