"""Andrews-Curtis search heuristic: nested closures `palindromic_score` / `run_penalty` branch on traced relator values.

source: heuristic_fn_v19 in a public log of evolved JAX heuristics for Andrews-Curtis trivialisation search ("Request 20" output; public code-index file id 1842502065, a Markdown log of prompts/latency/outputs, EVOLVE-BLOCK markers; the index does not name the repository or commit)
error: TracerBoolConversionError
category: closure-bool-of-traced
expect: fix
notes: heuristic_fn_v19 verbatim (model-generated code kept in a public repository; the harness it was written for evaluates heuristics on int32 presentations of shape (72,) under jit/vmap). Only `f = jax.jit(heuristic_fn_v19)` is added. The nested helpers close over the traced relator: palindromic_score tests `length == 0`, run_penalty tests `jnp.sum(mask) == 0` and walks the relator with `if non_zero[i] != 0` / `if non_zero[i] == prev` (a run-length state machine over a static 36-step loop). Fix: jnp.where for the empty-relator early returns and carry current_run / max_run / prev through the loop with jnp.where. Inputs include empty relators and long runs so every branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def heuristic_fn_v19(presentation: jnp.ndarray) -> float:
    r"""
    Enhanced heuristic that captures structural properties relevant to trivialisation:
    1. Counts cancellation pairs (adjacent inverse pairs within each relator)
    2. Measures symmetry (palindromic structure indicates potential for conjugation moves)
    3. Penalizes long runs of the same generator (reduces complexity for AC moves)
    4. Rewards balanced presentation length ratio between relators (encourages symmetry)
    
    This heuristic better identifies presentations that, while longer, have structure 
    conducive to future cancellation through AC moves (especially AC2 conjugation moves
    that exploit symmetry).
    """
    N_GENERATORS = 2
    MAX_RELATOR_LENGTH = 36
    MAX_PRESENTATION_LENGTH = N_GENERATORS * MAX_RELATOR_LENGTH
    
    # Split presentation into two relators
    r1 = presentation[:MAX_RELATOR_LENGTH]
    r2 = presentation[MAX_RELATOR_LENGTH:]
    
    # Function to count cancellation pairs in a single relator
    def count_cancellation_pairs(relator):
        # Create shifted versions: current element and next element
        shifted = jnp.roll(relator, -1)
        # Cancellation occurs when element and next are exact inverses (sum to 0)
        cancellations = jnp.sum(jnp.abs(relator + shifted) == 0)
        # Also check wrap-around cancellation (last with first)
        wrap_cancellation = jnp.where(
            (relator[-1] != 0) & (relator[0] != 0) & (relator[-1] + relator[0] == 0),
            1, 0
        )
        return cancellations + wrap_cancellation
    
    # Count cancellations in both relators
    c1 = count_cancellation_pairs(r1)
    c2 = count_cancellation_pairs(r2)
    total_cancellations = c1 + c2
    
    # Function to measure palindromic structure
    def palindromic_score(relator):
        # Get non-zero elements
        mask = relator != 0
        non_zero = jnp.where(mask, relator, 0)
        
        # Get actual length
        length = jnp.sum(mask)
        
        if length == 0:
            return 1.0
        
        # Check if palindromic: element[i] should be inverse of element[-i-1]
        # Reverse the relator and check inverse relationship
        reversed_relator = jnp.flip(non_zero)
        inverse_reversed = -reversed_relator
        
        # Count matches between original and inverse-reversed
        matches = jnp.sum(jnp.where(mask, jnp.equal(non_zero, inverse_reversed), 0))
        return matches / length
    
    # Compute palindromic scores for both relators
    p1 = palindromic_score(r1)
    p2 = palindromic_score(r2)
    avg_palindromic = (p1 + p2) / 2.0
    
    # Function to measure run-length penalties
    def run_penalty(relator):
        # Count runs of same generator type
        mask = relator != 0
        non_zero = jnp.where(mask, relator, 0)
        
        if jnp.sum(mask) == 0:
            return 0.0
        
        # Find where generator changes
        shifted = jnp.roll(non_zero, 1)
        changes = jnp.sum(jnp.where(mask, jnp.abs(non_zero - shifted) > 0, 0))
        # Subtract 1 to get number of runs (first element is always start of a run)
        runs = changes
        
        # Penalize long runs by looking at maximum run length
        max_run = 1
        current_run = 1
        prev = 0
        
        for i in range(MAX_RELATOR_LENGTH):
            if non_zero[i] != 0:
                if non_zero[i] == prev:
                    current_run += 1
                    max_run = jnp.maximum(max_run, current_run)
                else:
                    current_run = 1
                    prev = non_zero[i]
            else:
                current_run = 1
                prev = 0
        
        return max_run / 5.0  # Normalize
    
    run_p1 = run_penalty(r1)
    run_p2 = run_penalty(r2)
    avg_run_penalty = (run_p1 + run_p2) / 2.0
    
    # Compute presentation length ratio
    def get_length(relator):
        return jnp.sum(relator != 0)
    
    len1 = get_length(r1)
    len2 = get_length(r2)
    total_length = len1 + len2
    
    # Penalize extreme imbalance between relator lengths
    length_ratio = jnp.minimum(len1, len2) / (jnp.maximum(len1, len2) + 1e-6)
    
    # Normalize lengths for comparison
    length_score = 1.0 - (total_length / MAX_PRESENTATION_LENGTH)
    
    # Combine components with weights determined by importance for trivialisation
    # Base score: high if short and balanced with cancellations and symmetry
    base_score = (
        0.2 * (total_cancellations / 4.0) +        # Reward cancellations (max ~8 for 2 relators)
        0.3 * avg_palindromic +                     # Reward palindromic structure
        0.1 * length_ratio +                        # Reward balanced lengths
        0.3 * length_score -                        # Reward short presentation
        0.1 * avg_run_penalty                       # Penalize long runs
    )
    
    # Ensure output is in [0,1]
    # Clamp to range [0,1] with soft boundaries
    score = jnp.clip(base_score, 0.0, 1.0)
    
    return score


f = jax.jit(heuristic_fn_v19)
# --- end user code ---

import numpy as np


def _relator(rng, kind):
    r = np.zeros(36, dtype=np.int32)
    if kind == "empty":
        return r
    n = int(rng.integers(30, 37))
    if kind == "runs":
        vals, i = [], 0
        while len(vals) < n:
            g = int(rng.choice([-2, -1, 1, 2]))
            vals += [g] * int(rng.integers(1, 7))
        r[:n] = vals[:n]
    else:
        r[:n] = rng.choice([-2, -1, 1, 2], size=n)
    return r


def make_inputs(rng):
    kinds = ["empty", "runs", "random"]
    k1 = kinds[int(rng.integers(1, 3))]
    k2 = kinds[int(rng.integers(0, 6)) % 3]
    return (np.concatenate([_relator(rng, k1), _relator(rng, k2)]),)


INPUTS = make_inputs


@jax.jit
def reference_fix(presentation):
    L = 36
    r1, r2 = presentation[:L], presentation[L:]

    def cancellations(relator):
        shifted = jnp.roll(relator, -1)
        wrap = jnp.where((relator[-1] != 0) & (relator[0] != 0) & (relator[-1] + relator[0] == 0), 1, 0)
        return jnp.sum(jnp.abs(relator + shifted) == 0) + wrap

    def palindromic(relator):
        mask = relator != 0
        nz = jnp.where(mask, relator, 0)
        length = jnp.sum(mask)
        matches = jnp.sum(jnp.where(mask, jnp.equal(nz, -jnp.flip(nz)), 0))
        return jnp.where(length == 0, 1.0, matches / jnp.maximum(length, 1))

    def run_pen(relator):
        mask = relator != 0
        nz = jnp.where(mask, relator, 0)
        max_run, cur, prev = 1, 1, 0
        for i in range(L):
            on = nz[i] != 0
            same = on & (nz[i] == prev)
            max_run = jnp.where(same, jnp.maximum(max_run, cur + 1), max_run)
            prev = jnp.where(on, nz[i], 0)
            cur = jnp.where(same, cur + 1, 1)
        return jnp.where(jnp.sum(mask) == 0, 0.0, max_run / 5.0)

    len1, len2 = jnp.sum(r1 != 0), jnp.sum(r2 != 0)
    base = (0.2 * ((cancellations(r1) + cancellations(r2)) / 4.0)
            + 0.3 * (palindromic(r1) + palindromic(r2)) / 2.0
            + 0.1 * jnp.minimum(len1, len2) / (jnp.maximum(len1, len2) + 1e-6)
            + 0.3 * (1.0 - (len1 + len2) / 72)
            - 0.1 * (run_pen(r1) + run_pen(r2)) / 2.0)
    return jnp.clip(base, 0.0, 1.0)
