"""LBM scalar Dirichlet boundary: boolean `.at[mask].set` and `geq[mask]` on a mask stored on the operator object, which is concrete.

source: JAX lattice-Boltzmann engine module "Numpy implementations of operators" (src/lbm_engine/core/operators/..., code-index file id 65933133860; the index does not name the repository, whose layout and BGK / advection-diffusion operators match Beefcoin/l4tt1ce): ConstantScalarDirichletOperatorJax
error: none
category: negative-concrete-attribute-mask
expect: untouched
notes: ConstantScalarDirichletOperatorJax verbatim. The base class ConstantScalarDirichletOperator and the LatticeDescriptor come from other modules of the engine; they are replaced by a one-line stand-in base class and a small D2Q9 descriptor object (e, w, Q, opp as module-level constants). The operator is built once at module level with a NumPy boolean boundary mask given in (nx, ny) order, so the `mask.T` branch runs, exactly as the engine's geometry code hands masks to the operators; the jitted step calls it on traced fields. The mask is a NumPy array held on `self`, i.e. a trace-time constant: `phi.at[mask].set(...)`, `g.at[mask, :].set(geq[mask])` and `mask.shape != phi.shape` are all static, so this runs under jit unchanged. A fixer must not turn the boolean indexing into `jnp.where` or touch `mask.T`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from jax import Array


class ConstantScalarDirichletOperator:  # stand-in for src.lbm_engine.core.operators.advection_diffusion
    pass


class D2Q9:  # stand-in for src.lbm_engine.core.descriptor.LatticeDescriptor
    Q = 9
    e = jnp.array([[0, 0], [1, 0], [0, 1], [-1, 0], [0, -1],
                   [1, 1], [-1, 1], [-1, -1], [1, -1]], dtype=jnp.float32)
    w = jnp.array([4/9, 1/9, 1/9, 1/9, 1/9, 1/36, 1/36, 1/36, 1/36], dtype=jnp.float32)
    opp = [0, 3, 4, 1, 2, 7, 8, 5, 6]


class ConstantScalarDirichletOperatorJax(ConstantScalarDirichletOperator):
    def __init__(self, descriptor, mask, value):
        self.e = descriptor.e
        self.w = descriptor.w
        self.Q = descriptor.Q
        self.mask = mask
        self.value = value

    def __call__(self, g: Array, u: Array, phi: Array):
        mask = self.mask
        if mask.shape != phi.shape:
            mask = mask.T

        # Set scalar field
        phi = phi.at[mask].set(self.value)
        # phi[mask] = self.value

        # Compute equilibrium and update distribution
        cu = jnp.matmul(u, self.e.T) # (ny, nx, Q)
        geq = self.w[None, None, :] * phi[:, :, None] * (1 + 3*cu)
        g = g.at[mask, :].set(geq[mask])

        return g, u, phi


NY, NX = 6, 10
inlet_mask = np.zeros((NX, NY), dtype=bool)   # geometry masks come in (nx, ny) order
inlet_mask[0, 1:-1] = True
hot_wall = ConstantScalarDirichletOperatorJax(D2Q9(), inlet_mask, 1.0)


@jax.jit
def f(g, u, phi):
    return hot_wall(g, u, phi)
# --- end user code ---


def make_inputs(rng):
    g = rng.uniform(0, 0.2, size=(NY, NX, 9)).astype(np.float32)
    u = rng.normal(0, 0.05, size=(NY, NX, 2)).astype(np.float32)
    phi = rng.uniform(0, 1, size=(NY, NX)).astype(np.float32)
    return (g, u, phi)


INPUTS = make_inputs
