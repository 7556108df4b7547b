package app.yunnori.android

/** The app's activity as the smoke test sees it: Context.getString (compile-only stand-in). */
open class MainActivity {
    fun getString(id: Int, vararg formatArgs: Any): String = throw UnsupportedOperationException("compile-only stand-in $id")
}
