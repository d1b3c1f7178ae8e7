"""A particle filter's residual resampler traced inside lax.cond: jnp.repeat with traced counts and a random draw of traced length R.

source: jamesgreen-c/pmcmc src/resample/resamplers.py at 1e778127e57c41dd8ef7b76e37a4a44de5180d5e (residual_resample, Resampler; code-index file id 27112736280; an earlier copy importing `feynman_kac.utils` is file id 26162527492)
error: ConcretizationTypeError
category: traced-shape (repeats / random shape), data-dependent-size
expect: report
notes: `residual_resample` and `Resampler` are verbatim except one line: `jr.shuffle(key, idx)` became
  `jr.permutation(key, idx)`, because jax.random.shuffle has been removed from JAX (permutation is its
  documented replacement). `_gather` and `ess` are stand-ins for the repository's feynman_kac.utils helpers
  (tree-wise particle gather; effective sample size 1/sum(w^2)). The entry point `f` calls the Resampler the
  way the repository's particle filters do, wrapped in jax.jit. `do_resample` is traced by lax.cond, so
  `jnp.repeat(jnp.arange(N), counts)` needs concrete counts, and `jr.choice(..., shape=(R,))` plus the
  `lax.cond` whose two branches return arrays of different lengths (N-R+R vs N-R) both depend on R = N -
  sum(counts), a data-dependent length. The output length is N in exact arithmetic, but getting there under
  jit means restructuring the algorithm (padded repeat, masked residual draws), not a local rewrite: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax.random as jr
from jax import Array, lax
import jax
import jax.tree_util as jtu


def _gather(x, idx):
    # stand-in for feynman_kac.utils._gather: index every particle leaf by idx
    return jtu.tree_map(lambda leaf: leaf[idx], x)


def ess(w):
    # stand-in for feynman_kac.utils.ess on normalised weights
    return 1.0 / jnp.sum(w ** 2)


def residual_resample(key: jr.PRNGKey, w: Array) -> Array:
    N = w.shape[0]
    Nw = N * w
    counts = jnp.floor(Nw).astype(int)
    R = N - counts.sum()
    idx = jnp.repeat(jnp.arange(N), counts)
    idx = jax.lax.cond(
        R > 0,
        lambda: jnp.concatenate([idx, jr.choice(key, N, shape=(R, ), replace=True, p=(Nw - counts) / R)]),
        lambda: idx
    )
    key = jr.split(key)[0]
    idx = jr.permutation(key, idx)
    return idx


class Resampler:

    def __init__(self, resampler_fn):
        self.resampler_fn = resampler_fn

    def __call__(self, key, N, norm_wn_prev, ess_min, x_n_prev, log_wn_prev):
        def do_resample(_):
            idx = self.resampler_fn(key, norm_wn_prev)
            x_res = _gather(x_n_prev, idx)
            return x_res, jnp.zeros(N), idx
        
        def skip_resample(_):
            return x_n_prev, log_wn_prev, jnp.arange(N)
        
        ess_t = ess(norm_wn_prev)
        x_n_prev, log_wn_prev, idx = lax.cond(
            ess_t < ess_min,
            do_resample,
            skip_resample,
            operand=None
        )
        return x_n_prev, log_wn_prev, idx, ess_t


resampler = Resampler(residual_resample)


@jax.jit
def f(key, norm_w, x, log_w):
    return resampler(key, norm_w.shape[0], norm_w, 0.5 * norm_w.shape[0], x, log_w)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 16
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    log_w = rng.normal(scale=2.0, size=n).astype(np.float32)
    w = np.exp(log_w - log_w.max())
    w = (w / w.sum()).astype(np.float32)
    x = rng.normal(size=(n, 2)).astype(np.float32)
    return (key, w, x, log_w)


INPUTS = make_inputs
