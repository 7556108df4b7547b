// The Jetpack Compose app. AGP 9 compiles its Kotlin (built-in Kotlin, with the Kotlin
// Gradle plugin the root build pins); the core's libraries for each ABI come from :rust in
// the same build (rust/build.gradle.kts), never from a directory a developer fills by hand.
import org.gradle.api.artifacts.component.ModuleComponentIdentifier
import java.util.Properties
import javax.inject.Inject

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.compose)
}

/**
 * Release signing, from `keystore.properties` beside this project's settings (git ignores
 * it) or from the environment (CI secrets): storeFile, storePassword, keyAlias, keyPassword /
 * YUNNORI_KEYSTORE, YUNNORI_KEYSTORE_PASSWORD, YUNNORI_KEY_ALIAS, YUNNORI_KEY_PASSWORD.
 * Without them the release build is unsigned (sign it before uploading to Google Play).
 */
val releaseSigning: Map<String, String>? = run {
    val file = rootDir.resolve("keystore.properties")
    val props = Properties()
    if (file.isFile) file.inputStream().use(props::load)
    fun value(key: String, env: String): String? = props.getProperty(key) ?: System.getenv(env)
    val storeFile = value("storeFile", "YUNNORI_KEYSTORE") ?: return@run null
    mapOf(
        "storeFile" to rootDir.resolve(storeFile).path,
        "storePassword" to (value("storePassword", "YUNNORI_KEYSTORE_PASSWORD") ?: ""),
        "keyAlias" to (value("keyAlias", "YUNNORI_KEY_ALIAS") ?: ""),
        "keyPassword" to (value("keyPassword", "YUNNORI_KEY_PASSWORD") ?: ""),
    )
}

android {
    namespace = "app.yunnori.android"
    compileSdk = libs.versions.android.compileSdk.get().toInt()
    // The NDK that strips the core's libraries when packaging; :rust links them with it.
    ndkVersion = libs.versions.android.ndk.get()

    defaultConfig {
        applicationId = "app.yunnori"
        minSdk = libs.versions.android.minSdk.get().toInt()
        targetSdk = libs.versions.android.targetSdk.get().toInt()
        versionCode = 1
        versionName = "0.1.0"
        testInstrumentationRunner = "androidx.test.runner.AndroidJUnitRunner"
        // The host whose room links (https://HOST/r/CODE) open this app (AndroidManifest.xml's
        // verified App Link): the default server's, or -Pyunnori.roomLinkHost=… for an
        // operator's own yut-server (whose assetlinks.json must name this build's certificate).
        manifestPlaceholders["roomLinkHost"] =
            providers.gradleProperty("yunnori.roomLinkHost").getOrElse("rooms.yunnori.app")
        ndk {
            // The ABIs :rust builds libyut_ffi.so for.
            abiFilters += listOf("arm64-v8a", "armeabi-v7a", "x86_64")
        }
    }

    signingConfigs {
        if (releaseSigning != null) {
            create("release") {
                storeFile = file(releaseSigning.getValue("storeFile"))
                storePassword = releaseSigning.getValue("storePassword")
                keyAlias = releaseSigning.getValue("keyAlias")
                keyPassword = releaseSigning.getValue("keyPassword")
            }
        }
    }

    buildTypes {
        release {
            // R8: shrink and optimize; proguard-rules.pro keeps what JNA and the bindings
            // reach by reflection and from native code.
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
            signingConfig = if (releaseSigning != null) signingConfigs.getByName("release") else null
        }
    }

    compileOptions {
        // Java 17 bytecode from whichever JDK 17+ runs Gradle (Android Studio's bundled JDK
        // included); built-in Kotlin takes its jvmTarget from here. No toolchain to provision.
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }

    lint {
        abortOnError = true
    }

    packaging {
        jniLibs {
            // Uncompressed and page-aligned in the APK, loaded in place (the default since
            // minSdk 23; said here because 16 KB pages depend on it).
            useLegacyPackaging = false
        }
    }
}

// --- the core's libraries --------------------------------------------------------------

val coreJniLibs = configurations.dependencyScope("coreJniLibs")
val coreJniLibsDirs = configurations.resolvable("coreJniLibsDirs") { extendsFrom(coreJniLibs.get()) }

/** Copies :rust's libraries by ABI into a directory AGP packages as generated jniLibs. */
abstract class CollectCoreLibraries : DefaultTask() {
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val libraries: ConfigurableFileCollection

