package app.yunnori.android.ui

import androidx.annotation.StringRes
import androidx.compose.runtime.Composable
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.res.pluralStringResource
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.text.intl.Locale
import app.yunnori.android.R
import app.yunnori.core.BoardLayout
import app.yunnori.core.BotLevel
import app.yunnori.core.LegalMove
import app.yunnori.core.PlayerKind
import app.yunnori.core.Route
import app.yunnori.core.RuleChoice
import app.yunnori.core.RuleOption
import app.yunnori.core.RuleValue
import app.yunnori.core.Preset
import app.yunnori.core.SaveDamage
import app.yunnori.core.Spot
import app.yunnori.core.Throw
import app.yunnori.core.Message
import app.yunnori.core.MessageKind
import app.yunnori.core.SpeechPart
import app.yunnori.viewmodel.SeatColour
import kotlin.math.roundToInt

/** A winning chance (0–1) as a whole percentage. */
fun percent(chance: Double): Int = (chance * 100).roundToInt()

/** `#RRGGBB` (as the core stores seat colours) to a colour; grey for anything else. */
fun colourOf(hex: String): Color {
    val digits = hex.removePrefix("#")
    val rgb = if (digits.length == 6) digits.toLongOrNull(16) else null
    return if (rgb == null) Color.Gray else Color(0xFF000000 or rgb)
}

/** `#RRGGBB` of a colour. */
fun hexOf(colour: Color): String {
    fun channel(v: Float) = (v * 255f + 0.5f).toInt().coerceIn(0, 255)
    return "#%02X%02X%02X".format(channel(colour.red), channel(colour.green), channel(colour.blue))
}

/** The app's sentence for each kind of message the core says (the core's detail is English, for logs). */
@StringRes
fun MessageKind.text(): Int = when (this) {
    MessageKind.InvalidRules -> R.string.msg_invalid_rules
    MessageKind.InvalidSetup -> R.string.msg_invalid_setup
    MessageKind.IllegalMove -> R.string.msg_illegal_move
    MessageKind.NotNow -> R.string.msg_not_now
    MessageKind.NotYourTurn -> R.string.msg_not_your_turn
    MessageKind.CannotUndo -> R.string.msg_cannot_undo
    MessageKind.Stale -> R.string.msg_stale
    MessageKind.NoSuchMove -> R.string.msg_no_such_move
    MessageKind.NoGame -> R.string.msg_no_game
    MessageKind.SaveNotFound -> R.string.msg_save_not_found
    MessageKind.SaveDamaged -> R.string.msg_save_damaged
    is MessageKind.SaveFromNewerVersion -> R.string.msg_save_newer
    MessageKind.SaveConflict -> R.string.msg_save_conflict
    MessageKind.FileProblem -> R.string.msg_file_error
    MessageKind.NotSaved -> R.string.msg_not_saved
    MessageKind.RecoveredFromBackup -> R.string.msg_recovered
    MessageKind.BotFailed -> R.string.msg_bot_failed
    MessageKind.BotNetsLate -> R.string.msg_bot_nets_late
    MessageKind.InvalidInput -> R.string.msg_invalid_input
    MessageKind.Internal -> R.string.msg_internal
    MessageKind.NotDeleted -> R.string.msg_not_deleted
    is MessageKind.SeatNameMissing -> R.string.msg_seat_name_missing
    MessageKind.SameColour -> R.string.msg_same_colour
    is MessageKind.Refused -> R.string.msg_online_refused
    MessageKind.RoomNotFound -> R.string.msg_room_not_found
    MessageKind.RoomFull -> R.string.msg_room_full
    MessageKind.ServerBusy -> R.string.msg_server_busy
    MessageKind.TooFast -> R.string.msg_too_fast
    MessageKind.SeatGone -> R.string.msg_seat_gone
    is MessageKind.HostOnly -> R.string.msg_host_only
    is MessageKind.NotEveryoneReady -> R.string.msg_not_everyone_ready
    MessageKind.AlreadyStarted -> R.string.msg_already_started
    MessageKind.BadName -> R.string.msg_bad_name
    MessageKind.UndoOff -> R.string.msg_undo_off
    MessageKind.Offline -> R.string.msg_offline
    MessageKind.ServerProtocol -> R.string.msg_online_protocol
    MessageKind.BadRoomCode -> R.string.msg_bad_room_code
    MessageKind.BadServerAddress -> R.string.msg_bad_server_address
    is MessageKind.ServerNotice -> R.string.msg_server_notice
}

/**
 * The message as the player reads it: the app's own sentence for its kind, naming the
 * person a refusal concerns when the core names them.
 */
