"""TPayne.to_parameters: a NumPy bounds check ported as `jnp.all(...) and jnp.all(...)`, guarding a `raise ValueError`.

source: RozanskiT/transformer_payne, early `tpayne` package: tpayne/tpayne.py revision in the public code index (code-index file id 47075847540: class TPayne with label_names, min_parameters, max_parameters, is_in_bounds, solar_parameters, to_parameters, flux_method; earlier revisions ids 46339539378, 46355392035, 47098546681). The NumPy base class it ports is tpayne/spectrum_emulator.py (ids 46320373394 / 46322909498: `return np.all(parameters >= cls.min_parameters) and np.all(parameters <= cls.max_parameters)`).
error: TracerBoolConversionError
category: truth-test-and-raise
expect: report
notes: class TPayne verbatim. `is_in_bounds` truth-tests a traced `jnp.all(...)` through `and`, and `to_parameters`
  uses the result to decide whether to `raise ValueError` - a value-dependent exception, which jit cannot express
  (only checkify / a debug callback / dropping the check could), so the leak should be reported, not rewritten.
  The `and` alone could become `&`, but the `if not ...: raise` would still need the concrete value.
  Adapted: the package-internal imports are replaced by small stand-ins defined in the user section
  (`JAXWarning`, `classproperty`, a minimal generic `SpectrumEmulator`, and a `const` namespace of NumPy arrays with a
  three-element illustrative label set - the real tpayne_consts tables are not in the index); the ImportError
  fallback to NumPy is kept. Entry point added: `f = jax.jit(TPayne.to_parameters)`.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Callable, Dict, Generic, List, TypeVar, Union
from types import SimpleNamespace
import warnings

import jax
import numpy as np

# ---- stand-ins for tpayne.exceptions / tpayne.utils / tpayne.spectrum_emulator / tpayne.tpayne_consts
class JAXWarning(Warning):
    pass


class classproperty(property):
    def __get__(self, owner_self, owner_cls):
        return self.fget(owner_cls)


T = TypeVar("T")


class SpectrumEmulator(Generic[T]):
    pass


const = SimpleNamespace(
    ELEMENTS=["C", "O", "Fe"],
    LABEL_NAMES=["logteff", "logg", "mu", "C", "O", "Fe"],
    MIN_PARAMS=np.array([3.5, 0.0, 0.0, -2.0, -2.0, -2.0]),
    MAX_PARAMS=np.array([4.0, 5.0, 1.0, 2.0, 2.0, 2.0]),
    SOLAR_PARAMS=np.array([3.7617023675414125, 4.44, 1.0, 0.0, 0.0, 0.0]),
    SOLAR_ABUNDANCES=np.array([0.0, 0.0, 0.0]),
)
# ---- end of stand-ins

try:
    import jax.numpy as jnp
    from jax.typing import ArrayLike
    
    MAX_PARAMS = jnp.array(const.MAX_PARAMS)
    MIN_PARAMS = jnp.array(const.MIN_PARAMS)
    SOLAR_PARAMS = jnp.array(const.SOLAR_PARAMS)
    
except ImportError:
    import numpy as jnp
    from numpy.typing import ArrayLike
    warnings.warn("Please install JAX to use TPayne.", JAXWarning)
    
    MAX_PARAMS = const.MAX_PARAMS
    MIN_PARAMS = const.MIN_PARAMS
    SOLAR_PARAMS = const.SOLAR_PARAMS


class TPayne(SpectrumEmulator[ArrayLike]):
    @classproperty
    def label_names(cls) -> List[str]:
        """Get labels of spectrum model parameters

        Returns:
            List[str]:
        """
        return const.LABEL_NAMES
    
    @classproperty
    def min_parameters(cls) -> ArrayLike:
        """Minimum values supported by the spectrum model

        Returns:
            ArrayLike:
        """
        return MIN_PARAMS
    
    @classproperty
    def max_parameters(cls) -> ArrayLike:
        """Maximum values supported by the spectrum model

        Returns:
            ArrayLike:
        """
        return MAX_PARAMS
    
    @classmethod
    def is_in_bounds(cls, parameters: ArrayLike) -> bool:
        """Check if parameters are within the bounds of the spectrum model

        Args:
            parameters (ArrayLike):

        Returns:
            bool:
        """
        return jnp.all(parameters >= const.MIN_PARAMS) and jnp.all(parameters <= const.MAX_PARAMS)
    
    @classproperty
    def solar_parameters(cls) -> ArrayLike:
        """Solar parameters for the spectrum model

        Returns:
            ArrayLike:
        """
        return SOLAR_PARAMS
    
    @classmethod
    def to_parameters(cls,
                      logteff: float = 3.7617023675414125,
                      logg: float = 4.44,
                      mu: float = 1.0,
                      abundances: Union[ArrayLike, Dict[str, float]] = const.SOLAR_ABUNDANCES) -> ArrayLike:
        """Convert passed values to the accepted parameters format

        Args:
            logteff (float, optional): log10(effective temperature) [log(K)]. Defaults to solar log(teff)=3.7617023675414125.
            logg (float, optional): log10(g) [log(m/s2)]. Defaults to solar logg=4.44.
            mu (float, optional): [0.0-1.0]. Defaults to 1.0.
            abundances (Union[ArrayLike, Dict[str, float]], optional): abundances relative to the solar abundance 
                passed either as an array or dict in the form of {'element name': 0.0} (refer to label names).
                Defaults to solar abundances (all elements=0.0).

        Raises:
            ValueError: when the parameters are out of accepted bounds

        Returns:
            ArrayLike:
        """
        
        if isinstance(abundances, dict):
            abundance_values = jnp.array([abundances.get(element, 0.) for element in const.ELEMENTS])
        else:
            abundance_values = abundances

        parameters = jnp.concatenate([jnp.array([logteff, logg, mu]), abundance_values])
        if not cls.is_in_bounds(parameters):
            raise ValueError("Parameters are not wihin accepted bounds. Refer to tpayne.tpayne_consts for accepted bounds.")
        
        return parameters
    
    @classproperty
    def flux_method(cls) -> Callable[..., ArrayLike]:
        return lambda x: x


f = jax.jit(TPayne.to_parameters)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    f32 = np.float32
    return (f32(rng.uniform(3.6, 3.9)), f32(rng.uniform(3.5, 4.8)), f32(rng.uniform(0.1, 1.0)),
            rng.uniform(-0.5, 0.5, size=3).astype(f32))


INPUTS = make_inputs
