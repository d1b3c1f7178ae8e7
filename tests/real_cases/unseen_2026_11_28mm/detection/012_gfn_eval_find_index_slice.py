"""GFlowNet evaluation: len() of a jnp.where result in a truth test and ternary, then a slice at the traced index.

source: public code index, code-index file id 53812753642 (a hydra evaluation script of a non-acyclic GFlowNet /
  diffusion-sampler project: load_trained_model, visualize_trajectories, eval_fn_one, eval_fn with the nested
  find_index and slice_by_index, main; imports algorithms.gfn_non_acyclic.gfn_non_acyclic_rnd); the index does not
  name the repository or commit.
error: ConcretizationTypeError
category: nonzero-selection / len-truth-test / ternary / traced-slice-bound
expect: fix
notes: find_index and slice_by_index are verbatim from eval_fn. The entry point `select_trajectory` is the three
  lines of eval_fn that use them (`select_idx = find_index(trajs)` / `trajs = slice_by_index(trajs, select_idx)`),
  wrapped in `f = jax.jit(...)`; main() runs eval_fn either plainly or under `jax.disable_jit()` depending on
  cfg.use_jit, so it is meant to run both ways. Under jit, `jnp.where(mask)[0]` has a data-dependent size; behind
  it `len(indices) > 0` feeds an `if` and a conditional expression, and `xs[i : i + 1]` slices at a traced
  index. The reference picks the first True with argmax (0 when none, as the original's `else 0`) and slices
  with lax.dynamic_slice_in_dim; the "Found!" prints are trace-time side effects and are not compared.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def find_index(xs):
    x_coords = xs[..., 0]
    in_region1 = (x_coords >= -3) & (x_coords <= -1.5)
    in_region2 = (x_coords >= 1.5) & (x_coords <= 3)
    has_region1 = jnp.any(in_region1, axis=1)
    has_region2 = jnp.any(in_region2, axis=1)
    mask = has_region1 & has_region2
    indices = jnp.where(mask)[0]
    if len(indices) > 0:
        print("Found!")
    else:
        print("Not found!")
    return indices[0] if len(indices) > 0 else 0


def slice_by_index(xs, i):
    return xs[i : i + 1]


def select_trajectory(trajs):
    # select_idx = jnp.argmax(traj_lengths)
    select_idx = find_index(trajs)
    trajs = slice_by_index(trajs, select_idx)
    return trajs


f = jax.jit(select_trajectory)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    batch, steps, dim = 12, 10, 2
    # most trials: wide trajectories, some of which cross both regions; every fourth trial: narrow
    # trajectories that never reach |x| >= 1.5, so nothing is found and index 0 is used
    scale = 0.3 if rng.integers(0, 4) == 0 else 2.2
    trajs = np.cumsum(rng.normal(scale=scale, size=(batch, steps, dim)), axis=1) * 0.6
    return (trajs.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(trajs):
    x_coords = trajs[..., 0]
    in_region1 = (x_coords >= -3) & (x_coords <= -1.5)
    in_region2 = (x_coords >= 1.5) & (x_coords <= 3)
    mask = jnp.any(in_region1, axis=1) & jnp.any(in_region2, axis=1)
    idx = jnp.where(jnp.any(mask), jnp.argmax(mask), 0)
    return jax.lax.dynamic_slice_in_dim(trajs, idx, 1, axis=0)
