/**
 * Self-contained HTML pages of a run ({@link org.scansim.html.RunPage}) and of a sweep ({@link
 * org.scansim.html.SweepPage}): charts drawn by JFreeChart as inline SVG (JFreeSVG), pages from
 * JMustache templates that escape every text by default, styles inline; nothing is fetched from the
 * network. It draws what the reports hold; it measures nothing itself and does not model anything
 * the reports do not.
 */
package org.scansim.html;
