"""An Equinox potential whose `if self.n_spectator > 0` tests a static field: jit-safe, must stay untouched.

source: "Hand-designed potentials for the addressable-memory (write/address/read) demo" module of a project importing `chlu.core.potentials` (public code index file id 58589675125: _safe_theta, RingRegisterPotential, ThreeModePotential, BallRegisterPotential, AtomStorePotential, GaussianMemoryPotential, DesignFreedomPotential); the index does not name the repository or commit.
error: none
category: negative-static-attribute
expect: untouched
notes: `_safe_theta` and `RingRegisterPotential` verbatim. Adapted: equinox is not installed, so
  `import equinox as eqx` is replaced by a two-line stand-in namespace (Module = object, field() -> None);
  the unused `from chlu.core.potentials import PotentialMLP` import and the long module docstring are
  dropped. Entry point added: `f` builds the potential inside jit from traced payloads and returns V(q) and
  grad V(q). Look-alikes: `int(self.payloads.shape[0])` (a shape), `if self.n_spectator > 0` (a Python int
  from q's static length), and the jnp.where-masked origin in `_safe_theta`. Inputs vary the number of
  spectator coordinates (0..3) and sometimes put q exactly at the origin.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import types
from typing import Optional

import jax
import jax.numpy as jnp

# stand-in for `import equinox as eqx` (equinox is not installed here)
eqx = types.SimpleNamespace(Module=object, field=lambda **kwargs: None)


def _safe_theta(q0: jnp.ndarray, q1: jnp.ndarray, eps: float):
    """Channel angle plus a radial envelope that kills the r=0 singularity.

    ``arctan2`` has gradient ``(-q1, q0)/r^2``, which blows up at the origin.
    Every angular term below is multiplied by ``env = r^2/(r^2+eps)``, which
    vanishes quadratically at the origin and is ~1 on the vacuum ring, so the
    composed potential is smooth everywhere while the physics on the ring
    (where all trajectories live) is unchanged to O(eps/f^2).

    ⚠ The envelope alone is NOT enough. At exactly ``q = 0`` the ``arctan2``
    gradient is NaN, and ``NaN * 0 = NaN`` — the standard JAX
    multiply-the-singularity-away trap — so ``grad V`` came back NaN at the
    origin even though ``V`` was finite (caught by
    ``test_ring_potential_finite_and_differentiable_at_origin``). The argument
    must be masked with ``jnp.where`` BEFORE it reaches ``arctan2`` so the
    singular branch is never evaluated.
    """
    r2 = q0 * q0 + q1 * q1
    at_origin = r2 <= 0.0
    q0s = jnp.where(at_origin, 1.0, q0)
    q1s = jnp.where(at_origin, 0.0, q1)
    theta = jnp.arctan2(q1s, q0s)
    env = r2 / (r2 + eps)
    return theta, env, r2


class RingRegisterPotential(eqx.Module):
    """K-item addressable register on a ring, with a payload read-out channel.

    .. code-block:: text

        V(q) = lam * (r^2 - f^2)^2                     # ring vacuum, r^2 = q0^2 + q1^2
             + b * (1 - cos(K * theta)) * env          # K angular wells = K item sites
             + 0.5 * kappa * (q2 - s(theta))^2         # payload channel
        s(theta) = sum_k a_k * exp((cos(theta - theta_k) - 1) / w) * env

    - **Item k** = the well at ``theta_k = 2*pi*k/K`` together with its stored
      payload ``a_k``.
    - **Address** = ``(m, q0, p0)``; the payload coordinate is always launched
      at ``q2(0) = 0``.
    - **Read** = the tail of the rollout. A payload-only read (``q2`` alone) is
      blind to the address plane, which is what makes the demo non-decorative.

    The payload bump width ``w`` is held FIXED as ``K`` grows, so neighbouring
    bumps overlap more and more — that overlap is the interference mechanism the
    item-count sweep measures (it is a designed, stated property, not an
    accident).

    Set ``payloads`` to zeros for the **blank control**: identical dynamics and a
    live read-out channel, but nothing stored. A working loop must read out at
    chance there.
    """

    payloads: jnp.ndarray  # (K,) stored values a_k
    theta_k: jnp.ndarray  # (K,) item site angles
    lam: float = eqx.field(static=True)
    f: float = eqx.field(static=True)
    b: float = eqx.field(static=True)
    K: int = eqx.field(static=True)
    kappa: float = eqx.field(static=True)
    bump_width: float = eqx.field(static=True)
    eps: float = eqx.field(static=True)
    n_spectator: int = eqx.field(static=True)
    spectator_k: float = eqx.field(static=True)

    def __init__(
        self,
        payloads,
        lam: float = 1.0,
        f: float = 1.0,
        b: float = 0.05,
        kappa: float = 1.0,
        bump_width: float = 0.05,
        eps: float = 1e-3,
        n_spectator: int = 0,
        spectator_k: float = 1.0,
    ):
        """
        Args:
            payloads: (K,) stored payload values a_k. Designed, typically a
                NON-monotone permutation of a grid so the payload is not a
                smooth function of the address angle.
            lam: quartic ring stiffness; radial spectral mass mu_rad^2 = 8*lam*f^2.
            f: vacuum radius.
            b: angular barrier height between item sites.
            kappa: payload spring constant.
            bump_width: von-Mises-like payload bump width w (angular sigma ~ sqrt(w)).
            eps: radial-envelope regularizer (see ``_safe_theta``).
            n_spectator: number of extra harmonic spectator coordinates (>= 3).
            spectator_k: spring constant for those spectators.
        """
        self.payloads = jnp.asarray(payloads, dtype=jnp.float32)
        self.K = int(self.payloads.shape[0])
        self.theta_k = jnp.arange(self.K, dtype=jnp.float32) * (2.0 * jnp.pi / self.K)
        self.lam = lam
        self.f = f
        self.b = b
        self.kappa = kappa
        self.bump_width = bump_width
        self.eps = eps
        self.n_spectator = n_spectator
        self.spectator_k = spectator_k

    def payload_profile(self, theta):
        """s(theta) — the designed payload written around the ring (no envelope)."""
        bumps = jnp.exp(
            (jnp.cos(theta[..., None] - self.theta_k) - 1.0) / self.bump_width
        )
        return jnp.sum(self.payloads * bumps, axis=-1)

    def __call__(self, q: jnp.ndarray) -> float:
        theta, env, r2 = _safe_theta(q[0], q[1], self.eps)

        v = self.lam * (r2 - self.f**2) ** 2
        v = v + self.b * (1.0 - jnp.cos(self.K * theta)) * env

        s = self.payload_profile(theta) * env
        v = v + 0.5 * self.kappa * (q[2] - s) ** 2

        if self.n_spectator > 0:
            v = v + 0.5 * self.spectator_k * jnp.sum(q[3:] ** 2)
        return v


@jax.jit
def f(payloads, q):
    pot = RingRegisterPotential(payloads, n_spectator=q.shape[0] - 3)
    return pot(q), jax.grad(pot)(q)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    K = int(rng.integers(3, 9))
    payloads = rng.permutation(np.linspace(-1.0, 1.0, K)).astype(np.float32)
    dim = 3 + int(rng.integers(0, 4))
    q = rng.normal(size=dim).astype(np.float32)
    if rng.random() < 0.3:
        q[:2] = 0.0  # exactly at the origin of the address plane
    return (payloads, q)


INPUTS = make_inputs
