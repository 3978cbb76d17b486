package org.scansim.sim.host;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;

/**
 * The C library calls of host code ({@link org.scansim.frontend.sema.CLibrary}), on the host
 * interpreter's memory: numbers from text, glibc's {@code rand}, strings, memory, output, time
 * and {@code <cmath>}. Every pointer is checked as a host access is (a device pointer, NULL, a
 * freed block or a range past its end is a fault at the call). Deterministic: {@code time} is
 * the epoch, {@code clock} counts the host's instructions (a nanosecond each).
 */
final class HostLibrary {
  /** glibc's RAND_MAX. */
  static final int RAND_MAX = Integer.MAX_VALUE;

  private final HostInterpreter host;
  /**
   * glibc's TYPE_3 additive generator (random_r.c), x[i] = x[i-3] + x[i-31], each result x[i] >>> 1,
   * made {@link #RAND_BATCH} at a time: the last 31 values, oldest first, then the batch. One value
   * at a time, each waited for the one three before it through memory (about 9 ns a call on the
   * reference machine, the most of a fill loop's time); a batch's loop has no such wait.
   */
  private final int[] rands = new int[31 + RAND_BATCH];
  /** The next value's index in {@link #rands}; its length when the batch is used up. */
  private int nextRand;

  static final int RAND_BATCH = 1024;

  HostLibrary(HostInterpreter host) {
    this.host = host;
    srand(1);
  }

  /** {@code cudaErrorInvalidResourceHandle}: an event that was never created, or never recorded. */
  private static final int INVALID_RESOURCE_HANDLE = 400;

  /** Each event's recorded device time in ns (-1: no timing model), null until recorded; event k is handle k + 1. */
  private final List<Long> events = new ArrayList<>();

  private boolean event(long handle) {
    return handle >= 1 && handle <= events.size();
  }

  /**
   * The program's clock in nanoseconds: its host instructions (a nanosecond each) plus the
   * timing model's time of its launches (none without one). Deterministic, as a run must be;
   * not the machine's clock.
   */
  private long clockNanos() {
    host.note("the program's clocks (clock, gettimeofday, clock_gettime, time) count its host instructions, a nanosecond each, and the"
        + " timing model's time of its launches: deterministic, not the machine's time");
    return host.steps() + Math.max(0, host.deviceNanos());
  }

