// Stand-in for androidx.compose.ui.tooling.preview.Preview (Android Studio's previews), with
// the parameters the app uses; the screen tests draw every preview themselves.
package androidx.compose.ui.tooling.preview

@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.ANNOTATION_CLASS)
@Repeatable
annotation class Preview(
    val name: String = "",
    val widthDp: Int = -1,
    val heightDp: Int = -1,
    val locale: String = "",
    val fontScale: Float = 1f,
    val showBackground: Boolean = false,
)
