package app.yunnori.android

import app.yunnori.core.RoomTicket
import app.yunnori.core.SeatTicket
import app.yunnori.viewmodel.online.RoomTickets
import java.io.File

/**
 * The rooms this phone holds seats in, one small file per room code in [dir] (the app's
 * private files: a seat's token plays the seat, so it never leaves the phone). Written to a
 * temporary file and renamed over the old one, so a ticket is never half written.
 *
 * The format is lines: `server`, `code`, `link`, `host` (true/false), then `seat token` per seat.
 */
class FileRoomTickets(private val dir: File) : RoomTickets {
    init {
        dir.mkdirs()
    }

    @Synchronized
    override fun all(): List<RoomTicket> =
        dir.listFiles { f -> f.name.endsWith(SUFFIX) }.orEmpty()
            .sortedByDescending { it.lastModified() }
            .mapNotNull { read(it) }

    @Synchronized
    override fun keep(ticket: RoomTicket) {
        val text = buildString {
            appendLine(ticket.server)
            appendLine(ticket.code)
            appendLine(ticket.link)
            appendLine(ticket.host)
            ticket.seats.forEach { appendLine("${it.seat} ${it.token}") }
        }
        val tmp = File(dir, "${ticket.code}.tmp")
        tmp.writeText(text)
        if (!tmp.renameTo(fileOf(ticket.code))) tmp.delete()
    }

    @Synchronized
    override fun forget(code: String) {
        fileOf(code).delete()
    }

    private fun fileOf(code: String) = File(dir, code.filter { it.isLetterOrDigit() } + SUFFIX)

    /** A damaged file is skipped (it cannot take a seat back anyway). */
    private fun read(file: File): RoomTicket? = runCatching {
        val lines = file.readLines()
        RoomTicket(
            server = lines[0],
            code = lines[1],
            link = lines[2],
            seats = lines.drop(4).filter { it.isNotBlank() }.map {
                val (seat, token) = it.split(' ', limit = 2)
                SeatTicket(seat.toInt(), token)
            },
            host = lines[3].toBooleanStrict(),
        )
    }.getOrNull()

    private companion object {
        const val SUFFIX = ".room"
    }
}
