/**
 * Sweeps: every point of kernels × variants (named sets of {@code -D} defines) × architectures ×
 * sizes, read from a YAML or JSON spec ({@link org.scansim.sweep.SweepSpec}), resolved before
 * anything runs ({@link org.scansim.sweep.Plan}), run in one JVM on several threads ({@link
 * org.scansim.sweep.Sweep}), one deterministic row a point ({@link org.scansim.sweep.Row}) in CSV
 * or JSON lines, resumable, and split into shards that {@link org.scansim.sweep.SweepFiles#merge}
 * puts back together byte for byte. A point runs as {@code scansim run} runs it; a sweep adds no
 * model of its own, and it does not schedule work across machines: a batch system (Slurm) runs the
 * shards.
 */
package org.scansim.sweep;
