"""Density-weighted batch sampler already rewritten with `lax.while_loop` (the Python `while` survives only as a comment).

source: data-utilities module of a biocomp / compute-graph-model training project in the public code index (code-index file id 55598271112: optimal_density_subsample, sample_batches_direct, DataManager, ..., sample_batches, sample_batches_jit, jitable_sample_batches_attempt). The index does not name the repository.
error: none
category: lookalike-while-loop-static-pad
expect: untouched
notes: sample_batches_jit and optimal_density_subsample are verbatim. sample_batches_jit calls `density_subsample`, which this revision of the module no longer defines; the module's own `optimal_density_subsample` (same signature and body shape) is bound to that name as a stand-in. Dropped the plotting, pandas, biocomp and other unrelated imports and functions. The commented-out decorator above sample_batches_jit (`@partial(jit, static_argnames=('batch_size', 'n_batches', 'x_pad_to', 'y_pad_to'))`) is applied as `f = jax.jit(...)`. Jit-safe: the loop is a lax.while_loop, `assert X.shape[0] == Y.shape[0]` and `if x_pad_to is not None` are static, and the commented `while jnp.sum(selection) < total_size:` is dead text. Nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.tree_util import Partial as partial
from jax import jit, vmap
import numpy as np
from jax.scipy.stats import gaussian_kde


@jit
def optimal_density_subsample(X, kde, rng, quantile_threshold=0.1):
    EPSILON = 1e-12
    HIGH_DENSITIES_PENALTY = 1.05
    densities = kde.evaluate(X.T) + EPSILON
    threshold = jnp.quantile(densities, quantile_threshold)
    diceroll = jax.random.uniform(rng, shape=(len(densities),))
    selected = (densities < threshold) | (
        diceroll < (threshold / (densities * HIGH_DENSITIES_PENALTY))
    )
    return selected


density_subsample = optimal_density_subsample


# @partial(jit, static_argnames=('batch_size', 'n_batches', 'x_pad_to', 'y_pad_to'))
def sample_batches_jit(
    X, Y, batch_size, n_batches, kde, rng, quantile_threshold=0.1, x_pad_to=None, y_pad_to=None
):
    assert X.shape[0] == Y.shape[0]
    total_size = batch_size * n_batches
    rngk, rng = jax.random.split(rng)

    selection = density_subsample(X, kde, rngk, quantile_threshold).astype(jnp.int32)

    selection, rng = jax.lax.while_loop(
        lambda x: jnp.sum(x[0]) < total_size,
        lambda x: tuple(
            [
                x[0] + density_subsample(X, kde, rngk, quantile_threshold).astype(jnp.int32),
                jax.random.split(x[1])[0],
            ]
        ),
        (selection, rngk),
    )

    # while jnp.sum(selection) < total_size:
    # rng, _ = jax.random.split(rng)
    # selection = selection + density_subsample(X, kde, rng, quantile_threshold).astype(jnp.int32)

    selection_probability = selection / jnp.sum(selection)
    indices = jax.random.choice(rng, X.shape[0], shape=(total_size,), p=selection_probability)

    Xsub = X[indices]
    Ysub = Y[indices]

    # pad with nans to the right if necessary
    if x_pad_to is not None:
        Xsub = jnp.pad(Xsub, ((0, 0), (0, x_pad_to - Xsub.shape[1])), constant_values=jnp.nan)
    if y_pad_to is not None:
        Ysub = jnp.pad(Ysub, ((0, 0), (0, y_pad_to - Ysub.shape[1])), constant_values=jnp.nan)

    Xbatches = jnp.split(Xsub, n_batches)
    Ybatches = jnp.split(Ysub, n_batches)

    return Xbatches, Ybatches


f = jax.jit(sample_batches_jit, static_argnames=('batch_size', 'n_batches', 'x_pad_to', 'y_pad_to'))
# --- end user code ---


def make_inputs(rng):
    n = 120
    X = rng.beta(2.0, 5.0, size=(n, 2)).astype(np.float32)
    Y = np.hstack([X, rng.uniform(size=(n, 1))]).astype(np.float32)
    kde = gaussian_kde(jnp.asarray(X.T))
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    batch_size = int(rng.choice([8, 16]))
    n_batches = int(rng.choice([2, 4]))
    x_pad_to = [None, 4][int(rng.integers(0, 2))]
    y_pad_to = [None, 5][int(rng.integers(0, 2))]
    return (X, Y, batch_size, n_batches, kde, key, 0.1, x_pad_to, y_pad_to)


INPUTS = make_inputs
