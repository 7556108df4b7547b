pluginManagement {
    repositories {
        google {
            content {
                includeGroupByRegex("com\\.android.*")
                includeGroupByRegex("com\\.google.*")
                includeGroupByRegex("androidx.*")
            }
        }
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "yunnori"

// The Rust core for the phone's ABIs and for this computer, and its Kotlin bindings.
include(":rust")
// Pure-JVM state holders over the core's generated Kotlin bindings (tested on the JVM).
include(":viewmodel")
// The Jetpack Compose app.
include(":app")
