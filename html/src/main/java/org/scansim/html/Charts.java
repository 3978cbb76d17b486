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

  /** One line of a chart against n: its name and its points (n, value). */
  record Series(String name, Map<Integer, Double> points) {}

  /**
   * Lines against n, both axes logarithmic: n in powers of two, the value in powers of ten with
   * zero at the bottom of the axis (JFreeChart's {@link LogarithmicAxis} with negatives allowed
   * draws 0 as the axis' origin rather than leaving it out: a variant without conflicts shows).
   */
  static String againstN(String id, String title, String yLabel, List<Series> series) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Series s : series) {
      XYSeries xy = new XYSeries(s.name(), true, false);
      s.points().forEach((n, v) -> xy.add(n.doubleValue(), v));
      data.addSeries(xy);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "n", yLabel, data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    LogAxis x = new LogAxis("n");
    x.setBase(2);
    x.setTickUnit(new NumberTickUnit(1));
    x.setNumberFormatOverride(new DecimalFormat("#,##0"));
    x.setMinorTickMarksVisible(false);
    plot.setDomainAxis(x);
    LogarithmicAxis y = new LogarithmicAxis(yLabel);
    y.setAllowNegativesFlag(true);
    y.setStrictValuesFlag(false);
    plot.setRangeAxis(y);
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
    plot.setRenderer(r);
    return svg(id, style(chart), WIDTH, HEIGHT);
  }

  /** Bars, one per category (a histogram's bins), stacked by series where there are several. */
  static String bars(String id, String title, String xLabel, String yLabel, Map<String, Map<String, Long>> seriesByCategory,
      int width, int height) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    seriesByCategory.forEach((series, byCategory) -> byCategory.forEach((cat, v) -> data.addValue(v, series, cat)));
    JFreeChart chart = ChartFactory.createStackedBarChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL,
        seriesByCategory.size() > 1, false, false);
    CategoryPlot plot = chart.getCategoryPlot();
    ((NumberAxis) plot.getRangeAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    StackedBarRenderer r = (StackedBarRenderer) plot.getRenderer();
    r.setShadowVisible(false);
    r.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
    r.setMaximumBarWidth(0.08);
    if (data.getColumnCount() > 12) {
      plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_90);
    }
    return svg(id, style(chart), width, height);
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
    XYBlockRenderer r = new XYBlockRenderer();
    LookupPaintScale scale = new LookupPaintScale(0, max + 1, new Color(0xF4F4F4));
    int steps = 8;
    for (int s = 0; s < steps; s++) {
      float f = s / (float) (steps - 1);
      // white through orange to dark red: how many words the bank served
      scale.add(s == 0 ? 0.5 : 0.5 + s * (max / (double) steps), new Color(Color.HSBtoRGB(0.08f - 0.08f * f, 0.25f + 0.75f * f,
          1f - 0.45f * f)));
    }
    r.setPaintScale(scale);
    XYPlot plot = new XYPlot(data, xAxis, yAxis, r);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinesVisible(false);
    plot.setRangeGridlinesVisible(false);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
    NumberAxis legendAxis = new NumberAxis("words");
    legendAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    legendAxis.setRange(0, max + 1);
    PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
    legend.setPosition(RectangleEdge.RIGHT);
    legend.setMargin(4, 4, 40, 4);
    chart.addSubtitle(legend);
    return svg(id, style(chart), width, height);
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

  /** The chart as one {@code <svg>} element, its definitions' ids prefixed with {@code id}. */
  private static String svg(String id, JFreeChart chart, int width, int height) {
    SVGGraphics2D g = new SVGGraphics2D(width, height);
    g.setDefsKeyPrefix(id + "-");
    chart.draw(g, new Rectangle(0, 0, width, height));
    return g.getSVGElement(id, true, new org.jfree.svg.ViewBox(0, 0, width, height), null, null);
  }
}
