"""tinygp's CARMA kernel built from traced parameters: `np.roll` and `jnp.roots` inside a classmethod.

source: dfm/tinygp src/tinygp/kernels/quasisep.py at 992eb3db76587c62a27330835f91541b00acde8f (class CARMA: init, design_matrix, stationary_covariance, observation_model, transition_matrix; code-index file id 19446866184); the two jit failures are reported in https://github.com/dfm/tinygp/issues/89 ("Adding `strip_zeros=False` fixes the problem", "Changing `np.roll` to `jnp.roll` fixes the issue") and fixed in https://github.com/dfm/tinygp/pull/188
error: ConcretizationTypeError
category: method-of-object-from-traced-values / np-on-tracer
expect: fix
notes: CARMA's methods are verbatim except that the long comment deriving the P_inf structure in `init` is shortened to one line. tinygp's `Quasisep` base (an equinox-style module) is replaced by a minimal stand-in that stores keyword fields; `f` (the user's jitted loss-side code: build the kernel from traced alpha/beta/sigma, read its stationary covariance and a transition matrix) is added. Under jit the first failure is `jnp.roots` with its default `strip_zeros=True` (it concretizes the coefficients); the next one is `np.roll(x, k)` on a traced row.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np

JAXArray = jax.Array


class Quasisep:
    """Stand-in for tinygp.kernels.quasisep.Quasisep (a pytree module with fields)."""

    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)


class CARMA(Quasisep):
    sigma: JAXArray
    alpha: JAXArray
    beta: JAXArray
    roots: JAXArray
    proj: JAXArray
    proj_inv: JAXArray
    stn: JAXArray

    @classmethod
    def init(
        cls, alpha: JAXArray, beta: JAXArray, sigma: Optional[JAXArray] = None
    ) -> "CARMA":
        r"""Construct a CARMA kernel

        Args:
            alpha: The parameter :math:`\alpha` in the definition above. This
                should be an array of length ``p``.
            beta: The parameter :math:`\beta` in the definition above. This
                should be an array of length ``q``, where ``q <= p``.
            sigma: The parameter :math:`\sigma` in the definition above.
        """
        sigma = jnp.ones(()) if sigma is None else sigma
        alpha = jnp.atleast_1d(alpha)
        beta = jnp.atleast_1d(beta)
        assert alpha.ndim == 1
        assert beta.ndim == 1
        p = alpha.shape[0]
        assert beta.shape[0] <= p

        # We find the roots of the autoregressive polynomial as a means to find
        # the eigendecomposition of the design matrix.
        alpha_ext = jnp.append(alpha, 1.0)
        roots = jnp.roots(alpha_ext[::-1])
        proj = roots[:, None] ** jnp.arange(p)[None, :]
        proj_inv = jnp.linalg.inv(proj)

        # Compute the stationary covariance (see the tinygp source for the
        # derivation of the structure of P_inf used here).
        f = 2 * ((np.arange(2 * p) // 2) % 2) - 1
        x = f * jnp.append(alpha_ext, jnp.zeros(p - 1))
        params = jnp.stack([np.roll(x, k)[::2] for k in range(p)], axis=0)
        params = jnp.linalg.solve(
            params, 0.5 * sigma**2 * jnp.eye(p, 1, k=-p + 1)
        )[:, 0]
        stn = []
        for j in range(p):
            stn.append([jnp.zeros(()) for _ in range(p)])
            for n, k in enumerate(range(j - 2, -1, -2)):
                stn[-1][k] = (2 * (n % 2) - 1) * params[j - n - 1]
            for n, k in enumerate(range(j, p, 2)):
                stn[-1][k] = (1 - 2 * (n % 2)) * params[n + j]
        stn = jnp.array(list(map(jnp.stack, stn)))

        return cls(
            sigma=sigma,
            alpha=alpha,
            beta=beta,
            roots=roots,
            proj=proj,
            proj_inv=proj_inv,
            stn=stn,
        )

    def design_matrix(self) -> JAXArray:
        p = self.alpha.shape[0]
        return jnp.concatenate((jnp.eye(p - 1, p, k=1), -self.alpha[None]))

    def stationary_covariance(self) -> JAXArray:
        return self.stn

    def observation_model(self, X: JAXArray) -> JAXArray:
        return jnp.append(
            self.beta, jnp.zeros(self.alpha.shape[0] - self.beta.shape[0])
        )

    def transition_matrix(self, X1: JAXArray, X2: JAXArray) -> JAXArray:
        dt = X2 - X1
        return (
            self.proj_inv @ (jnp.exp(self.roots * dt)[:, None] * self.proj)
        ).real


@jax.jit
def f(alpha, beta, sigma, dt):
    kernel = CARMA.init(alpha, beta, sigma)
    return (
        kernel.stationary_covariance(),
        kernel.transition_matrix(0.0, dt),
        kernel.observation_model(0.0),
    )
# --- end user code ---


def make_inputs(rng):
    # CARMA(3, 1): well-separated AR roots so the Vandermonde inverse is tame.
    alpha = np.array(
        [rng.uniform(0.5, 1.5), rng.uniform(2.0, 3.0), rng.uniform(2.5, 3.5)],
        dtype=np.float32,
    )
    beta = np.array([1.0, rng.uniform(0.1, 0.9)], dtype=np.float32)
    sigma = np.float32(rng.uniform(0.5, 2.0))
    dt = np.float32(rng.uniform(0.05, 1.0))
    return (alpha, beta, sigma, dt)


INPUTS = make_inputs


@jax.jit
def reference_fix(alpha, beta, sigma, dt):
    p = alpha.shape[0]
    alpha_ext = jnp.append(alpha, 1.0)
    roots = jnp.roots(alpha_ext[::-1], strip_zeros=False)
    proj = roots[:, None] ** jnp.arange(p)[None, :]
    proj_inv = jnp.linalg.inv(proj)
    fs = 2 * ((np.arange(2 * p) // 2) % 2) - 1
    x = fs * jnp.append(alpha_ext, jnp.zeros(p - 1))
    params = jnp.stack([jnp.roll(x, k)[::2] for k in range(p)], axis=0)
    params = jnp.linalg.solve(params, 0.5 * sigma**2 * jnp.eye(p, 1, k=-p + 1))[:, 0]
    stn = []
    for j in range(p):
        stn.append([jnp.zeros(()) for _ in range(p)])
        for n, k in enumerate(range(j - 2, -1, -2)):
            stn[-1][k] = (2 * (n % 2) - 1) * params[j - n - 1]
        for n, k in enumerate(range(j, p, 2)):
            stn[-1][k] = (1 - 2 * (n % 2)) * params[n + j]
    stn = jnp.array(list(map(jnp.stack, stn)))
    trans = (proj_inv @ (jnp.exp(roots * (dt - 0.0))[:, None] * proj)).real
    obs = jnp.append(beta, jnp.zeros(p - beta.shape[0]))
    return stn, trans, obs
