package org.scansim.frontend.sema;

/**
 * One conversion specification of a printf format (C11 §7.21.6.1p4): {@code %}, flags, a width
 * (digits or {@code *}), a precision ({@code .} then digits or {@code *}), a length modifier and
 * the conversion character. The one reading of a format that the front end's format warnings and
 * the simulator's printf share, so that both take the same arguments for the same text.
 *
 * @param start the index of its {@code %}
 * @param end the index after its conversion character
 * @param flags the flags as written, in order ({@code -+ #0})
 * @param width the width's digits ("" when none, or when it is {@code *})
 * @param widthStar the width is {@code *}: an {@code int} argument before the value
 * @param precision the precision's digits ("" after a bare {@code .}), or null without a precision
 * @param precisionStar the precision is {@code *}: an {@code int} argument before the value
 * @param conversion the conversion character ({@code %} for {@code %%}); any character, C's or not
 */
public record PrintfConversion(int start, int end, String flags, String width, boolean widthStar, String precision,
    boolean precisionStar, char conversion) {
  /** The conversion characters C's printf has. */
  public static final String CONVERSIONS = "diouxXcfFeEgGaAspn";

  /** The specification whose {@code %} is at {@code start} of {@code fmt}; null when the format ends before its conversion character. */
  public static PrintfConversion at(String fmt, int start) {
    int i = start + 1;
    int n = fmt.length();
    int from = i;
    while (i < n && "-+ #0".indexOf(fmt.charAt(i)) >= 0) {
      i++;
    }
    String flags = fmt.substring(from, i);
    boolean widthStar = i < n && fmt.charAt(i) == '*';
    from = widthStar ? ++i : i;
    while (!widthStar && i < n && isDigit(fmt.charAt(i))) {
      i++;
    }
    String width = fmt.substring(from, i);
    String precision = null;
    boolean precisionStar = false;
    if (i < n && fmt.charAt(i) == '.') {
      i++;
      precisionStar = i < n && fmt.charAt(i) == '*';
      from = precisionStar ? ++i : i;
      while (!precisionStar && i < n && isDigit(fmt.charAt(i))) {
        i++;
      }
      precision = fmt.substring(from, i);
    }
    while (i < n && "hlLqjzt".indexOf(fmt.charAt(i)) >= 0) {
      i++;
    }
    if (i >= n) {
      return null;
    }
    return new PrintfConversion(start, i + 1, flags, width, widthStar, precision, precisionStar, fmt.charAt(i));
  }

  /** The {@code int} arguments its {@code *}s take before its value. */
  public int stars() {
    return (widthStar ? 1 : 0) + (precisionStar ? 1 : 0);
  }

  /** Whether C's printf has its conversion character. */
  public boolean known() {
    return CONVERSIONS.indexOf(conversion) >= 0;
  }

  /** Its text in {@code fmt}. */
  public String text(String fmt) {
    return fmt.substring(start, end);
  }

  /** Digits as a number, saturated at {@code max} (a width of a billion digits is {@code max}); 0 for none. */
  public static long saturated(String digits, long max) {
    long v = 0;
    for (int k = 0; k < digits.length(); k++) {
      v = Math.min(max, v * 10 + (digits.charAt(k) - '0'));
    }
    return v;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