@Composable
fun messageText(message: Message): String = when (val kind = message.kind) {
    is MessageKind.NotEveryoneReady -> {
        val number = kind.number?.toInt()
        val name = kind.name
        when {
            number == null -> stringResource(R.string.msg_not_everyone_ready)
            name == null -> stringResource(R.string.msg_seat_open, number)
            else -> stringResource(R.string.msg_not_ready_named, name, number)
        }
    }
    is MessageKind.HostOnly ->
        kind.name?.let { stringResource(R.string.msg_host_only_named, it) } ?: stringResource(R.string.msg_host_only)
    else -> stringResource(kind.text())
}

/**
 * What TalkBack says for one announcement of the core ([SpeechPart]s, in order), in the
 * app's words: who threw what, who moved where, what it caught, whose turn it is, the
 * winners, the hint.
 */
@Composable
fun speechText(speech: List<SpeechPart>, board: BoardLayout): String = speech.map { part ->
    when (part) {
        is SpeechPart.Threw -> stringResource(
            R.string.said_threw,
            part.name,
            part.result?.let { stringResource(it.label()) } ?: stringResource(R.string.throw_nak),
        )
        is SpeechPart.Moved -> stringResource(R.string.said_moved, part.name, spotText(part.to, board))
        is SpeechPart.Stacked -> pluralStringResource(R.plurals.said_stacked, part.pieces, part.pieces)
        is SpeechPart.Captured -> pluralStringResource(R.plurals.said_captured, part.pieces, part.pieces)
        is SpeechPart.Finished -> pluralStringResource(R.plurals.said_finished, part.pieces, part.pieces)
        SpeechPart.Undone -> stringResource(R.string.said_undone)
        is SpeechPart.Turn -> stringResource(if (part.bot) R.string.said_turn_bot else R.string.said_turn, part.name)
        is SpeechPart.Won -> stringResource(R.string.game_winner, part.names.joinToString(" & "))
        is SpeechPart.Hint -> listOf(
            hintText(part.mv),
            stringResource(R.string.game_hint_chance, percent(part.winChance)),
        ).joinToString(". ")
    }
}.joinToString(". ")

/** The hard bot's move in words: the results it spends, and what it does there. */
@Composable
fun hintText(move: LegalMove): String {
    val uses = move.uses.map { stringResource(it.label()) }.joinToString(" + ")
    return when {
        move.to == Spot.Done -> stringResource(R.string.game_hint_finish, uses)
        move.captures > 0 -> pluralStringResource(R.plurals.game_hint_capture, move.captures, uses, move.captures)
        else -> stringResource(R.string.game_hint_move, uses)
    }
}

/** Why a saved game cannot be used as it is, in the app's words. */
@StringRes
fun SaveDamage.text(): Int = when (this) {
    SaveDamage.CORRUPT -> R.string.damage_corrupt
    SaveDamage.UNREADABLE -> R.string.damage_unreadable
    SaveDamage.MISSING -> R.string.damage_missing
    SaveDamage.BAD_ID -> R.string.damage_bad_id
    SaveDamage.NEWER_VERSION -> R.string.msg_save_newer
}

/** A tradition's name (the core names it by its id; the words are the app's). */
@StringRes
fun Preset.label(): Int = when (this) {
    Preset.YUNNORI -> R.string.preset_yunnori
    Preset.CULIN1895 -> R.string.preset_culin
    Preset.NYOUT_RU -> R.string.preset_nyout_ru
}

/** What a tradition's rules are, in a sentence. */
@StringRes
fun Preset.description(): Int = when (this) {
    Preset.YUNNORI -> R.string.preset_yunnori_about
    Preset.CULIN1895 -> R.string.preset_culin_about
    Preset.NYOUT_RU -> R.string.preset_nyout_ru_about
}

/** A team's name: A, B, … as the new-game form labels sides. */
@Composable
fun teamName(side: Int): String = stringResource(R.string.team_name, ('A' + side).toString())

/** A station as a house-rule choice: its number, and its traditional name where it has one. */
@Composable
fun stationChoiceText(id: String, board: BoardLayout): String {
    val station = board.stations.firstOrNull { it.id == id }
    val name = station?.let { if (Locale.current.language == "ko") it.nameKorean else it.nameEnglish }
    return if (name == null) id else "$id $name"
}

/** The name of each of the app's seat colours (design/tokens.json). */
@StringRes
private fun SeatColour.text(): Int = when (this) {
    SeatColour.RED -> R.string.colour_red
    SeatColour.BLUE -> R.string.colour_blue
    SeatColour.GREEN -> R.string.colour_green
    SeatColour.YELLOW -> R.string.colour_yellow
    SeatColour.PURPLE -> R.string.colour_purple
    SeatColour.SKY -> R.string.colour_sky
}

