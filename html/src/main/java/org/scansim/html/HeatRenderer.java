package org.scansim.html;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYZDataset;

/**
 * JFreeChart's block renderer for a heat map of unit cells centred on whole numbers, drawing less
 * in SVG: a cell of zero is not drawn (the plot's background is the zero colour), and a cell is
 * filled only, without the outline of its own colour that {@link XYBlockRenderer} adds to close
 * the seams of a bitmap. A 24 × 32 map was 270 KB of SVG, most of it those outlines.
 */
final class HeatRenderer extends XYBlockRenderer {
  private static final long serialVersionUID = 1L;

  @Override
  public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info, XYPlot plot,
      ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series, int item, CrosshairState crosshairState, int pass) {
    double z = ((XYZDataset) dataset).getZValue(series, item);
    if (z == 0) {
      return;
    }
    double x = dataset.getXValue(series, item);
    double y = dataset.getYValue(series, item);
    double x0 = domainAxis.valueToJava2D(x - 0.5, dataArea, plot.getDomainAxisEdge());
    double x1 = domainAxis.valueToJava2D(x + 0.5, dataArea, plot.getDomainAxisEdge());
    double y0 = rangeAxis.valueToJava2D(y - 0.5, dataArea, plot.getRangeAxisEdge());
    double y1 = rangeAxis.valueToJava2D(y + 0.5, dataArea, plot.getRangeAxisEdge());
    g2.setPaint(getPaintScale().getPaint(z));
    g2.fill(new Rectangle2D.Double(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0)));
  }
}
