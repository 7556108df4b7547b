package app.yunnori.viewmodel.online

import app.yunnori.core.MessageKind
import app.yunnori.core.OnlineException
import app.yunnori.core.YutException
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.launch
import kotlin.coroutines.CoroutineContext

/**
 * Runs posted work one piece at a time, in the order posted, in one coroutine of [scope]
 * (on [context], e.g. `Dispatchers.IO`: the core's calls read and write files). A view
 * model changes its state only in here, so two taps, or a tap and a bot, never interleave.
 *
 * An error of the core becomes a message through [onError]; anything else unexpected too,
 * so the loop never dies and the app never crashes on a core error.
 */
internal class Serial(
    scope: CoroutineScope,
    context: CoroutineContext,
    private val onError: (UserMessage) -> Unit,
) {
    private val inbox = Channel<suspend () -> Unit>(Channel.UNLIMITED)

    val job: Job = scope.launch(context) {
        for (work in inbox) {
            try {
                work()
            } catch (e: CancellationException) {
                // The view model's scope is going away: stop.
                throw e
            } catch (e: YutException) {
                onError(e.toUserMessage())
            } catch (e: OnlineException) {
                onError(e.toUserMessage())
            } catch (e: Exception) {
                onError(UserMessage(MessageKind.Internal, e.message ?: e.javaClass.simpleName))
            }
        }
    }

    /** Queues [work]; false once closed. */
    fun post(work: suspend () -> Unit): Boolean = inbox.trySend(work).isSuccess

    fun close() {
        inbox.close()
    }
}
