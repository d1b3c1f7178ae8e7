"""Hierarchical vMF-Gaussian: a distribution method walks the static parent list and accumulates positions with .at[].add.

source: ezhang94/vmfg vmfg_etc/hvmfg.py at 1ee655be6979ddb2c00b689639a4eb3c13b7f83f (class HierarchicalVonMisesFisherGaussian: `__init__`, `_event_shape`, `parents`, `root_distribution`, `leaf_distribution`, `_reconstruct_pos`)
error: none
category: negative
expect: untouched
notes: The class subclasses `tensorflow_probability.substrates.jax.distributions.Distribution`, which is not installed here; a small stand-in base class `_Distribution` (accepting the same `super().__init__` arguments) and `NOT_REPARAMETERIZED` replace the TFP imports, and the root/leaf distributions are stand-in records carrying `dtype`, `event_shape`, `batch_shape`. Methods that only raise NotImplementedError, `_parameter_properties`, `_sample_n`, `_log_prob` and `_mode` are dropped; the kept methods are verbatim. The entry point `f` is added: it builds the distribution for a fixed 6-node tree and calls `_reconstruct_pos` under `jax.jit` (the method `_sample_n` and `_mode` call). Look-alike points: the docstring says "TODO This is not jittable", and the method has a Python `for` loop with `self.parents[k]` indexing, but `parents` is a static Python list, so the loop unrolls and every index is a Python int.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from collections import namedtuple

import jax
import jax.numpy as np

from typing import Callable, Optional, Sequence

NOT_REPARAMETERIZED = "NOT_REPARAMETERIZED"


class _Distribution:
    """Stand-in for tfd.Distribution (only what __init__ needs)."""
    def __init__(self, dtype, reparameterization_type, validate_args=False,
                 allow_nan_stats=True, parameters=None, name=None):
        self._dtype = dtype
        self._reparameterization_type = reparameterization_type
        self._name = name


_Shapes = namedtuple("_Shapes", ["dtype", "event_shape", "batch_shape"])

_arraylike = np.ndarray

# -----------------------------------------------------------------------------
CONC_REGULARIZEDR = 1e-8
VARIANCE_REGULARIZER = 1e-8

# INIT COMPLETED, NEXT: PARAMETER_PROPERTIES
class HierarchicalVonMisesFisherGaussian(_Distribution):
    """The hierarchial von Mises-Fisher-Gaussian distribution over a collection
    data near the surface of a mixture of spheres. In particular, each sphere
    is centered at the mean direction, and the given radius, of its parent node.

    Parameters
        parents: sequence of ints, length K
            Parent list encoding of tree-structured hierarchy, such that
            `parents[i]` is the parent node of node `i`. The parent of the root
            node is itself, `parents[0]==0`.
        root_distribution: tfd.Distribution, optional.
            Multivariate normal distribution specifying location of root node.
            Event shape (D,). If none specified, defaults to N(0,I) * 1e3
        leaf_distribution: tfd.Distribution, optional.
            Batch of vMFG distributions specifying location of leaf nodes wrt
            their respective parent. Event shape (D,), rightmost batchshape (L,).
    """
    def __init__(self,
                 parents:Sequence[int],
                 root_distribution=None,
                 leaf_distribution=None,
                ):

        parameters = dict(locals())
        
        self._parents = parents
        self._root_distribution = root_distribution

        # Make sure that leaf distribution is represented as a set of
        # non-independent of vMFGs (for consistent log probability calculation later)
        assert len(leaf_distribution.event_shape) == 1
        assert leaf_distribution.batch_shape[-1] == len(parents)-1
        self._leaf_distribution = leaf_distribution
        
        super(HierarchicalVonMisesFisherGaussian, self).__init__(
            self._root_distribution.dtype,
            NOT_REPARAMETERIZED,
            validate_args=False,
            allow_nan_stats=False,
            parameters=parameters,
            name='HierarchicalVonMisesFisherGaussian',
        )

        self._parameters = parameters

    def _event_shape(self):
        num_leaves = self._leaf_distribution.batch_shape[-1]
        dim = self._root_distribution.event_shape[-1]
        return (num_leaves+1, dim)

    @property
    def parents(self,):
        return self._parents

    @property
    def root_distribution(self,):
        return self._root_distribution

    @property
    def leaf_distribution(self,):
        return self._leaf_distribution

    # -------------------------------------------------------------------------

    def _reconstruct_pos(self, root_pos: _arraylike, dleaf_pos:_arraylike) -> _arraylike:
        """Return absolute positions from root position and leaf positions
        relative to their parent.

        Params
            root_pos: array-like, shape (...,D)
            dleaf_pos: array-like, shape (...,K-1,D)
        
        Return
            abs_pos: array-like, shape (...,K,D)

        TODO This is not jittable...how to get a node's parents and grandparents
        (all the way up to root node), so that we might be able to jit
        """
        
        abs_pos = np.concatenate([root_pos[...,None,:], dleaf_pos], axis=-2)
        
        for k in range(1, len(self.parents)):
            par = self.parents[k]
            abs_pos = abs_pos.at[...,k,:].add(abs_pos[...,par,:])

        return abs_pos


PARENTS = [0, 0, 1, 1, 0, 4]
_root = _Shapes(dtype=np.float32, event_shape=(3,), batch_shape=())
_leaf = _Shapes(dtype=np.float32, event_shape=(3,), batch_shape=(len(PARENTS) - 1,))


@jax.jit
def f(root_pos, dleaf_pos):
    hvmfg = HierarchicalVonMisesFisherGaussian(PARENTS, _root, _leaf)
    return hvmfg._reconstruct_pos(root_pos, dleaf_pos)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    n = 4
    root_pos = rng.normal(size=(n, 3)).astype(onp.float32)
    dleaf_pos = rng.normal(size=(n, len(PARENTS) - 1, 3)).astype(onp.float32)
    return (root_pos, dleaf_pos)


INPUTS = make_inputs
