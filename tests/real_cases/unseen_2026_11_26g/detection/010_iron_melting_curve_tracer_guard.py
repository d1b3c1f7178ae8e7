"""A melting-curve object validates a light-element fraction with NumPy only when it is not a `jax.core.Tracer`.

source: public JAX planetary-core thermal model, module "Iron melting curve with light-element depression" (`_checked_fraction`, `IronMeltingCurve.__init__`, `t_melt_pure`, `t_melt`); code index file id 70129772775 — the index did not resolve its repository or commit
error: none
category: negative / tracer-guard + numpy-on-static-constants
expect: untouched
notes: `_checked_fraction` and `IronMeltingCurve` are verbatim (docstrings shortened, `QuadraticMeltingCurve` left out); the module-level `jax.config.update('jax_enable_x64', True)` is dropped because the judge runs every case in one process. The jitted `f` builds the curve from Python-float constants (so `float()`, `np.asarray`, `np.all` in the constructor see constants, not tracers) and evaluates it with and without a traced override; the override path skips the NumPy check behind `if not isinstance(x, jax.core.Tracer)`. Eagerly the same check runs on concrete values (kept inside [0, 1)).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

# Anzellini et al. (2013) fit constants as adopted by PALEOS T_melt_Fe.
_P0 = 5.2e9  # reference point [Pa]
_T0 = 1991.0  # reference temperature [K]
_PT = 98.5e9  # gamma-epsilon-liquid triple point [Pa]
_TT = 3712.0  # triple-point temperature [K]
_DP_LOW = 27.39  # low-branch pressure scale [GPa]
_DP_HIGH = 161.2  # high-branch pressure scale [GPa]
_EXP_LOW = 1.0 / 2.38
_EXP_HIGH = 1.0 / 1.72
IRON_MELTING_BRANCH_BLEND_HALF_WIDTH_PA = 3.0e9


def _checked_fraction(x, depression):
    """Return the light-element fraction ``x`` in float64 after checking it."""
    try:
        arr = np.asarray(x)
        if isinstance(x, (str, bytes)) or arr.dtype.kind in 'bcSU':
            raise TypeError
        xs = arr.astype(float)
    except (TypeError, ValueError):
        raise ValueError(f'light_element_fraction must be a real number, got {x!r}') from None
    if not np.all((xs >= 0.0) & (xs < 1.0)):
        raise ValueError(f'light_element_fraction must be in [0, 1), got {x}')
    if np.any(depression * xs >= 1.0):
        raise ValueError(
            f'depression * light_element_fraction = {depression * xs} reaches 1; '
            'the depressed melting curve would not stay positive'
        )
    return xs


class IronMeltingCurve:
    """Melting temperature of the core alloy."""

    BLEND_HALF_WIDTH_PA = IRON_MELTING_BRANCH_BLEND_HALF_WIDTH_PA

    def __init__(self, *, light_element_fraction: float = 0.0, depression: float = 0.0):
        dep = float(depression)
        if dep < 0.0:
            raise ValueError(f'depression must be non-negative, got {dep}')
        self.light_element_fraction = float(_checked_fraction(light_element_fraction, dep))
        self.depression = dep

    @staticmethod
    def t_melt_pure(pressure):
        p = jnp.asarray(pressure)
        p_gpa = p / 1e9
        low = _T0 * ((p_gpa - _P0 / 1e9) / _DP_LOW + 1.0) ** _EXP_LOW
        high = _TT * ((p_gpa - _PT / 1e9) / _DP_HIGH + 1.0) ** _EXP_HIGH
        u = jnp.clip(
            0.5 * ((p - _PT) / IRON_MELTING_BRANCH_BLEND_HALF_WIDTH_PA + 1.0),
            0.0,
            1.0,
        )
        w = u * u * u * (u * (u * 6.0 - 15.0) + 10.0)
        return (1.0 - w) * low + w * high

    def t_melt(self, pressure, light_element_fraction=None):
        if light_element_fraction is None:
            x = self.light_element_fraction
        else:
            x = light_element_fraction
            if not isinstance(x, jax.core.Tracer):
                x = _checked_fraction(x, self.depression)
        return self.t_melt_pure(pressure) * (1.0 - self.depression * x)


@jax.jit
def f(pressure, light_element_fraction):
    curve = IronMeltingCurve(light_element_fraction=0.1, depression=0.5)
    return curve.t_melt(pressure), curve.t_melt(pressure, light_element_fraction)
# --- end user code ---


def make_inputs(rng):
    pressure = rng.uniform(60e9, 140e9, size=(6,)).astype(np.float32)
    x = rng.uniform(0.0, 0.3, size=(6,)).astype(np.float32)
    return (pressure, x)


INPUTS = make_inputs
