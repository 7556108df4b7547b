package android.os;

/** Stand-in for the framework class (see android.content.Context). */
public final class Bundle {
}
