package androidx.test.ext.junit.runners

import org.junit.runner.Description
import org.junit.runner.Runner
import org.junit.runner.notification.RunNotifier

/** androidx.test.ext.junit.runners.AndroidJUnit4: a JUnit 4 runner (compile-only stand-in). */
class AndroidJUnit4(klass: Class<*>) : Runner() {
    private val description = Description.createSuiteDescription(klass)
    override fun getDescription(): Description = description
    override fun run(notifier: RunNotifier) = throw UnsupportedOperationException("compile-only stand-in")
}
