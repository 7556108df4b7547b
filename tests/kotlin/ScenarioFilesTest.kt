package app.yunnori.core.test

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import org.junit.jupiter.api.TestInstance
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * Every file of tests/scenarios, played through the bindings and checked in Kotlin; the
 * core's own runner must reach the same verdict, so Rust, Kotlin and Swift agree.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScenarioFilesTest {
    private var passed = 0
    private var failed = 0

    @TestFactory
    fun everyScenarioFile(): List<DynamicTest> {
        val files = ScenarioRunner.scenarioFiles()
        assertTrue(files.size >= 100, "expected the project's scenario files, found ${files.size}")
        return files.map { file ->
            DynamicTest.dynamicTest(file.name) {
                val text = file.readText()
                val mine = ScenarioRunner.run(text)
                val core = ScenarioRunner.coreVerdict(text)
                if (mine == null && core == null) {
                    passed++
                } else {
                    failed++
                    fail("${file.name}: kotlin: ${mine ?: "passed"}; core: ${core ?: "passed"}")
                }
            }
        }
    }

    @AfterAll
    fun summary() {
        // Each failing file already failed its own test; this line is the count.
        println("scenario files (kotlin): $passed passed, $failed failed")
    }
}
