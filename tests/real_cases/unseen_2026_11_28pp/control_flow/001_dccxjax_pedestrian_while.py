"""Pedestrian random-walk probabilistic program: a Python `while` on traced position/distance.

source: the "pedestrian" ground-truth script of the dccxjax probabilistic-programming project
  (evaluation/pedestrian/ground_truth.py; this earlier stored revision is public code-index file id
  26472799288 - PedWhileState, cond, body_fun, pedestrian1, pedestrian2, pedestrian_batched, cdf,
  cdf_cruncher; later revisions are ids 26575015654, 26290840972, 26406840620, 26605338974). The index
  does not name the repository or commit.
error: TracerBoolConversionError
category: while-traced-cond-and
expect: fix
notes: `pedestrian2` verbatim (the plain-Python twin of the file's own `pedestrian1`, which the author
  rewrote with jax.lax.while_loop). Only added `f = jax.jit(pedestrian2)`; the script itself vmaps/jits
  `pedestrian1`. The loop condition `position > 0 and distance < 10` is a traced `and`, and the body
  threads a PRNG key, so the rewrite must carry (key, position, distance, t) through a while_loop.
  reference_fix is the file's own pedestrian1 (with its state/cond/body helpers).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def pedestrian2(rng_key: jax.Array):
    rng_key, sample_key = jax.random.split(rng_key)
    start = jax.random.uniform(sample_key) * 3.
    lp = jax.lax.log(1./3.)
    position = start
    distance = 0
    t = 0
    while position > 0 and distance < 10:
        rng_key, sample_key = jax.random.split(rng_key)
        step = jax.random.uniform(sample_key) * 2. - 1.
        position += step
        distance += jax.lax.abs(step)
        # lp += jax.lax.log(1./2.)
        t += 1
    lp += t * jax.lax.log(1./2.)
    lp += jax.scipy.stats.norm.logpdf(1.1, distance, 0.1)

    return {"start": start, "lp": lp}


f = jax.jit(pedestrian2)
# --- end user code ---

from typing import NamedTuple

import numpy as np


def make_inputs(rng):
    # a raw uint32[2] PRNG key; different seeds end the walk either at position <= 0 or distance >= 10
    return (rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32),)


INPUTS = make_inputs


class PedWhileState(NamedTuple):
    rng_key: jax.Array
    position: jax.Array
    distance: jax.Array
    t: jax.Array


def _cond(state: PedWhileState):
    return (state.position > 0) & (state.distance < 10)


def _body_fun(state: PedWhileState):
    new_rng_key, sample_key = jax.random.split(state.rng_key)
    step = jax.random.uniform(sample_key) * 2 - 1
    return PedWhileState(new_rng_key, state.position + step, state.distance + jax.lax.abs(step), state.t + 1)


@jax.jit
def reference_fix(rng_key):
    rng_key, sample_key = jax.random.split(rng_key)
    start = jax.random.uniform(sample_key) * 3.
    lp = jax.lax.log(1./3.)
    end_state = jax.lax.while_loop(_cond, _body_fun, PedWhileState(rng_key, start, jnp.array(0.), jnp.array(0)))
    lp += end_state.t * jax.lax.log(1./2.)
    lp += jax.scipy.stats.norm.logpdf(1.1, end_state.distance, 0.1)
    return {"start": start, "lp": lp}