/**
 * A colour's name, so that TalkBack (and a player who cannot tell the discs apart) hears
 * "Red" rather than "Colour": the palette's own names, else the nearest plain name by hue
 * (colours of games saved with other palettes).
 */
@StringRes
fun colourName(hex: String): Int {
    SeatColour.of(hex)?.let { return it.text() }
    val c = colourOf(hex)
    val max = maxOf(c.red, c.green, c.blue)
    val min = minOf(c.red, c.green, c.blue)
    val chroma = max - min
    if (max < 0.2f) return R.string.colour_black
    if (chroma < 0.15f) return if (max > 0.85f) R.string.colour_white else R.string.colour_grey
    val hue = when (max) {
        c.red -> 60f * (((c.green - c.blue) / chroma + 6f) % 6f)
        c.green -> 60f * ((c.blue - c.red) / chroma + 2f)
        else -> 60f * ((c.red - c.green) / chroma + 4f)
    }
    return when {
        hue < 15f || hue >= 340f -> R.string.colour_red
        hue < 45f -> if (max < 0.6f) R.string.colour_brown else R.string.colour_orange
        hue < 70f -> R.string.colour_yellow
        hue < 165f -> R.string.colour_green
        hue < 200f -> R.string.colour_sky
        hue < 255f -> R.string.colour_blue
        hue < 290f -> R.string.colour_purple
        else -> R.string.colour_pink
    }
}

@StringRes
fun Throw.label(): Int = when (this) {
    Throw.BACK_DO -> R.string.throw_back_do
    Throw.DO -> R.string.throw_do
    Throw.GAE -> R.string.throw_gae
    Throw.GEOL -> R.string.throw_geol
    Throw.YUT -> R.string.throw_yut
    Throw.MO -> R.string.throw_mo
}

/** A spot in words: a station's traditional name where it has one, else its number. */
@Composable
fun spotText(spot: Spot, board: BoardLayout): String = when (spot) {
    Spot.Home -> stringResource(R.string.spot_home)
    Spot.Done -> stringResource(R.string.spot_done)
    is Spot.Station -> board.stations.firstOrNull { it.id == spot.id }
        ?.let { if (Locale.current.language == "ko") it.nameKorean else it.nameEnglish }
        ?: stringResource(R.string.spot_station, spot.id)
}

/** A move in words: the results it spends, from where to where, and what it captures. */
@Composable
fun moveText(move: LegalMove, board: BoardLayout): String {
    val uses = move.uses.map { stringResource(it.label()) }.joinToString(" + ")
    val text = "$uses: ${spotText(move.from, board)} → ${spotText(move.to, board)}"
    return if (move.captures > 0) "$text, ${pluralStringResource(R.plurals.move_captures, move.captures, move.captures)}" else text
}

@StringRes
fun Route.label(): Int = when (this) {
    Route.OUTER -> R.string.route_outer
    Route.MO -> R.string.route_mo
    Route.MO_STRAIGHT -> R.string.route_mo_straight
    Route.DWITMO -> R.string.route_dwitmo
    Route.JJIMO -> R.string.route_jjimo
}

@Composable
fun playerText(player: PlayerKind): String = when (player) {
    PlayerKind.Human -> stringResource(R.string.player_human)
    is PlayerKind.Bot -> stringResource(player.level.label())
}

@StringRes
fun BotLevel.label(): Int = when (this) {
    BotLevel.EASY -> R.string.bot_easy
    BotLevel.MEDIUM -> R.string.bot_medium
    BotLevel.HARD -> R.string.bot_hard
}

// ----- rule options: our own words where we have them, the core's label otherwise -----

@Composable
fun ruleLabel(option: RuleOption): String = ruleLabelRes(option.key)?.let { stringResource(it) } ?: option.label

@Composable
fun ruleHelp(option: RuleOption): String = ruleHelpRes(option.key)?.let { stringResource(it) } ?: option.help

@Composable
fun choiceLabel(option: RuleOption, choice: RuleChoice): String =
    choiceRes(option.key, choice.id)?.let { stringResource(it) } ?: choice.label

/** An option's value in words (the Rules screen). */
@Composable
fun ruleValueText(option: RuleOption, value: RuleValue = option.value): String = when (value) {
    is RuleValue.Flag -> stringResource(if (value.on) R.string.value_on else R.string.value_off)
    is RuleValue.Choice -> option.choices.firstOrNull { it.id == value.id }?.let { choiceLabel(option, it) } ?: value.id
    is RuleValue.Count -> value.value.toString()
    is RuleValue.Probability -> "%.2f".format(value.value)
    is RuleValue.Throws -> if (value.results.isEmpty()) {
        stringResource(R.string.value_none)
    } else {
        value.results.map { stringResource(it.label()) }.joinToString(", ")
    }
    is RuleValue.Stations -> if (value.ids.isEmpty()) stringResource(R.string.value_none) else value.ids.joinToString(", ")
}

