"""1-D blood-flow solver outlet boundary: `lax.cond` on a traced outlet flag, closures, a one-step Newton helper.

source: camlab-ethz/jaxFlowSim src/boundary_conditions.py at 0038e40656f0cd21e5c913887f6a634489d79344 (set_outlet_bc, outlet_compatibility, three_element_windkessel, riemann_invariants, inverse_riemann_invariants; code-index file id 1089054975), with `pressure` from src/utils.py
error: none
category: negative / lax-cond-already / closure / helper-in-module
expect: untouched
notes: the five functions are verbatim, decorators and docstrings included. Stand-ins for what is not installed: `jaxtyped` (a no-op decorator factory), `typechecker`, and `Float` / `Array` (subscriptable placeholders), and `pressure` is the tube law p_ext + beta*(sqrt(a/a0) - 1) from jaxFlowSim's utils. `f = jax.jit(set_outlet_bc)` is how the solver's jitted step reaches it. It looks like a leak (branching on `outlet == 1`, nested closures, a Newton step) but every branch is already a `lax.cond`; a fixer must not change a byte. The `dtype=jnp.float64` requests are truncated to float32 without x64, the same in both runs.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax


class _Annotation:
    """Stand-in for jaxtyping's Float / Array (subscriptable, no checking)."""

    def __class_getitem__(cls, item):
        return cls


Array = Float = _Annotation
typechecker = None


def jaxtyped(typechecker=None):
    """Stand-in for jaxtyping.jaxtyped (no runtime type checking)."""
    def wrap(fn):
        return fn
    return wrap


def pressure(a, a0, beta, p_ext):
    """Stand-in for src.utils.pressure (the tube law)."""
    return p_ext + beta * (jnp.sqrt(a / a0) - 1.0)


@jaxtyped(typechecker=typechecker)
def riemann_invariants(u: Float[Array, ""], c: Float[Array, ""]) -> Float[Array, " 2"]:
    """
    Calculates the Riemann invariants for given velocity and wave speed.

    Parameters:
    u (Float[Array, ""]): Velocity.
    c (Float[Array, ""]): Wave speed.

    Returns:
    Float[Array, " 2"]: Riemann invariants (w1, w2).
    """
    w1 = u - 4.0 * c
    w2 = u + 4.0 * c

    return jnp.array([w1, w2])


@jaxtyped(typechecker=typechecker)
def inverse_riemann_invariants(
    w1: Float[Array, ""], w2: Float[Array, ""]
) -> Float[Array, " 2"]:
    """
    Calculates velocity and wave speed from Riemann invariants.

    Parameters:
    w1 (Float[Array, ""]): First Riemann invariant.
    w2 (Float[Array, ""]): Second Riemann invariant.

    Returns:
    Float[Array, " 2"]: Velocity and wave speed.
    """
    u = 0.5 * (w1 + w2)
    c = (w2 - w1) * 0.125

    return jnp.array([u, c])


@jaxtyped(typechecker=typechecker)
def set_outlet_bc(
    dt: Float[Array, ""],
    us: Float[Array, " 2"],
    q1: Float[Array, ""],
    a1: Float[Array, ""],
    cs: Float[Array, " 2"],
    ps: Float[Array, " 3"],
    pc: Float[Array, ""],
    ws: Float[Array, " 2"],
    a0: Float[Array, ""],
    beta: Float[Array, ""],
    gamma: Float[Array, ""],
    dx: Float[Array, ""],
    p_ext: Float[Array, ""],
    outlet: Float[Array, ""],
    wks: Float[Array, " 4"],
) -> Float[Array, " 6"]:
    """
    Sets the outlet boundary condition.

    Parameters:
    dt (Float[Array, ""]): Time step.
    us (Float[Array, "2"]): Velocities at the outlet.
    q1 (Float[Array, ""]): Initial flow rate at the outlet.
    a1 (Float[Array, ""]): Cross-sectional area at the outlet.
    cs (Float[Array, "2"]): Wave speeds at the outlet.
    ps (Float[Array, "3"]): Pressures at the outlet.
    pc (Float[Array, ""]): Compliance pressure.
    ws (Float[Array, "2"]): Riemann invariants at the outlet.
    a0 (Float[Array, ""]): Reference cross-sectional area.
    beta (Float[Array, ""]): Stiffness coefficient.
    gamma (Float[Array, ""]): Admittance coefficient.
    dx (Float[Array, ""]): Spatial step size.
    p_ext (Float[Array, ""]): External pressure.
    outlet (Float[Array, ""]): Indicator for outlet type.
    wks (Float[Array, "4"]): Windkessel model parameters.

    Returns:
    Float[Array, " 6"]: Updated boundary conditions for the outlet.
    """

    def outlet_compatibility_wrapper():
        p1_out = 2.0 * ps[1] - ps[2]
        u1_out, q1_out, c1_out = outlet_compatibility(us, a1, cs, ws, dt, dx, wks[0])
        return jnp.array([u1_out, q1_out, a1, c1_out, p1_out, pc], dtype=jnp.float64)

    def three_element_windkessel_wrapper():
        u1_out, a1_out, pc_out = three_element_windkessel(
            dt, us[0], a1, pc, wks[1:], beta, gamma, a0, p_ext
        )
        return jnp.array([u1_out, q1, a1_out, cs[0], ps[0], pc_out], dtype=jnp.float64)

    return lax.cond(
        outlet == 1,
        outlet_compatibility_wrapper,
        three_element_windkessel_wrapper,
    )


