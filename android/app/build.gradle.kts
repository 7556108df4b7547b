import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

android {
    namespace = "app.yunnori.android"
    compileSdk = 35

    defaultConfig {
        applicationId = "app.yunnori"
        minSdk = 26
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            // The ABIs libyut_ffi.so is built for (README.md, cargo-ndk).
            abiFilters += listOf("arm64-v8a", "armeabi-v7a", "x86_64")
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }
}

kotlin {
    compilerOptions {
        jvmTarget.set(JvmTarget.JVM_17)
    }
}

// Builds libyut_ffi.so for the Android ABIs into src/main/jniLibs (needs the Android NDK,
// cargo-ndk and the Rust targets: see README.md). Runs before every build when the Gradle
// property yunnori.buildRust is true; otherwise call it by hand: ./gradlew :app:cargoNdk
val cargoNdk by tasks.registering(Exec::class) {
    group = "rust"
    description = "cargo ndk build -p yut-ffi --release for arm64-v8a, armeabi-v7a and x86_64"
    workingDir = rootDir.parentFile
    // The workspace's release profile keeps line tables (debug = 1): not in the app.
    environment("CARGO_PROFILE_RELEASE_DEBUG", "0")
    environment("CARGO_PROFILE_RELEASE_STRIP", "symbols")
    commandLine(
        "cargo", "ndk",
        "-t", "arm64-v8a", "-t", "armeabi-v7a", "-t", "x86_64",
        "--platform", "26",
        "-o", file("src/main/jniLibs").path,
        "build", "-p", "yut-ffi", "--lib", "--release", "--no-default-features",
    )
}
if (providers.gradleProperty("yunnori.buildRust").orNull == "true") {
    tasks.named("preBuild") { dependsOn(cargoNdk) }
}

dependencies {
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
}
