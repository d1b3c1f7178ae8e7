"""HITS power iteration: `for ... if converged: break` with a `for`-`else: raise` on non-convergence.

source: data-apis/array-api PR #999 ("docs: add migration guides and tutorial"), review comment by ev-br on spec/2025.12/tutorial_basic.md, https://github.com/data-apis/array-api/pull/999
error: TracerBoolConversionError
category: for-break-else-raise
expect: report
notes: `is_converged` and `hits` as posted in the review comment (which shows that jitting the tutorial's iterative function fails), with xp = jax.numpy; the truncated tail is completed from the tutorial text quoted in the same diff (normalise h and a, return h, a). The loop could become a while_loop, but the data-dependent `raise Exception("Didn't converge")` has no jit equivalent without checkify, so a fixer should report it rather than rewrite.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as xp


def is_converged(xprev, x, N, tol):
    err = xp.sum(xp.abs(x - xprev))
    return err < xp.asarray(N * tol)


def hits(A, max_iter=100, tol=1.0e-8, normalized=True):
    A = xp.asarray(A)
    N = A.shape[0]
    h = xp.full(N, 1.0 / N)
    # Power iteration: make up to max_iter iterations
    for _i in range(max_iter):
        hprev = h
        a = hprev @ A
        h = A @ a
        h = h / xp.max(h)
        if is_converged(hprev, h, N, tol):
            break
    else:
        raise Exception("Didn't converge")
    if normalized:
        h = h / xp.sum(xp.abs(h))
        a = a / xp.sum(xp.abs(a))
    return h, a


f = jax.jit(hits)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    A = (rng.random(size=(6, 6)) < 0.4).astype(np.float32)
    return (A,)


INPUTS = make_inputs
