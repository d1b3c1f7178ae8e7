"""jaxns `resample_indicies`: the effective sample size is `int(jnp.exp(...))` of traced log-weights and becomes a shape.

source: Joshuaalbert/jaxns jaxns/internals/random.py at 8c559b35891e42cfbbc89bf666bd8aeeb74213e3 (random_ortho_matrix, resample_indicies; code-index file id 1445079678)
error: ConcretizationTypeError
category: int-of-tracer-shape
expect: report
notes: resample_indicies copied verbatim (random_ortho_matrix dropped). Stand-ins for the jaxns imports: `cumulative_logsumexp` from jaxns.internals.log_semiring is replaced by a two-line version on jax.lax.cumlogsumexp, and the FloatArray/IntArray/PRNGKey aliases from jaxns.internals.types by jax.Array. Entry point `f = jax.jit(resample_indicies, static_argnames=("S", "replace", "num_total"))` called as f(key, log_weights) with S left as None, so the function computes `S = int(jnp.exp(2. * logsumexp(w) - logsumexp(2. * w)))` from the traced weights: the ESS is data dependent and is then used as the number of samples drawn (`random.uniform(key, (S,))`) and as the slice length `[:S]`, so the output shape depends on the data and there is no jit-safe rewrite that keeps the result; a fixer should report it (the `if S is None` / `if log_weights is None` tests are static and fine).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Optional

import jax
from jax import random, numpy as jnp
from jax.scipy import special

FloatArray = IntArray = PRNGKey = jax.Array


def cumulative_logsumexp(u, axis=0):
    return jax.lax.cumlogsumexp(u, axis=axis)


def resample_indicies(key: PRNGKey, log_weights: Optional[FloatArray] = None, S: Optional[int] = None,
                      replace: bool = False, num_total: Optional[int] = None) -> IntArray:
    """
    Get resample indicies according to a given weighting, with or without replacement.

    Args:
        key: PRNGKey
        log_weights: Optional log weights
        S: Optional number of samples. Computes effective sample size from log weights if not given.
        replace: whether to use replacement or not.
        num_total: Optional total sample size to use, must be given if `replace=False` and `log_weights=None`

    Returns:
        index array given the take indicies to resample at.
    """
    if S is None:
        if log_weights is None:
            raise ValueError("Need log_weights if S is not given.")
        # ESS = (sum w)^2 / sum w^2
        S = int(jnp.exp(2. * special.logsumexp(log_weights) - special.logsumexp(2. * log_weights)))

    if replace:
        if log_weights is not None:
            # use cumulative_logsumexp because some log_weights could be really small
            log_p_cuml = cumulative_logsumexp(log_weights)
            log_r = log_p_cuml[-1] + jnp.log(1. - random.uniform(key, (S,)))
            idx = jnp.searchsorted(log_p_cuml, log_r)
        else:
            if num_total is None:
                raise ValueError("Need num_total if log_weights is None.")
            log_p_cuml = jnp.log(jnp.arange(num_total))
            log_r = log_p_cuml[-1] + jnp.log(1. - random.uniform(key, (S,)))
            idx = jnp.searchsorted(log_p_cuml, log_r)
    else:
        if log_weights is not None:
            g = -random.gumbel(key, shape=log_weights.shape) - log_weights
        else:
            if num_total is None:
                raise ValueError("Need num_total if log_weights is None.")
            g = -random.gumbel(key, shape=(num_total,))
        idx = jnp.argsort(g)[:S]
    return idx


f = jax.jit(resample_indicies, static_argnames=("S", "replace", "num_total"))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**32 - 1, size=2, dtype=np.uint32)
    log_weights = rng.normal(scale=2.0, size=(64,)).astype(np.float32)
    return (key, log_weights)


INPUTS = make_inputs
