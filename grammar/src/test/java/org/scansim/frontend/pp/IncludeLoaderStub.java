package org.scansim.frontend.pp;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.scansim.frontend.diag.SourceFile;

/** An in-memory file system for #include tests; each name always yields the same SourceFile. */
final class IncludeLoaderStub implements IncludeLoader {
  private final Map<String, SourceFile> files = new HashMap<>();
  int loads;

  IncludeLoaderStub with(String name, String text) {
    files.put(name, new SourceFile(name, text));
    return this;
  }

  @Override
  public Optional<SourceFile> load(SourceFile includer, String name) {
    loads++;
    return Optional.ofNullable(files.get(name));
  }
}
