rootProject.name = "buildSrc"
