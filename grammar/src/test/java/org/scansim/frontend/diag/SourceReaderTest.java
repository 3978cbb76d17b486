package org.scansim.frontend.diag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * A kernel file that cannot be read says what it is: a folder, a named pipe, a device, a link
 * out of the folder it must stay in, or the line and column of its first byte that is not UTF-8.
 */
class SourceReaderTest {
  @TempDir Path dir;

  private static String errors(Frontend.Result r) {
    return DiagnosticPrinter.render(r.diagnostics().sorted(), r.diagnostics().dropped());
  }

  @Test
  void invalidUtf8IsPlacedAtItsFirstBadByte() throws IOException {
    Path f = dir.resolve("bad.cu");
    Files.write(f, "int a;\n// ok\nint \u00e9 \u00ff x;\n".getBytes(StandardCharsets.ISO_8859_1));
    // Line 3 is "int " then 0xE9 (not followed by a continuation byte): column 5.
    Frontend.Result r = Frontend.compileFile(f, new LinkedHashMap<>());
    assertThat(r.ok()).isFalse();
    assertThat(errors(r)).startsWith(f + ":3:5: error: invalid UTF-8: byte 0xe9 cannot start or continue a character here");
    assertThat(errors(r)).contains("    3 | int \ufffd \ufffd x;\n      |     ^\n");
  }

  @Test
  void columnsOfInvalidUtf8CountCharactersNotBytes() {
    byte[] bytes = "a\u00e9\u00e9b".getBytes(StandardCharsets.UTF_8); // a, two 2-byte characters, b
    byte[] withBad = java.util.Arrays.copyOf(bytes, bytes.length + 1);
    withBad[bytes.length] = (byte) 0x80;
    SourceReader.Read r = SourceReader.decode(withBad, "x.cu");
    assertThat(r.at().position()).isEqualTo("x.cu:1:5");
  }

  @Test
  void aFolderIsNotNoSuchFile() throws IOException {
    Path d = Files.createDirectory(dir.resolve("scan.cu"));
    assertThat(errors(Frontend.compileFile(d, new LinkedHashMap<>()))).isEqualTo("scansim: error: " + d + ": is a folder, not a file\n");
  }

  @Test
  void aNamedPipeIsRefusedWithoutBlocking() throws Exception {
    Path fifo = dir.resolve("pipe.cu");
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(p.waitFor() == 0, "mkfifo is not available");
    assertThat(errors(Frontend.compileFile(fifo, new LinkedHashMap<>())))
        .isEqualTo("scansim: error: " + fifo + ": is a named pipe (FIFO), not a regular file\n");
  }

  @Test
  void aDeviceFileIsNamed() {
    Path devNull = Path.of("/dev/null");
    assumeTrue(Files.exists(devNull));
    assertThat(errors(Frontend.compileFile(devNull, new LinkedHashMap<>())))
        .isEqualTo("scansim: error: /dev/null: is a character device, not a regular file\n");
  }

  @Test
  void aMissingFileIsNoSuchFile() {
    Path f = dir.resolve("none.cu");
    assertThat(errors(Frontend.compileFile(f, new LinkedHashMap<>()))).isEqualTo("scansim: error: " + f + ": no such file\n");
  }

  @Test
  void aLinkOutOfTheRootFolderIsRefusedAndOneInsideIsRead() throws IOException {
    Path outside = Files.writeString(dir.resolve("secret.txt"), "root:x:0:0\n");
    Path root = Files.createDirectory(dir.resolve("submission"));
    Path link = Files.createSymbolicLink(root.resolve("scan.cu"), outside);
    SourceReader.Read r = SourceReader.read(link, "scan.cu", root);
    assertThat(r.ok()).isFalse();
    assertThat(r.problem()).isEqualTo(SourceReader.LINK_OUT);
    assertThat(r.file()).isNull();
    Path inside = Files.writeString(root.resolve("real.cu"), "int a;\n");
    Path goodLink = Files.createSymbolicLink(root.resolve("alias.cu"), inside);
    assertThat(SourceReader.read(goodLink, "alias.cu", root).file().text()).isEqualTo("int a;\n");
    // Without a root (scansim run), the user's own links are followed.
    assertThat(SourceReader.read(link, "scan.cu").file().text()).isEqualTo("root:x:0:0\n");
  }

