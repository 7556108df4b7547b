package app.yunnori.buildcheck

import com.intellij.openapi.util.Disposer
import com.intellij.psi.PsiErrorElement
import com.intellij.psi.util.PsiTreeUtil
import org.jetbrains.kotlin.cli.extensionsStorage
import org.jetbrains.kotlin.cli.jvm.compiler.EnvironmentConfigFiles
import org.jetbrains.kotlin.cli.jvm.compiler.KotlinCoreEnvironment
import org.jetbrains.kotlin.compiler.plugin.CompilerPluginRegistrar
import org.jetbrains.kotlin.config.CompilerConfiguration
import org.jetbrains.kotlin.psi.KtPsiFactory
import java.io.File
import kotlin.system.exitProcess

/**
 * Parses each Gradle Kotlin script given with the Kotlin compiler's own parser and reports
 * every syntax error with its line. Syntax only: Gradle's API is not on this machine, so
 * names are not resolved (the CI lane's Gradle build does that). Prints one line per file
 * and "N passed, N failed".
 */
fun main(args: Array<String>) {
    val disposable = Disposer.newDisposable()
    val configuration = CompilerConfiguration().apply { extensionsStorage = CompilerPluginRegistrar.ExtensionStorage() }
    val environment = KotlinCoreEnvironment.createForProduction(disposable, configuration, EnvironmentConfigFiles.JVM_CONFIG_FILES)
    val factory = KtPsiFactory(environment.project)
    var passed = 0
    var failed = 0
    for (path in args) {
        val text = File(path).readText()
        val errors = PsiTreeUtil.collectElementsOfType(factory.createPhysicalFile(File(path).name, text), PsiErrorElement::class.java)
        if (errors.isEmpty()) {
            println("ok    $path parses")
            passed++
        } else {
            println("FAIL  $path")
            for (error in errors) {
                val line = text.substring(0, error.textOffset).count { it == '\n' } + 1
                println("      line $line: ${error.errorDescription}")
            }
            failed++
        }
    }
    Disposer.dispose(disposable)
    println("$passed passed, $failed failed")
    exitProcess(if (failed == 0 && passed > 0) 0 else 1)
}