@StringRes
private fun ruleLabelRes(key: String): Int? = when (key) {
    "back_do" -> R.string.rule_back_do
    "bonus_throw_on" -> R.string.rule_bonus_throw_on
    "throw_timing" -> R.string.rule_throw_timing
    "combine_results" -> R.string.rule_combine_results
    "capture_bonus" -> R.string.rule_capture_bonus
    "stacking" -> R.string.rule_stacking
    "shortcut" -> R.string.rule_shortcut
    "shortcut_at_15" -> R.string.rule_shortcut_at_15
    "center_pass_through" -> R.string.rule_center_pass_through
    "exit_via_start_corner" -> R.string.rule_exit_via_start_corner
    "capture_needs_equal_or_larger_stack" -> R.string.rule_capture_needs_larger
    "safe_stations" -> R.string.rule_safe_stations
    "finish" -> R.string.rule_finish
    "first_player" -> R.string.rule_first_player
    "back_do_when_empty" -> R.string.rule_back_do_when_empty
    "back_do_from_first" -> R.string.rule_back_do_from_first
    "pieces_per_player" -> R.string.rule_pieces_per_player
    "play_on_for_places" -> R.string.rule_play_on_for_places
    "stick_flat_probability" -> R.string.rule_stick_flat_probability
    "nak" -> R.string.rule_nak
    else -> null
}

@StringRes
private fun ruleHelpRes(key: String): Int? = when (key) {
    "back_do" -> R.string.rule_back_do_help
    "bonus_throw_on" -> R.string.rule_bonus_throw_on_help
    "throw_timing" -> R.string.rule_throw_timing_help
    "combine_results" -> R.string.rule_combine_results_help
    "capture_bonus" -> R.string.rule_capture_bonus_help
    "stacking" -> R.string.rule_stacking_help
    "shortcut" -> R.string.rule_shortcut_help
    "shortcut_at_15" -> R.string.rule_shortcut_at_15_help
    "center_pass_through" -> R.string.rule_center_pass_through_help
    "exit_via_start_corner" -> R.string.rule_exit_via_start_corner_help
    "capture_needs_equal_or_larger_stack" -> R.string.rule_capture_needs_larger_help
    "safe_stations" -> R.string.rule_safe_stations_help
    "finish" -> R.string.rule_finish_help
    "first_player" -> R.string.rule_first_player_help
    "back_do_when_empty" -> R.string.rule_back_do_when_empty_help
    "back_do_from_first" -> R.string.rule_back_do_from_first_help
    "pieces_per_player" -> R.string.rule_pieces_per_player_help
    "play_on_for_places" -> R.string.rule_play_on_for_places_help
    "stick_flat_probability" -> R.string.rule_stick_flat_probability_help
    "nak" -> R.string.rule_nak_help
    else -> null
}

@StringRes
private fun choiceRes(key: String, id: String): Int? = when (key) {
    "throw_timing" -> when (id) {
        "move_after_each" -> R.string.choice_move_after_each
        "collect_first" -> R.string.choice_collect_first
        else -> null
    }
    "capture_bonus" -> when (id) {
        "each" -> R.string.choice_capture_each
        "single_prize" -> R.string.choice_capture_single_prize
        "off" -> R.string.choice_capture_off
        else -> null
    }
    "stacking" -> when (id) {
        "mandatory" -> R.string.choice_stacking_mandatory
        "optional" -> R.string.choice_stacking_optional
        "off" -> R.string.choice_stacking_off
        else -> null
    }
    "shortcut", "shortcut_at_15" -> when (id) {
        "forced" -> R.string.choice_turn_forced
        "optional" -> R.string.choice_turn_optional
        "only_if_shorter" -> R.string.choice_turn_if_shorter
        "never" -> R.string.choice_turn_never
        else -> null
    }
    "center_pass_through" -> when (id) {
        "turn" -> R.string.choice_center_turn
        "straight" -> R.string.choice_center_straight
        else -> null
    }
    "finish" -> when (id) {
        "pass" -> R.string.choice_finish_pass
        "exact" -> R.string.choice_finish_exact
        else -> null
    }
    "first_player" -> when (id) {
        "seat_order" -> R.string.choice_first_seat_order
        "random" -> R.string.choice_first_random
        "throw_off" -> R.string.choice_first_throw_off
        else -> null
    }
    "back_do_when_empty" -> when (id) {
        "enter" -> R.string.choice_back_do_enter
        "lost" -> R.string.choice_back_do_lost
        else -> null
    }
    "back_do_from_first" -> when (id) {
        "home" -> R.string.choice_back_do_home
        "to_start_corner" -> R.string.choice_back_do_start_corner
        else -> null
    }
    else -> null
}
