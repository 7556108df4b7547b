package app.yunnori.viewmodel.online

import app.yunnori.core.RoomTicket

/**
 * The rooms this device can come back to: one [RoomTicket] (the server, the code and the
 * seats' tokens) per room code. The app keeps them in app-private storage (a token plays
 * its seat: it must not leave the device); the saved-games list shows them with Rejoin and
 * Forget.
 */
interface RoomTickets {
    /** Newest first. */
    fun all(): List<RoomTicket>

    /** Keeps [ticket], replacing one of the same code. */
    fun keep(ticket: RoomTicket)

    fun forget(code: String)
}

/** Tickets kept in memory only (tests, previews). */
class MemoryRoomTickets(initial: List<RoomTicket> = emptyList()) : RoomTickets {
    private var tickets = initial

    @Synchronized
    override fun all(): List<RoomTicket> = tickets

    @Synchronized
    override fun keep(ticket: RoomTicket) {
        tickets = listOf(ticket) + tickets.filter { it.code != ticket.code }
    }

    @Synchronized
    override fun forget(code: String) {
        tickets = tickets.filter { it.code != code }
    }
}
