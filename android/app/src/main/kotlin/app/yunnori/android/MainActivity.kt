package app.yunnori.android

import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import app.yunnori.android.ui.YunnoriNavHost
import app.yunnori.android.ui.theme.YunnoriTheme

class MainActivity : ComponentActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        setContent {
            YunnoriTheme {
                // A yunnori://room/CODE link (a shared room) opens the join screen with its code.
                YunnoriNavHost(link = intent?.dataString)
            }
        }
    }
}
