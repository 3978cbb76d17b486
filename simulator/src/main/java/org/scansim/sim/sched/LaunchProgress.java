package org.scansim.sim.sched;

/**
 * Hears how far each launch has come, in blocks: for a progress bar on a terminal. Called on
 * the launching thread, after each chunk of blocks (or each dispatch of a resident block);
 * it sees nothing of what the blocks computed, and changes nothing of the run.
 */
public interface LaunchProgress {
  void launch(int index, String kernel, long blocks);

  void blocksDone(long done);

  void launchEnded();
}
