package org.scansim.sim.check;

import java.util.List;

/**
 * What the symbolic tracking of a run proves. When {@code proved}, every output holds exactly
 * x0..xi (inclusive) or x0..x(i-1) (exclusive) as a combination of adjacent ranges: the kernel
 * is correct at this n for every input and any associative operator ({@code commutativeOnly}:
 * some ⊕ took its operands in reverse order, so the proof needs a commutative operator too).
 *
 * @param proved          every output is exactly right
 * @param scan            "inclusive" or "exclusive": what the outputs were checked against
 * @param failures        for each wrong output (at most a few), why, e.g.
 *                        {@code out[5] = x0..x3 ⊕ x2..x5: x2..x3 counted twice}
 * @param wrongOutputs    how many outputs are wrong
 * @param commutativeOnly whether some ⊕ had its operands in reverse order
 * @param reversedExample one such ⊕, or null
 * @param work            ⊕ applications to values derived from the input
 * @param depth           the longest chain of ⊕ from an input to an output
 * @param maxFanOut       the most ⊕ that read one value (an input or a ⊕ result)
 * @param maxFanOutValue  which value that is, e.g. {@code x0..x7}
 * @param circuit         the graph, when it was asked for; else null
 * @param maxFanOutPerLevel the most ⊕ of one dependency level (depth) that read one value
 * @param maxFanOutPerPhase the most ⊕ of one barrier phase of one launch that read one value
 *                          (the stages a circuit diagram draws for a kernel written in phases)
 */
public record ScanProof(
    boolean proved,
    String scan,
    List<String> failures,
    long wrongOutputs,
    boolean commutativeOnly,
    String reversedExample,
    long work,
    int depth,
    int maxFanOut,
    String maxFanOutValue,
    Circuit circuit,
    int maxFanOutPerLevel,
    int maxFanOutPerPhase) {}
