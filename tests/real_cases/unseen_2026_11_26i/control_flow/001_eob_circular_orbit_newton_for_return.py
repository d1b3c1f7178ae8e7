"""EOB 3PN circular-orbit Newton solver: `for` loop with a traced early `return` and a `raise` fall-through.

source: siddharth-mahesh/EOB_NN_p4PN EOB_NNp4PN/eob3pn.py at e39e7aca140b412c8db3ae4d644987523a334a68 (EOB._circular_orbit_finder and the helpers it calls); the later revision EOB_3PN/eob3pn.py at f17e23c96c71976a136e065279a744760886c28a replaces the loop with jax.lax.while_loop (and drops the raise)
error: TracerBoolConversionError
category: for-break-return-convergence
expect: fix
notes: methods _pade_1_3, _pade_0_3, _set_eob_constants_3PN, _a_potential, _d_potential, _j, _w_circ, _circular_orbit_condition and _circular_orbit_finder are verbatim (docstrings shortened); the flux / ODE / strain methods are dropped. `jax_enable_x64` is not switched on (the judge runs in float32), so the jitted driver `f` (written for the case, after `_initial_conditions`) passes tol=1e-6 instead of the float64 default 1e-12. Inputs always converge, so the raise never fires eagerly; the reference fix follows the upstream rewrite (lax.while_loop, no raise).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.numpy import log


class EOB:
    def __init__(self):
        """
        Initialize the EOB class.
        """

        # model identifiers
        self.conservative_order = 3
        self.radiative_order = 3.5

    def _pade_1_3(self, x, a_1, a_3, a_4):
        """
        Compute the Pade approximant P^1_3 for the Hamiltonian A potential.
        """
        tmp1 = a_1 * a_3
        tmp2 = 1.0 / (((a_1) * (a_1) * (a_1)) + a_3)
        tmp4 = -a_4 + tmp1
        pade_1_3 = (
            tmp2 * x * (((a_1) * (a_1) * (a_1) * (a_1)) - a_4 + 2 * tmp1) + 1
        ) / (
            -a_1 * tmp2 * tmp4 * ((x) * (x))
            + tmp2 * tmp4 * x
            + tmp2 * ((x) * (x) * (x)) * (-((a_1) * (a_1)) * a_4 - ((a_3) * (a_3)))
            + 1
        )
        return pade_1_3

    def _pade_0_3(self, x, d_2, d_3):
        """
        Compute the Pade approximant P^{0}_{3} for the polynomial
        p(x) = 1 + d_2 x^2 + d_3 x^3
        """
        return 1 / (1 - x * x * (d_3 * x + d_2))

    def _set_eob_constants_3PN(self, nu):
        """
        Calculate the dictionary of EOB constants.
        """
        # All constants are batched with nu so need to define unit_tensor to broadcast constants that are not nu-dependent
        e_gamma = 0.577215664901532860606512090082402431042
        pi = 3.14159265358979323846264338327950288419716939937510
        theta_hat = 1039/4620
        tmp0 = 2*nu
        tmp1 = ((pi)*(pi))
        tmp3 = 35*nu - 36
        tmp5 = ((nu)*(nu))
        tmp7 = ((nu)*(nu)*(nu))
        tmp9 = (nu + 3)*(-7956*nu + tmp3*(tmp0 + 6)*jnp.sqrt(-81*nu + 4*tmp5 + 144) + 2979*tmp5 - 140*tmp7 + 5184)/(tmp3*(7956*nu - 2979*tmp5 + 140*tmp7 - 5184))
        a_1 = -2
        a_3 = tmp0
        a_4 = nu*(94.0/3.0 - 41.0/32.0*tmp1)
        z_3 = nu*(8 - 6*nu)
        d_2 = -6*nu
        d_3 = tmp0*(3*nu - 26)
        v_meco_p2 = 2*jnp.sqrt(tmp9)
        v_pole_p2 = jnp.sqrt(((1.0/3.0)*nu + 1)/(3 - 35.0/12.0*nu))
        F_2 = -35.0/12.0*nu - 1247.0/336.0
        F_3 = 4*pi
        F_4 = (9271.0/504.0)*nu + (65.0/18.0)*tmp5 - 44711.0/9072.0
        F_5 = pi*(-583.0/24.0*nu - 8191.0/672.0)
        F_6 = -1712.0/105.0*e_gamma + nu*(-88.0/3.0*theta_hat + (41.0/48.0)*tmp1 - 2913613.0/272160.0) + (16.0/3.0)*tmp1 - 94403.0/3024.0*tmp5 - 775.0/324.0*tmp7 - 856.0/105.0*log(64*tmp9) + 6643739519.0/69854400.0
        F_6_l = -856.0/105.0
        F_7 = pi*((214745.0/1728.0)*nu + (193385.0/3024.0)*tmp5 - 16285.0/504.0)

        return {
            'e_gamma': e_gamma, 'pi': pi, 'theta_hat': theta_hat,
            'a_1': a_1, 'a_3': a_3, 'a_4': a_4, 'z_3': z_3,
            'd_2': d_2, 'd_3': d_3,
            'v_meco_p2': v_meco_p2, 'v_pole_p2': v_pole_p2,
            'F_2': F_2, 'F_3': F_3, 'F_4': F_4, 'F_5': F_5, 'F_6': F_6,
            'F_6_l': F_6_l, 'F_7': F_7
        }

    def _a_potential(self, r, constants):
        """
        Compute the Hamiltonian A potential.
        """
        u = 1 / r
        a = self._pade_1_3(u, constants["a_1"], constants["a_3"], constants["a_4"])
        return a

    def _d_potential(self, r, constants):
        """
        Compute the Hamiltonian D potential.
        """
        u = 1 / r
        d = self._pade_0_3(u, constants["d_2"], constants["d_3"])
        return d

    def _j(self, r, constants):
        """
        Compute the circular orbit angular momentum.
        """
        r3 = r * r * r
        a = self._a_potential(r, constants)
        da_dr = jax.grad(self._a_potential, argnums=0)(r, constants)
        j = jnp.sqrt(r3 * da_dr / (2 * a - r * da_dr))
        return j

    def _w_circ(self, r, p_phi, nu, constants):
        """
        Compute the circular frequency.
        """
        u = 1 / (r + 1e-100)
        a = self._a_potential(r, constants)
        d = self._d_potential(r, constants)
        tmp0 = jnp.sqrt(a)
        tmp2 = ((p_phi)*(p_phi))*((u)*(u))
        tmp4 = 2*nu*(tmp0*jnp.sqrt(tmp2 + 1) - 1)
        w_circ = p_phi*tmp0*((u)*(u))/jnp.sqrt(tmp2*tmp4 + tmp2 + tmp4 + 1)
        return w_circ

    def _circular_orbit_condition(self, r, params):
        """
        Solve for the circular orbit condition for given nu and omega_0.
        """
        nu, omega_0, constants = params
        j = self._j(r, constants)
        phidot = self._w_circ(r, j, nu, constants)
        return phidot - omega_0

    def _circular_orbit_finder(self, r0, params, tol=1e-12, max_iter=100):
        """
        Finds the radius of a circular orbit using a Newton's method.
        This function solves for r given eta, omega_0, and constants.
        """
        f = self._circular_orbit_condition(r0, params)
        for _ in range(max_iter):
            if jnp.abs(f) < tol:
                return r0
            f , df = jax.value_and_grad(self._circular_orbit_condition, argnums=0)(r0, params)
            r0 -= f / df
        raise ValueError(f"Newton's method did not converge, final error: {f}")


eob3pn = EOB()


@jax.jit
def f(x):
    nu, omega_0 = x
    constants = eob3pn._set_eob_constants_3PN(nu)
    r0 = eob3pn._circular_orbit_finder(omega_0**(-2/3), (nu, omega_0, constants), tol=1e-6)
    pphi0 = eob3pn._j(r0, constants)
    return jnp.array([r0, pphi0])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nu = rng.uniform(0.1, 0.25)
    omega_0 = rng.uniform(0.01, 0.015)
    return (np.array([nu, omega_0], dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    nu, omega_0 = x
    constants = eob3pn._set_eob_constants_3PN(nu)
    params = (nu, omega_0, constants)
    r0 = omega_0**(-2/3)
    tol, max_iter = 1e-6, 100

    def cond(carry):
        i, r0, f = carry
        return (jnp.abs(f) >= tol) & (i < max_iter)

    def body(carry):
        i, r0, _ = carry
        f, df = jax.value_and_grad(eob3pn._circular_orbit_condition, argnums=0)(r0, params)
        return (i + 1, r0 - f / df, f)

    f0 = eob3pn._circular_orbit_condition(r0, params)
    _, r0, _ = jax.lax.while_loop(cond, body, (0, r0, f0))
    pphi0 = eob3pn._j(r0, constants)
    return jnp.array([r0, pphi0])
