package org.scansim.sim.banks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architectures;

/**
 * The 1.x step count (fewest steps over every choice of broadcast word and of the lane each other
 * bank serves) against an exhaustive search of the guide's procedure, on seeded random half-warps.
 */
class BroadcastStepsTest {

  @Test
  void matchesAnExhaustiveSearchOfTheGuidesProcedure() {
    SharedMemoryBanks banks = new SharedMemoryBanks(Architectures.preset("g80"));
    SharedAccessResult r = new SharedAccessResult();
    Random random = new Random(20070401);
    for (int trial = 0; trial < 3000; trial++) {
      int[] addresses = new int[32];
      int mask = 0;
      int lanes = 1 + random.nextInt(9);
      int words = 1 + random.nextInt(12);
      int[] bankSet = {0, 1, 2, 5};
      for (int lane = 0; lane < lanes; lane++) {
        mask |= 1 << lane;
        // words in banks {0, 1, 2, 5}, rows 0..2: word = 16·row + bank.
        int pick = random.nextInt(words);
        addresses[lane] = 4 * (16 * (pick % 3) + bankSet[pick / 3 % 4]);
      }
      banks.access(4, AccessKind.LOAD, mask, addresses, r);
      assertThat(r.maxDegree())
          .as("trial %d, addresses %s", trial, java.util.Arrays.toString(addresses))
          .isEqualTo(exhaustive(mask, addresses));
    }
  }

  /** Fewest steps by trying every broadcast word and every lane served by the other banks. */
  private static int exhaustive(int mask, int[] addresses) {
    Map<Integer, Map<Integer, Integer>> byBank = new HashMap<>();
    for (int lane = 0; lane < 32; lane++) {
      if ((mask >>> lane & 1) != 0) {
        int word = addresses[lane] / 4;
        byBank.computeIfAbsent(word % 16, b -> new HashMap<>()).merge(word, 1, Integer::sum);
      }
    }
    List<List<Integer>> state = new ArrayList<>();
    for (Map<Integer, Integer> words : byBank.values()) {
      state.add(new ArrayList<>(words.values()));
    }
    return search(state, new HashMap<>());
  }

  private static int search(List<List<Integer>> state, Map<String, Integer> memo) {
    List<List<Integer>> canon = new ArrayList<>();
    for (List<Integer> bank : state) {
      List<Integer> b = new ArrayList<>(bank);
      b.removeIf(c -> c == 0);
      b.sort(null);
      if (!b.isEmpty()) {
        canon.add(b);
      }
    }
    canon.sort((x, y) -> x.toString().compareTo(y.toString()));
    if (canon.isEmpty()) {
      return 0;
    }
    String key = canon.toString();
    Integer known = memo.get(key);
    if (known != null) {
      return known;
    }
    int best = Integer.MAX_VALUE;
    for (int b = 0; b < canon.size(); b++) {
      for (int w = 0; w < canon.get(b).size(); w++) {
        // Step: word w of bank b is broadcast; every other bank serves one lane of some word.
        List<List<Integer>> next = new ArrayList<>();
        for (List<Integer> bank : canon) {
          next.add(new ArrayList<>(bank));
        }
        next.get(b).set(w, 0);
        best = Math.min(best, 1 + serveOthers(next, b, 0, memo));
      }
    }
    memo.put(key, best);
    return best;
  }

  private static int serveOthers(
      List<List<Integer>> state, int broadcastBank, int bank, Map<String, Integer> memo) {
    if (bank == state.size()) {
      return search(state, memo);
    }
    if (bank == broadcastBank) {
      return serveOthers(state, broadcastBank, bank + 1, memo);
    }
    int best = Integer.MAX_VALUE;
    List<Integer> words = state.get(bank);
    for (int w = 0; w < words.size(); w++) {
      if (words.get(w) > 0) {
        words.set(w, words.get(w) - 1);
        best = Math.min(best, serveOthers(state, broadcastBank, bank + 1, memo));
        words.set(w, words.get(w) + 1);
      }
    }
    return best == Integer.MAX_VALUE ? serveOthers(state, broadcastBank, bank + 1, memo) : best;
  }
}
