"""stheno Normal.logpdf: a method drops NaN observations by pulling a traced mask to NumPy.

source: wesselb/stheno, stheno/random.py (Normal.logpdf, "Handle missing data" branch: available = B.jit_to_numpy(~B.isnan(x[:, 0])); if not B.all(available): ...); jit failure reported in https://github.com/wesselb/stheno/issues/21
error: TracerArrayConversionError
category: method-missing-data-shape
expect: report
notes: Normal is reduced to a class holding a dense mean (n, 1) and covariance (n, n); the lab/B dispatch calls become numpy/jax.numpy (B.jit_to_numpy -> np.asarray, B.take -> row selection, B.submatrix -> var[avail][:, avail], logdet/iqf via jnp.linalg). The NaN-dropping branch gives a data-dependent number of observations, so there is no same-shape rewrite: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class Normal:
    def __init__(self, mean, var):
        self.mean = mean
        self.var = var

    def logpdf(self, x):
        x = jnp.reshape(x, (-1, 1)) if x.ndim == 1 else x

        # Handle missing data. We don't handle missing data for batched computation.
        if x.ndim == 2 and x.shape[1] == 1:
            available = np.asarray(~jnp.isnan(x[:, 0]))
            if not np.all(available):
                # Take the elements of the mean, variance, and inputs corresponding to
                # the available data.
                available_mean = self.mean[available]
                available_var = self.var[available][:, available]
                available_x = x[available]
                return Normal(available_mean, available_var).logpdf(available_x)

        n = self.mean.shape[0]
        diff = x - self.mean
        _, logdet = jnp.linalg.slogdet(self.var)
        iqf = jnp.sum(diff * jnp.linalg.solve(self.var, diff), axis=0)
        logpdfs = -(logdet + n * jnp.log(2 * jnp.pi) + iqf) / 2
        return logpdfs[0]


@jax.jit
def f(mean, var, x):
    return Normal(mean, var).logpdf(x)
# --- end user code ---


def make_inputs(rng):
    n = 5
    a = rng.normal(size=(n, n))
    var = (a @ a.T + n * np.eye(n)).astype(np.float32)
    mean = rng.normal(size=(n, 1)).astype(np.float32)
    x = rng.normal(size=(n,)).astype(np.float32)
    if rng.random() < 0.6:
        x[rng.integers(0, n)] = np.nan  # a missing observation
    return mean, var, x


INPUTS = make_inputs
