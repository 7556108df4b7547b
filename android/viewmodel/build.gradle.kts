// Pure-JVM module: the screens' state holders over the core's generated Kotlin bindings.
// No Android dependency, so its tests run on any JVM against the real libyut_ffi
// (CI runs the same sources with kotlinc: scripts/test-android-viewmodel.sh).
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    `java-library`
    alias(libs.plugins.kotlin.jvm)
}

kotlin {
    jvmToolchain(17)
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
    }
}

// The Rust workspace is the directory above android/.
val repoRoot: File = rootDir.parentFile
val cargoTargetDir: File = System.getenv("CARGO_TARGET_DIR")?.let(::File) ?: repoRoot.resolve("target")
val hostLibDir: File = cargoTargetDir.resolve("debug")
val hostLib: File = hostLibDir.resolve(System.mapLibraryName("yut_ffi"))
val bindgen: File = hostLibDir.resolve("uniffi-bindgen")
val generatedBindings = layout.buildDirectory.dir("generated/uniffi/kotlin")

// The core's library for this computer: the bindings are generated from it, and the
// JVM tests load it.
val cargoBuildHost by tasks.registering(Exec::class) {
    group = "rust"
    description = "cargo build -p yut-ffi (the library and uniffi-bindgen for this computer)"
    workingDir = repoRoot
    commandLine("cargo", "build", "-p", "yut-ffi")
    // cargo knows best whether anything changed.
    outputs.upToDateWhen { false }
}

// The JVM flavour of the bindings (uniffi-jvm.toml): it runs on Android as well.
val generateBindings by tasks.registering(Exec::class) {
    group = "rust"
    description = "uniffi-bindgen generate: the Kotlin bindings of yut-ffi (package app.yunnori.core)"
    dependsOn(cargoBuildHost)
    val config = file("uniffi-jvm.toml")
    inputs.file(config)
    inputs.files(hostLib)
    outputs.dir(generatedBindings)
    // Bindgen reads the crate's uniffi.toml through `cargo metadata`: run it in the workspace.
    workingDir = repoRoot
    doFirst { delete(generatedBindings) }
    commandLine(
        bindgen.path, "generate", "--no-format",
        "--config", config.path,
        "--library", hostLib.path,
        "--language", "kotlin",
        "--out-dir", generatedBindings.get().asFile.path,
    )
}

kotlin.sourceSets.getByName("main").kotlin.srcDir(generateBindings)

dependencies {
    api(libs.kotlinx.coroutines.core)
    // The generated bindings call the library through JNA. The app swaps this jar for
    // JNA's Android aar (see app/build.gradle.kts).
    implementation(libs.jna)

    testImplementation(libs.kotlinx.coroutines.test)
    testImplementation(libs.kotlin.test.junit5)
    testImplementation(platform(libs.junit.bom))
    testImplementation(libs.junit.jupiter)
    testRuntimeOnly(libs.junit.platform.launcher)
}

tasks.test {
    useJUnitPlatform()
    dependsOn(cargoBuildHost)
    systemProperty("jna.library.path", hostLibDir.path)
}
