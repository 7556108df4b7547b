// The plugins every module uses, declared once with their versions (gradle/libs.versions.toml).
// AGP 9 compiles Kotlin itself; declaring the Kotlin plugins here puts the pinned Kotlin Gradle
// plugin on the build's classpath, so the app's Kotlin is compiled with that Kotlin too.
plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.jvm) apply false
    alias(libs.plugins.kotlin.compose) apply false
}
