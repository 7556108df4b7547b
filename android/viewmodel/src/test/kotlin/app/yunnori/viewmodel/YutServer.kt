package app.yunnori.viewmodel

import java.io.File
import java.nio.file.Files
import kotlin.concurrent.thread
import kotlin.test.fail

/**
 * A real `yut-server` on loopback (YUT_SERVER_BIN, which scripts/test-android-viewmodel.sh
 * and scripts/test-android-app.sh set; a missing one fails the test), with an empty store.
 * The view model tests and the app's screen tests (which compile this file too) use it.
 */
class YutServer : AutoCloseable {
    private val data: File = Files.createTempDirectory("yut-server").toFile()
    private val process: Process

    /** `ws://127.0.0.1:PORT`. */
    val address: String

    init {
        val bin = System.getenv("YUT_SERVER_BIN") ?: fail("YUT_SERVER_BIN is not set (the test scripts set it)")
        if (!File(bin).canExecute()) fail("YUT_SERVER_BIN is not an executable: $bin")
        // Test phones act far faster than people: the rate limit is raised for them.
        process = ProcessBuilder(
            bin, "--listen", "127.0.0.1:0", "--data", data.path, "--rate-per-sec", "1000", "--rate-burst", "1000",
        )
            .redirectError(File(data, "server.log"))
            .start()
        val out = process.inputStream.bufferedReader()
        // The log shares stdout: the address is on the line `listening on HOST:PORT`.
        val line = generateSequence { out.readLine() }.firstOrNull { it.startsWith("listening on ") }
            ?: fail("yut-server did not say where it listens (see ${data.path}/server.log)")
        address = "ws://" + line.removePrefix("listening on ").trim()
        thread(isDaemon = true) { runCatching { out.forEachLine { } } }
    }

    override fun close() {
        process.destroy()
        process.waitFor()
        data.deleteRecursively()
    }
}
