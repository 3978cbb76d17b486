/**
 * Words for messages: {@link org.scansim.text.Nearest}, the known name nearest a misspelt one,
 * for every "did you mean". It does not model spelling beyond single-character edits (no
 * phonetics, no abbreviations).
 */
package org.scansim.text;
