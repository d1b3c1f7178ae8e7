"""Tunax `Case.set_lat`: an Equinox-module method converts a traced latitude with `float(device_get(...))`.

source: meom-group/tunax tunax_new/case.py at c71ce577766b322689a4b4faf1efb0d9adabe0f4 (class Case, method set_lat; the same method is in tunax_new_case_tracable/case.py at bdddee621d4ba84c07b6fcb96a0144e337a3c06b, code-index file id 29228531824)
error: ConcretizationTypeError
category: method-float-of-traced-attribute
expect: fix
notes: Case and set_lat verbatim except that the long docstrings are cut to one line and the unused set_dynamic_forcing_speed / set_tracers_forcing_power methods are dropped. equinox is not installed, so `eqx` is a small stand-in (Module = mutable dataclass registered as a pytree with static fields as aux data, field, tree_at for a single attribute). `from __future__ import annotations` is dropped (the case file has a docstring before the user code), so the return annotation of set_lat is quoted. Entry point `f = jax.jit(Case.set_lat)`: the case (a pytree of floats) and the latitude are traced, which is how a calibration of the column latitude would call it.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Union, Tuple, Callable, Optional
import copy
import dataclasses

import jax
import jax.numpy as jnp
from jax import device_get


class eqx:  # stand-in for the parts of equinox used by this module
    @staticmethod
    def field(*, default=dataclasses.MISSING, static=False):
        return dataclasses.field(default=default, metadata={"static": static})

    @staticmethod
    def tree_at(where, pytree, replace):
        class _Probe:
            def __getattr__(self, name):
                return name
        name = where(_Probe())
        new = copy.copy(pytree)
        object.__setattr__(new, name, replace)
        return new

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


_OMEGA = 7.292116e-05
"""float: Rotation rate of the Earth [rad.s-1]."""
_RAD_DEG = jnp.pi/180.
"""float: Measure of one degree in radiant [rad.°-1]."""

ForcingType = Union[
    Tuple[float, float],
    Callable[[float], float],
    Callable[[float, float], float]
]


class Case(eqx.Module):
    r"""
    Physical parameters and forcings.
    """

    # physcal constants
    rho0: float = 1024.
    grav: float = 9.81
    cp: float = 3985.
    eos_tracers: str = eqx.field(default='t', static=True)
    alpha: float = 2e-4
    beta: float = 8e-4
    t_rho_ref: float = 0.
    s_rho_ref: float = 35.
    do_pt: bool = eqx.field(default=False, static=True)
    vkarmn: float = 0.384
    # dynamic forcings
    fcor: float = 0.
    ustr_sfc: float = 0.
    ustr_btm: float = 0.
    vstr_sfc: float = 0.
    vstr_btm: float = 0.
    # tracers forcings
    t_forcing: Optional[ForcingType] = eqx.field(default=None, static=True)
    s_forcing: Optional[ForcingType] = eqx.field(default=None, static=True)
    b_forcing: Optional[ForcingType] = eqx.field(default=None, static=True)
    pt_forcing: Optional[ForcingType] = eqx.field(default=None, static=True)

    def set_lat(self, lat: float) -> 'Case':
        """
        Set the Coriolis frequency from the latitude.

        Parameters
        ----------
        lat : float
            Latitude of the water column :math:`[°]`.
        
        Returns
        -------
        case : Case
            The :code:`self` object with the the new value of :attr:`fcor`.
        """
        fcor = float(device_get(2.*_OMEGA*jnp.sin(_RAD_DEG*lat)))
        case = eqx.tree_at(lambda t: t.fcor, self, fcor)
        return case


f = jax.jit(Case.set_lat)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    case = Case(rho0=float(rng.uniform(1020.0, 1030.0)),
                ustr_sfc=float(rng.uniform(0.0, 1e-4)),
                vstr_sfc=float(rng.uniform(0.0, 1e-4)))
    lat = np.float32(rng.uniform(-90.0, 90.0))
    return (case, lat)


INPUTS = make_inputs


@jax.jit
def reference_fix(self, lat):
    fcor = 2.*_OMEGA*jnp.sin(_RAD_DEG*lat)
    return eqx.tree_at(lambda t: t.fcor, self, fcor)
