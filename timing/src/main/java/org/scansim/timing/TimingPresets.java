package org.scansim.timing;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/**
 * The registry of the timing model's parameters: for each architecture preset, the cards they were
 * measured on, looked up by the architecture's facts ({@link Architectures#presetOf}), never by
 * its name alone. Data: {@code ARCH.json} beside this class holds the preset's first card (its
 * default), and names the others in {@code otherCards}, each in {@code ARCH-CARD.json} (the H200
 * beside the H100: the same SM, other memory and clock). A preset without {@code ARCH.json} has no
 * timing; an architecture of the user's own has none either, since nothing was measured on it.
 *
 * <p>Adding a preset with timing: its architecture file and its line in {@link Architectures}
 * (simulator), and {@code ARCH.json} here (docs/extending.md).
 */
public final class TimingPresets {
  private TimingPresets() {}

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** One card's parameters, read once. */
  private record Card(String key, TimingParameters parameters) {}

  /**
   * Each preset with timing and its cards, the default first, in the order of the generations;
   * read at the first need, not in the class's initializer, so that a failure to read them (a
   * broken build) is thrown with its message to every caller, on any thread, rather than leaving
   * a class that cannot be initialized.
   */
  private static Map<String, List<Card>> read; // guarded by the class

  private static synchronized Map<String, List<Card>> cards() {
    if (read == null) {
      read = readAll();
    }
    return read;
  }

  private static Map<String, List<Card>> readAll() {
    Map<String, List<Card>> all = new LinkedHashMap<>();
    for (String arch : Architectures.presets()) {
      JsonNode first = tree(arch + ".json");
      if (first == null) {
        continue;
      }
      List<Card> cards = new ArrayList<>();
      List<String> others = new ArrayList<>();
      JsonNode more = ((ObjectNode) first).remove("otherCards");
      if (more != null) {
        more.forEach(k -> others.add(k.asText()));
      }
      cards.add(card(arch, first, arch + ".json", null));
      for (String key : others) {
        JsonNode t = tree(arch + "-" + key + ".json");
        if (t == null) {
          throw new IllegalStateException("the timing parameters of " + arch + " name card " + key + ", and " + arch + "-" + key
              + ".json is missing");
        }
        cards.add(card(arch, t, arch + "-" + key + ".json", key));
      }
      all.put(arch, List.copyOf(cards));
    }
    return Collections.unmodifiableMap(all);
  }

  private static JsonNode tree(String resource) {
    try (InputStream in = TimingPresets.class.getResourceAsStream(resource)) {
      return in == null ? null : MAPPER.readTree(in);
    } catch (IOException e) {
      throw new IllegalStateException("the timing parameters " + resource + " cannot be read: " + e.getMessage(), e);
    }
  }

  private static Card card(String arch, JsonNode tree, String resource, String key) {
    TimingParameters p;
    try {
      p = MAPPER.treeToValue(tree, TimingParameters.class);
    } catch (IOException e) {
      throw new IllegalStateException("the timing parameters " + resource + " cannot be read: " + e.getMessage(), e);
    }
    if (!p.arch().equals(arch) || key != null && !p.cardKey().equals(key)) {
      throw new IllegalStateException(resource + " says it is " + p.arch() + " " + p.cardKey() + ", not " + arch
          + (key == null ? "" : " " + key));
    }
    return new Card(p.cardKey(), p);
  }

  /** Each preset that has timing parameters and its cards (the default first), in the order of the generations. */
  public static Map<String, List<String>> all() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    cards().forEach((arch, cards) -> out.put(arch, cards.stream().map(Card::key).toList()));
    return out;
  }

  /** The cards {@code arch} has parameters for, its default first; none for an architecture of the user's own. */
  public static List<String> cards(Architecture arch) {
    return Architectures.presetOf(arch).map(p -> all().getOrDefault(p, List.of())).orElse(List.of());
  }

  /** The parameters of {@code arch} for its default card, or empty when it has none. */
  public static Optional<TimingParameters> of(Architecture arch) {
    return of(arch, null);
  }

  /** The parameters of {@code arch} for {@code card} (one of {@link #cards}, any case; null: the default), or empty. */
  public static Optional<TimingParameters> of(Architecture arch, String card) {
    Optional<String> preset = Architectures.presetOf(arch);
    List<Card> cards = preset.map(p -> cards().getOrDefault(p, List.of())).orElse(List.of());
    if (cards.isEmpty()) {
      return Optional.empty();
    }
    if (card == null) {
      return Optional.of(cards.get(0).parameters());
    }
    String c = card.toLowerCase(Locale.ROOT);
    return cards.stream().filter(k -> k.key().equals(c)).map(Card::parameters).findFirst();
  }

  /** The parameters of bundled preset {@code name} for {@code card} (null: the default), or empty. */
  public static Optional<TimingParameters> ofPreset(String name, String card) {
    return of(Architectures.preset(name), card);
  }

  /** The card of {@code arch} that a device named {@code device} ("NVIDIA H200") is, or null when none is. */
  public static String cardOf(Architecture arch, String device) {
    if (device == null) {
      return null;
    }
    String d = device.toLowerCase(Locale.ROOT);
    for (String c : cards(arch)) {
      if (d.contains(c)) {
        return c;
      }
    }
    return null;
  }

  /** Why {@code arch} has no cycles: its facts are no preset's, or its preset has no parameters. */
  public static String noParameters(Architecture arch) {
    Optional<String> preset = Architectures.presetOf(arch);
    String presets = String.join(", ", all().keySet());
    return preset.isEmpty()
        ? "the timing model has no parameters for " + arch.name() + ": its facts are no preset's, and its parameters are"
            + " calibrated on the presets' cards (" + presets + ")"
        : "the timing model has no parameters for " + preset.get() + " (it has them for the presets " + presets + ")";
  }

  /** The cards of every preset, for help text: "g80 8800gtx, ..., hopper h100 (default) or h200". */
  public static String describeCards() {
    List<String> parts = new ArrayList<>();
    all().forEach((arch, cards) -> {
      List<String> named = new ArrayList<>(cards);
      if (named.size() > 1) {
        named.set(0, named.get(0) + " (default)");
      }
      parts.add(arch + " " + String.join(" or ", named));
    });
    return String.join(", ", parts);
  }
}
