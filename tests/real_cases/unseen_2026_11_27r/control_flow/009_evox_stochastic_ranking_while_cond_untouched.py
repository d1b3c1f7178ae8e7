"""Stochastic ranking (bubble sort with random comparison criterion) already written with lax loops: leave it alone.

source: EMI-Group/evox src/evox/algorithms/mo/sra.py (stochastic_ranking_selection; code-search index file id 1599239444; the index lists 4a20203a241f5f9fcaa1e60800e51f88636de4e9 for one of the file's stored versions)
error: none
category: negative, sorting, while-loop-cond
expect: untouched
notes: stochastic_ranking_selection verbatim, with its own @jax.jit; `f = stochastic_ranking_selection`.
  The SRA class, environmental_selection and the evox imports it does not use are dropped. Look-alikes:
  `n = len(I1)` (static), `i = 0` / `swapdone = True` as Python initial carries, `i += 1` and
  `swapdone = False` inside loop bodies, the early stop of the bubble sort expressed as a while_loop
  predicate `(vals[2] < n_half) & (vals[1])`, comparisons only inside jax.lax.cond.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def stochastic_ranking_selection(key, pc, I1, I2):
    n = len(I1)
    n_half = jnp.ceil(n / 2).astype(int)
    rank = jnp.arange(0, n)

    def swap_indices(rank, j):
        temp = rank[j]
        rank = rank.at[j].set(rank[j + 1])
        rank = rank.at[j + 1].set(temp)
        return rank

    i = 0
    swapdone = True
    rnd_all = jax.random.uniform(key, (n - 1,))

    def body_fun(vals):
        rank, swapdone, i = vals
        swapdone = False

        def in_body(j, vals):
            rank, swapdone = vals
            rnd = rnd_all[j]

            def true_fun(rank, swapdone):
                def in_true(rank, swapdone):
                    rank = swap_indices(rank, j)
                    swapdone = True
                    return rank, swapdone

                def in_false(rank, swapdone):
                    return rank, swapdone

                rank, swapdone = jax.lax.cond(
                    I1[rank[j]] < I1[rank[j + 1]], in_true, in_false, rank, swapdone
                )

                return rank, swapdone

            def false_fun(rank, swapdone):
                def in_true(rank, swapdone):
                    rank = swap_indices(rank, j)
                    swapdone = True
                    return rank, swapdone

                def in_false(rank, swapdone):
                    return rank, swapdone

                rank, swapdone = jax.lax.cond(
                    I2[rank[j]] < I2[rank[j + 1]], in_true, in_false, rank, swapdone
                )
                return rank, swapdone

            rank, swapdone = jax.lax.cond(rnd < pc, true_fun, false_fun, rank, swapdone)
            return (rank, swapdone)

        rank, swapdone = jax.lax.fori_loop(0, n - 1, in_body, (rank, swapdone))
        i += 1
        return rank, swapdone, i

    rank, s, a = jax.lax.while_loop(
        lambda vals: (vals[2] < n_half) & (vals[1]), body_fun, (rank, swapdone, i)
    )
    return rank


f = stochastic_ranking_selection
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    pc = np.asarray(rng.uniform(0.4, 0.6), dtype=np.float32)
    I1 = rng.normal(size=(n,)).astype(np.float32)
    I2 = rng.uniform(0.0, 2.0, size=(n,)).astype(np.float32)
    return (key, pc, I1, I2)


INPUTS = make_inputs
