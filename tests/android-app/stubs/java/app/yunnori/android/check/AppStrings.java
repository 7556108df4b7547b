package app.yunnori.android.check;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The app's string resources for the stand-in framework: the ids of the generated R class
 * are 0x7f000000 plus the string's position in res/values/strings.xml (the order the check
 * script numbers them in), and the text comes from the file of the locale in use, as
 * Android resolves it. Set by {@link #load} before anything is drawn.
 */
public final class AppStrings {
    private static final int FIRST_ID = 0x7f000000;
    private static final int FIRST_PLURAL_ID = 0x7f010000;
    private static List<String> names = new ArrayList<>();
    private static Map<String, String> texts = new HashMap<>();
    private static List<String> pluralNames = new ArrayList<>();
    /** Each plural's texts by quantity ("one", "other"). */
    private static Map<String, Map<String, String>> plurals = new HashMap<>();
    private static Locale locale = Locale.ENGLISH;

    private AppStrings() {
    }

    /** Reads the default strings (for the ids) and the strings of the locale shown. */
    public static synchronized void load(File resDir, Locale shown) throws Exception {
        List<String> order = new ArrayList<>();
        Map<String, String> defaults = parse(new File(resDir, "values/strings.xml"), order);
        Map<String, String> chosen = new HashMap<>(defaults);
        File localised = new File(resDir, "values-" + shown.getLanguage() + "/strings.xml");
        if (localised.isFile()) {
            chosen.putAll(parse(localised, new ArrayList<>()));
        }
        List<String> pluralOrder = new ArrayList<>();
        Map<String, Map<String, String>> pluralTexts = parsePlurals(new File(resDir, "values/strings.xml"), pluralOrder);
        if (localised.isFile()) {
            pluralTexts.putAll(parsePlurals(localised, new ArrayList<>()));
        }
        names = order;
        texts = chosen;
        pluralNames = pluralOrder;
        plurals = pluralTexts;
        locale = shown;
    }

    private static Map<String, Map<String, String>> parsePlurals(File file, List<String> order) throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file);
        NodeList nodes = doc.getElementsByTagName("plurals");
        Map<String, Map<String, String>> out = new HashMap<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            order.add(e.getAttribute("name"));
            Map<String, String> items = new HashMap<>();
            NodeList children = e.getElementsByTagName("item");
            for (int j = 0; j < children.getLength(); j++) {
                Element item = (Element) children.item(j);
                items.put(item.getAttribute("quantity"), unescape(item.getTextContent()));
            }
            out.put(e.getAttribute("name"), items);
        }
        return out;
    }

    private static Map<String, String> parse(File file, List<String> order) throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file);
        NodeList nodes = doc.getElementsByTagName("string");
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            String name = e.getAttribute("name");
            order.add(name);
            out.put(name, unescape(e.getTextContent()));
        }
        return out;
    }

    /** Android's escapes in string resources. */
    private static String unescape(String raw) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\\' && i + 1 < raw.length()) {
                char n = raw.charAt(++i);
                sb.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    public static synchronized String text(int id) {
        int index = id - FIRST_ID;
        if (index < 0 || index >= names.size()) {
            throw new IllegalArgumentException("no string resource with id 0x" + Integer.toHexString(id));
        }
        return texts.get(names.get(index));
    }

    /**
     * As Resources.getQuantityString: the item for the count's plural category in the
     * shown language (English: "one" for 1; Korean has only "other").
     */
    public static synchronized String plural(int id, int count) {
        int index = id - FIRST_PLURAL_ID;
        if (index < 0 || index >= pluralNames.size()) {
            throw new IllegalArgumentException("no plurals resource with id 0x" + Integer.toHexString(id));
        }
        Map<String, String> items = plurals.get(pluralNames.get(index));
        String quantity = locale.getLanguage().equals("en") && count == 1 ? "one" : "other";
        String text = items.get(quantity);
        if (text == null) {
            throw new IllegalStateException("plurals " + pluralNames.get(index) + " has no \"" + quantity + "\" item");
        }
        return text;
    }

    public static String formatPlural(int id, int count, Object... args) {
        return String.format(locale, plural(id, count), args);
    }

    /** As Resources.getString(id, args): String.format in the shown locale. */
    public static String format(int id, Object... args) {
        return String.format(locale, text(id), args);
    }
}
