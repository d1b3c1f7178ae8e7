"""An objective object stores a boolean NumPy mask; jitting its method with `self` as a pytree traces the mask.

source: PlasmaControl/DESC issue #625 ("QuasisymmetryBoozer objective throwing NonConcreteBooleanIndexError when used in optimization") and its fix https://github.com/PlasmaControl/DESC/pull/626 (desc/vmec_utils.py ptolemy_linear_transform: `idx[idx_MN] = False` was returned as a boolean mask; the PR added `idx = np.where(idx)[0]` so that QuasisymmetryBoozer indexes with integers)
error: NonConcreteBooleanIndexError
category: bool-mask-object-attribute
expect: fix
notes: the helicity branch of ptolemy_linear_transform kept as written before PR #626 (matrix part
  dropped); QuasisymmetryBoozer reduced to build()/compute(), registered as a pytree with the
  mask as a child, as DESC objectives are, and its compute is jitted with the object as an
  argument (DESC jits objective methods the same way). The mask is concrete NumPy at build time
  and only becomes a tracer at the jit boundary, so nothing near `B_mn[self._idx]` looks traced.
  The Boozer spectrum B_mn is the input. `sign` from desc.utils replaced by np.sign.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np
from jax.tree_util import register_pytree_node_class


def ptolemy_nonsymmetric_modes(vmec_modes, helicity, NFP):
    """Indices of the non-quasi-symmetric modes (helicity branch of ptolemy_linear_transform)."""
    assert NFP is not None, "NFP must be supplied when specifying helicity"
    assert isinstance(helicity, tuple) and len(helicity) == 2
    M = np.abs(helicity[0])
    N = np.abs(helicity[1]) / NFP * np.sign(np.prod(helicity))
    idx = np.ones((vmec_modes.shape[0],), bool)
    idx[0] = False  # m=0,n=0 mode
    if N == 0:
        idx_MN = np.nonzero(vmec_modes[:, 2] == 0)[0]
    else:
        idx_MN = np.nonzero(vmec_modes[:, 1] * N == vmec_modes[:, 2] * M)[0]
    idx[idx_MN] = False
    return idx


@register_pytree_node_class
class QuasisymmetryBoozer:
    """Quasi-symmetry Boozer harmonics error."""

    def __init__(self, helicity=(1, 0), NFP=1):
        self.helicity = helicity
        self.NFP = NFP
        self._idx = None

    def build(self, vmec_modes):
        self._idx = ptolemy_nonsymmetric_modes(vmec_modes, self.helicity, self.NFP)

    def compute(self, B_mn):
        return B_mn[self._idx]

    def tree_flatten(self):
        return (self._idx,), (self.helicity, self.NFP)

    @classmethod
    def tree_unflatten(cls, aux, children):
        obj = cls(*aux)
        obj._idx = children[0]
        return obj


# (sin/cos, m, n) Boozer modes
VMEC_MODES = np.array([
    [1, 0, 0], [1, 1, 0], [1, 2, 0], [1, 1, 1], [1, 2, 2],
    [1, 0, 1], [1, 1, -1], [1, 3, 0], [-1, 1, 1], [-1, 0, 2],
])

objective = QuasisymmetryBoozer(helicity=(1, 1), NFP=1)
objective.build(VMEC_MODES)


@jax.jit
def _compute(obj, B_mn):
    return obj.compute(B_mn)


@jax.jit
def f(B_mn):
    return _compute(objective, B_mn)
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(size=(VMEC_MODES.shape[0],)).astype(np.float32),)


INPUTS = make_inputs

_IDX = np.nonzero(ptolemy_nonsymmetric_modes(VMEC_MODES, (1, 1), 1))[0]


@jax.jit
def reference_fix(B_mn):
    return B_mn[_IDX]
