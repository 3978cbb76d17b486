package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The pages of {@code run --html} and {@code sweep --html} in a real browser, Debian's headless
 * Chromium driven through its chromedriver: each loads with nothing on the console and no request
 * to the network, shows the number of charts its data calls for, and each chart, as screenshot,
 * is a picture (many non-white pixels, several colours), not an empty box. Text from a kernel or a
 * spec stays text. Skipped, saying so, where Chromium or chromedriver is not installed ({@code
 * .ci/run} installs both).
 */
class BrowserPagesTest {
  @TempDir static Path dir;
  static ChromeDriver browser;

  static Path onPath(String name) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path p = Path.of(d, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }

  @BeforeAll
  static void start() {
    Path driver = onPath("chromedriver");
    Path chromium = onPath("chromium");
    assumeTrue(driver != null && chromium != null, "Chromium and chromedriver are not installed (Debian: chromium, chromium-driver)");
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile()).usingAnyFreePort().build();
    ChromeOptions o = new ChromeOptions();
    o.setBinary(chromium.toFile());
    o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
        "--user-data-dir=" + dir.resolve("profile"), "--window-size=1280,1000");
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    o.setCapability("goog:loggingPrefs", logs);
    browser = new ChromeDriver(service, o);
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
  }

  /** Loads a page and checks it; returns its charts. */
  static List<WebElement> load(Path page, int charts) throws Exception {
    String url = page.toUri().toString();
    browser.get(url);
    // get() may return while a large page is still being parsed: wait for this page's load to complete
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!Boolean.TRUE.equals(((JavascriptExecutor) browser).executeScript(
        "return document.readyState === 'complete' && document.URL === arguments[0]", url)) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    List<WebElement> svgs = browser.findElements(By.cssSelector("figure svg"));
    assertThat(svgs).as("charts on %s", page.getFileName()).hasSize(charts);
    for (WebElement svg : svgs) {
      ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", svg);
      assertThat(svg.getRect().getWidth()).isGreaterThan(150);
      assertThat(svg.getRect().getHeight()).isGreaterThan(100);
      BufferedImage img = ImageIO.read(new ByteArrayInputStream(svg.getScreenshotAs(OutputType.BYTES)));
      long ink = 0;
      Set<Integer> colours = new HashSet<>();
      for (int y = 0; y < img.getHeight(); y++) {
        for (int x = 0; x < img.getWidth(); x++) {
          int rgb = img.getRGB(x, y) & 0xFFFFFF;
          if (rgb != 0xFFFFFF) {
            ink++;
          }
          colours.add(rgb);
        }
      }
      assertThat(ink).as("drawn pixels of chart %s", svg.getAttribute("id")).isGreaterThan((long) img.getWidth() * img.getHeight() / 50);
      assertThat(colours.size()).as("colours of chart %s", svg.getAttribute("id")).isGreaterThan(3);
    }
    List<LogEntry> console = browser.manage().logs().get(LogType.BROWSER).getAll();
    assertThat(console).as("console messages of %s", page.getFileName()).isEmpty();
    Object requests = ((JavascriptExecutor) browser).executeScript("return performance.getEntriesByType('resource').length");
    assertThat(((Number) requests).intValue()).as("resources %s fetched", page.getFileName()).isZero();
    return svgs;
  }

  @Test
  void theSweepPageShowsEveryMetricOnEveryArchitecture() throws Exception {
    Path page = dir.resolve("listing3.html");
    CliRun r = CliRun.of("sweep", SweepCommandTest.LISTING3, "--html", page.toString());
    assertThat(r.code()).as(r.err()).isZero();
    // 2 architectures × conflicts, wavefronts, cycles and time
    load(page, 8);
    assertThat(browser.findElements(By.cssSelector("h2")).stream().map(WebElement::getText).toList())
        .containsExactly("g80", "hopper", "Points that did not run, or ran wrong");
    // Equal lines are named (the typo's wrong results give the same conflicts as the correct padding), and 0 has its tick.
    WebElement conflicts = browser.findElement(By.cssSelector("figure[data-metric=conflicts]"));
    assertThat(conflicts.findElement(By.tagName("figcaption")).getText()).contains("typo lies on n >> log2(banks) at every size");
    assertThat(conflicts.findElements(By.tagName("text")).stream().map(WebElement::getText)).contains("0", "1", "10");
    // A wrong point says why.
    assertThat(browser.findElements(By.cssSelector("table")).get(2).getText()).contains("wrong result: out[");
  }

  @Test
  void theRunPageDrawsEverySharedSite() throws Exception {
    Path page = dir.resolve("blelloch.html");
    Path json = dir.resolve("blelloch.json");
    CliRun r = CliRun.of("run", SweepCommandTest.ROOT.resolve("kernels/harris/blelloch.cu").toString(), "--n",
        "256", "--arch", "g80", "--expect", "exclusive", "--check", "all", "--html", page.toString(), "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    int shared = 0;
    for (JsonNode s : new ObjectMapper().readTree(json.toFile()).get("sites")) {
      JsonNode c = s.get("counters");
      shared += c.get("sharedLoadInstructions").asLong() + c.get("sharedStoreInstructions").asLong() > 0 ? 1 : 0;
    }
    assertThat(shared).isEqualTo(11);
    // the degree histogram, the cycles per phase, a heat map and a histogram per shared site, the circuit
    load(page, 2 + 2 * shared + 1);
    assertThat(browser.findElements(By.cssSelector("figure[data-chart=heat]"))).hasSize(shared);
    // A load and a store of one line side by side, under the line's source; findings say how often; the two works explained:
    // Listing 2 does 2(n - 1) = 510 adds at n = 256 (Harris), and the log2(256) = 8 up-sweep sums of the last element are
    // cleared to 0 before the down-sweep, so 502 reach an output.
    WebElement pair = browser.findElements(By.cssSelector("div.side")).stream()
        .filter(d -> d.findElements(By.cssSelector("figure[data-chart=heat]")).size() == 2).findFirst().orElseThrow();
    assertThat(pair.findElements(By.tagName("figcaption")).stream().map(WebElement::getText))
        .containsExactly("The loads: words per bank and barrier phase.", "The stores: words per bank and barrier phase.");
    assertThat(browser.findElements(By.cssSelector("code.source")).stream().map(WebElement::getText)).contains("temp[bi] += t;");
    assertThat(browser.findElement(By.cssSelector("figure[data-chart=circuit] figcaption")).getText())
        .contains("It draws the 502 ⊕ whose results reach an output; the scan proof's work, 510, counts every ⊕ the run did");
    // The circuit, 256 inputs wide, scrolls at full size; the box fits it to the page.
    WebElement circuit = browser.findElement(By.cssSelector("figure[data-chart=circuit] svg"));
    WebElement frame = browser.findElement(By.cssSelector("div.circuit"));
    assertThat(circuit.getRect().getWidth()).isGreaterThan(frame.getRect().getWidth());
    browser.findElement(By.cssSelector("label[for=circuit-zoom]")).click();
    assertThat(circuit.getRect().getWidth()).isLessThanOrEqualTo(frame.getRect().getWidth());
  }

  @Test
  void findingsShowTheirSourceAndHowOftenAndAFaultedRunHasNoEmptyTables() throws Exception {
    Path page = dir.resolve("race.html");
    CliRun r = CliRun.of("run", SweepCommandTest.ROOT.resolve("kernels/faulty/missing_barrier_after_load.cu").toString(), "--n", "64",
        "--expect", "inclusive", "--check", "all", "--html", page.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(Main.FAILED);
    browser.get(page.toUri().toString());
    List<WebElement> findings = browser.findElements(By.xpath("//h2[text()='Findings']/following-sibling::table[1]//tr"));
    assertThat(findings.get(0).getText()).contains("source").contains("how often");
    assertThat(findings.get(1).getText()).contains("race (read-after-write)").contains("64 times");
    assertThat(findings.get(1).findElement(By.tagName("code")).getText()).isNotBlank();
    Path faulted = dir.resolve("runaway.html");
    CliRun f = CliRun.of("run", SweepCommandTest.ROOT.resolve("kernels/faulty/runaway_loop.cu").toString(), "--n", "96",
        "--max-instructions", "1000000", "--expect", "inclusive", "--html", faulted.toString());
    assertThat(f.code()).isEqualTo(Main.KERNEL_FAULT);
    browser.get(faulted.toUri().toString());
    assertThat(browser.findElement(By.tagName("p")).getText()).startsWith("fault: ").contains("instruction budget");
    assertThat(browser.findElement(By.tagName("pre")).getText()).doesNotContain("time per launch").doesNotContain("where the warps' cycles go");
  }

  @Test
  void textFromAKernelOrASpecStaysText() throws Exception {
    Path cu = dir.resolve("shout.cu");
    Files.writeString(cu, """
        #include <cstdio>
        __global__ void k(const int *in, int *out, int n) {
            __shared__ int s[32];
            s[threadIdx.x] = in[threadIdx.x];
            __syncthreads();
            if (threadIdx.x == 0) printf("<script>document.title='pwned'</script><img src=x onerror=alert(1)>\\n");
            out[threadIdx.x] = s[threadIdx.x];
        }
        void shout(const int *in, int *out, int n) { k<<<1, 32>>>(in, out, n); }
        """);
    Path page = dir.resolve("shout.html");
    CliRun r = CliRun.of("run", cu.toString(), "--n", "32", "--html", page.toString());
    assertThat(r.code()).as(r.err()).isZero();
    // the degree histogram, the cycles per phase, a heat map and a histogram for each of its two shared sites
    load(page, 1 + 1 + 2 * 2);
    assertThat(browser.getTitle()).startsWith("scansim run ");
    assertThat(browser.findElements(By.tagName("img"))).isEmpty();
    assertThat(browser.findElements(By.tagName("script"))).isEmpty();
    assertThat(browser.findElement(By.tagName("pre")).getText()).contains("<script>document.title='pwned'</script>");

    Path spec = dir.resolve("shout.yaml");
    Files.writeString(spec, "kernels: [" + SweepCommandTest.ROOT.resolve("kernels/harris/conflict_free.cu") + "]\n"
        + "variants: {\"<img src=x onerror=alert(1)>\": [], \"</title><script>alert(2)</script>\": [NO_PADDING]}\n"
        + "sizes: [64, 128]\noptions: {expect: exclusive}\n");
    Path sweep = dir.resolve("shout-sweep.html");
    assertThat(CliRun.of("sweep", spec.toString(), "--html", sweep.toString()).code()).isZero();
    load(sweep, 4);
    assertThat(browser.findElements(By.tagName("img"))).isEmpty();
    assertThat(browser.findElements(By.tagName("script"))).isEmpty();
    assertThat(browser.findElement(By.tagName("table")).getText()).contains("<img src=x onerror=alert(1)>");
  }
}
