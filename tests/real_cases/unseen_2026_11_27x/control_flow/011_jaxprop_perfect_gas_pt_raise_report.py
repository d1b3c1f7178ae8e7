"""jaxprop's perfect-gas property set from (P, T): input validation `if T <= 0: raise ValueError(...)` / `if P <= 0: raise ...` on the traced state.

source: turbo-sim/jaxprop coolpropx/perfect_gas/perfect_gas_props_functions.py at 31f10312e555cc1322769187e571424c89b7eafe (code-index file id 26812812142; constants, specific_heat, calculate_properties_PT)
error: TracerBoolConversionError
category: traced-validation-raise
expect: report
notes: The constants, PROPERTY_ALIAS, specific_heat and calculate_properties_PT are verbatim; `from ..jax_import import jax, jnp` (a package-relative shim) is replaced by plain `import jax` / `import jax.numpy as jnp`. The module's other property functions (hs, hP, Ps, rhoh inputs) are left out. Added `f = jax.jit(calculate_properties_PT)`. The raise is a side effect that cannot be staged: a jit-safe version has to drop or restate the check (checkify, jnp.where to NaN, or validation outside the jitted call), which changes behaviour on invalid input, so the expected outcome is a report rather than an automatic fix.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# from jax import grad



# Constants
R = 287.0  # Specific gas constant for air (J/(kg*K))
gamma = 1.41  # Specific heat ratio for air
T_ref = 288.15  # Reference temperature (K)
P_ref = 101306.33  # Reference pressure (Pa)
s_ref = 1659.28  # Reference entropy (J/(kg*K))
myu_ref = 1.789e-5  # Reference dynamic viscosity (Kg/(m*s))
S_myu = 110.56  # Sutherland's constant for viscosity (K)
k_ref = 0.0241  # Reference thermal conductivity (W/(m*K))
S_k = 194  # Sutherland's constant for thermal conductivity (K)

PROPERTY_ALIAS = {
    # "P": "p",
    # "rho": "rhomass",
    # "d": "rhomass",
    # "u": "umass",
    # "h": "hmass",
    # "s": "smass",
    # "cv": "cvmass",
    # "cp": "cpmass",
    "speed_sound": "a",
    # "Z": "compressibility_factor",
    # "mu": "viscosity",
    # "k": "conductivity",
} 

def specific_heat(R, gamma):
        """Calculate specific heats at constant pressure and volume."""
        cp = (gamma * R) / (gamma - 1)  # J/(kg*K)
        cv = cp / gamma  # J/(kg*K)
        return cp, cv

def calculate_properties_PT(P, T):
    """Calculate all thermodynamic properties given pressure and temperature."""

    if T <= 0:
        raise ValueError("Temperature must be greater than 0 K.")
    if P <= 0:
        raise ValueError("Pressure must be greater than 0 Pa.")
    
    def enthalpy(P, T):
        """Calculate enthalpy from temperature."""
        cp, cv = specific_heat(R, gamma)
        return cp*T  # enthalpy in Joules Kg.m^2/s^2

    def density(P, T):
        """Calculate density using pressure and temperature."""
        return P / (R * T)  # Density in kg/m^3

    def entropy(P, T):
        cp, cv = specific_heat(R, gamma)
        return s_ref + (cp*jnp.log(T/T_ref)) - (R*jnp.log(P/P_ref))

    def viscosity(P, T):
        """Calculate dynamic viscosity using Sutherland's formula."""
        return myu_ref * ((T / T_ref) ** (3/2)) * ((T_ref + S_myu) / (T + S_myu))

    def thermal_conductivity(P, T):
        """Calculate thermal conductivity using Sutherland's formula."""
        return k_ref * ((T / 273) ** (3/2)) * ((273 + S_k) / (T + S_k))

    def speed_of_sound(P,T):
        return jnp.sqrt(gamma*R*T) # Speed of sound in m/s
    
    properties = {"T": T,
            "p": P,
            "d": density(P, T), 
            "h": enthalpy(P, T),
            "s": entropy(P, T),
            "mu": viscosity(P, T), 
            "k": thermal_conductivity(P, T), 
            "a": speed_of_sound(P, T),
            "gamma": gamma}
    
    # # Add properties as aliases
    # for key, value in PROPERTY_ALIAS.items():
    #     properties[key] = properties[value]

    # Add properties as aliases
    for alias, original in PROPERTY_ALIAS.items():
        properties[alias] = properties[original]

    return properties


f = jax.jit(calculate_properties_PT)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    P = np.float32(rng.uniform(5.0e4, 5.0e6))
    T = np.float32(rng.uniform(200.0, 1200.0))
    return (P, T)


INPUTS = make_inputs