    @get:Input
    abstract val bindingsFromHost: Property<Boolean>

    @get:OutputDirectory
    abstract val outputDir: DirectoryProperty

    @get:Inject
    abstract val fs: FileSystemOperations

    @TaskAction
    fun collect() {
        if (bindingsFromHost.get()) {
            throw GradleException(
                "yunnori.bindingsFrom=host is for the JVM tests only: the app packages bindings generated from its own libraries",
            )
        }
        fs.sync {
            from(libraries)
            into(outputDir)
        }
    }
}

val collectCoreLibraries by tasks.registering(CollectCoreLibraries::class) {
    libraries.from(coreJniLibsDirs)
    bindingsFromHost.set(providers.gradleProperty("yunnori.bindingsFrom").map { it == "host" }.orElse(false))
    outputDir.set(layout.buildDirectory.dir("generated/coreJniLibs"))
}

androidComponents {
    onVariants { variant ->
        variant.sources.jniLibs?.addGeneratedSourceDirectory(collectCoreLibraries, CollectCoreLibraries::outputDir)
    }
}

// --- versions the checks without an Android SDK depend on --------------------------------

// The app's screens are compiled and tested on this project's CI against Compose for the
// desktop at the BOM's versions (gradle/libs.versions.toml): every app build fails if the
// release classpath resolves other Compose, lifecycle or navigation versions (a BOM bump, or
// a library pulling a newer one in) than those the checks compile against.
val verifyPinnedVersions by tasks.registering {
    group = "verification"
    description = "Checks that the resolved Compose, lifecycle and navigation versions are the pinned ones"
    val resolved = configurations.named("releaseRuntimeClasspath").map { c ->
        c.incoming.resolutionResult.allComponents
            .mapNotNull { it.id as? ModuleComponentIdentifier }
            .associate { "${it.group}:${it.module}" to it.version }
    }
    val exact = mapOf(
        "androidx.compose.ui:ui" to libs.versions.compose.ui.get(),
        "androidx.compose.material3:material3" to libs.versions.compose.material3.get(),
    )
    val sameMinor = mapOf(
        "androidx.lifecycle:lifecycle-runtime-compose" to libs.versions.lifecycle.get(),
        "androidx.navigation:navigation-compose" to libs.versions.navigation.compose.get(),
    )
    doLast {
        val got = resolved.get()
        fun minor(v: String) = v.split('.').take(2).joinToString(".")
        val wrong = exact.filter { (m, v) -> got[m] != v }.map { (m, v) -> "$m ${got[m]} (pinned $v)" } +
            sameMinor.filter { (m, v) -> got[m]?.let(::minor) != minor(v) }.map { (m, v) -> "$m ${got[m]} (pinned $v)" }
        if (wrong.isNotEmpty()) {
            throw GradleException(
                "Resolved versions differ from gradle/libs.versions.toml: ${wrong.joinToString()}. " +
                    "Bump tests/android-app/pom.xml with the catalog (scripts/check-android-build.sh).",
            )
        }
    }
}
tasks.named("preBuild") { dependsOn(verifyPinnedVersions) }

dependencies {
    "coreJniLibs"(project(path = ":rust", configuration = "androidJniLibs"))

    implementation(project(":viewmodel")) {
        // The JNA jar has no Android natives; the aar below has them.
        exclude(group = "net.java.dev.jna", module = "jna")
    }
    implementation(variantOf(libs.jna) { artifactType("aar") })
    implementation(libs.kotlinx.coroutines.android)

    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    implementation(libs.androidx.lifecycle.runtime.compose)
    implementation(libs.androidx.navigation.compose)

    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.ui.graphics)
    implementation(libs.androidx.compose.foundation)
    implementation(libs.androidx.compose.material3)
    implementation(libs.androidx.compose.material.icons.core)
    implementation(libs.androidx.compose.ui.tooling.preview)
    debugImplementation(libs.androidx.compose.ui.tooling)

    // The instrumented smoke test (src/androidTest): the real app on an emulator.
    androidTestImplementation(platform(libs.androidx.compose.bom))
    androidTestImplementation(libs.androidx.compose.ui.test.junit4)
    androidTestImplementation(libs.androidx.test.runner)
    androidTestImplementation(libs.androidx.test.ext.junit)
    debugImplementation(libs.androidx.compose.ui.test.manifest)
}
