"""Coordinate-descent Lasso class: builtin `max` on a traced residual and a traced convergence `break` in fit().

source: wizplan/ml-essence 05/lasso.py at 882632350a9448aa1202666bc0d35d4eaa75afaf (soft_thresholding, Lasso; the code of the book "Machine Learning no Essence")
error: TracerBoolConversionError
category: builtin-max-on-tracer, for-break-on-traced-convergence, method-state-on-self
expect: fix
notes: NumPy-era code ported the way a user ports it: `import numpy as np` becomes `import jax.numpy as np`, and the
  three in-place writes become `.at[].set` (the `ww = self.w_[1:]; ww[k] = 0` view write becomes a copy, which gives
  the same result because w_[k + 1] is overwritten right after). Everything else is verbatim. The jitted `f` (added by
  the collector) fits a model with a traced penalty and a static max_iter=15, and returns the weights and fitted
  values. Trials mix penalties that zero some coefficients with ones that do not; some fits meet `tol`, others use
  up max_iter.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np

def soft_thresholding(x, y):
    return np.sign(x) * max(abs(x) - y, 0)

class Lasso:
    def __init__(self, lambda_, tol=0.0001, max_iter=1000):
        self.lambda_ = lambda_
        self.tol = tol
        self.max_iter = max_iter
        self.w_ = None

    def fit(self, X, t):
        n, d = X.shape
        self.w_ = np.zeros(d + 1)
        avgl1 = 0.
        for _ in range(self.max_iter):
            avgl1_prev = avgl1
            self._update(n, d, X, t)
            avgl1 = np.abs(self.w_).sum() / self.w_.shape[0]
            if abs(avgl1 - avgl1_prev) <= self.tol:
                break

    def _update(self, n, d, X, t):
        self.w_ = self.w_.at[0].set((t - np.dot(X, self.w_[1:])).sum() / n)
        w0vec = np.ones(n) * self.w_[0]
        for k in range(d):
            ww = self.w_[1:]
            ww = ww.at[k].set(0)
            q = np.dot(t - w0vec - np.dot(X, ww), X[:, k])
            r = np.dot(X[:, k], X[:, k])
            self.w_ = self.w_.at[k + 1].set(soft_thresholding(q / r, self.lambda_))

    def predict(self, X):
        if X.ndim == 1:
            X = X.reshape(X.shape[0], 1)
        Xtil = np.c_ [np.ones(X.shape[0]), X]
        return np.dot(Xtil, self.w_)


@jax.jit
def f(X, t, lambda_):
    model = Lasso(lambda_, tol=1e-4, max_iter=15)
    model.fit(X, t)
    return model.w_, model.predict(X)
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    n, d = 30, 4
    base = rng.normal(size=(n, 1))
    X = (0.8 * base + 0.6 * rng.normal(size=(n, d))).astype(onp.float32)   # correlated columns: slow CD
    w_true = onp.array([1.5, -2.0, 0.05, 0.0]) * rng.choice([1.0, 3.0])
    t = (0.7 + X @ w_true + 0.1 * rng.normal(size=n)).astype(onp.float32)
    lam = onp.float32(rng.choice([0.01, 0.3, 1.0]))
    return (X, t, lam)


INPUTS = make_inputs


def _soft(x, y):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - y, 0)


@jax.jit
def reference_fix(X, t, lambda_):
    n, d = X.shape
    tol, max_iter = 1e-4, 15

    def update(w):
        w = w.at[0].set((t - jnp.dot(X, w[1:])).sum() / n)
        w0vec = jnp.ones(n) * w[0]
        for k in range(d):
            ww = w[1:].at[k].set(0)
            q = jnp.dot(t - w0vec - jnp.dot(X, ww), X[:, k])
            r = jnp.dot(X[:, k], X[:, k])
            w = w.at[k + 1].set(_soft(q / r, lambda_))
        return w

    def cond(s):
        i, w, avg, stop = s
        return (i < max_iter) & ~stop

    def body(s):
        i, w, avg, stop = s
        prev = avg
        w = update(w)
        avg = jnp.abs(w).sum() / w.shape[0]
        return i + 1, w, avg, jnp.abs(avg - prev) <= tol

    _, w, _, _ = jax.lax.while_loop(cond, body, (0, jnp.zeros(d + 1), jnp.float32(0.0), jnp.bool_(False)))
    Xtil = jnp.c_[jnp.ones(n), X]
    return w, jnp.dot(Xtil, w)
