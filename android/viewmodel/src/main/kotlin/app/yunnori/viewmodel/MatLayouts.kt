package app.yunnori.viewmodel

import app.yunnori.core.Mat
import app.yunnori.core.MatLayout
import app.yunnori.core.matLayout

/**
 * The core's [MatLayout] of each mat size: the sticks' size, the rim, how high the hand lets
 * go and how far apart the sticks lie in it. The app draws with these numbers only, and asks
 * the core once per size (the mat is drawn again on every drag event; the numbers of a size
 * never change). The last [capacity] sizes are kept: a phone turned back and forth, a window
 * resized, never a growing list.
 *
 * Safe to use from any thread.
 */
class MatLayouts(
    private val capacity: Int = 8,
    /** How a size is asked (the core's `matLayout`; tests count the calls). */
    private val ask: (Mat) -> MatLayout = ::matLayout,
) {
    init {
        require(capacity > 0) { "a cache of $capacity sizes" }
    }

    // In access order: the eldest entry is the size least recently asked for.
    private val known = object : LinkedHashMap<Mat, MatLayout>(capacity + 1, 0.75f, true) {
        override fun removeEldestEntry(eldest: MutableMap.MutableEntry<Mat, MatLayout>): Boolean = size > capacity
    }

    /** The core's layout of [mat]. */
    fun of(mat: Mat): MatLayout = synchronized(known) { known.getOrPut(mat) { ask(mat) } }

    companion object {
        /** The app's cache, shared by every screen. */
        val shared: MatLayouts = MatLayouts()
    }
}
