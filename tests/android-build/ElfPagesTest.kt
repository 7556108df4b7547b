package app.yunnori.buildlogic

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.ByteBuffer
import java.nio.ByteOrder
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

/**
 * The Android build refuses a core library that a 16 KB-page phone would not load
 * (android/buildSrc, ElfPages.kt). Checked here on libraries the C compiler links for this
 * computer with each page size, and on a hand-made 32-bit header (armeabi-v7a's kind).
 */
class ElfPagesTest {
    @TempDir
    lateinit var dir: File

    private fun sharedLibrary(name: String, pageSize: Int): File {
        val source = dir.resolve("yut.c").apply { writeText("int yut_sticks(void) { return 4; }\n") }
        val out = dir.resolve(name)
        val process = ProcessBuilder("cc", "-shared", "-fPIC", "-Wl,-z,max-page-size=$pageSize", "-o", out.path, source.path)
            .redirectErrorStream(true).start()
        val log = process.inputStream.bufferedReader().readText()
        assertEquals(0, process.waitFor(), "cc failed: $log")
        return out
    }

    @Test
    fun `a library linked for 16 KB pages passes`() {
        val lib = sharedLibrary("lib16k.so", 16384)
        val alignments = assertNotNull(elfLoadAlignments(lib.readBytes()))
        assertTrue(alignments.isNotEmpty() && alignments.all { it >= 16384 }, "$alignments")
        assertNull(pageAlignmentProblem(lib))
    }

    @Test
    fun `a library linked for 4 KB pages is refused, and the message names the flag`() {
        val lib = sharedLibrary("lib4k.so", 4096)
        val problem = assertNotNull(pageAlignmentProblem(lib))
        assertContains(problem, "4096")
        assertContains(problem, "-Wl,-z,max-page-size=16384")
    }

    @Test
    fun `a file that is not a library, or a cut-off one, is refused without reading past its end`() {
        val text = dir.resolve("notes.so").apply { writeText("not a library at all, but long enough to have a header") }
        assertContains(assertNotNull(pageAlignmentProblem(text)), "not an ELF shared library")
        val whole = sharedLibrary("lib.so", 16384).readBytes()
        for (size in listOf(4, 20, 60, 100)) {
            assertNull(elfLoadAlignments(whole.copyOf(size)), "a library cut to $size bytes")
        }
    }

    @Test
    fun `a 32-bit library's program headers are read at their 32-bit offsets`() {
        val header = ByteBuffer.allocate(52 + 2 * 32).order(ByteOrder.LITTLE_ENDIAN)
        header.put(byteArrayOf(0x7f, 'E'.code.toByte(), 'L'.code.toByte(), 'F'.code.toByte(), 1, 1, 1))
        header.position(16)
        header.putShort(3).putShort(40).putInt(1).putInt(0) // shared object, ARM, version, entry
        header.putInt(52).putInt(0).putInt(0) // program headers right after this header
        header.putShort(52).putShort(32).putShort(2).putShort(0).putShort(0).putShort(0)
        for ((type, align) in listOf(1 to 0x4000, 2 to 4)) { // PT_LOAD, then PT_DYNAMIC
            header.putInt(type).putInt(0).putInt(0).putInt(0).putInt(0).putInt(0).putInt(5).putInt(align)
        }
        assertEquals(listOf(0x4000L), elfLoadAlignments(header.array()))
        header.putInt(52 + 28, 0x1000)
        assertEquals(listOf(0x1000L), elfLoadAlignments(header.array()))
    }
}
