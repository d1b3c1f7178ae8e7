"""Tunax `Grid.orca75`: a classmethod tests an index computed with jnp from constants (`if ibot == 0`).

source: meom-group/tunax tunax/space.py at 129669b1c1548db4054bb3910a7a2640b72546af (class Grid: __init__, orca75; code-index file id 29293777854; the same classmethod is in the older grid module, code-index file id 29310486563)
error: TracerBoolConversionError
category: classmethod-bool-of-jnp-constant
expect: fix
notes: Grid.__init__ and Grid.orca75 verbatim (docstrings kept); the find_index, linear, analytic and load methods are dropped (load needs xarray) as is the rest of the module (State, Trajectory). equinox and jaxtyping are not installed: `eqx.Module`/`eqx.field` are a small stand-in (mutable dataclass registered as a pytree, static fields as aux data) and `Float[Array, ...]` resolves to jax.Array. `from __future__ import annotations` is dropped, so the `-> Grid` annotations are quoted. Entry point `f = jax.jit(Grid.orca75, static_argnums=0)`: the depth is a static Python float, yet under jit the ORCA levels computed with jnp are tracers, so `ibot == 0` cannot be tested; a fix evaluates the level table at trace time (jax.ensure_compile_time_eval, or NumPy) since it depends only on constants and the static depth. Depths beyond the deepest ORCA level (5800 m) exercise the `ibot = 1` branch.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


class eqx:  # stand-in for the parts of equinox used by this module
    @staticmethod
    def field(*, default=dataclasses.MISSING, static=False):
        return dataclasses.field(default=default, metadata={"static": static})

    class Module:
        def __init_subclass__(cls, **kwargs):
            super().__init_subclass__(**kwargs)
            dataclasses.dataclass(cls, init="__init__" not in cls.__dict__, eq=False, repr=False)
            fields = dataclasses.fields(cls)
            data = [fd.name for fd in fields if not fd.metadata.get("static", False)]
            meta = [fd.name for fd in fields if fd.metadata.get("static", False)]

            def flatten(obj):
                return ([getattr(obj, n) for n in data],
                        tuple(getattr(obj, n) for n in meta))

            def unflatten(aux, children):
                obj = object.__new__(cls)
                for n, v in zip(data, children):
                    object.__setattr__(obj, n, v)
                for n, v in zip(meta, aux):
                    object.__setattr__(obj, n, v)
                return obj

            jax.tree_util.register_pytree_node(cls, flatten, unflatten)


class Float:  # stand-in for jaxtyping.Float
    def __class_getitem__(cls, item):
        return jax.Array


Array = jax.Array


class Grid(eqx.Module):
    r"""
    One dimensional spatial geometry of a water column.

    This mesh is made up of a number of :attr:`nz` of cells (:attr:`zr`) of
    potentially varying thickness (:attr:`hz`), separated by interface points
    (:attr:`zw`) and extending from the ocean surface at a depth of :math:`0`
    to the ocean floor at a depth of :attr:`hbot`.
    """

    nz: int = eqx.field(static=True)
    hbot: float
    zr: Float[Array, 'nz']
    zw: Float[Array, 'nz+1']
    hz: Float[Array, 'nz']

    def __init__(self, zr: Float[Array, 'nz'], zw: Float[Array, 'nz+1']):
        self.nz = zr.shape[0]
        self.hbot = zw[0]
        self.zw = zw
        self.zr = zr
        self.hz = zw[1:] - zw[:-1]

    @classmethod
    def orca75(cls, hbot: float) -> 'Grid':
        r"""
        Creates the ORCA 75 grid from NEMO.

        The whole grid is created then levels between the depth :attr:`hbot`
        and :math:`0` are extracted.

        Parameters
        ----------
        hbot : float, positive
            Depth of the water column :math:`[\text m]`.
        """
        nz_orca = 75
        zsur = -3958.95137127683
        za2 = 100.7609285
        za0 = 103.9530096
        za1 = 2.415951269
        zkth = 15.3510137
        zkth2 = 48.02989372
        zacr = 7.
        zacr2 = 13.
        sc_r = jnp.arange(nz_orca-0.5, 0.5, -1)
        sc_w = jnp.arange(nz_orca, 0, -1)
        zw_orca = -(zsur + za0*sc_w + za1*zacr*jnp.log(jnp.cosh((sc_w-zkth)/\
            zacr)) + za2*zacr2*jnp.log(jnp.cosh((sc_w-zkth2)/zacr2)))
        zr_orca = -(zsur + za0*sc_r + za1*zacr*jnp.log(jnp.cosh((sc_r-zkth)/\
            zacr)) + za2*zacr2*jnp.log(jnp.cosh((sc_r-zkth2)/zacr2)))
        ibot = jnp.argmin(zw_orca <= -hbot)
        if ibot == 0:
            ibot = 1
        zw_orca = zw_orca.at[-1].set(0.)
        zw = zw_orca[ibot-1:]
        zr = zr_orca[ibot-1:]
        return cls(zr, zw)


f = jax.jit(Grid.orca75, static_argnums=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    if rng.uniform() < 0.25:
        hbot = float(rng.uniform(5900.0, 7000.0))   # deeper than every ORCA level
    else:
        hbot = float(rng.uniform(10.0, 5700.0))
    return (hbot,)


INPUTS = make_inputs


def _orca75_fixed(hbot):
    # the level table depends only on constants and the static depth: evaluate it
    # eagerly while tracing, so that `ibot` is a concrete integer
    with jax.ensure_compile_time_eval():
        nz_orca = 75
        zsur = -3958.95137127683
        za2 = 100.7609285
        za0 = 103.9530096
        za1 = 2.415951269
        zkth = 15.3510137
        zkth2 = 48.02989372
        zacr = 7.
        zacr2 = 13.
        sc_r = jnp.arange(nz_orca-0.5, 0.5, -1)
        sc_w = jnp.arange(nz_orca, 0, -1)
        zw_orca = -(zsur + za0*sc_w + za1*zacr*jnp.log(jnp.cosh((sc_w-zkth)/\
            zacr)) + za2*zacr2*jnp.log(jnp.cosh((sc_w-zkth2)/zacr2)))
        zr_orca = -(zsur + za0*sc_r + za1*zacr*jnp.log(jnp.cosh((sc_r-zkth)/\
            zacr)) + za2*zacr2*jnp.log(jnp.cosh((sc_r-zkth2)/zacr2)))
        ibot = int(jnp.argmin(zw_orca <= -hbot))
    if ibot == 0:
        ibot = 1
    zw_orca = zw_orca.at[-1].set(0.)
    zw = zw_orca[ibot-1:]
    zr = zr_orca[ibot-1:]
    return Grid(zr, zw)


reference_fix = jax.jit(_orca75_fixed, static_argnums=0)
