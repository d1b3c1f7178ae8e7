"""DQMC sampler (determinant quantum Monte Carlo): `if max|imag(phases)| < 1e-12: return sign(real)` on traced phases.

source: code-index file id 53193439023 ("DQMC Sampler Module using JAX", part of a QES package: it imports
  `QES.pydqmc.stabilization`; class DQMCSampler; the index does not name the repository/commit) --
  DQMCSampler.compute_configuration_signs.
error: TracerBoolConversionError
category: if-return-on-traced-reduction
expect: fix
notes: the method is verbatim. The sampler class is cut down to a stand-in holding the two attributes the method
  reads (`Gs`, a tuple of per-channel (num_chains, N, N) Green's functions, and `n_channels`); the rest of
  DQMCSampler (sweeps, propagators, stabilization imports) is omitted. The module-level
  `config.update("jax_enable_x64", True)` is dropped so the case does not flip a global flag. Entry point: a
  jitted function building the stand-in from the Green's functions and calling the method. Inputs: real
  matrices (phases are real: sign branch), complex matrices with real values (imag exactly 0: sign branch on a
  complex dtype) and genuinely complex matrices (phase branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class DQMCSampler:
    def __init__(self, Gs, n_channels):
        self.Gs = Gs
        self.n_channels = n_channels

    def compute_configuration_signs(self):
        """
        Return the per-chain fermion sign/phase on the sampled `|W|` ensemble.

        For real weights this is a sign in `{-1, +1}`. The implementation uses
        the determinant phase of the equal-time Green's functions, exploiting

            G = (I + B_M ... B_1)^(-1).
        """
        g_stack = jnp.stack(self.Gs, axis=1)

        def per_chain(chain_greens):
            signs = []
            for c in range(self.n_channels):
                sign_c, _ = jnp.linalg.slogdet(chain_greens[c])
                signs.append(jnp.conj(sign_c))
            return jnp.prod(jnp.stack(signs))

        phases = jax.vmap(per_chain)(g_stack)
        if jnp.max(jnp.abs(jnp.imag(phases))) < 1e-12:
            return jnp.sign(jnp.real(phases))
        return phases


@jax.jit
def f(G_up, G_dn):
    sampler = DQMCSampler((G_up, G_dn), 2)
    return sampler.compute_configuration_signs()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    chains, n = 3, 4
    kind = int(rng.integers(0, 3))
    up = rng.normal(size=(chains, n, n))
    dn = rng.normal(size=(chains, n, n))
    if kind == 0:
        return (up.astype(np.float32), dn.astype(np.float32))
    if kind == 1:
        return (up.astype(np.complex64), dn.astype(np.complex64))
    up = up + 1j * rng.normal(size=(chains, n, n))
    dn = dn + 1j * rng.normal(size=(chains, n, n))
    return (up.astype(np.complex64), dn.astype(np.complex64))


INPUTS = make_inputs


@jax.jit
def reference_fix(G_up, G_dn):
    g_stack = jnp.stack((G_up, G_dn), axis=1)

    def per_chain(chain_greens):
        signs = []
        for c in range(2):
            sign_c, _ = jnp.linalg.slogdet(chain_greens[c])
            signs.append(jnp.conj(sign_c))
        return jnp.prod(jnp.stack(signs))

    phases = jax.vmap(per_chain)(g_stack)
    is_real = jnp.max(jnp.abs(jnp.imag(phases))) < 1e-12
    return jnp.where(is_real, jnp.sign(jnp.real(phases)), phases)