@jaxtyped(typechecker=typechecker)
def outlet_compatibility(
    us: Float[Array, " 2"],
    a1: Float[Array, ""],
    cs: Float[Array, " 2"],
    ws: Float[Array, " 2"],
    dt: Float[Array, ""],
    dx: Float[Array, ""],
    rt: Float[Array, ""],
) -> Float[Array, " 3"]:
    """
    Ensures outlet compatibility by calculating updated boundary conditions.

    Parameters:
    us (Float[Array, "2"]): Velocities at the outlet.
    a1 (Float[Array, ""]): Cross-sectional area at the outlet.
    cs (Float[Array, "2"]): Wave speeds at the outlet.
    ws (Float[Array, "2"]): Riemann invariants at the outlet.
    dt (Float[Array, ""]): Time step.
    dx (Float[Array, ""]): Spatial step size.
    rt (Float[Array, ""]): Resistance term.

    Returns:
    Float[Array, " 3"]: Updated velocity, flow rate, and wave speed at the outlet.
    """
    _, w2m1 = riemann_invariants(us[1], cs[1])
    w1m, w2m = riemann_invariants(us[0], cs[0])

    w2m += (w2m1 - w2m) * (us[0] + cs[0]) * dt / dx
    w1m = ws[0] - rt * (w2m - ws[2])

    u1, c1 = inverse_riemann_invariants(w1m, w2m)
    q1 = a1 * u1

    return jnp.array([u1, q1, c1])


@jaxtyped(typechecker=typechecker)
def three_element_windkessel(
    dt: Float[Array, ""],
    u1: Float[Array, ""],
    a1: Float[Array, ""],
    pc: Float[Array, ""],
    wks: Float[Array, " 3"],
    beta: Float[Array, ""],
    gamma: Float[Array, ""],
    a0: Float[Array, ""],
    p_ext: Float[Array, ""],
) -> Float[Array, " 3"]:
    """
    Handles the three-element Windkessel model for the outlet.

    Parameters:
    dt (Float[Array, ""]): Time step.
    u1 (Float[Array, ""]): Velocity at the outlet.
    a1 (Float[Array, ""]): Cross-sectional area at the outlet.
    pc (Float[Array, ""]): Compliance pressure.
    wks (Float[Array, "3"]): Windkessel model parameters.
    beta (Float[Array, ""]): Stiffness coefficient.
    gamma (Float[Array, ""]): Admittance coefficient.
    a0 (Float[Array, ""]): Reference cross-sectional area.
    p_ext (Float[Array, ""]): External pressure.

    Returns:
    Float[Array, " 3"]: Updated velocity, cross-sectional area, and compliance pressure at the outlet.
    """
    p_out = 0.0

    al = a1
    ul = u1
    pc += dt / wks[2] * (al * ul - (pc - p_out) / wks[1])

    a = al
    ssal = jnp.sqrt(jnp.sqrt(al))
    sgamma = 2 * jnp.sqrt(6 * gamma)
    sa0 = jnp.sqrt(a0)
    ba0 = beta / sa0

    def fun(a):
        return (
            a * wks[0] * (ul + sgamma * (ssal - jnp.sqrt(jnp.sqrt(a))))
            - (p_ext + ba0 * (jnp.sqrt(a) - sa0))
            + pc
        )

    def dfun(a):
        return wks[0] * (
            ul + sgamma * (ssal - 1.25 * jnp.sqrt(jnp.sqrt(a)))
        ) - ba0 * 0.5 / jnp.sqrt(a)

    def newton_solver(x0):
        xn = x0 - fun(x0) / dfun(x0)

        return xn

    a = newton_solver(a)

    us = (pressure(a, a0, beta, p_ext) - p_out) / (a * wks[0])

    a1 = a
    u1 = us

    return jnp.array([u1, a1, pc])


f = jax.jit(set_outlet_bc)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    s = lambda lo, hi: np.float32(rng.uniform(lo, hi))
    a0 = s(0.8, 1.2)
    args = (
        np.float32(1e-3),                                       # dt
        rng.uniform(0.2, 0.6, size=2).astype(np.float32),       # us
        s(0.2, 0.6),                                            # q1
        s(0.9, 1.1) * a0,                                       # a1
        rng.uniform(4.0, 6.0, size=2).astype(np.float32),       # cs
        rng.uniform(0.5, 1.5, size=3).astype(np.float32),       # ps
        s(0.2, 0.8),                                            # pc
        rng.uniform(-20.0, 20.0, size=2).astype(np.float32),    # ws
        a0,                                                     # a0
        s(5.0, 10.0),                                           # beta
        s(0.1, 0.5),                                            # gamma
        np.float32(0.01),                                       # dx
        np.float32(0.0),                                        # p_ext
        np.float32(rng.choice([1.0, 2.0])),                     # outlet: 1 = reflection, else windkessel
        rng.uniform(0.5, 2.0, size=4).astype(np.float32),       # wks
    )
    return args


INPUTS = make_inputs
