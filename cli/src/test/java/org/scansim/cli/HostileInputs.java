package org.scansim.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded generators of hostile and malformed inputs, the way a campaign tries a tool as a user
 * would: kernels that loop, fault, print and forge pointers; grading specs with wrong types,
 * formulas that divide by zero and nest deep; sweep specs with typos and huge ranges; source text
 * cut and garbled. One seed gives the same cases on every machine ({@link HostileCampaignTest}
 * runs them; {@code tools/hostile/campaign.sh} runs thousands with other seeds).
 */
final class HostileInputs {
  private final SplittableRandom r;

  HostileInputs(long seed) {
    this.r = new SplittableRandom(seed);
  }

  /** One case: the files it writes (name to text), the command line (with {@code DIR} for the case's folder). */
  record Case(String name, Map<String, String> files, List<String> args) {}

  private <T> T pick(List<T> xs) {
    return xs.get(r.nextInt(xs.size()));
  }

  private static final String ENTRY = "void scan(const float *in, float *out, int n)";

  /** A kernel file with a host entry, built from hostile pieces. */
  Case kernel(int i) {
    List<String> body = new ArrayList<>();
    String index = pick(List.of("threadIdx.x", "threadIdx.x + 1", "threadIdx.x * 2", "n - threadIdx.x", "threadIdx.x - 1",
        "threadIdx.x + 1000000", "(int) (threadIdx.x * 2654435761u)", "blockIdx.x * blockDim.x + threadIdx.x"));
    String size = pick(List.of("32", "64", "1024", "1", "4096"));
    body.add("__shared__ float s[" + size + "];");
    body.add("s[" + index + " % " + size + "] = " + pick(List.of("in[threadIdx.x]", "1.0f", "in[" + index + "]", "0")) + ";");
    switch (r.nextInt(9)) {
      case 0 -> body.add("for (int i = 0; i < " + pick(List.of("n", "1 << 30", "-1", "0x7fffffff")) + "; i += "
          + pick(List.of("1", "0", "2", "-1")) + ") { s[i % " + size + "] += 1; }");
      case 1 -> body.add("if (threadIdx.x " + pick(List.of("<", ">", "==", "!=")) + " " + r.nextInt(64) + ") { __syncthreads(); }");
      case 2 -> body.add("while (" + pick(List.of("1", "s[0] < 1e30f", "threadIdx.x < 2")) + ") { " + pick(List.of("__syncthreads();",
          "s[threadIdx.x % " + size + "] += 1;", "")) + " }");
      case 3 -> body.add("printf(\"" + format() + "\\n\", " + pick(List.of("1", "threadIdx.x", "1.5f", "s[0]", "n")) + ");");
      case 4 -> body.add("float *p = (float *)(" + pick(List.of("(long long)out * 2", "(long long)s + 12345", "0LL", "-8LL",
          "(long long)out + (3LL << 60)", r.nextLong() + "LL")) + "); out[threadIdx.x] = *p;");
      case 5 -> body.add("atomicAdd(&" + pick(List.of("s[0]", "out[0]", "out[" + index + "]")) + ", 1.0f);");
      case 6 -> body.add("float v = __shfl_up_sync(" + pick(List.of("0xffffffffu", "0u", "0x1u", "0xffff0000u")) + ", s[threadIdx.x % "
          + size + "], " + r.nextInt(40) + ");");
      case 7 -> body.add("__syncwarp(" + pick(List.of("0xffffffffu", "0u", "0x3u")) + ");");
      default -> body.add("__syncthreads();");
    }
    body.add("if (" + index + " < n) out[" + index + "] = s[threadIdx.x % " + size + "];");
    String launch = pick(List.of("k<<<1, n>>>(in, out, n);", "k<<<(n + 255) / 256, 256>>>(in, out, n);", "k<<<0, 32>>>(in, out, n);",
        "k<<<1, 2048>>>(in, out, n);", "k<<<65536, 1024>>>(in, out, n);", "for (int j = 0; j < 3; j++) k<<<1, 32>>>(in, out, n);"));
    String host = pick(List.of("", "printf(\"" + format() + "\\n\", n);", "float *t; cudaMalloc(&t, " + pick(List.of("4", "-1",
        "1ull << 40", "n * 4")) + "); cudaMemcpy(t, in, " + pick(List.of("4", "n * 8", "-4")) + ", cudaMemcpyDeviceToDevice);",
        "for (long j = 0; j < 20000000; j++) { }", "int d = 0; int z = n / d; (void) z;"));
    String text = "#include <cstdio>\n__global__ void k(const float *in, float *out, int n) {\n  " + String.join("\n  ", body) + "\n}\n"
        + ENTRY + " {\n  " + host + "\n  " + launch + "\n}\n";
    int n = pick(List.of(1, 31, 32, 33, 100, 1000, 1024));
    List<String> args = new ArrayList<>(List.of("run", "DIR/k.cu", "--n", String.valueOf(n), "--max-instructions", "300000",
        "--wall-seconds", "30"));
    if (r.nextInt(3) == 0) {
      args.add("--no-timing");
    }
    if (r.nextInt(4) == 0) {
      args.addAll(List.of("--check", "all"));
    }
    if (r.nextInt(5) == 0) {
      args.addAll(List.of("--expect", "inclusive"));
    }
    return new Case("kernel-" + i, Map.of("k.cu", text), args);
  }

  private String format() {
    return pick(List.of("%d", "%2147483647d", "%.99999999999f", "%s", "%x %x %x", "%*d", "%ld", "%%", "%", "%99999d", "%c", "%p",
        "%-+ #0123.456e", "%n", "%.0g", "%llu"));
  }

