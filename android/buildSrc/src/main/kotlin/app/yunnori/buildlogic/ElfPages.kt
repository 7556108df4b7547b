package app.yunnori.buildlogic

import java.io.File

/**
 * The alignment of each loadable segment (PT_LOAD) of an ELF shared library, read from its
 * program headers. Android 15+ phones with 16 KB memory pages load a library only if every
 * such segment is aligned to 16 KB, so the app's build reads its own libraries back rather
 * than trusting a linker flag. Returns null when [bytes] is not a readable ELF file.
 */
fun elfLoadAlignments(bytes: ByteArray): List<Long>? {
    if (bytes.size < 52 || bytes[0] != 0x7f.toByte() || bytes[1] != 'E'.code.toByte() ||
        bytes[2] != 'L'.code.toByte() || bytes[3] != 'F'.code.toByte()
    ) return null
    val is64 = when (bytes[4].toInt()) {
        1 -> false
        2 -> true
        else -> return null
    }
    val little = when (bytes[5].toInt()) {
        1 -> true
        2 -> false
        else -> return null
    }

    fun uint(at: Long, size: Int): Long? {
        if (at < 0 || at + size > bytes.size) return null
        var value = 0L
        for (i in 0 until size) {
            val b = bytes[(at + if (little) i else size - 1 - i).toInt()].toLong() and 0xff
            value = value or (b shl (8 * i))
        }
        return value
    }

    val phOff = (if (is64) uint(0x20, 8) else uint(0x1c, 4)) ?: return null
    val phEntSize = (if (is64) uint(0x36, 2) else uint(0x2a, 2)) ?: return null
    val phNum = (if (is64) uint(0x38, 2) else uint(0x2c, 2)) ?: return null
    val alignOffset = if (is64) 0x30L else 0x1cL
    val alignSize = if (is64) 8 else 4
    val alignments = mutableListOf<Long>()
    for (i in 0 until phNum) {
        val header = phOff + i * phEntSize
        val type = uint(header, 4) ?: return null
        if (type == PT_LOAD) alignments += uint(header + alignOffset, alignSize) ?: return null
    }
    return alignments
}

/**
 * Why [library] would not load on a phone with [pageSize]-byte pages, or null when every
 * loadable segment is aligned to at least that.
 */
fun pageAlignmentProblem(library: File, pageSize: Long = 16384): String? {
    val alignments = elfLoadAlignments(library.readBytes())
        ?: return "$library is not an ELF shared library"
    if (alignments.isEmpty()) return "$library has no loadable segment"
    val short = alignments.filter { it < pageSize }
    return if (short.isEmpty()) null else
        "$library has LOAD segments aligned to ${short.distinct().joinToString()} bytes, less than $pageSize " +
            "(link it with -Wl,-z,max-page-size=$pageSize)"
}

private const val PT_LOAD = 1L
