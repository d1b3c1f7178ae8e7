"""Toro exact Riemann solver: vacuum test, Python max() and a Newton pressure solve that prints and returns None on failure.

source: public JAX finite-volume Euler solver module in the code index (flux, EigA, numerical_derivative, newton_raphson, RiemannExact, WENO/Roe reconstructions, RK steppers; code-index file id 48411013238, an earlier revision is id 48077580514; the index does not name its repository or commit)
error: TracerBoolConversionError
category: newton-none-return-side-effect
expect: report
notes: gamma, numerical_derivative, newton_raphson and RiemannExact are verbatim; the rest of the module (fluxes, WENO, Roe, Runge-Kutta steppers, boundary conditions) and `jax.config.update('jax_platform_name', "cpu")` are dropped. Added the entry point `f = jax.jit(lambda initial_state, t, x: RiemannExact(initial_state, gamma, t)(x))` (the module builds the exact solution to compare schemes against). Reported rather than fixed: newton_raphson signals failure by printing and returning None (the output structure depends on the traced convergence test), the vacuum branch prints and swaps every closure for constant-zero lambdas, and `calculate_values` picks shock or rarefaction closures with `if ps > pressure_side`; a jit-safe version needs a redesigned failure signal, not a mechanical rewrite.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit


gamma = 1.4

# Newton-Raphson method for the Exact-Riemann Solution 
def numerical_derivative(func, x, h=1e-5):
    return (func(x + h) - func(x - h)) / (2.0 * h)

def newton_raphson(func, x0, tol=1e-5, max_iter=100):
    x = x0
    for _ in range(max_iter):
        fx = func(x)
        if jnp.abs(fx) < tol:
            return x
        dfx = numerical_derivative(func, x)
        if dfx == 0:
            print("Zero derivative. No solution found.")
            return None
        x = x - fx / dfx
    print("Exceeded maximum iterations. No solution found.")
    return None

# Exact Riemann Solution
# Reference: Toro, E.F., "Riemann Solvers and Numerical Methods for Fluid Dynamics", Springer-Verlag, 3rd edition, 2009, pp. 136-164.
def RiemannExact(initial_state, gamma, t):
    density, momentum, energy = initial_state[:, :2]
    velocity = momentum / density
    pressure = (gamma - 1) * (energy - 0.5 * momentum * velocity)
    a = jnp.sqrt(gamma * pressure / density)
    A = 2 / ((gamma + 1) * density)
    B = (gamma - 1) / (gamma + 1) * pressure
    du = jnp.diff(velocity)

    fluxt = lambda p, i: (p - pressure[i]) * jnp.sqrt(A[i] / (p + B[i])) * (p > pressure[i]) + \
                         2 * a[i] / (gamma - 1) * ((p / pressure[i]) ** ((gamma - 1) / (2 * gamma)) - 1) * (p <= pressure[i])
    fluxF = lambda p: fluxt(p, 0) + fluxt(p, 1) + du

    if velocity[1] - velocity[0] > 2 * (a[0] + a[1]) / (gamma - 1):
        print('vacuum condition')
        us, rholeft, uleft, left_pressureeft, rhoright, uright, pright = 0, lambda x: 0, lambda x: 0, lambda x: 0, lambda x: 0, lambda x: 0, lambda x: 0
    else:
        p0 = max([jnp.finfo(float).eps, 0.5 * (pressure[0] + pressure[1]) - du * (density[0] + density[1]) * (a[0] + a[1]) / 8])
        ps = newton_raphson(fluxF, p0)
        us = 0.5 * (velocity[1] + velocity[0]) + 0.5 * (fluxt(ps, 1) - fluxt(ps, 0))
        # solution types
        def calculate_values(pressure_side, density_side, velocity_side, a_side, ps, us, t, gamma, side):
            if ps > pressure_side:
                rhoS = density_side * ((gamma - 1) / (gamma + 1) + ps / pressure_side) / ((gamma - 1) / (gamma + 1) * ps / pressure_side + 1)
                S = velocity_side - a_side * jnp.sqrt((gamma + 1) / (2 * gamma) * ps / pressure_side + (gamma - 1) / (2 * gamma)) if side == 'left' else velocity_side + a_side * jnp.sqrt((gamma + 1) / (2 * gamma) * ps / pressure_side + (gamma - 1) / (2 * gamma))
                rho = lambda x: density_side * (x < S * t) + rhoS * (x >= S * t) if side == 'left' else density_side * (x > S * t) + rhoS * (x <= S * t)
                u = lambda x: velocity_side * (x < S * t) + us * (x >= S * t) if side == 'left' else velocity_side * (x > S * t) + us * (x <= S * t)
                p = lambda x: pressure_side * (x < S * t) + ps * (x >= S * t) if side == 'left' else pressure_side * (x > S * t) + ps * (x <= S * t)
            else:
                aS = a_side + (velocity_side - us) * (gamma - 1) / 2 if side == 'left' else a_side + (us - velocity_side) * (gamma - 1) / 2
                rhoS = gamma * ps / aS ** 2
                rho = lambda x: density_side * (x < (velocity_side - a_side) * t) + rhoS * (x >= (us - aS) * t) + density_side * jnp.abs(
                    2 / (gamma + 1) + (gamma - 1) / ((gamma + 1) * a_side) * (velocity_side - x / t)) ** (2 / (gamma - 1)) * (
                                        x >= (velocity_side - a_side) * t) * (x < (us - aS) * t) if side == 'left' else density_side * (x > (velocity_side + a_side) * t) + rhoS * (x <= (us + aS) * t) + density_side * jnp.abs(
                    2 / (gamma + 1) - (gamma - 1) / ((gamma + 1) * a_side) * (velocity_side - x / t)) ** (2 / (gamma - 1)) * (
                                        x <= (velocity_side + a_side) * t) * (x > (us + aS) * t)
                u = lambda x: velocity_side * (x < (velocity_side - a_side) * t) + us * (x >= (us - aS) * t) + 2 / (gamma + 1) * (
                        a_side + (gamma - 1) / 2 * velocity_side + x / t) * (x >= (velocity_side - a_side) * t) * (x < (us - aS) * t) if side == 'left' else velocity_side * (x > (velocity_side + a_side) * t) + us * (x <= (us + aS) * t) + 2 / (gamma + 1) * (
                        -a_side + (gamma - 1) / 2 * velocity_side + x / t) * (x <= (velocity_side + a_side) * t) * (x > (us + aS) * t)
                p = lambda x: pressure_side * (x < (velocity_side - a_side) * t) + ps * (x >= (us - aS) * t) + pressure_side * jnp.abs(
                    2 / (gamma + 1) + (gamma - 1) / ((gamma + 1) * a_side) * (velocity_side - x / t)) ** (2 * gamma / (gamma - 1)) * (
                                        x >= (velocity_side - a_side) * t) * (x < (us - aS) * t) if side == 'left' else pressure_side * (x > (velocity_side + a_side) * t) + ps * (x <= (us + aS) * t) + pressure_side * jnp.abs(
                    2 / (gamma + 1) - (gamma - 1) / ((gamma + 1) * a_side) * (velocity_side - x / t)) ** (2 * gamma / (gamma - 1)) * (
                                        x <= (velocity_side + a_side) * t) * (x > (us + aS) * t)
            return rho, u, p

        rholeft, uleft, left_pressureeft = calculate_values(pressure[0], density[0], velocity[0], a[0], ps, us, t, gamma, 'left')
        rhoright, uright, pright = calculate_values(pressure[1], density[1], velocity[1], a[1], ps, us, t, gamma, 'right')
    @jit
    def fin(x):
        x = jnp.asarray(x)
        UL = jnp.array([rholeft(x), rholeft(x)*uleft(x), 0.5*rholeft(x)*uleft(x)**2 + left_pressureeft(x)/(gamma-1)])
        UR = jnp.array([rhoright(x), rhoright(x)*uright(x), 0.5*rhoright(x)*uright(x)**2 + pright(x)/(gamma-1)])
        u = jnp.where(x < us * t, UL, UR)
        return u
    
    return fin


f = jax.jit(lambda initial_state, t, x: RiemannExact(initial_state, gamma, t)(x))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # Sod-like tube: left/right density, velocity, pressure
    rho = np.array([rng.uniform(0.8, 1.2), rng.uniform(0.1, 0.2)])
    u = np.array([rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2)])
    p = np.array([rng.uniform(0.8, 1.2), rng.uniform(0.08, 0.15)])
    state = np.stack([rho, rho * u, 0.5 * rho * u ** 2 + p / (1.4 - 1)])
    x = np.linspace(-0.5, 0.5, 41)
    return (state.astype(np.float32), np.float32(0.2), x.astype(np.float32))


INPUTS = make_inputs
