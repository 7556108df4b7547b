// Every screen test, in the order they run.

let allScreenTests: [ScreenTest] = gameScreenTests + menuScreenTests
