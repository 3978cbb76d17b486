package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program's {@code <cstdio>} streams: files read from its folder and never outside it, files
 * written to memory and never to the disk, standard input, and the scanf and sprintf families
 * with C's conversions (the expected lines are what the same program printed built with g++ 12 on
 * x86-64 Linux).
 */
class ProgramFilesTest {
  @TempDir Path dir;

  @Test
  void scanfAndSprintfConvertAsTheCLibraryDoes() throws Exception {
    Path f = Files.writeString(dir.resolve("conv.cu"), """
        #include <cstdio>
        #include <cstring>
        int main() {
          int a = -1, b = -1, n = -1; unsigned u = 0; long l = 0; short h = 0; double d = 0; float f = 0;
          char s[8] = "", c[3] = "xx", set[8] = "";
          int r1 = sscanf("  -42 0x1F 077 junk", "%d %i %i %s", &a, &b, &n, s);
          printf("r1=%d a=%d b=%d n=%d s=%s\\n", r1, a, b, n, s);
          int r2 = sscanf("3.5e2,1.25;abc123 xyz", "%lf,%f;%[a-z]%n", &d, &f, set, &n);
          printf("r2=%d d=%g f=%g set=%s n=%d\\n", r2, d, f, set, n);
          int r3 = sscanf("12 34 56", "%*d %ld %hd", &l, &h);
          printf("r3=%d l=%ld h=%d\\n", r3, l, h);
          int r4 = sscanf("", "%d", &a);
          int r5 = sscanf("abc", "%d", &a);
          int r6 = sscanf("7x", "%dx%u", &a, &u);
          printf("r4=%d r5=%d r6=%d a=%d\\n", r4, r5, r6, a);
          int r7 = sscanf("AB", "%2c", c);
          printf("r7=%d c=%c%c\\n", r7, c[0], c[1]);
          int r8 = sscanf("100%", "%d%%", &a);
          printf("r8=%d a=%d\\n", r8, a);
          char buf[16];
          snprintf(buf, sizeof buf, "%s-%05.1f|%x", "value", 3.14159, 255);
          printf("[%s] %zu\\n", buf, strlen(buf));
          snprintf(buf, 6, "%d", 123456789);
          printf("[%s]\\n", buf);
          sprintf(buf, "%c%c%-4d|", 'o', 'k', 7);
          printf("[%s]\\n", buf);
          char word[] = "scan";
          printf("%zu %s\\n", sizeof word, word);
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("""
        r1=4 a=-42 b=31 n=63 s=junk
        r2=3 d=350 f=1.25 set=abc n=14
        r3=2 l=34 h=56
        r4=-1 r5=0 r6=1 a=7
        r7=1 c=AB
        r8=1 a=100
        [value-003.1|ff] 14
        [12345]
        [ok7   |]
        5 scan
        """);
  }

  private static final String FILES = """
      #include <cstdio>
      int main(int argc, char **argv) {
        FILE *in = fopen(argv[1], "r");
        if (!in) { perror(argv[1]); return 2; }
        int n = 0, sum = 0, v;
        while (fscanf(in, "%d", &v) == 1) { sum += v; n++; }
        printf("%d values, sum %d, eof %d\\n", n, sum, feof(in));
        fclose(in);
        FILE *out = fopen("out/sums.txt", "w");
        fprintf(out, "sum=%d\\n", sum);
        fputs("done\\n", out);
        fclose(out);
        FILE *back = fopen("out/sums.txt", "r");
        char line[32];
        while (fgets(line, sizeof line, back)) printf("read back: %s", line);
        fclose(back);
        printf("system: %d\\n", system("mkdir -p out"));
        return 0;
      }
      """;

  @Test
  void aProgramReadsItsFolderAndWritesOnlyToMemory() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("prog"));
    Path f = Files.writeString(folder.resolve("files.cu"), FILES);
    Files.writeString(folder.resolve("data.txt"), "1 2 3\n4\n");
    CliRun r = CliRun.of("run", f.toString(), "--no-timing", "--files-from", folder.toString(), "--", "data.txt");
    assertThat(r.code()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).startsWith("4 values, sum 10, eof 1\nread back: sum=10\nread back: done\nsystem: -1\n")
        .contains("note: system(\"mkdir -p out\") was not run: a run starts no commands; it returned -1")
        .contains("note: the program read 'data.txt' from its files' folder (--files-from DIR, else the current one)")
        .contains("note: the program wrote 'out/sums.txt' (12 bytes), kept in memory: a run writes nothing to the disk");
    assertThat(folder.resolve("out")).doesNotExist();
  }

  @Test
  void aFileOutsideTheFolderIsNotRead() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("prog"));
    Path f = Files.writeString(folder.resolve("files.cu"), FILES);
    Files.writeString(dir.resolve("secret.txt"), "31337\n");
    Files.createSymbolicLink(folder.resolve("link.txt"), dir.resolve("secret.txt"));
    for (String name : new String[] {"../secret.txt", dir.resolve("secret.txt").toString(), "link.txt"}) {
      CliRun r = CliRun.of("run", f.toString(), "--no-timing", "--files-from", folder.toString(), "--", name);
      assertThat(r.code()).as(name).isEqualTo(2);
      assertThat(r.out()).as(name).startsWith(name + ": Permission denied\n")
          .contains("note: a program reads only files of its folder: fopen(\"" + name + "\") returned NULL")
          .doesNotContain("31337");
    }
    CliRun missing = CliRun.of("run", f.toString(), "--no-timing", "--files-from", folder.toString(), "--", "none.txt");
    assertThat(missing.out()).startsWith("none.txt: No such file or directory\n");
  }

  @Test
  void scanfReadsStandardInput() throws Exception {
    Path f = Files.writeString(dir.resolve("stdin.cu"), """
        #include <cstdio>
        int main() {
          int n, total = 0, v;
          if (scanf("%d", &n) != 1) { fprintf(stderr, "no count\\n"); return 1; }
          for (int i = 0; i < n && scanf("%d", &v) == 1; i++) total += v;
          char name[16];
          int got = fscanf(stdin, "%15s", name);
          printf("total %d, then %d: %s, getchar %d\\n", total, got, name, getchar());
          return 0;
        }
        """);
    InputStream before = System.in;
    try {
      System.setIn(new ByteArrayInputStream("3\n10 20 30\nblelloch\n".getBytes(StandardCharsets.UTF_8)));
      CliRun r = CliRun.of("run", f.toString(), "--no-timing");
      assertThat(r.out()).startsWith("total 60, then 1: blelloch, getchar 10\n");
      System.setIn(new ByteArrayInputStream(new byte[0]));
      CliRun empty = CliRun.of("run", f.toString(), "--no-timing");
      assertThat(empty.code()).isEqualTo(1);
      assertThat(empty.out()).startsWith("no count\n");
    } finally {
      System.setIn(before);
    }
  }

  @Test
  void misusedStreamsAndOverflowingBuffersAreFaultsAtTheirCalls() throws Exception {
    String[][] cases = {
        {"FILE *f = fopen(\"x.txt\", \"w\"); fclose(f); fprintf(f, \"%d\", 1);",
            "fprintf of a FILE pointer that is not an open stream (fopen did not return it, or fclose closed it)"},
        {"FILE *f = fopen(\"none.txt\", \"r\"); int v; fscanf(f, \"%d\", &v);", "fscanf of a null FILE pointer (did fopen fail?)"},
        {"char b[4]; sprintf(b, \"%d\", 123456);", "out-of-bounds host access at byte 4 of 'b' (4 bytes)"},
        {"int v; sscanf(\"1 2\", \"%d %d\", &v);", "the format converts more values than the call passes places for (1)"},
        {"short s; sscanf(\"1\", \"%d\", &s);", "out-of-bounds host access at byte 0 of 's' (2 bytes)"},
    };
    for (String[] c : cases) {
      Path f = Files.writeString(dir.resolve("bad.cu"), "#include <cstdio>\nint main() {\n  " + c[0] + "\n  return 0;\n}\n");
      CliRun r = CliRun.of("run", f.toString(), "--no-timing");
      assertThat(r.code()).as(c[0] + r.out() + r.err()).isEqualTo(Main.KERNEL_FAULT);
      assertThat(r.out()).as(c[0]).contains("bad.cu:3:").contains(c[1]);
    }
  }
}
