package org.scansim.html;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pages' templates (JMustache, which escapes every {@code {{value}}} for HTML; only the SVG
 * that {@link Charts} drew goes in unescaped, as {@code {{{svg}}}}), with the shared style sheet
 * inlined: a page needs nothing from the network.
 */
final class Templates {
  private Templates() {}

  private static final Map<String, Template> CACHE = new ConcurrentHashMap<>();

  static String render(String name, Map<String, Object> context) {
    Map<String, Object> all = new java.util.HashMap<>(context);
    all.put("style", resource("page.css"));
    Template t = CACHE.computeIfAbsent(name, n -> Mustache.compiler().defaultValue("").emptyStringIsFalse(true).compile(resource(n)));
    return t.execute(all);
  }

  private static String resource(String name) {
    try (InputStream in = Templates.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the template " + name + " is missing from the build");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
