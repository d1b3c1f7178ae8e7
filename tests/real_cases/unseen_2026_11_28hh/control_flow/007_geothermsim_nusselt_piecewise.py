"""geothermsim's convective coefficient: flow-regime if/elif written as jnp.piecewise (jit-safe look-alike).

source: wouterpeere/geothermsim geothermsim/thermal_resistance/convective_heat_transfer_coefficient.py,
    darcy_friction_factor.py and reynolds_number.py at 2cf4930f2f1bd276b6a11e55ea69f1ba1ad31c26 / 9be850f649c12ed0b18ee96201c15002554afef1
    (convective_heat_transfer_coefficient_circular_pipe, nusselt_number_circular_pipe, nusselt_number_transition,
    nusselt_number_turbulent_flow, darcy_friction_factor and its laminar/turbulent helpers, reynolds_number_circular_pipe)
error: none
category: negative
expect: untouched
notes: the three modules are concatenated in dependency order (relative imports dropped, Parameters/Returns docstring sections of the helpers shortened, code otherwise verbatim);
    `f = jax.jit(convective_heat_transfer_coefficient_circular_pipe)` added as the entry point. The laminar /
    transition / turbulent regime choice on the traced Reynolds number is made with jnp.piecewise and a condlist of
    traced comparisons, so nothing leaks. Inputs span all three regimes (Re < 2300, 2300..4000, > 4000).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
from jax import numpy as jnp


def reynolds_number_circular_pipe(m_flow: float, r_p: float, mu_f: float, rho_f: float) -> float:
    """Reynolds number in a circular pipe.

    Parameters
    ----------
    m_flow : float
        Fluid mass flow rate (in kg/s).
    r_p : float
        Inner radius of the pipe (in meters).
    mu_f : float
        Fluid dynamic viscosity (in kg/m-s).
    rho_f : float
        Fluid density (in kg/m3).

    Returns
    -------
    float
        Reynolds number.

    """
    # Hydraulic diameter
    D = 2 * r_p
    # Fluid velocity
    V_flow = jnp.abs(m_flow) / rho_f
    A_cs = jnp.pi * r_p**2
    V = V_flow / A_cs
    # Reynolds number
    Re = rho_f * V * D / mu_f
    return Re


def darcy_friction_factor(Re: float, E: float) -> float:
    """
    Darcy-Weisbach friction factor.

    Parameters
    ----------
    Re : float
        Reynolds number.
    E : float
        Relative pipe roughness (epsilon / D).

    Returns
    -------
    f_darcy : float
        Darcy friction factor.

    """
    Re_crit = 2300.
    # Condition on the flow regime
    condlist = [Re <= Re_crit]
    # Piecewise evaluation of Darcy friction factor
    funclist = [
        darcy_friction_factor_laminar_flow,
        darcy_friction_factor_turbulent_flow
    ]
    f_darcy = jnp.piecewise(jnp.float32(Re), condlist, funclist, E)
    return f_darcy


def darcy_friction_factor_laminar_flow(Re: float, *args) -> float:
    """
    Darcy-Weisbach friction factor for laminar flow in circular pipe.
    """
    return 64 / Re


def darcy_friction_factor_turbulent_flow(Re: float, E: float) -> float:
    """
    Darcy-Weisbach friction factor for turbulent flow in circular pipe.
    """
    # Churchill equation for rough pipes
    A = (
        2.457 * jnp.log(
            1 / ((7 / Re)**0.9 + (0.27 * E))
            )
        )**16
    B = (37_530 / Re)**16
    f_darcy = 8 * ((8 / Re)**12 + 1 / (A + B)**1.5)**(1 / 12)
    return f_darcy


def convective_heat_transfer_coefficient_circular_pipe(m_flow: float, r_p: float, mu_f: float, rho_f: float, k_f: float, cp_f: float, epsilon: float) -> float:
    """Convective heat transfer coefficient in circular pipe.
    """
    # Reynolds number
    Re = reynolds_number_circular_pipe(m_flow, r_p, mu_f, rho_f)
    # Prandtl number
    Pr = cp_f * mu_f / k_f
    # Darcy friction factor
    D = 2 * r_p
    E = epsilon / D
    f_darcy = darcy_friction_factor(Re, E)
    # Nusselt number
    Nu = nusselt_number_circular_pipe(Re, Pr, f_darcy)
    # Convective heat transfer coefficient
    h_fluid = k_f * Nu / D
    return h_fluid


def nusselt_number_circular_pipe(Re: float, Pr: float, f_darcy: float) -> float:
    """Nusselt number in circular pipe.
    """
    Re_crit_lower = 2300.
    Re_crit_upper = 4000.
    # Condition on the flow regime
    condlist = [Re <= Re_crit_lower, Re >= Re_crit_upper]
    # Nusselt number for laminar flow
    Nu_laminar = 3.66
    # Nusselt number for turbulent flow
    _nusselt_number_turbulent_flow = partial(
        nusselt_number_turbulent_flow,
        Pr=Pr,
        f_darcy=f_darcy)
    # Nusselt number at the onset of turbulent flow
    Nu_crit_upper = nusselt_number_turbulent_flow(
        Re_crit_upper, Pr, f_darcy)
    # Nusselt number in transition regime
    _nusselt_number_transition = partial(
        nusselt_number_transition,
        Re_crit_lower=Re_crit_lower,
        Re_crit_upper=Re_crit_upper,
        Nu_crit_lower=Nu_laminar,
        Nu_crit_upper=Nu_crit_upper)
    # Piecewise evaluation of Nusselt number
    funclist = [Nu_laminar, _nusselt_number_turbulent_flow, _nusselt_number_transition]
    Nu = jnp.piecewise(jnp.float32(Re), condlist, funclist)
    return Nu


def nusselt_number_transition(Re: float, Re_crit_lower: float, Re_crit_upper: float, Nu_crit_lower: float, Nu_crit_upper: float) -> float:
    """Nusselt number for turbulent flow in any pipe.
    """
    gamma = (Re - Re_crit_lower) / (Re_crit_upper - Re_crit_lower)
    Nu = (1 - gamma) * Nu_crit_lower + gamma * Nu_crit_upper
    return Nu


def nusselt_number_turbulent_flow(Re: float, Pr: float, f_darcy: float) -> float:
    """Nusselt number for turbulent flow in any pipe.
    """
    Nu = 0.125 * f_darcy * (Re - 1.0e3) * Pr / (
        1 + 12.7 * jnp.sqrt(0.125 * f_darcy) * (Pr**(2 / 3) - 1)
    )
    return Nu


f = jax.jit(convective_heat_transfer_coefficient_circular_pipe)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # water-like fluid in a 13 mm pipe; flows chosen to hit laminar, transition and turbulent regimes
    r_p = np.float32(0.013)
    mu_f = np.float32(1.0e-3)
    rho_f = np.float32(1000.0)
    k_f = np.float32(0.6)
    cp_f = np.float32(4180.0)
    epsilon = np.float32(1.5e-6)
    Re_target = rng.choice([rng.uniform(500, 2200), rng.uniform(2400, 3900), rng.uniform(5000, 5e4)])
    m_flow = np.float32(Re_target * np.pi * r_p * mu_f / 2) * rng.choice([-1.0, 1.0]).astype(np.float32)
    return (m_flow, r_p, mu_f, rho_f, k_f, cp_f, epsilon)


INPUTS = make_inputs
