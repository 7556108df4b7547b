package app.yunnori.android.check

import org.junit.jupiter.api.Test
import java.io.File
import javax.xml.parsers.DocumentBuilderFactory
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The Korean strings beside the English ones: a string missing there shows in English,
 * and one whose placeholders differ crashes the screen that formats it.
 */
class StringsTest {
    private val res = File(System.getProperty("yunnori.res") ?: error("-Dyunnori.res is not set"))

    private fun strings(dir: String): Map<String, String> {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(File(res, "$dir/strings.xml"))
        val nodes = doc.getElementsByTagName("string")
        return (0 until nodes.length).associate { i ->
            val e = nodes.item(i) as org.w3c.dom.Element
            e.getAttribute("name") to e.textContent
        }
    }

    /** The format placeholders of a string, as a sorted list ("%1$d", "%2$s"); "%%" is text. */
    private fun placeholders(text: String): List<String> =
        Regex("%(\\d+\\$)?[-#+ 0,(]*\\d*(\\.\\d+)?[a-zA-Z%]").findAll(text).map { it.value }.filter { it != "%%" }.sorted().toList()

    @Test
    fun `every English string has a Korean one taking the same arguments`() {
        val english = strings("values")
        val korean = strings("values-ko")
        assertTrue(english.size > 100, "${english.size} strings")
        assertEquals(english.keys, korean.keys, "strings in one language only")
        for ((name, text) in english) {
            assertEquals(placeholders(text), placeholders(korean.getValue(name)), name)
        }
    }

    @Test
    fun `numbered placeholders are used where a string has several`() {
        for (dir in listOf("values", "values-ko")) {
            for ((name, text) in strings(dir)) {
                val found = placeholders(text)
                if (found.size > 1) assertTrue(found.all { it.matches(Regex("%\\d+\\$.*")) }, "$dir/$name: $found")
            }
        }
    }

    /** Each plurals resource by name: its items by quantity. */
    private fun plurals(dir: String): Map<String, Map<String, String>> {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(File(res, "$dir/strings.xml"))
        val nodes = doc.getElementsByTagName("plurals")
        return (0 until nodes.length).associate { i ->
            val e = nodes.item(i) as org.w3c.dom.Element
            val items = e.getElementsByTagName("item")
            e.getAttribute("name") to (0 until items.length).associate { j ->
                val item = items.item(j) as org.w3c.dom.Element
                item.getAttribute("quantity") to item.textContent
            }
        }
    }

    @Test
    fun `every count is worded by a plural in both languages, with the same arguments`() {
        val english = plurals("values")
        val korean = plurals("values-ko")
        assertTrue(english.size >= 5, "${english.size} plurals")
        assertEquals(english.keys, korean.keys, "plurals in one language only")
        for ((name, items) in english) {
            // English needs "one" and "other"; Korean has only "other".
            assertEquals(setOf("one", "other"), items.keys, "values/$name")
            assertEquals(setOf("other"), korean.getValue(name).keys, "values-ko/$name")
            val args = placeholders(items.getValue("other"))
            assertEquals(args, placeholders(items.getValue("one")), name)
            assertEquals(args, placeholders(korean.getValue(name).getValue("other")), name)
        }
        // A string with a count in it belongs in the plurals.
        assertTrue(strings("values").keys.none { it in english.keys })
    }
}
