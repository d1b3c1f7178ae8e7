"""Icarus StripLoads: getter methods return float() of traced per-panel load arrays.

source: trifwn/Icarus ICARUS/aero/strip_loads.py, an early stored revision (public code-index file id 23447984038; the file has 15 stored versions, later ones add calculate_panel_dimensions and NaN-raising checks; commit of this revision not resolved by the index)
error: ConcretizationTypeError
category: method-float-of-traced-attribute
expect: fix
notes: class StripLoads kept verbatim (calc_mean_values, calc_aerodynamic_loads, get_total_lift, get_total_drag, get_total_moment, update_2d_polars). jaxtyping is not installed here, so Array/Float/Int are a tiny subscriptable stand-in used only in annotations. The entry point `strip_forces` is added: it fills a strip with traced circulation / induced-velocity / panel-width arrays the way the VLM post-processing does and asks the strip for its total lift and drag; `f = jax.jit(strip_forces)`. Under jit, `float(jnp.sum(self.Ls))` inside the getter methods concretizes a tracer. Fix: the getters return the jnp scalar (no float()).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import TYPE_CHECKING
from typing import Optional

import jax
import jax.numpy as jnp


class _Annotation:  # stand-in for jaxtyping's Float[Array, "..."] (annotations only)
    def __class_getitem__(cls, item):
        return cls


Array = Float = Int = _Annotation

if TYPE_CHECKING:
    from ICARUS.airfoils import Airfoil


class StripLoads:
    def __init__(
        self,
        panels: Float[Array, "..."],
        panel_idxs: Int[Array, "..."],
        chord: Float,
        width: Float,
        airfoil: Optional["Airfoil"] = None,
    ):
        self.chord = chord
        self.width = width
        self.panels = panels
        self.panel_idxs = panel_idxs
        self.num_panels = len(panel_idxs)
        self.airfoil = airfoil

        # Initialize the data arrays
        self.mean_panel_length = jnp.zeros(self.num_panels)
        self.mean_panel_width = jnp.zeros(self.num_panels)
        self.gammas = jnp.zeros(self.num_panels)
        self.w_induced = jnp.zeros(self.num_panels)

        # Mean values
        self.mean_gamma = jnp.mean(self.gammas)
        self.mean_w_induced = jnp.mean(self.w_induced)

        # Initialize the data arrays
        self.Ls = jnp.zeros(self.num_panels)
        self.Ds = jnp.zeros(self.num_panels)
        self.D_trefftz = 0.0
        self.Mx = 0.0
        self.My = 0.0
        self.Mz = 0.0  # 2D interpolated polars
        self.L_2D = 0.0
        self.D_2D = 0.0
        self.My_2D = 0.0

        # Potential loads (from VLM)
        self.L_potential = 0.0
        self.D_potential = 0.0

    def calc_mean_values(self) -> None:
        self.mean_gamma = jnp.mean(self.gammas)
        self.mean_w_induced = jnp.mean(self.w_induced)

    def calc_aerodynamic_loads(self, dynamic_pressure: float) -> None:
        """Calculate aerodynamic loads for this strip.

        Args:
            dynamic_pressure: Dynamic pressure (0.5 * rho * V^2)
        """
        # Calculate lift and drag for each panel
        for i in range(self.num_panels):
            # Lift per unit span (basic vortex panel method)
            self.Ls = self.Ls.at[i].set(self.gammas[i] * dynamic_pressure * self.mean_panel_width[i])

            # Induced drag calculation (simplified)
            self.Ds = self.Ds.at[i].set(
                self.gammas[i] * self.w_induced[i] * dynamic_pressure * self.mean_panel_width[i],
            )

    def get_total_lift(self) -> float:
        """Get total lift for this strip."""
        return float(jnp.sum(self.Ls))

    def get_total_drag(self) -> float:
        """Get total drag for this strip."""
        return float(jnp.sum(self.Ds))

    def get_total_moment(self) -> tuple[float, float, float]:
        """Get total moments (Mx, My, Mz) for this strip."""
        return float(self.Mx), float(self.My), float(self.Mz)

    def update_2d_polars(self, L_2D: float, D_2D: float, My_2D: float) -> None:
        """Update 2D interpolated polar values.

        Args:
            L_2D: 2D lift coefficient
            D_2D: 2D drag coefficient
            My_2D: 2D moment coefficient
        """
        self.L_2D = L_2D
        self.D_2D = D_2D
        self.My_2D = My_2D


def strip_forces(panels, panel_idxs, mean_panel_width, gammas, w_induced, dynamic_pressure):
    strip = StripLoads(panels, panel_idxs, chord=1.0, width=0.5)
    strip.mean_panel_width = mean_panel_width
    strip.gammas = gammas
    strip.w_induced = w_induced
    strip.calc_mean_values()
    strip.calc_aerodynamic_loads(dynamic_pressure)
    return jnp.array([strip.get_total_lift(), strip.get_total_drag()])


f = jax.jit(strip_forces)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    panels = rng.normal(size=(n, 4, 3)).astype(np.float32)
    panel_idxs = np.arange(n, dtype=np.int32)
    width = rng.uniform(0.05, 0.2, size=(n,)).astype(np.float32)
    gammas = rng.normal(size=(n,)).astype(np.float32)
    w_ind = rng.normal(scale=0.1, size=(n,)).astype(np.float32)
    q = np.float32(rng.uniform(50.0, 500.0))
    return (panels, panel_idxs, width, gammas, w_ind, q)


INPUTS = make_inputs


@jax.jit
def reference_fix(panels, panel_idxs, mean_panel_width, gammas, w_induced, dynamic_pressure):
    Ls = gammas * dynamic_pressure * mean_panel_width
    Ds = gammas * w_induced * dynamic_pressure * mean_panel_width
    return jnp.array([jnp.sum(Ls), jnp.sum(Ds)])