  @Test
  void anIncludeThatIsAFolderOrLeavesTheRootSaysSo() throws IOException {
    Path root = Files.createDirectory(dir.resolve("sub"));
    Files.createDirectory(root.resolve("h.cuh"));
    Files.createSymbolicLink(root.resolve("out.cuh"), Files.writeString(dir.resolve("secret.h"), "int secret;\n"));
    Path main = Files.writeString(root.resolve("main.cu"), "#include \"h.cuh\"\n#include \"out.cuh\"\nint a;\n");
    Frontend.Result r = Frontend.compile(SourceReader.read(main, main.toString()).file(), new LinkedHashMap<>(),
        IncludeLoader.within(root));
    assertThat(errors(r)).contains(main + ":1:10: error: h.cuh: is a folder, not a file")
        .contains(main + ":2:10: error: out.cuh: " + SourceReader.LINK_OUT);
    IncludeLoader loader = IncludeLoader.within(root);
    assertThat(loader.load(new SourceFile(main.toString(), ""), "missing.h")).isEqualTo(Optional.empty());
  }

  @Test
  void aFileOverTheSizeLimitIsRefusedBeforeReadingIt() throws IOException {
    Path f = dir.resolve("big.cu");
    try (var ch = Files.newByteChannel(f, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
      ch.position(4L << 30); // a sparse 4 GiB file: reading it whole would run the test's heap out
      ch.write(java.nio.ByteBuffer.wrap(new byte[] {'\n'}));
    }
    assertThat(errors(Frontend.compileFile(f, new LinkedHashMap<>()))).isEqualTo("scansim: error: " + f + ": file is larger than 8 MiB\n");
  }

  @Test
  void whatLiesOutsideTheFolderGetsOneAnswerWhetherItExistsOrNot() throws IOException {
    Path root = Files.createDirectory(dir.resolve("sub"));
    Files.writeString(dir.resolve("exists.h"), "int x;\n");
    // By name: an absolute path or one that climbs out is refused before the file system is asked.
    for (String name : new String[] {"../exists.h", "../missing.h", dir.resolve("exists.h").toString(), "/no/such/file.h"}) {
      assertThat(SourceReader.read(root.resolve(name), name, root).problem()).as(name).isEqualTo(SourceReader.OUTSIDE);
    }
    // By link: one leading out to a file and one leading nowhere read the same.
    Files.createSymbolicLink(root.resolve("a.h"), dir.resolve("exists.h"));
    Files.createSymbolicLink(root.resolve("b.h"), dir.resolve("missing.h"));
    assertThat(SourceReader.read(root.resolve("a.h"), "a.h", root).problem()).isEqualTo(SourceReader.LINK_OUT);
    assertThat(SourceReader.read(root.resolve("b.h"), "b.h", root).problem()).isEqualTo(SourceReader.LINK_OUT);
    // A folder inside that is a link out of it.
    Files.createSymbolicLink(root.resolve("inc"), dir);
    assertThat(SourceReader.read(root.resolve("inc/exists.h"), "inc/exists.h", root).problem()).isEqualTo(SourceReader.LINK_OUT);
    // Where links are not read at all, even one to a file inside the folder is refused.
    Path own = Files.writeString(root.resolve("own.cu"), "int y;\n");
    Files.createSymbolicLink(root.resolve("alias.cu"), own);
    assertThat(SourceReader.read(root.resolve("alias.cu"), "alias.cu", root, false).problem()).isEqualTo(SourceReader.NO_LINKS);
    assertThat(SourceReader.read(root.resolve("alias.cu"), "alias.cu", root, true).ok()).isTrue();
    assertThat(SourceReader.read(root.resolve("nothing.cu"), "nothing.cu", root).problem()).isEqualTo("no such file");
  }
}
