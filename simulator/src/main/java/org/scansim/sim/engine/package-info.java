/**
 * The functional SIMT engine: IR compiled to register form ({@link
 * org.scansim.sim.engine.Compiler}, {@link org.scansim.sim.engine.Code}, {@link
 * org.scansim.sim.engine.CInsn}), one block's warps with their SIMT stacks ({@link
 * org.scansim.sim.engine.BlockExecutor}, {@link org.scansim.sim.engine.Warp}), the interpreter's
 * step for a whole warp under an active mask ({@link org.scansim.sim.engine.Interpreter}) with its
 * lane loops and ALU ({@link org.scansim.sim.engine.Lanes}, {@link org.scansim.sim.engine.Alu}),
 * loads, stores and atomics with their bank and sector counts ({@link
 * org.scansim.sim.engine.Memory}, whose lane checks of full warps' shared accesses an executor
 * keeps for its next block: {@link org.scansim.sim.engine.SeenAddresses}, with each warp's path
 * through the block, so that a warp on the same path skips the arithmetic of its addresses:
 * {@link org.scansim.sim.engine.KeptChain}), and one launch's shared state ({@link
 * org.scansim.sim.engine.LaunchContext}), and the model of nvcc's memory optimisations that decides
 * which of a thread's accesses the card issues and counts ({@link
 * org.scansim.sim.engine.AccessMerging} with ArmMerging, StoreForwarding, RedundantLoads over
 * Blocks and Addresses, DeadStores, UnrolledLoops and LoadSinking: counting only, every access still runs).
 * Blocks whose control flow and addresses do not depend on memory are replayed from a recorded
 * block's tape of loads, stores and the arithmetic on what was loaded ({@link
 * org.scansim.sim.engine.BlockReplay}, {@link org.scansim.sim.engine.BlockRecorder}, {@link
 * org.scansim.sim.engine.BlockTape}), most of them through the tape compiled to the dataflow
 * from its global loads to its global stores ({@link org.scansim.sim.engine.BlockFlow}, made by
 * {@link org.scansim.sim.engine.FlowBuilder}).
 *
 * <p>It tells the checkers what it does through {@link org.scansim.sim.engine.CheckHooks} and
 * does not depend on them. A launch's per-phase counters keep {@link
 * org.scansim.sim.engine.Warp#MAX_PHASES} barrier phases, the last summing every later one, so
 * that an endless loop of barriers costs no memory; a pointer made from an integer is checked at
 * each access like any other. Not modelled: time (no cycles, latencies or issue order beyond a
 * legal order of warps), caches, and warp scheduling policies.
 */
package org.scansim.sim.engine;