  /** Calls {@code name} with register-form arguments; returns its result in register form (0 for void). */
  long call(String name, long[] a, CInsn in) {
    return switch (name) {
      case "atoi" -> (int) integer(string(a[0], in), 10).signed();
      case "atol", "atoll" -> integer(string(a[0], in), 10).signed();
      case "strtol", "strtoll", "strtoul", "strtoull" -> strtol(name, a, in);
      case "atof" -> Alu.d(real(string(a[0], in)).value);
      case "strtod", "strtof" -> strtod(name.equals("strtof"), a, in);
      case "rand" -> rand();
      case "srand" -> {
        srand((int) a[0]);
        yield 0;
      }
      case "abort" -> throw Fault.abort(in.span);
      case "labs", "llabs" -> Math.abs(a[0]);
      case "strlen" -> string(a[0], in).length;
      case "strcmp" -> compare(string(a[0], in), string(a[1], in), Long.MAX_VALUE);
      case "strncmp" -> compare(string(a[0], a[2], in), string(a[1], a[2], in), a[2]);
      case "strcpy", "strcat" -> {
        byte[] s = string(a[1], in);
        long at = name.equals("strcat") ? Ptr.add(a[0], string(a[0], in).length) : a[0];
        write(at, s, s.length, true, in);
        yield a[0];
      }
      case "strncpy" -> {
        byte[] s = string(a[1], a[2], in); // at most n bytes are read: the source need not end within them
        write(a[0], s, (int) Math.min(s.length, a[2]), false, in);
        for (long i = s.length; i < a[2]; i++) {
          host.store(Ptr.add(a[0], i), IrType.I8, 0, in); // strncpy pads with NULs to n
        }
        yield a[0];
      }
      case "strchr", "strrchr" -> find(a[0], (byte) a[1], name.equals("strrchr"), in);
      case "strstr" -> {
        String hay = new String(string(a[0], in), StandardCharsets.ISO_8859_1);
        int at = hay.indexOf(new String(string(a[1], in), StandardCharsets.ISO_8859_1));
        yield at < 0 ? 0 : Ptr.add(a[0], at);
      }
      case "memcpy", "memmove" -> {
        host.copyHost(a[0], a[1], a[2], name, in);
        yield a[0];
      }
      case "memset" -> {
        host.setHost(a[0], (byte) a[1], a[2], in);
        yield a[0];
      }
      case "memcmp" -> memcmp(a[0], a[1], a[2], in);
      case "puts" -> {
        host.print(text(a[0], in) + "\n");
        yield 1;
      }
      case "putchar" -> {
        host.print(new String(new byte[] {(byte) a[0]}, StandardCharsets.ISO_8859_1));
        yield a[0] & 0xFF;
      }
      case "fopen" -> files().open(text(a[0], in), text(a[1], in), in);
      case "fclose" -> files().close(a[0], in);
      case "fflush" -> {
        if (a[0] != 0 && a[0] != HostFiles.STDOUT && a[0] != HostFiles.STDERR) {
          files().stream(a[0], name, in);
        }
        yield 0;
      }
      case "feof" -> files().stream(a[0], name, in).eof ? 1 : 0;
      case "ferror" -> files().stream(a[0], name, in).error ? 1 : 0;
      case "rewind" -> {
        HostFiles.Stream s = files().stream(a[0], name, in);
        s.position = 0;
        s.eof = false;
        s.error = false;
        yield 0;
      }
      case "fgetc", "getc", "getchar" -> readable(name.equals("getchar") ? HostFiles.STDIN : a[0], name, in).read();
      case "fgets" -> fgets(a[0], (int) a[1], a[2], in);
      case "fputc", "putc" -> files().write(a[1], new byte[] {(byte) a[0]}, name, in) ? a[0] & 0xFF : -1;
      case "fputs" -> files().write(a[1], string(a[0], in), name, in) ? 1 : -1;
      case "fread" -> fread(a[0], a[1], a[2], a[3], in);
      case "fwrite" -> fwrite(a[0], a[1], a[2], a[3], in);
      case "fscanf", "scanf", "sscanf" -> {
        int fixed = name.equals("scanf") ? 1 : 2;
        HostFiles.Stream from = switch (name) {
          case "scanf" -> readable(HostFiles.STDIN, name, in);
          case "sscanf" -> Scanf.ofString(string(a[0], in));
          default -> readable(a[0], name, in);
        };
        String format = new String(string(a[fixed - 1], in), StandardCharsets.ISO_8859_1);
        yield Scanf.scan(host, from, format, java.util.Arrays.copyOfRange(a, fixed, a.length), in);
      }
      case "perror" -> {
        String s = a[0] == 0 ? "" : text(a[0], in);
        host.print((s.isEmpty() ? "" : s + ": ") + files().lastError + "\n");
        yield 0;
      }
      case "remove" -> {
        host.note("remove(\"" + text(a[0], in) + "\") was not done: a run deletes no file");
        yield -1;
      }
      case "system" -> {
        if (a[0] == 0) {
          yield 0; // no command processor
        }
        host.note("system(\"" + text(a[0], in) + "\") was not run: a run starts no"
            + " commands; it returned -1");
        yield -1;
      }
      case "time" -> {
        long t = clockNanos() / 1_000_000_000L; // from the epoch: a run's output does not depend on when it ran
        if (a[0] != 0) {
          host.store(a[0], IrType.I64, t, in);
        }
        yield t;
      }
      case "clock" -> clockNanos() / 1000; // CLOCKS_PER_SEC is 1000000
      case "gettimeofday" -> {
        long ns = clockNanos();
        host.store(a[0], IrType.I64, ns / 1_000_000_000L, in);
        host.store(Ptr.add(a[0], 8), IrType.I64, ns / 1000 % 1_000_000L, in);
        yield 0;
      }
      case "clock_gettime", "timespec_get" -> {
        long ts = name.equals("clock_gettime") ? a[1] : a[0];
        long ns = clockNanos();
        host.store(ts, IrType.I64, ns / 1_000_000_000L, in);
        host.store(Ptr.add(ts, 8), IrType.I64, ns % 1_000_000_000L, in);
        yield name.equals("clock_gettime") ? 0 : a[1]; // timespec_get returns its base, TIME_UTC
      }
      case "cudaEventCreate", "cudaEventCreateWithFlags" -> {
        events.add(null);
        host.store(a[0], IrType.U64, events.size(), in); // handles 1, 2, ...: never NULL
        yield 0;
      }
      case "cudaEventRecord" -> {
        if (!event(a[0])) {
          yield INVALID_RESOURCE_HANDLE;
        }
        events.set((int) a[0] - 1, host.deviceNanos());
        yield 0;
      }
      case "cudaEventSynchronize", "cudaEventQuery", "cudaEventDestroy" -> event(a[0]) ? 0 : INVALID_RESOURCE_HANDLE;
      case "cudaEventElapsedTime" -> {
        if (!event(a[1]) || !event(a[2]) || events.get((int) a[1] - 1) == null || events.get((int) a[2] - 1) == null) {
          yield INVALID_RESOURCE_HANDLE;
        }
        long from = events.get((int) a[1] - 1);
        long to = events.get((int) a[2] - 1);
        boolean timed = from >= 0 && to >= 0;
        host.note(timed ? "cudaEventElapsedTime gives the timing model's predicted time of the launches between its events"
            : "cudaEventElapsedTime gave 0 ms: the run has no timing model (--no-timing, or a preset without one)");
        host.store(a[0], IrType.F32, Alu.f(timed ? (to - from) / 1e6f : 0f), in);
        yield 0;
      }
      case "cudaStreamCreate", "cudaStreamCreateWithFlags" -> {
        host.store(a[0], IrType.U64, 0, in); // every stream is the default stream: launches run in program order
        yield 0;
      }
      case "cudaStreamSynchronize", "cudaStreamDestroy" -> 0;
      case "cudaGetDeviceProperties" -> deviceProperties(a[0], (int) a[1], in);
      case "cudaDeviceGetAttribute" -> {
        DeviceProperties p = host.properties();
        if (p == null || a[2] != 0) {
          yield 101; // cudaErrorInvalidDevice
        }
        Long v = attribute(p, (int) a[1]);
        if (v == null) {
          yield 1; // cudaErrorInvalidValue: an attribute scansim does not answer
        }
        host.store(a[0], IrType.I32, v, in);
        yield 0;
      }
      case "cudaMallocHost", "cudaHostAlloc" -> {
        long p = host.allocate(name, a[1], in);
        if (p == 0) {
          yield 2; // cudaErrorMemoryAllocation
        }
        host.store(a[0], IrType.PTR, p, in);
        yield 0;
      }
      case "cudaFreeHost" -> host.release(a[0], List.of("cudaMallocHost", "cudaHostAlloc")) ? 0 : 1;
      default -> math(name, a, in);
    };
  }

