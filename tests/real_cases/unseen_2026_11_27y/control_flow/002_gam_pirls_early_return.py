"""A penalised IRLS (P-IRLS) loop for a GAM that returns early once the coefficients stop moving.

source: public JAX generalised-additive-model package in the code index (code-index file id 66249404176; module `gam.py` with `class GAM` using narwhals, `.dists` (Dist, Normal) and `.formula` (Formula); the index does not name the repository): method `GAM._irls`
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: `GAM._irls` is verbatim. The class is cut down to `__slots__`, `__init__` and `_irls` (the Formula/narwhals
  machinery, REML search, predict and plot are dropped; `__init__` keeps only the `dist` assertion). `Dist`/`Poisson`
  are small stand-ins for the package's `.dists` module (log link, Poisson variance: the interface `_irls` uses:
  link, inverse_link, variance). Entry point: `f = jax.jit(_model._irls)` on a Poisson GAM; the package itself calls
  `self._irls(design, y_jnp, S)` from `fit`, and its own REML code already jits the same IRLS step inside `lax.scan`.
  Under jit the `if jnp.max(jnp.abs(beta_new - beta)) < tol: return beta_new` test needs a concrete value.
  Inputs: a random design with intercept, Poisson-like counts, a ridge penalty; some trials converge early, some
  use all 25 iterations (tol=1e-7 in float32), so both returns run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Dist:
    pass


class Poisson(Dist):
    def link(self, mu):
        return jnp.log(mu)

    def inverse_link(self, eta):
        return jnp.exp(eta)

    def variance(self, mu):
        return mu


class GAM:
    __slots__ = ['dist', 'formula', 'coef_', 'lam_']

    def __init__(self, dist: Dist = Poisson()):
        assert isinstance(dist, Dist)

        self.dist: Dist = dist
        self.formula = None
        self.coef_ = None
        self.lam_ = None

    def _irls(
        self,
        X: jax.Array,
        y: jax.Array,
        S: jax.Array,
        max_iter: int = 25,
        tol: float = 1e-7,
    ) -> jax.Array:
        mu = jnp.full_like(y, jnp.maximum(y.mean(), 1e-4))
        beta = jnp.zeros(X.shape[1])

        for _ in range(max_iter):
            eta = self.dist.link(mu)
            d_link = jax.vmap(jax.grad(self.dist.link))(mu)
            V = self.dist.variance(mu)

            z = eta + (y - mu) * d_link
            w = jnp.clip(1.0 / (V * d_link**2), 0, 1e6)

            WX = w[:, None] * X
            beta_new = jnp.linalg.solve(X.T @ WX + S, X.T @ (w * z))
            mu = self.dist.inverse_link(X @ beta_new)

            if jnp.max(jnp.abs(beta_new - beta)) < tol:
                return beta_new
            beta = beta_new

        return beta_new


_model = GAM(Poisson())
f = jax.jit(_model._irls)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n, p = 40, 4
    X = np.concatenate([np.ones((n, 1)), 0.5 * rng.normal(size=(n, p - 1))], axis=1).astype(np.float32)
    beta_true = np.array([0.5, 0.3, -0.2, 0.1]) * rng.uniform(0.2, 1.5)
    y = rng.poisson(np.exp(X @ beta_true)).astype(np.float32)
    lam = rng.choice([1e-2, 1.0, 10.0])
    S = (lam * np.diag([0.0, 1.0, 1.0, 1.0])).astype(np.float32)
    return (X, y, S)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, y, S, max_iter=25, tol=1e-7):
    dist = _model.dist
    mu = jnp.full_like(y, jnp.maximum(y.mean(), 1e-4))
    beta = jnp.zeros(X.shape[1])

    def step(mu):
        eta = dist.link(mu)
        d_link = jax.vmap(jax.grad(dist.link))(mu)
        V = dist.variance(mu)
        z = eta + (y - mu) * d_link
        w = jnp.clip(1.0 / (V * d_link**2), 0, 1e6)
        WX = w[:, None] * X
        beta_new = jnp.linalg.solve(X.T @ WX + S, X.T @ (w * z))
        return beta_new, dist.inverse_link(X @ beta_new)

    def cond(c):
        i, mu, beta, done = c
        return (i < max_iter) & ~done

    def body(c):
        i, mu, beta, done = c
        beta_new, mu = step(mu)
        done = jnp.max(jnp.abs(beta_new - beta)) < tol
        return i + 1, mu, beta_new, done

    _, _, beta, _ = lax.while_loop(cond, body, (0, mu, beta, jnp.array(False)))
    return beta
