package org.scansim.grade;

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
 * {@code tests}; each test: {@code name}, {@code score}, {@code max_score}, {@code status},
 * {@code output}, {@code visibility}). The top-level {@code max_score} is not in that
 * specification; it is kept for other readers of the file (the summary, an LMS export).
 * Properties in a fixed order and points as plain decimals, so the same grading gives the same
 * bytes.
 */
@JsonPropertyOrder({"score", "max_score", "output", "visibility", "stdout_visibility", "tests"})
public record GradescopeResults(
    BigDecimal score,
    @JsonProperty("max_score") BigDecimal maxScore,
    String output,
    String visibility,
    @JsonProperty("stdout_visibility") String stdoutVisibility,
    List<Test> tests) {

  /** One test as Gradescope shows it; {@code status} is {@code passed} or {@code failed}. */
  @JsonPropertyOrder({"name", "score", "max_score", "status", "output", "visibility"})
  public record Test(
      String name,
      BigDecimal score,
      @JsonProperty("max_score") BigDecimal maxScore,
      String status,
      String output,
      String visibility) {

    public boolean passed() {
      return "passed".equals(status);
    }
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
