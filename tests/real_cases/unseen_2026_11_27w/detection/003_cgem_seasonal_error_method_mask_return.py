"""A jitted calibration method returns early on `jnp.sum(mask) == 0`, then boolean-indexes with the NaN mask.

source: code-index file id 12712939157 (JAX C-GEM "Sparse data calibration module for the JAX C-GEM model", classes SparseDataManager and SparseDataObjective, method SparseDataObjective.compute_seasonal_error; the index does not name its repository)
error: TracerBoolConversionError
category: method-early-return-mask
expect: fix
notes: SparseDataObjective is kept with __init__, _setup_component_weights and its three jitted methods verbatim; SparseDataManager (data bookkeeping with prints, never traced) is dropped and the objective is built with data_manager=None. Adapted: the original decorates the methods with bare `@jax.jit`, which cannot even be called on an instance (self is not a JAX type), so the decorators became `@partial(jax.jit, static_argnums=(0,))`, the usual way to jit a method; `f` is the bound method compute_seasonal_error of one instance. The traced `if jnp.sum(mask) == 0: return 0.0` is hit first; the boolean-mask gathers after it would leak next. Local fix: weight the residuals with `jnp.where(mask, ...)` and select 0.0 with `jnp.where` when no month has data. Inputs: 12 monthly values with random NaN gaps, and every fourth trial has no observed month at all.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from functools import partial
from typing import Dict


class SparseDataObjective:
    """
    Advanced objective function for sparse data calibration.
    
    This class implements the core calibration philosophy: focus on statistical
    aggregates that capture the essential system behavior, rather than trying
    to match individual data points.
    """
    
    def __init__(self, data_manager):
        """Initialize objective function with sparse data."""
        self.data_manager = data_manager
        self.component_weights = self._setup_component_weights()
        
    def _setup_component_weights(self) -> Dict[str, float]:
        """Setup relative weights for different objective components."""
        return {
            # Longitudinal profiles (highest weight - these are most reliable)
            'salinity_profile': 3.0,      # Salinity is most reliable measurement
            'oxygen_profile': 2.0,        # Oxygen is well-measured but more variable
            'no3_profile': 1.5,           # Nutrients less reliable but important
            'nh4_profile': 1.5,
            'po4_profile': 1.0,
            
            # Seasonal cycles (medium weight - important for process validation)
            'oxygen_seasonal': 1.5,       # Oxygen seasonality is key indicator
            'phytoplankton_seasonal': 1.0, # Phytoplankton cycles important for productivity
            'no3_seasonal': 1.0,
            
            # Variability metrics (lower weight - helps with model realism)
            'salinity_variability': 0.5,
            'oxygen_variability': 0.8,
            'nutrient_variability': 0.3,
            
            # Data quality adjustments
            'data_coverage_bonus': 0.2,   # Bonus for good data coverage
            'uncertainty_penalty': 0.1    # Penalty for high uncertainty
        }
    
    @partial(jax.jit, static_argnums=(0,))
    def compute_profile_error(self, model_profile: jnp.ndarray,
                            observed_profile: jnp.ndarray,
                            observation_uncertainties: jnp.ndarray,
                            grid_indices: jnp.ndarray) -> float:
        """
        Compute error for longitudinal profile comparison.
        
        This function handles the spatial interpolation between model grid
        and observation locations, including proper uncertainty weighting.
        
        Args:
            model_profile: Model results along the grid
            observed_profile: Observed values at specific locations
            observation_uncertainties: Measurement uncertainties
            grid_indices: Grid indices corresponding to observation locations
            
        Returns:
            Weighted profile error
        """
        # Extract model values at observation locations
        model_at_obs = model_profile[grid_indices]
        
        # Compute residuals
        residuals = model_at_obs - observed_profile
        
        # Weight by inverse uncertainties (more weight to reliable observations)
        weights = 1.0 / (observation_uncertainties**2 + 1e-12)
        
        # Compute weighted mean squared error
        weighted_mse = jnp.sum(weights * residuals**2) / jnp.sum(weights)
        
        return weighted_mse
    
    @partial(jax.jit, static_argnums=(0,))
    def compute_seasonal_error(self, model_seasonal: jnp.ndarray,
                             observed_seasonal: jnp.ndarray,
                             seasonal_uncertainties: jnp.ndarray) -> float:
        """
        Compute error for seasonal cycle comparison.
        
        This function handles the comparison of seasonal patterns, which is
        crucial for validating the temporal dynamics of the model.
        
        Args:
            model_seasonal: Model monthly means
            observed_seasonal: Observed monthly means
            seasonal_uncertainties: Uncertainties in monthly means
            
        Returns:
            Weighted seasonal error
        """
        # Handle cases where not all months have data
        mask = ~jnp.isnan(observed_seasonal)
        
        if jnp.sum(mask) == 0:
            return 0.0
        
        model_masked = model_seasonal[mask]
        obs_masked = observed_seasonal[mask]
        uncert_masked = seasonal_uncertainties[mask]
        
        # Compute residuals
        residuals = model_masked - obs_masked
        
        # Weight by inverse uncertainties
        weights = 1.0 / (uncert_masked**2 + 1e-12)
        
        # Compute weighted mean squared error
        weighted_mse = jnp.sum(weights * residuals**2) / jnp.sum(weights)
        
        return weighted_mse
    
    @partial(jax.jit, static_argnums=(0,))
    def compute_variability_error(self, model_std: float,
                                observed_std: float,
                                std_uncertainty: float) -> float:
        """
        Compute error for variability magnitude comparison.
        
        This ensures the model reproduces the correct magnitude of temporal
        and spatial variability observed in the system.
        
        Args:
            model_std: Model standard deviation
            observed_std: Observed standard deviation
            std_uncertainty: Uncertainty in observed standard deviation
            
        Returns:
            Variability error
        """
        relative_error = (model_std - observed_std) / (observed_std + 1e-12)
        uncertainty_weight = 1.0 / (std_uncertainty + 1e-12)
        
        return uncertainty_weight * relative_error**2


objective = SparseDataObjective(data_manager=None)
f = objective.compute_seasonal_error
# --- end user code ---

import numpy as np


def make_inputs(rng):
    model = rng.uniform(2.0, 9.0, size=(12,)).astype(np.float32)
    obs = (model + rng.normal(scale=0.8, size=(12,))).astype(np.float32)
    unc = rng.uniform(0.2, 1.5, size=(12,)).astype(np.float32)
    if rng.uniform() < 0.25:
        obs[:] = np.nan          # no month observed: the early-return branch
    else:
        obs[rng.uniform(size=12) < 0.4] = np.nan   # sparse campaign months
    return (model, obs, unc)


INPUTS = make_inputs


@jax.jit
def reference_fix(model_seasonal, observed_seasonal, seasonal_uncertainties):
    mask = ~jnp.isnan(observed_seasonal)
    residuals = jnp.where(mask, model_seasonal - observed_seasonal, 0.0)
    weights = jnp.where(mask, 1.0 / (seasonal_uncertainties**2 + 1e-12), 0.0)
    weighted_mse = jnp.sum(weights * residuals**2) / jnp.where(jnp.sum(mask) == 0, 1.0, jnp.sum(weights))
    return jnp.where(jnp.sum(mask) == 0, 0.0, weighted_mse)
