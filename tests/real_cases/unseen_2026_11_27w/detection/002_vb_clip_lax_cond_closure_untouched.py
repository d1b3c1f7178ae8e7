"""Look-alike: a pytree norm clip whose branch closures read the traced norm, already through lax.cond.

source: code-index file id 4776587012 (a JAX module "Consists of functions that can be used for any variational bayes algorithm. Author: Aleyna Kara(@karalleyna)" defining `clip(X, threshold)`; the index does not name its repository, most likely a probml project)
error: none
category: negative
expect: untouched
notes: the function is verbatim. Adapted: `from jax import tree_leaves, tree_map, lax` became `from jax.tree_util import tree_leaves, tree_map` plus `from jax import lax` (the top-level jax.tree_leaves/jax.tree_map aliases are gone from current JAX), and `f = jax.jit(clip)` is added as the entry point. It looks leaky: a builtin `sum` over traced norms, `norm > threshold` on a traced scalar, and closures `true_fun`/`false_fun` that capture the traced `norm` of the enclosing function; but the comparison only feeds lax.cond, so it is jit-safe and nothing may change. Thresholds straddle the norm so both branches run.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
'''
Consists of functions that can be used for any variational bayes algorithm.
Author: Aleyna Kara(@karalleyna)
'''

from jax.tree_util import tree_leaves, tree_map
from jax import lax
import jax
import jax.numpy as jnp


def clip(X, threshold):
    '''
    Clips the
    Parameters
    ----------
    X : pytree

    threshold : float
        If the norm is above the threshold, then X  will be updated as follows:
            X = (threshold / norm ) * X
    Returns
    -------
    pytree : Updated X
    '''
    X_leaves = tree_leaves(X)
    norm = sum(tree_map(jnp.linalg.norm, X_leaves))

    def true_fun(x):
        return (threshold / norm) * x

    def false_fun(x):
        return x

    X = tree_map(lambda x: lax.cond(norm > threshold, true_fun, false_fun, x), X)
    return X


f = jax.jit(clip)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    X = {
        "mean": rng.normal(size=(4,)).astype(np.float32),
        "log_std": rng.normal(size=(3, 2)).astype(np.float32),
    }
    total = float(np.linalg.norm(X["mean"]) + np.linalg.norm(X["log_std"]))
    # about half the trials clip, half pass through
    threshold = np.float32(total * rng.uniform(0.5, 1.5))
    return (X, threshold)


INPUTS = make_inputs
