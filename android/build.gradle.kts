// The plugins every module uses, declared once with their versions (gradle/libs.versions.toml).
// AGP 9 compiles Kotlin itself and brings Kotlin Gradle plugin 2.2.10; declaring the Kotlin
// plugin here puts the pinned, newer one on the build's classpath (as the buildscript
// classpath line of AGP 9's release notes would), so the app's Kotlin is compiled with the
// catalog's Kotlin too.
plugins {
    alias(libs.plugins.android.application) apply false
    alias(libs.plugins.kotlin.jvm) apply false
    alias(libs.plugins.kotlin.compose) apply false
}
