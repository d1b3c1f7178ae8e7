"""A JAX port of `particles`' Weights: `lw.at[jnp.isnan(lw)].set(-jnp.inf)` with a traced boolean mask.

source: public JAX port of nchopin/particles' resampling module (Weights, Resampler, a CUDA thrust scan for parallel_systematic); code-index file id 13064769765 (the revision whose Weights.add is `self.lw = self.lw.at[:].add(delta)`), earlier revision id 13540494893; the index does not name the repository
error: NonConcreteBooleanIndexError
category: bool-mask-at-set
expect: fix
notes: uniform_spacings, multinomial_once and class Weights are verbatim. Dropped: the ctypes loading of
  `parallel-scan/libthrustscan.so` and the Resampler class and NumPy inverse_cdf (not used here). Added: the
  entry point `f`, one step of a particle filter's weight bookkeeping: build Weights from log-weights, add the
  incremental log-weights, recompute ESS / normalised weights / log-mean, draw one ancestor. In NumPy
  (`particles`) the line is `self.lw[np.isnan(self.lw)] = -np.inf`; the port turned it into `.at[mask].set`,
  which has a value-dependent index set under jit; `jnp.where(jnp.isnan(lw), -jnp.inf, lw)` is the rewrite.
  The class mutates its own attributes, but only on an object created inside the traced function.
  Inputs: log-weights and increments with NaN entries in most trials.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.random as jr


def uniform_spacings(N, key):
    """Generate ordered uniform variates in O(N) time.

    Parameters
    ----------
    N : int (>0)
        the expected number of uniform variates

    Returns
    -------
    (N,) float ndarray
        the N ordered variates (ascending order)

    Note
    ----
    This is equivalent to::

        from numpy import random
        u = sort(random.rand(N))

    but the line above has complexity O(N*log(N)), whereas the algorithm
    used here has complexity O(N).

    """
    z = jnp.cumsum(-jnp.log(jr.uniform(key, shape=(N + 1,))))
    return z[:-1] / z[-1]


def multinomial_once(W, key):
    """Sample once from a Multinomial distribution.

    Parameters
    ----------
    W : (N,) ndarray
        normalized weights (>=0, sum to one)

    Returns
    -------
    int
        a single draw from the discrete distribution that generates n with
        probability W[n]

    Note
    ----
    This is equivalent to

       A = multinomial(W, M=1)

    but it is faster.
    """
    return jnp.searchsorted(jnp.cumsum(W), jr.uniform(key))


class Weights:
    """A class to store N log-weights, and automatically compute normalised
    weights and their ESS.

    Parameters
    ----------
    lw : (N,) array or None
        log-weights (if None, object represents a set of equal weights)

    Attributes
    ----------
    lw : (N), array
        log-weights (un-normalised)
    W : (N,) array
        normalised weights
    ESS : scalar
        the ESS (effective sample size) of the weights

    Warning
    -------
    Objects of this class should be considered as immutable; in particular,
    method add returns a *new* object. Trying to modifying directly the
    log-weights may introduce bugs.

    """

    def __init__(self, N, lw=None):
        self.N = N
        self.log_mean = None
        if lw is None:
            self.lw = jnp.zeros(N)
        else:
            self.lw = lw
        self.ESS = self.get_ESS()

    def get_log_mean(self):
        m = self.lw.max()
        w = jnp.exp(self.lw - m)
        self.log_mean = m + jnp.log(w.sum() / self.N)
        return self.log_mean

    def get_ESS(self):
        """Computes ESS from log weights.

        As a side effect, stores normalized weights in attribute self.W.
        """
        self.lw = self.lw.at[jnp.isnan(self.lw)].set(-jnp.inf)
        m = self.lw.max()
        w = jnp.exp(self.lw - m)
        s = w.sum()
        self.W = w / s
        self.ESS = 1.0 / jnp.sum(self.W**2)
        return self.ESS

    def add(self, delta):
        """Increment weights: lw <-lw + delta.

        Parameters
        ----------
        delta : (N,) array
            incremental log-weights

        """
        self.lw = self.lw.at[:].add(delta)
        # for i in range(self.N):
        #     self.lw = self.lw.at[i].add(delta[i])


@jax.jit
def f(lw, delta, key):
    weights = Weights(lw.shape[0], lw=lw)
    weights.add(delta)
    ess = weights.get_ESS()
    log_mean = weights.get_log_mean()
    ancestor = multinomial_once(weights.W, key)
    return weights.W, ess, log_mean, ancestor
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 16
    lw = (2.0 * rng.normal(size=n)).astype(np.float32)
    delta = rng.normal(size=n).astype(np.float32)
    if rng.random() < 0.8:
        lw[rng.choice(n, size=rng.integers(1, 4), replace=False)] = np.nan
    if rng.random() < 0.5:
        delta[rng.integers(n)] = np.nan
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    return (lw, delta, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(lw, delta, key):
    n = lw.shape[0]
    lw = jnp.where(jnp.isnan(lw), -jnp.inf, lw)
    lw = lw + delta
    lw = jnp.where(jnp.isnan(lw), -jnp.inf, lw)
    m = lw.max()
    w = jnp.exp(lw - m)
    W = w / w.sum()
    ess = 1.0 / jnp.sum(W ** 2)
    log_mean = m + jnp.log(w.sum() / n)
    return W, ess, log_mean, jnp.searchsorted(jnp.cumsum(W), jr.uniform(key))
