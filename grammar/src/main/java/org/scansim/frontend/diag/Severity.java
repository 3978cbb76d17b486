package org.scansim.frontend.diag;

/** How bad a diagnostic is; only errors make the input invalid. */
public enum Severity {
  ERROR("error"),
  WARNING("warning"),
  NOTE("note");

  private final String label;

  Severity(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
