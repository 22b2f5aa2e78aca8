package io.sluice.testinfra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's Chromium, headless, for tests that look at a page as a browser draws it: the page's DOM
 * after rendering, and a screenshot. Installed with {@code apt-get} when missing (the test machine
 * runs as root with Debian's package mirror reachable); where it cannot be, the test is skipped
 * with a sentence that says why. Chromium is started with its background networking off, so it
 * contacts nothing: it only opens the local file it is given.
 */
public final class HeadlessChromium {

  private static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final long RUN_SECONDS = 120;

  private final Path binary;
  private final Path profile;

  private HeadlessChromium(Path binary, Path profile) {
    this.binary = binary;
    this.profile = profile;
  }

  /**
   * Chromium, installed first if it is not there; skips the calling test where it cannot be.
   *
   * @param profile an empty folder for Chromium's profile
   */
  public static HeadlessChromium installed(Path profile) throws IOException, InterruptedException {
    if (!Files.isExecutable(BINARY)) {
      String log = install();
      Assumptions.assumeTrue(
          Files.isExecutable(BINARY),
          "Skipped: Chromium is not installed and 'apt-get install chromium' failed:\n" + log);
    }
    return new HeadlessChromium(BINARY, profile);
  }

  private static String install() throws IOException, InterruptedException {
    StringBuilder log = new StringBuilder();
    List<String> install =
        List.of("apt-get", "install", "-y", "--no-install-recommends", "chromium");
    if (run(install, log) != 0) {
      run(List.of("apt-get", "update"), log);
      run(install, log);
    }
    return log.toString();
  }

  private static int run(List<String> command, StringBuilder log)
      throws IOException, InterruptedException {
    Path output = Files.createTempFile("apt-", ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        log.append(String.join(" ", command)).append(": gave up after 10 minutes\n");
        return -1;
      }
      String text = Files.readString(output, StandardCharsets.UTF_8);
      log.append(String.join(" ", command))
          .append(" exited ")
          .append(process.exitValue())
          .append('\n')
          .append(text, Math.max(0, text.length() - 2000), text.length());
      return process.exitValue();
    } catch (IOException e) {
      log.append(String.join(" ", command)).append(": ").append(e.getMessage()).append('\n');
      return -1;
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /** The page's DOM as Chromium holds it once the page has loaded and rendered. */
  public String dom(Path page) throws IOException, InterruptedException {
    Path out = Files.createTempFile(profile, "dom-", ".html");
    chromium(out, "--dump-dom", page.toUri().toString());
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** A PNG of the page in a window of the size given. */
  public void screenshot(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(profile, "screenshot-", ".log");
    chromium(
        out,
        "--screenshot=" + png.toAbsolutePath(),
        "--window-size=" + width + "," + height,
        "--hide-scrollbars",
        page.toUri().toString());
    if (!Files.exists(png)) {
      throw new AssertionError("Chromium wrote no screenshot:\n" + Files.readString(out));
    }
  }

  private void chromium(Path stdout, String... args) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                binary.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile.resolve("profile")));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!process.waitFor(RUN_SECONDS, TimeUnit.SECONDS)) {
      // Chromium's renderer and GPU processes are its children: they go too.
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("Chromium did not finish within " + RUN_SECONDS + " s");
    }
    if (process.exitValue() != 0) {
      throw new AssertionError("Chromium exited " + process.exitValue());
    }
  }
}