  // ---- the device's properties ----

  /**
   * The fields of {@code cudaDeviceProp} as the built-in {@code cuda_runtime.h} declares them
   * (pp.SystemHeaders), in order: name, element size, count. Their offsets follow C's layout.
   */
  private static final Object[][] PROP_FIELDS = {
    {"name", 1, 256}, {"totalGlobalMem", 8, 1}, {"sharedMemPerBlock", 8, 1}, {"regsPerBlock", 4, 1}, {"warpSize", 4, 1},
    {"memPitch", 8, 1}, {"maxThreadsPerBlock", 4, 1}, {"maxThreadsDim", 4, 3}, {"maxGridSize", 4, 3}, {"clockRate", 4, 1},
    {"totalConstMem", 8, 1}, {"major", 4, 1}, {"minor", 4, 1}, {"multiProcessorCount", 4, 1}, {"maxThreadsPerMultiProcessor", 4, 1},
    {"maxBlocksPerMultiProcessor", 4, 1}, {"sharedMemPerMultiprocessor", 8, 1}, {"sharedMemPerBlockOptin", 8, 1},
    {"regsPerMultiprocessor", 4, 1}, {"memoryClockRate", 4, 1}, {"memoryBusWidth", 4, 1}, {"l2CacheSize", 4, 1},
    {"concurrentKernels", 4, 1}, {"unifiedAddressing", 4, 1}, {"managedMemory", 4, 1}, {"deviceOverlap", 4, 1},
    {"asyncEngineCount", 4, 1}, {"integrated", 4, 1}, {"canMapHostMemory", 4, 1}, {"computeMode", 4, 1}, {"ECCEnabled", 4, 1},
    {"pciBusID", 4, 1}, {"pciDeviceID", 4, 1}, {"kernelExecTimeoutEnabled", 4, 1}};

