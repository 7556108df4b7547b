// Build logic of the Android build that is plain Kotlin (no Gradle API), so that
// scripts/check-android-build.sh compiles and tests it without Gradle.
plugins {
    `kotlin-dsl`
}

repositories {
    mavenCentral()
}
