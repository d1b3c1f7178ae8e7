"""jitkasi Solution.__matmul__: a `@jit` method of a pytree dataclass that returns `float(jnp.sum(...))`.

source: MUSTANG-SZ/jitkasi jitkasi/solutions.py (code-index file id 44560452218, one of the seven stored revisions of that path; the index lists 43a870e532d16f690643a0a835db57be0bb3309e for one of them): _iadd, _isub, _imul, class Solution. The same `return float(jnp.sum(self.data * other.data, axis=None))` is still in the later jitkasi/solutions/core.py (e.g. 06f48d28e7215811495702c50028ee387b0ef715), where jitkasi/mapmaking.py `run_pcg` (itself `@jit`) calls `r @ z` and `p @ Ap`.
error: ConcretizationTypeError
category: float-of-traced-in-method
expect: fix
notes: _iadd/_isub/_imul and Solution verbatim. Dropped the astropy-based WCSMap subclass and SolutionSet (not needed for the dot product); `from .tod import TOD, TODVec` is replaced by two empty stand-in classes so the annotations resolve. The entry point is the library's own jitted method: `f = Solution.__matmul__` is what `a @ b` calls, and `self`/`other` are registered pytrees, so `self.params` is traced and `float(...)` raises. Dropping the `float(...)` (returning the 0-d array) is the fix; eagerly the original returns a Python float with the same value.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from copy import copy, deepcopy
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Iterator, Optional

import jax.numpy as jnp
import numpy as np
from jax import Array, jit
from jax.tree_util import register_pytree_node_class
from typing_extensions import Self


class TOD:  # stand-in for jitkasi.tod.TOD
    pass


class TODVec:  # stand-in for jitkasi.tod.TODVec
    pass


# TODO: Figure out math for cuts and jumps
@partial(jit, donate_argnames=["val1"])
def _iadd(val1, val2):
    val1 = val1.at[:].add(val2)
    return val1


@partial(jit, donate_argnames=["val1"])
def _isub(val1, val2):
    val1 = val1.at[:].add(-1.0 * val2)
    return val1


@partial(jit, donate_argnames=["val1"])
def _imul(val1, val2):
    val1 = val1.at[:].multiply(val2)
    return val1


@register_pytree_node_class
@dataclass
class Solution:
    """
    Base class defining required functionality for a solution.
    For mapmaking all that we really need is code to project to and from TODs,
    additional helper functions are probably needed but anything that needs to
    be included in a mapmaking script explicitly should be clearly documented.

    This class is non functional but all actual solutions (maps, cuts, etc.) should
    subclass it and ensure that the required functions are implemented.

    Attributes
    ----------
    params : Array
        The model params we are solving for.
        For example if we are solving for a map then this is the map,
        if we are solving for cuts then this is the modeled offsets.
        Mathematically this is $m$ in $d = Pm + n$.
        This should always be a child of the pytree.
    """

    params: Array

    @jit
    def to_tods(self, todvec: TODVec) -> TODVec:  # type: ignore
        pass

    @jit
    def from_tods(self, todvec: TODVec, use_filt: bool = True) -> Self:  # type: ignore
        pass

    @classmethod
    def empty(cls, **kwargs) -> Self:  # type: ignore
        pass

    def copy(self, deep: bool = False) -> Self:
        """
        Return of copy of the Solution.

        Parameters
        ----------
        deep : bool, default: False
            If True do a deepcopy so that all contained
            data is also copied. Otherwise a mostly shallow copy is
            made and the new Solution will reference the same objects
            except for `params` which will be a copy.

        Returns
        -------
        copy : Solution
            A copy of this Solution.
        """
        if deep:
            return deepcopy(self)
        else:
            new = copy(self)
            new.params = new.params.copy()
            return new

    # Math functions
    def _self_check(self, other: Self):
        pass

    def _get_to_op(self, other: Any) -> Array | float:
        if isinstance(other, type(self)):
            to_op = other.params
            self._self_check(other)
        elif isinstance(other, (float, int)):
            to_op = float(other)
        else:
            raise TypeError(f"Cannot use type {type(other)} to operate on {type(self)}")
        return to_op

    def __iadd__(self, other: Self | float) -> Self:
        to_add = self._get_to_op(other)
        self.params = _iadd(self.params, to_add)
        return self

    def __add__(self, other: Self | float) -> Self:
        to_ret = self.copy()
        to_ret += other
        return to_ret

    def __radd__(self, other: Self | float) -> Self:
        return self.__add__(other)

    def __isub__(self, other: Any) -> Self:
        to_sub = self._get_to_op(other)
        self.params = _isub(self.params, to_sub)
        return self

    def __sub__(self, other: Any) -> Self:
        to_ret = self.copy()
        to_ret -= other
        return to_ret

    def __rsub__(self, other: Any) -> Self:
        return self.__sub__(other)

    def __imul__(self, other: Any) -> Self:
        to_sub = self._get_to_op(other)
        self.params = _imul(self.params, to_sub)
        return self

    def __mul__(self, other: Any) -> Self:
        to_ret = self.copy()
        to_ret *= other
        return to_ret

    def __rmul__(self, other: Any) -> Self:
        return self.__mul__(other)

    @jit
    def __matmul__(self, other: Self) -> float:
        if not isinstance(other, type(self)):
            raise ValueError(f"Can't dot {type(other)} and {type(self)}")
        return float(jnp.sum(self.params * other.params, axis=None))

    # Functions for making this a pytree
    # Don't call this on your own
    def tree_flatten(self) -> tuple[tuple, Optional[tuple]]:
        children = (self.params,)
        aux_data = None

        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children) -> Self:
        return cls(*children)


# `r @ z` in the mapmaker calls the jitted method
f = Solution.__matmul__
# --- end user code ---


def make_inputs(rng):
    shape = (int(rng.integers(3, 7)), 5)
    return (Solution(rng.normal(size=shape).astype(np.float32)),
            Solution(rng.normal(size=shape).astype(np.float32)))


INPUTS = make_inputs


@jit
def reference_fix(self, other):
    return jnp.sum(self.params * other.params, axis=None)
