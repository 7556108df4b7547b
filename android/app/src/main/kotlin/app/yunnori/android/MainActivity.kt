package app.yunnori.android

import android.content.Intent
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import app.yunnori.android.ui.YunnoriApp
import app.yunnori.android.ui.theme.YunnoriTheme

/**
 * The app's one activity (launch mode singleTask in the manifest): a room link tapped while
 * the app runs comes to this activity through [onNewIntent], never to a second one with a
 * second model over the same save files and room tickets.
 */
class MainActivity : ComponentActivity() {
    private val model: YunnoriModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        intent?.let { model.intentArrived(it.action, it.dataString, it.flags, recreated = savedInstanceState != null) }
        setContent {
            YunnoriTheme { YunnoriApp(model) }
        }
    }

    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        this.intent = intent
        model.intentArrived(intent.action, intent.dataString, intent.flags, recreated = false)
    }
}