  /** A grading spec mutated in one to three fields, and one submission. */
  Case spec(int i) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("title", "\"Lab\"");
    fields.put("entry", "\"" + ENTRY + "\"");
    fields.put("scan", "\"inclusive\"");
    fields.put("arch", "\"hopper\"");
    fields.put("sizes", "[32, 100]");
    fields.put("budgets", "{\"maxWarpInstructions\": 2000000, \"wallSeconds\": 20}");
    fields.put("points", "{\"correctness\": 10, \"workEfficiency\": {\"points\": 5, \"bound\": \"n*ceil(log2(n))\"},"
        + " \"bankConflicts\": {\"points\": 5, \"max\": \"0\"}}");
    List<String> keys = new ArrayList<>(fields.keySet());
    for (int k = r.nextInt(3); k > 0; k--) {
      String key = pick(keys);
      fields.put(key, pick(List.of("5", "true", "null", "[]", "{}", "\"\"", "\"\\u001b[2J\"", "\"x\\ny\"", "-1", "1e400", "\"" + "a".repeat(5000)
          + "\"", "{\"points\": 5, \"bound\": \"" + formula() + "\"}", "[1, 1]", "[0]", "[16777217]",
          "{\"correctness\": 10, \"bankConflicts\": {\"points\": 5, \"max\": \"" + formula() + "\"}}",
          "{\"wallSeconds\": " + pick(List.of("0", "-1", "1e9", "\"x\"")) + "}")));
    }
    if (r.nextInt(6) == 0) {
      fields.put("entry", "\"__global__ void scan(const float *in, float *out, int n)\"");
      fields.put("launch", "{\"block\": \"" + formula() + "\", \"grid\": \"" + formula() + "\"}");
    }
    if (r.nextInt(8) == 0) {
      fields.put("unknownField", "1");
    }
    StringBuilder json = new StringBuilder("{");
    fields.forEach((k, v) -> json.append(json.length() > 1 ? ",\n " : "\n ").append('"').append(k).append("\": ").append(v));
    json.append("\n}\n");
    String text = r.nextInt(10) == 0 ? json.substring(0, r.nextInt(json.length())) : json.toString();
    String submission = kernel(i).files().get("k.cu");
    return new Case("spec-" + i, Map.of("spec.json", text, "subs/s.cu", submission),
        List.of("grade", "DIR/subs", "--spec", "DIR/spec.json", "--out", "DIR/out"));
  }

  private String formula() {
    return pick(List.of("n/0", "0/0", "-n", "log2(n-32)", "n^n^n", "(".repeat(300) + "n" + ")".repeat(300), "max(n)", "m", "1/(n-32)",
        "n*1e308*10", "ceil(n/7)", "n", "2^31", "-".repeat(250) + "n", "n+" + "n+".repeat(200) + "n"));
  }

  /** A sweep spec with typos, odd types and ranges. */
  Case sweep(int i) {
    String kernels = pick(List.of("[harris/blelloch]", "[harris/bleloch]", "[k.cu]", "[../../etc/passwd]", "[]", "5", "[pmpp/kogge_stone]"));
    String sizes = pick(List.of("[64]", "2^6..2^7", "2^6..2^40", "[0]", "[-1]", "[64, 64]", "\"x\"", "2^20..2^6", "[1, 2, 3]"));
    String archs = pick(List.of("[hopper]", "[hoper]", "[g80, hopper]", "[/dev/zero]", "[arch.json]", "7"));
    String options = pick(List.of("", "options: {check: [races]}\n", "options: {check: race}\n", "options: {wall-seconds: -1}\n",
        "options: {resident-blocks: -1}\n", "options: {max-instructions: 1000}\n", "options: {timing: maybe}\n", "a: &x [1]\nb: *x\n",
        "variants: {a: [X], a: [Y]}\n"));
    String text = "kernels: " + kernels + "\nsizes: " + sizes + "\narchs: " + archs + "\n" + options;
    Map<String, String> files = new LinkedHashMap<>();
    files.put("s.yaml", text);
    files.put("k.cu", kernel(i).files().get("k.cu"));
    files.put("arch.json", pick(List.of("{}", "{\"name\": 5}", "not json", "{\"name\": \"x\", \"smCount\": -1}")));
    return new Case("sweep-" + i, files, List.of("sweep", "DIR/s.yaml", "--csv", "DIR/out.csv", "--threads", "1"));
  }

  /** Source text cut, garbled and nested: for the front end alone. */
  Case source(int i) {
    String base = kernel(i).files().get("k.cu");
    StringBuilder s = new StringBuilder(base);
    for (int k = 1 + r.nextInt(4); k > 0; k--) {
      int at = r.nextInt(s.length() + 1);
      switch (r.nextInt(8)) {
        case 0 -> s.insert(at, pick(List.of("\0", "\uFEFF", "\ud800", "@", "`", "\\", "\r", "/*", "\"", "'")));
        case 1 -> s.setLength(at);
        case 2 -> s.insert(at, "(".repeat(r.nextInt(400)));
        case 3 -> s.insert(at, "!".repeat(r.nextInt(30_000)));
        case 4 -> s.insert(at, "/**/".repeat(r.nextInt(50_000)));
        case 5 -> s.insert(at, "#define A A A\n#define B(x) B(x) x\n");
        case 6 -> s.insert(at, pick(List.of("goto", "template", "class", "[&]", "::", "<<<", ">>>", "#include \"/etc/passwd\"",
            "#include \"../secret.h\"", "#if", "#endif")));
        default -> s.insert(at, "x+".repeat(r.nextInt(60_000)) + "x");
      }
    }
    return new Case("source-" + i, Map.of("k.cu", s.toString()), List.of("check", "DIR/k.cu"));
  }
}
