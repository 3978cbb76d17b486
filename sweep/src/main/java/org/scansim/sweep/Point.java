package org.scansim.sweep;

/**
 * One point of a sweep: a kernel (as the spec names it), a variant's name, an architecture and a
 * size, numbered by its place in the sweep's order ({@link SweepSpec#points}).
 */
public record Point(int index, String kernel, String variant, String arch, int n) {
  /** Whether this point belongs to shard {@code shard} of {@code shards}: every shards-th point, from the shard-th on. */
  public boolean inShard(int shard, int shards) {
    return index % shards == shard;
  }
}
