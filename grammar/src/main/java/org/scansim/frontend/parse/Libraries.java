package org.scansim.frontend.parse;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.Token;

/**
 * The libraries a CUDA program may use that scansim does not simulate, found by their namespaces
 * in the token stream before parsing ({@code cub::BlockScan}, {@code thrust::device_vector}):
 * each library is refused once, by name, at its first use, and the file is not parsed further,
 * so its templates and classes do not read as a cascade of syntax errors. Names of the C
 * libraries (cuBLAS, cuRAND, ...) are refused by the type checker, where a call is known.
 */
final class Libraries {
  private Libraries() {}

  /** Namespace → the library's name as its users know it. */
  static final Map<String, String> NAMESPACES = Map.of(
      "cub", "CUB",
      "thrust", "Thrust",
      "mgpu", "moderngpu",
      "nvcuda", "the WMMA API (nvcuda::wmma)",
      "cutlass", "CUTLASS",
      "cute", "CUTLASS's CuTe");

  /**
   * The C++ standard library's classes and namespaces programs use that the subset does not
   * have (it has std::cout, std::cerr, std::endl, the C library's functions, and its own <vector>, <chrono>, <string>,
   * <algorithm>, <numeric>, <limits>, <random> and <functional>): refused by name
   * as the libraries are, not read as an unknown type.
   */
  static final Map<String, String> STANDARD = Map.ofEntries(
      Map.entry("mt19937_64", "<random>"), Map.entry("normal_distribution", "<random>"),
      Map.entry("bernoulli_distribution", "<random>"), Map.entry("exponential_distribution", "<random>"),
      Map.entry("unique_ptr", "<memory>"), Map.entry("shared_ptr", "<memory>"),
      Map.entry("thread", "<thread>"), Map.entry("ifstream", "<fstream>"), Map.entry("ofstream", "<fstream>"),
      Map.entry("stringstream", "<sstream>"), Map.entry("ostringstream", "<sstream>"), Map.entry("map", "<map>"),
      Map.entry("array", "<array>"), Map.entry("pair", "<utility>"), Map.entry("tuple", "<tuple>"));

  /** Whether any library was found (and reported) in {@code tokens}. */
  static boolean refused(List<Token> tokens, Spans spans, SyntaxErrors errors) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i + 2 < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.getType() != CudaLexer.IDENTIFIER || tokens.get(i + 1).getType() != CudaLexer.COLON_COLON) {
        continue;
      }
      if (i > 0 && tokens.get(i - 1).getType() == CudaLexer.COLON_COLON) {
        continue; // a::cub::x names a nested namespace, not the library
      }
      if (t.getText().equals("std") && tokens.get(i + 2).getType() == CudaLexer.IDENTIFIER) {
        Token name = tokens.get(i + 2);
        String header = STANDARD.get(name.getText());
        if (header != null && seen.add(header)) {
          int start = t.getStartIndex();
          errors.add(SyntaxErrors.Kind.UNSUPPORTED, start, spans.range(start, name.getStopIndex() + 1),
              "std::" + name.getText() + " is not supported: the C++ standard library's " + header + " is not simulated");
        }
        continue;
      }
      String library = NAMESPACES.get(t.getText());
      if (library == null || !seen.add(library)) {
        continue;
      }
      Token name = tokens.get(i + 2);
      int start = t.getStartIndex();
      int end = name.getType() == CudaLexer.IDENTIFIER ? name.getStopIndex() + 1 : t.getStopIndex() + 1;
      String used = name.getType() == CudaLexer.IDENTIFIER ? t.getText() + "::" + name.getText() : t.getText();
      errors.add(SyntaxErrors.Kind.UNSUPPORTED, start, spans.range(start, end), library + " is not simulated: " + used);
    }
    return !seen.isEmpty();
  }
}
