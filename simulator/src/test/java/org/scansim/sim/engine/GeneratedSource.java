package org.scansim.sim.engine;

import java.util.SplittableRandom;

/**
 * What the fuzzes' generators of source text share ({@link RandomKernels}, the host's
 * {@code RandomPrograms}): a seeded random choice, fresh names, and lines written at an
 * indentation.
 */
public abstract class GeneratedSource {
  protected final SplittableRandom rnd;
  protected final StringBuilder out = new StringBuilder();
  private int names;

  protected GeneratedSource(long seed) {
    this.rnd = new SplittableRandom(seed);
  }

  /** A name not given before in this text: the stem and a number. */
  protected String name(String stem) {
    return stem + (names++);
  }

  /** One of the options, chosen by the seed. */
  protected String pick(String... options) {
    return options[rnd.nextInt(options.length)];
  }

  /** A line of text, two spaces an indentation level. */
  protected void line(int indent, String text) {
    out.append("  ".repeat(indent)).append(text).append('\n');
  }
}
