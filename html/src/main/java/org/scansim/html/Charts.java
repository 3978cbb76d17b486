package org.scansim.html;

import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * The pages' pictures, drawn by JFreeChart onto JFreeSVG's SVG canvas: lines against n on log
 * axes, bars, and heat maps. Each SVG gets its own prefix for the ids of its definitions, so that
 * several in one page do not share clip paths. Java's graphics run headless.
 */
final class Charts {
  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Charts() {}

  static final int WIDTH = 560;
  static final int HEIGHT = 340;

  /** One line of a chart against n: its name, its points (n, value), and the sizes whose result was wrong. */
  record Series(String name, Map<Integer, Double> points, java.util.Set<Integer> wrong) {}

  /** Colours told apart on white and by most colour-blind readers (Okabe and Ito's palette), then JFreeChart's. */
  private static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
      new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0x8C6D31)};

  /**
   * Lines against n, both axes logarithmic: n in powers of two, the value in powers of ten with
   * zero at the bottom of the axis (JFreeChart's {@link LogarithmicAxis} with negatives allowed
   * draws 0 as the axis' origin rather than leaving it out: a variant without conflicts shows).
   */
  static String againstN(String id, String title, String yLabel, List<Series> series) {
    XYSeriesCollection data = new XYSeriesCollection();
    boolean zero = false;
    for (Series s : series) {
      XYSeries xy = new XYSeries(s.name(), true, false);
      s.points().forEach((n, v) -> xy.add(n.doubleValue(), v));
      data.addSeries(xy);
      zero |= s.points().containsValue(0.0);
    }
    JFreeChart chart = style(ChartFactory.createXYLineChart(title, "n", yLabel, data, PlotOrientation.VERTICAL, true, false, false));
    XYPlot plot = chart.getXYPlot();
    LogAxis x = new LogAxis("n");
    x.setBase(2);
    x.setTickUnit(new NumberTickUnit(1));
    x.setNumberFormatOverride(number());
    x.setMinorTickMarksVisible(false);
    plot.setDomainAxis(x);
    if (zero) {
      // 0 cannot be on a log axis: this one draws it at the origin, its ticks at the powers of ten
      LogarithmicAxis y = new ZeroTick(yLabel);
      y.setAllowNegativesFlag(true);
      y.setStrictValuesFlag(false);
      plot.setRangeAxis(y);
    } else {
      LogAxis y = new RoundTicks(yLabel);
      y.setNumberFormatOverride(number());
      y.setMinorTickMarksVisible(false);
      plot.setRangeAxis(y);
    }
    List<java.util.Set<Integer>> wrong = series.stream().map(s -> s.wrong()).toList();
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true) {
      private static final long serialVersionUID = 1L;

      @Override
      public boolean getItemShapeFilled(int row, int column) {
        // a wrong result is a hollow marker
        return !wrong.get(row).contains((int) Math.round(data.getXValue(row, column)));
      }
    };
    r.setUseFillPaint(true);
    r.setDefaultFillPaint(Color.WHITE);
    r.setDrawOutlines(true);
    r.setUseOutlinePaint(false);
    for (int i = 0; i < series.size(); i++) {
      r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
      r.setSeriesFillPaint(i, PALETTE[i % PALETTE.length]);
      // later lines dashed, so that a line drawn over an equal one still shows
      float dash = 2f + 3f * (i % 4);
      r.setSeriesStroke(i, i == 0 ? new java.awt.BasicStroke(2f)
          : new java.awt.BasicStroke(2f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER, 10f, new float[] {dash + 4f, dash}, 0f));
    }
    plot.setRenderer(r);
    plot.setSeriesRenderingOrder(org.jfree.chart.plot.SeriesRenderingOrder.FORWARD); // later (dashed) lines over earlier ones
    return svg(id, chart, WIDTH, HEIGHT);
  }

  /**
   * A log axis ticked at round values: 1, 2 and 5 times the powers of ten inside its range (every
   * digit where those are fewer than three), so that a range inside one decade can be read.
   * JFreeChart's own ticks a log axis at even steps of the logarithm (1,584.893).
   */
  static final class RoundTicks extends LogAxis {
    private static final long serialVersionUID = 1L;

    RoundTicks(String label) {
      super(label);
    }

    @Override
    @SuppressWarnings("rawtypes")
    protected List refreshTicksVertical(java.awt.Graphics2D g2, java.awt.geom.Rectangle2D dataArea, RectangleEdge edge) {
      double lo = getLowerBound();
      double hi = getUpperBound();
      List<org.jfree.chart.axis.ValueTick> ticks = ticks(lo, hi, new int[] {1, 2, 5});
      if (ticks.size() > 12) {
        ticks = ticks(lo, hi, new int[] {1}); // many decades: their powers of ten
      } else if (ticks.size() < 3) {
        ticks = ticks(lo, hi, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9});
      }
      if (ticks.size() < 4) {
        ticks = even(lo, hi); // inside a decade (11,244 … 29,834 had 20,000 and 30,000 only): round even steps
      }
      // inside less than one step of a digit (7,567 … 7,816): JFreeChart's own, even steps of the logarithm
      return ticks.size() < 2 ? super.refreshTicksVertical(g2, dataArea, edge) : ticks;
    }

    /** Ticks at the multiples of the largest round step (1, 2 or 5 times a power of ten) giving four or more inside [lo, hi]. */
    private static List<org.jfree.chart.axis.ValueTick> even(double lo, double hi) {
      List<org.jfree.chart.axis.ValueTick> out = new java.util.ArrayList<>();
      if (!(hi > lo) || lo <= 0) {
        return out;
      }
      // the largest round step that still gives four ticks
      double step = 0;
      for (int k = (int) Math.floor(Math.log10(hi - lo)); step == 0 && k > -12; k--) {
        for (int m : new int[] {5, 2, 1}) {
          double s = m * Math.pow(10, k);
          if (Math.floor(hi / s) - Math.ceil(lo / s) + 1 >= 4) {
            step = s;
            break;
          }
        }
      }
      if (step == 0) {
        return out;
      }
      DecimalFormat f = number();
      for (double v = Math.ceil(lo / step) * step; v <= hi; v += step) {
        out.add(new org.jfree.chart.axis.NumberTick(v, f.format(v), org.jfree.chart.ui.TextAnchor.CENTER_RIGHT,
            org.jfree.chart.ui.TextAnchor.CENTER, 0.0));
      }
      return out;
    }

    private List<org.jfree.chart.axis.ValueTick> ticks(double lo, double hi, int[] mantissas) {
      List<org.jfree.chart.axis.ValueTick> out = new java.util.ArrayList<>();
      DecimalFormat f = number();
      for (int e = (int) Math.floor(Math.log10(Math.max(lo, 1e-9))); Math.pow(10, e) <= hi; e++) {
        for (int m : mantissas) {
          double v = m * Math.pow(10, e);
          if (v >= lo && v <= hi) {
            out.add(new org.jfree.chart.axis.NumberTick(v, f.format(v), org.jfree.chart.ui.TextAnchor.CENTER_RIGHT,
                org.jfree.chart.ui.TextAnchor.CENTER, 0.0));
          }
        }
      }
      return out;
    }
  }

  /**
   * JFreeChart's log axis that also draws 0 (at its origin, where the points of 0 lie) with a tick
   * labelled 0: points on the frame read as zeros, not as values below the lowest label.
   */
  static final class ZeroTick extends LogarithmicAxis {
    private static final long serialVersionUID = 1L;

    ZeroTick(String label) {
      super(label);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    protected List refreshTicksVertical(java.awt.Graphics2D g2, java.awt.geom.Rectangle2D dataArea, RectangleEdge edge) {
      List ticks = new java.util.ArrayList(super.refreshTicksVertical(g2, dataArea, edge));
      ticks.removeIf(t -> ((org.jfree.chart.axis.ValueTick) t).getValue() <= 0);
      if (getLowerBound() <= 0) {
        ticks.add(0, new org.jfree.chart.axis.NumberTick(0.0, "0", org.jfree.chart.ui.TextAnchor.CENTER_RIGHT,
            org.jfree.chart.ui.TextAnchor.CENTER, 0.0));
      }
      return ticks;
    }
  }

  /**
   * A note for a chart's caption naming the lines that lie on another at every size (one is drawn
   * over the other), or "" when none do: equal series would otherwise hide each other.
   */
  static String coinciding(List<Series> series) {
    List<String> notes = new java.util.ArrayList<>();
    java.util.Set<Integer> told = new java.util.HashSet<>();
    for (int i = 0; i < series.size(); i++) {
      List<String> same = new java.util.ArrayList<>();
      for (int j = i + 1; j < series.size(); j++) {
        if (!told.contains(j) && series.get(j).points().equals(series.get(i).points())) {
          same.add(series.get(j).name());
          told.add(j);
        }
      }
      if (!same.isEmpty() && !told.contains(i)) {
        notes.add(String.join(" and ", same) + (same.size() == 1 ? " lies" : " lie") + " on " + series.get(i).name() + " at every size");
      }
    }
    return notes.isEmpty() ? "" : " " + String.join("; ", notes) + " (drawn dashed over it).";
  }

  /** Whole numbers with thousands separators, the same in every locale. */
  private static DecimalFormat number() {
    return new DecimalFormat("#,##0.###", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
  }

  /** Bars, one per category (a histogram's bins), stacked by series where there are several. */
  static String bars(String id, String title, String xLabel, String yLabel, Map<String, Map<String, Long>> seriesByCategory,
      int width, int height) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    seriesByCategory.forEach((series, byCategory) -> byCategory.forEach((cat, v) -> data.addValue(v, series, cat)));
    JFreeChart chart = style(ChartFactory.createStackedBarChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL,
        seriesByCategory.size() > 1, false, false));
    CategoryPlot plot = chart.getCategoryPlot();
    ((NumberAxis) plot.getRangeAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    StackedBarRenderer r = (StackedBarRenderer) plot.getRenderer();
    r.setShadowVisible(false);
    r.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
    r.setMaximumBarWidth(0.08);
    if (data.getColumnCount() > 12) {
      plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_90);
    }
    for (int i = 0; i < seriesByCategory.size(); i++) {
      r.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
    }
    return svg(id, chart, width, height);
  }

  /**
   * A heat map: {@code values[y][x]} as a colour, x the columns (banks) and y the rows (barrier
   * phases), with the colour scale beside it.
   */
  static String heatMap(String id, String title, String xLabel, String yLabel, long[][] values, int width, int height) {
    int rows = values.length;
    int cols = rows == 0 ? 0 : values[0].length;
    double[][] xyz = new double[3][rows * cols];
    long max = 1;
    for (int y = 0; y < rows; y++) {
      for (int x = 0; x < cols; x++) {
        int i = y * cols + x;
        xyz[0][i] = x;
        xyz[1][i] = y;
        xyz[2][i] = values[y][x];
        max = Math.max(max, values[y][x]);
      }
    }
    DefaultXYZDataset data = new DefaultXYZDataset();
    data.addSeries("words", xyz);
    NumberAxis xAxis = new NumberAxis(xLabel);
    xAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    xAxis.setRange(-0.5, cols - 0.5);
    NumberAxis yAxis = new NumberAxis(yLabel);
    yAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    yAxis.setRange(-0.5, rows - 0.5);
    yAxis.setInverted(true);
    XYBlockRenderer r = new HeatRenderer();
    Color zero = new Color(0xF4F4F4);
    LookupPaintScale scale = new LookupPaintScale(0, max + 1, zero);
    int steps = 8;
    for (int s = 0; s < steps; s++) {
      float f = s / (float) (steps - 1);
      // white through orange to dark red: how many words the bank served
      scale.add(s == 0 ? 0.5 : 0.5 + s * (max / (double) steps), new Color(Color.HSBtoRGB(0.08f - 0.08f * f, 0.25f + 0.75f * f,
          1f - 0.45f * f)));
    }
    r.setPaintScale(scale);
    XYPlot plot = new XYPlot(data, xAxis, yAxis, r);
    JFreeChart chart = style(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false));
    plot.setBackgroundPaint(zero); // the cells of zero, which the renderer leaves undrawn
    plot.setDomainGridlinesVisible(false);
    plot.setRangeGridlinesVisible(false);
    NumberAxis legendAxis = new NumberAxis("words");
    legendAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    legendAxis.setRange(0, max + 1);
    PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
    legend.setPosition(RectangleEdge.RIGHT);
    legend.setSubdivisionCount(steps + 1); // the scale has steps colours: a strip per colour, not 100
    legend.setMargin(4, 4, 40, 4);
    chart.addSubtitle(legend);
    return svg(id, chart, width, height);
  }

  private static JFreeChart style(JFreeChart chart) {
    StandardChartTheme theme = (StandardChartTheme) StandardChartTheme.createJFreeTheme();
    theme.setExtraLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    theme.setLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
    theme.setRegularFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    theme.setSmallFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    theme.setPlotBackgroundPaint(Color.WHITE);
    theme.setDomainGridlinePaint(new Color(0xDDDDDD));
    theme.setRangeGridlinePaint(new Color(0xDDDDDD));
    theme.apply(chart);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }

  /** {@code d} rounded to 1/{@code scale}, written without a trailing ".0" and never in exponent form. */
  static String tenths(double d, int scale) {
    if (!Double.isFinite(d)) {
      return "0";
    }
    java.math.BigDecimal b = java.math.BigDecimal.valueOf(Math.round(d * scale)).divide(java.math.BigDecimal.valueOf(scale));
    return b.signum() == 0 ? "0" : b.stripTrailingZeros().toPlainString();
  }

  /** The chart as one {@code <svg>} element, its definitions' ids prefixed with {@code id}. */
  private static String svg(String id, JFreeChart chart, int width, int height) {
    SVGGraphics2D g = new SVGGraphics2D(width, height);
    g.setDefsKeyPrefix(id + "-");
    // A tenth of a pixel is finer than a screen shows: coordinates of 17 digits made most of a page's bytes.
    g.setGeomDoubleConverter(d -> tenths(d, 10));
    g.setTransformDoubleConverter(d -> tenths(d, 1000));
    chart.draw(g, new Rectangle(0, 0, width, height));
    return g.getSVGElement(id, true, new org.jfree.svg.ViewBox(0, 0, width, height), null, null);
  }
}
