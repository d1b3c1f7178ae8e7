"""genjax Flag: methods branch on `self.f is True/False` and fall back to lax.select / lax.cond (look-alike).

source: genwebcorp/genjax src/genjax/_src/core/interpreters/staging.py at 08a1fc1d2c3dcbd339c74cf7a14fa29b7de3a1ea (class Flag: and_, or_, not_, concrete_true, concrete_false, __bool__, where, cond, as_flag)
error: none
category: lookalike-identity-test-on-maybe-traced-attribute
expect: untouched
notes: Jit-safe as written. Every Python `if` in the methods tests the attribute by identity (`self.f is True`, `f.f is False`), which is decided at trace time without converting a tracer: a traced `f` is never the `True`/`False` singletons, so the dynamic case falls through to `jnp.logical_*`, `jax.lax.select` or `jax.lax.cond`. `__bool__` (which would leak) is defined but never reached. The class body is verbatim; `@Pytree.dataclass` / `Pytree` (genjax's pytree base) are replaced by a stand-in that registers a dataclass with `jax.tree_util.register_dataclass`, and typing aliases come from the standard library. The rest of staging.py (jaxpr staging utilities, staged_err with checkify) is dropped. Entry point added: `f` combines a traced mask flag with concrete flags the way genjax's masking code does and selects/branches with the flag's own `where`/`cond`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp

ArrayLike = jax.typing.ArrayLike
BoolArray = jax.Array


class Pytree:  # stand-in for genjax._src.core.pytree.Pytree
    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(cls)
        return jax.tree_util.register_dataclass(cls, data_fields=["f"], meta_fields=[])


###############################
# Concrete Boolean arithmetic #
###############################


@Pytree.dataclass
class Flag(Pytree):
    """JAX compilation imposes restrictions on the control flow used in the compiled code.
    Branches gated by booleans must use GPU-compatible branching (e.g., `jax.lax.cond`).
    However, the GPU must compute both sides of the branch, wasting effort in the case
    where the gating boolean is constant. In such cases, if-based flow control will
    conceal the branch not taken from the JAX compiler, decreasing compilation time and
    code size for the result by not including the code for the branch that cannot be taken.

    This class contains a boolean value `f`, which is either native Python `True` or `False`,
    or a `jnp` array (typically of boolean dtype although this is not enforced either here
    or by JAX), together with a concreteness flag. Boolean operations are provided which
    preserve concreteness _when possible_ (i.e., admixture of a dynamic boolean with a concrete
    boolean may result in a dynamic boolean, if the value of the concrete boolean does not
    determine the result).
    """

    f: bool | BoolArray

    def and_(self, f: "Flag") -> "Flag":
        # True and X => X. False and X => False.
        if self.f is True:
            return f
        if self.f is False:
            return self
        if f.f is True:
            return self
        if f.f is False:
            return f
        return Flag(jnp.logical_and(self.f, f.f))

    def or_(self, f: "Flag") -> "Flag":
        # True or X => True. False or X => X.
        if self.f is True:
            return self
        if self.f is False:
            return f
        if f.f is True:
            return f
        if f.f is False:
            return self
        return Flag(jnp.logical_or(self.f, f.f))

    def not_(self) -> "Flag":
        if self.f is True:
            return Flag(False)
        elif self.f is False:
            return Flag(True)
        else:
            return Flag(jnp.logical_not(self.f))

    def concrete_true(self):
        return self.f is True

    def concrete_false(self):
        return self.f is False

    def __bool__(self) -> bool:
        return bool(jnp.all(self.f))

    def where(self, t: ArrayLike, f: ArrayLike) -> ArrayLike:
        """Return t or f according to the truth value contained in this flag
        in a manner that works in either the concrete or dynamic context"""
        if self.f is True:
            return t
        if self.f is False:
            return f
        return jax.lax.select(self.f, t, f)

    def cond(self, tf: Callable[..., Any], ff: Callable[..., Any], *args: Any):
        """Invokes `tf` with `args` if flag is true, else `ff`"""
        if self.f is True:
            return tf(*args)
        if self.f is False:
            return ff(*args)
        return jax.lax.cond(self.f, tf, ff, *args)

    @staticmethod
    def as_flag(f):
        if isinstance(f, Flag):
            return f
        return Flag(f)


@jax.jit
def f(x, y, mask):
    observed = Flag.as_flag(mask)
    # concrete flags fold away; the traced one survives
    active = observed.and_(Flag(True)).or_(Flag(False))
    inactive = active.not_()
    chosen = active.where(x, y)
    never = inactive.and_(Flag(False))
    chosen = never.where(jnp.zeros_like(chosen), chosen)
    any_positive = Flag(jnp.sum(chosen) > 0)
    scaled = any_positive.cond(lambda a: a * 2.0, lambda a: a - 1.0, chosen)
    both = active.or_(inactive)
    return both.where(scaled, -scaled)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.normal(size=(5,)).astype(np.float32)
    y = rng.normal(size=(5,)).astype(np.float32) - 0.5
    mask = rng.random(size=(5,)) < 0.5
    return x, y, mask


INPUTS = make_inputs