  /** cudaGetDeviceProperties: the preset's numbers into {@code *prop} (the rest 0), or cudaErrorInvalidDevice. */
  private long deviceProperties(long prop, int device, CInsn in) {
    DeviceProperties p = host.properties();
    if (p == null || device != 0) {
      return 101;
    }
    java.util.Map<String, long[]> values = new java.util.HashMap<>();
    values.put("totalGlobalMem", new long[] {p.totalGlobalMem()});
    values.put("sharedMemPerBlock", new long[] {p.sharedMemPerBlock()});
    values.put("regsPerBlock", new long[] {65536});
    values.put("warpSize", new long[] {p.warpSize()});
    values.put("memPitch", new long[] {Integer.MAX_VALUE});
    values.put("maxThreadsPerBlock", new long[] {p.maxThreadsPerBlock()});
    values.put("maxThreadsDim", new long[] {p.maxThreadsPerBlock(), p.maxThreadsPerBlock(), 64});
    values.put("maxGridSize", new long[] {p.major() >= 3 ? Integer.MAX_VALUE : 65535, 65535, 65535});
    values.put("totalConstMem", new long[] {65536});
    values.put("major", new long[] {p.major()});
    values.put("minor", new long[] {p.minor()});
    values.put("multiProcessorCount", new long[] {p.multiProcessorCount()});
    values.put("maxThreadsPerMultiProcessor", new long[] {p.maxThreadsPerMultiProcessor()});
    values.put("maxBlocksPerMultiProcessor", new long[] {p.maxBlocksPerMultiProcessor()});
    values.put("sharedMemPerMultiprocessor", new long[] {p.sharedMemPerMultiprocessor()});
    values.put("sharedMemPerBlockOptin", new long[] {p.sharedMemPerBlockOptin()});
    values.put("concurrentKernels", new long[] {1});
    values.put("unifiedAddressing", new long[] {1});
    values.put("managedMemory", new long[] {1});
    long offset = 0;
    for (Object[] f : PROP_FIELDS) {
      int size = (Integer) f[1];
      int count = (Integer) f[2];
      offset = (offset + size - 1) / size * size;
      if (f[0].equals("name")) {
        byte[] name = p.name().getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < count; i++) {
          host.store(Ptr.add(prop, offset + i), IrType.I8, i < Math.min(name.length, count - 1) ? name[i] : 0, in);
        }
      } else {
        long[] v = values.getOrDefault((String) f[0], new long[count]);
        for (int i = 0; i < count; i++) {
          host.store(Ptr.add(prop, offset + (long) i * size), size == 8 ? IrType.I64 : IrType.I32, i < v.length ? v[i] : 0, in);
        }
      }
      offset += (long) size * count;
    }
    return 0;
  }

  /** cudaDeviceGetAttribute's answer for {@code attribute} (cudaDeviceAttr), or null for one it does not answer. */
  private static Long attribute(DeviceProperties p, int attribute) {
    return switch (attribute) {
      case 1, 2, 3 -> (long) (attribute == 1 ? p.maxThreadsPerBlock() : p.maxThreadsPerBlock());
      case 4 -> 64L;
      case 5 -> (long) (p.major() >= 3 ? Integer.MAX_VALUE : 65535);
      case 6, 7 -> 65535L;
      case 8 -> p.sharedMemPerBlock();
      case 10 -> (long) p.warpSize();
      case 16 -> (long) p.multiProcessorCount();
      case 13, 36, 37, 38 -> 0L; // clocks, the memory bus and the L2 cache are not modelled: 0, as DeviceProperties says
      case 39 -> (long) p.maxThreadsPerMultiProcessor();
      case 75 -> (long) p.major();
      case 76 -> (long) p.minor();
      case 81 -> p.sharedMemPerMultiprocessor();
      case 97 -> p.sharedMemPerBlockOptin();
      default -> null;
    };
  }

  // ---- glibc's rand ----

  /** srand: the state from the seed by Park and Miller's generator (16807 x mod 2^31 - 1), then 310 steps discarded, as glibc does. */
  private void srand(int seed) {
    long word = seed == 0 ? 1 : seed & 0xFFFF_FFFFL;
    word = (int) word; // glibc keeps the seed in an int32_t
    int[] r = new int[31];
    r[0] = (int) word;
    for (int i = 1; i < 31; i++) {
      long hi = word / 127773;
      long lo = word % 127773;
      word = 16807 * lo - 2836 * hi;
      if (word < 0) {
        word += 2147483647;
      }
      r[i] = (int) word;
    }
    // glibc's table as a ring, its front (the next word written) at 3: oldest first from there,
    // placed where the next batch takes its 31 values from.
    for (int j = 0; j < 31; j++) {
      rands[RAND_BATCH + j] = r[(3 + j) % 31];
    }
    nextRand = rands.length;
    for (int i = 0; i < 310; i++) {
      rand();
    }
  }

  int rand() {
    if (nextRand == rands.length) {
      nextRands();
    }
    return (rands[nextRand++] >>> 1) & 0x7FFF_FFFF; // small enough for either JIT compiler to inline
  }

  /** The next batch of values, from the last 31. */
  private void nextRands() {
    System.arraycopy(rands, RAND_BATCH, rands, 0, 31);
    for (int i = 31; i < rands.length; i++) {
      rands[i] = rands[i - 31] + rands[i - 3];
    }
    nextRand = 31;
  }

  // ---- streams ----

  private HostFiles files() {
    return host.files();
  }

  /** The stream {@code f} for reading; a fault for a stream opened to write. */
  private HostFiles.Stream readable(long f, String name, CInsn in) {
    if (f == HostFiles.STDOUT || f == HostFiles.STDERR) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, name + " reads from an output stream");
    }
    HostFiles.Stream s = files().stream(f, name, in);
    if (!s.reads()) {
      s.error = true;
    }
    return s;
  }

  /** {@code fgets(s, n, f)}: up to n - 1 bytes, through a newline, and a NUL; NULL at the end with nothing read. */
  private long fgets(long p, int n, long f, CInsn in) {
    HostFiles.Stream s = readable(f, "fgets", in);
    if (n <= 0) {
      return 0;
    }
    int k = 0;
    while (k < n - 1) {
      int c = s.read();
      if (c < 0) {
        break;
      }
      host.store(Ptr.add(p, k++), IrType.I8, c, in);
      if (c == '\n') {
        break;
      }
    }
    if (k == 0 && n > 1) {
      return 0;
    }
    host.store(Ptr.add(p, k), IrType.I8, 0, in);
    return p;
  }

  /** {@code fread(p, size, count, f)}: whole elements read into host memory, as many as there are. */
  private long fread(long p, long size, long count, long f, CInsn in) {
    HostFiles.Stream s = readable(f, "fread", in);
    if (size <= 0 || count <= 0) {
      return 0;
    }
    long elements = 0;
    for (; elements < count; elements++) {
      if (s.input == null || s.input.length - s.position < size) {
        s.eof = true;
        break;
      }
      for (long b = 0; b < size; b++) {
        host.store(Ptr.add(p, elements * size + b), IrType.I8, s.read(), in);
      }
    }
    return elements;
  }

  /** {@code fwrite(p, size, count, f)}: the bytes of host memory to the stream; the elements written. */
  private long fwrite(long p, long size, long count, long f, CInsn in) {
    if (size <= 0 || count <= 0) {
      return 0;
    }
    long n = Math.multiplyHigh(size, count) != 0 || size * count > HostFiles.MAX_BYTES ? HostFiles.MAX_BYTES + 1L : size * count;
    if (n > HostFiles.MAX_BYTES) {
      files().stream(f, "fwrite", in).error = true;
      return 0;
    }
    byte[] bytes = new byte[(int) n];
    for (int b = 0; b < n; b++) {
      bytes[b] = (byte) host.load(Ptr.add(p, b), IrType.I8, in);
    }
    return files().write(f, bytes, "fwrite", in) ? count : 0;
  }

  // ---- strings ----

  /** The C string at {@code p} as text (UTF-8), as a path, a message or printed words. */
  private String text(long p, CInsn in) {
    return new String(string(p, in), StandardCharsets.UTF_8);
  }

  /** The bytes of the C string at {@code p}, up to its NUL (a string without one is read past its end: a fault). */
  private byte[] string(long p, CInsn in) {
    return string(p, -1, in);
  }

  /** As above, reading at most {@code limit} bytes (unsigned; -1: no limit), as the n functions read. */
  private byte[] string(long p, long limit, CInsn in) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (long q = p; Long.compareUnsigned(out.size(), limit) < 0; q = Ptr.add(q, 1)) {
      byte b = (byte) host.load(q, IrType.I8, in);
      if (b == 0) {
        return out.toByteArray();
      }
      out.write(b);
    }
    return out.toByteArray();
  }

  private void write(long p, byte[] s, int n, boolean nul, CInsn in) {
    for (int i = 0; i < n; i++) {
      host.store(Ptr.add(p, i), IrType.I8, s[i], in);
    }
    if (nul) {
      host.store(Ptr.add(p, n), IrType.I8, 0, in);
    }
  }

  private static long compare(byte[] a, byte[] b, long n) {
    for (int i = 0; i < n; i++) {
      int x = i < a.length ? a[i] & 0xFF : 0;
      int y = i < b.length ? b[i] & 0xFF : 0;
      if (x != y || x == 0) {
        return x - y; // the bytes' difference, as glibc returns it
      }
    }
    return 0;
  }

  private long find(long p, byte c, boolean last, CInsn in) {
    byte[] s = string(p, in);
    int at = -1;
    for (int i = 0; i <= s.length; i++) { // the NUL itself is found, as C finds it
      byte b = i < s.length ? s[i] : 0;
      if (b == c) {
        at = i;
        if (!last) {
          break;
        }
      }
    }
    return at < 0 ? 0 : Ptr.add(p, at);
  }

  private long memcmp(long p, long q, long n, CInsn in) {
    for (long i = 0; i < n; i++) {
      int x = (int) host.load(Ptr.add(p, i), IrType.U8, in);
      int y = (int) host.load(Ptr.add(q, i), IrType.U8, in);
      if (x != y) {
        return x - y;
      }
    }
    return 0;
  }

  // ---- numbers from text ----

  /** A number read from the start of a string: its value and how many bytes it took (0: none). */
  private record Parsed<T>(T value, int length) {}

  /** An integer read from text: its magnitude (unsigned), sign, whether it passed 2^64, and the bytes it took (0: none). */
  private record Whole(long magnitude, boolean negative, boolean overflow, int length) {
    /** As strtol reads it: clamped to a long's range (C11 §7.22.1.4p8). */
    long signed() {
      if (overflow || !negative && magnitude < 0 || negative && Long.compareUnsigned(magnitude, Long.MIN_VALUE) > 0) {
        return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
      return negative ? -magnitude : magnitude;
    }

    /** As strtoul reads it: ULONG_MAX past its range, a minus sign negating in unsigned arithmetic. */
    long unsigned() {
      return overflow ? -1L : negative ? -magnitude : magnitude;
    }
  }

  /**
   * C's integer syntax after optional white space and sign (C11 §7.22.1.4): base 0 reads a
   * {@code 0x} prefix as 16 and a leading 0 as 8; a base outside 2..36 reads nothing.
   */
  private static Whole integer(byte[] s, int base) {
    int i = 0;
    while (i < s.length && Character.isWhitespace(s[i])) {
      i++;
    }
    boolean negative = false;
    if (i < s.length && (s[i] == '+' || s[i] == '-')) {
      negative = s[i] == '-';
      i++;
    }
    if ((base == 0 || base == 16) && i + 2 < s.length && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')
        && Character.digit(s[i + 2], 16) >= 0) {
      i += 2;
      base = 16;
    } else if (base == 0) {
      base = i < s.length && s[i] == '0' ? 8 : 10;
    }
    if (base < 2 || base > 36) {
      return new Whole(0, false, false, 0);
    }
    long v = 0;
    int start = i;
    boolean overflow = false;
    while (i < s.length && Character.digit(s[i], base) >= 0) {
      int d = Character.digit(s[i], base);
      overflow |= Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, base)) > 0;
      v = v * base + d;
      i++;
    }
    return i == start ? new Whole(0, false, false, 0) : new Whole(v, negative, overflow, i);
  }

  private long strtol(String name, long[] a, CInsn in) {
    byte[] s = string(a[0], in);
    Whole w = integer(s, (int) a[2]);
    if (a[1] != 0) {
      host.store(a[1], IrType.PTR, w.length == 0 ? a[0] : Ptr.add(a[0], w.length), in);
    }
    return name.startsWith("strtoul") ? w.unsigned() : w.signed();
  }

  private static final Pattern REAL = Pattern.compile(
      "\\s*([+-]?(?:(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|(?i:inf(?:inity)?)|(?i:nan)))");

  /** C's decimal floating syntax, and inf, infinity and nan, after optional white space (hexadecimal floats are not read). */
  private static Parsed<Double> real(byte[] s) {
    Matcher m = REAL.matcher(new String(s, StandardCharsets.ISO_8859_1));
    if (!m.lookingAt()) {
      return new Parsed<>(0.0, 0);
    }
    String t = m.group(1).toLowerCase(java.util.Locale.ROOT);
    double v = t.contains("nan") ? Double.NaN : t.contains("inf") ? (t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY)
        : Double.parseDouble(t);
    return new Parsed<>(v, m.end());
  }

  private long strtod(boolean single, long[] a, CInsn in) {
    Parsed<Double> p = real(string(a[0], in));
    if (a[1] != 0) {
      host.store(a[1], IrType.PTR, p.length == 0 ? a[0] : Ptr.add(a[0], p.length), in);
    }
    return single ? Alu.f((float) (double) p.value) : Alu.d(p.value);
  }

  // ---- <cmath> ----

  /** Functions {@link #call} sends to {@link #math} that host loops call often: pure, quick, no clock read needed ({@link HostCode#MATH}). */
  static final java.util.Set<String> PURE_MATH = java.util.Set.of("fabs", "fabsf", "sqrt", "sqrtf", "floor", "floorf",
      "ceil", "ceilf", "fmin", "fminf", "fmax", "fmaxf", "exp", "expf", "log", "logf", "pow", "powf");

  private static long math(String name, long[] a, CInsn in) {
    boolean single = name.endsWith("f") && !name.equals("fabs") || name.equals("fabsf");
    String base = single ? name.substring(0, name.length() - 1) : name;
    double x = a.length > 0 ? single ? Alu.f(a[0]) : Alu.d(a[0]) : 0;
    double y = a.length > 1 && !base.equals("ldexp") ? single ? Alu.f(a[1]) : Alu.d(a[1]) : 0;
    double r = switch (base) {
      case "sqrt" -> Math.sqrt(x);
      case "cbrt" -> Math.cbrt(x);
      case "ceil" -> Math.ceil(x);
      case "floor" -> Math.floor(x);
      case "round" -> {
        double t = Math.floor(Math.abs(x));
        yield Math.copySign(Math.abs(x) - t >= 0.5 ? t + 1 : t, x); // half away from zero, as C rounds
      }
      case "trunc" -> x < 0 ? Math.ceil(x) : Math.floor(x);
      case "log" -> Math.log(x);
      case "log2" -> log2(x);
      case "log10" -> Math.log10(x);
      case "exp" -> Math.exp(x);
      case "exp2" -> Math.pow(2, x);
      case "fabs" -> Math.abs(x);
      case "sin" -> Math.sin(x);
      case "cos" -> Math.cos(x);
      case "tan" -> Math.tan(x);
      case "atan" -> Math.atan(x);
      case "tanh" -> Math.tanh(x);
      case "pow" -> Math.pow(x, y);
      case "fmod" -> x % y;
      case "fmin" -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.min(x, y);
      case "fmax" -> Double.isNaN(x) ? y : Double.isNaN(y) ? x : Math.max(x, y);
      case "atan2" -> Math.atan2(x, y);
      case "ldexp" -> Math.scalb(x, (int) a[1]);
      default -> throw new Fault(Kind.INTERNAL, in.span, "no C library function '" + name + "'");
    };
    return single ? Alu.f((float) r) : Alu.d(r);
  }

  /** log2, exact at powers of two (a level count): the exponent, plus the logarithm of the significand. */
  static double log2(double x) {
    if (!(x > 0) || Double.isInfinite(x)) {
      return Math.log(x); // NaN, -inf at 0, inf
    }
    int e = Math.getExponent(x);
    if (e < Double.MIN_EXPONENT) { // subnormal
      return Math.log(x) / Math.log(2);
    }
    double m = x / Math.scalb(1.0, e);
    return m == 1 ? e : e + Math.log(m) / Math.log(2);
  }
}
