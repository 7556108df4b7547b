package android.animation;

/**
 * Stand-in for the framework class (see android.content.Context): animations are on, as
 * on a phone with the default settings.
 */
public class ValueAnimator {
    public static boolean areAnimatorsEnabled() {
        return true;
    }
}
