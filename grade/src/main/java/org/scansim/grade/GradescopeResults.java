package org.scansim.grade;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.math.BigDecimal;
import java.util.List;

/**
 * A submission's {@code results.json} in the format of Gradescope's autograder specification
 * (top level: {@code score}, {@code output}, {@code visibility}, {@code stdout_visibility},
 * {@code execution_time}, {@code leaderboard}, {@code tests}; each test: {@code name}, {@code
 * number}, {@code score}, {@code max_score}, {@code status}, {@code output}, {@code visibility}). The top-level {@code max_score} is not in that
 * specification; it is kept for other readers of the file (the summary, an LMS export).
 * Properties in a fixed order and points as plain decimals, so the same grading gives the same
 * bytes.
 */
@JsonPropertyOrder({"score", "max_score", "execution_time", "output", "visibility", "stdout_visibility", "leaderboard", "tests"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GradescopeResults(
    BigDecimal score,
    @JsonProperty("max_score") BigDecimal maxScore,
    @JsonProperty("execution_time") Long executionTime,
    String output,
    String visibility,
    @JsonProperty("stdout_visibility") String stdoutVisibility,
    List<LeaderboardEntry> leaderboard,
    List<Test> tests) {

  /**
   * One test as Gradescope shows it; {@code status} is {@code passed} or {@code failed};
   * {@code number} orders and groups the tests ("2.3": the third size of the correctness tests).
   */
  @JsonPropertyOrder({"name", "number", "score", "max_score", "status", "output", "visibility"})
  public record Test(
      String name,
      String number,
      BigDecimal score,
      @JsonProperty("max_score") BigDecimal maxScore,
      String status,
      String output,
      String visibility) {

    public boolean passed() {
      return "passed".equals(status);
    }

    Test numbered(String n, String v) {
      return new Test(name, n, score, maxScore, status, output, v);
    }
  }

  /** One leaderboard column: lower is better ({@code "order": "asc"}). */
  @JsonPropertyOrder({"name", "value", "order"})
  public record LeaderboardEntry(String name, long value, String order) {}

  /** These results with the time grading took, in whole seconds (only in --gradescope's file: it is not reproducible). */
  public GradescopeResults withExecutionTime(long seconds) {
    return new GradescopeResults(score, maxScore, seconds, output, visibility, stdoutVisibility, leaderboard, tests);
  }

  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
      .build();

  public String toJson() {
    try {
      return JSON.writeValueAsString(this) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the results", e);
    }
  }
}
