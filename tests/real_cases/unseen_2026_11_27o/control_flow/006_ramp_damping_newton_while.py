"""Magnet-on-a-ramp damping fit: a Newton loop `while jnp.abs(xf_test) > eps` inside a class method, in JAX lab code.

source: public JAX lab-analysis code in the code index: class `pend_experiment` (file id 22915682450) and its `misc_funcs` module (file id 22764174237: calculate_x_final_with_damping, calculate_mu_k_from_final_time, calculate_init_ramp_acc, NRmethod). The index did not name the repository.
error: TracerBoolConversionError
category: while-newton-tolerance-method
expect: fix
notes: The class is verbatim apart from dropping two methods it does not need (the matplotlib
  plot and the steady-state estimate) and writing `self.x` for the mf helpers' module prefix.
  The `mf.` helpers are inlined verbatim as module functions. The original already uses jnp
  and jax.grad; it only ever ran eagerly. The driver `f` is mine: it builds the experiment
  from traced measurements and calls calculate_damping_coefficient(eps=1e-4). The method's
  keyword default is 1e-6, which float32 cannot always reach, so without a cap on iterations
  the loop would never end. Leak: `while jnp.abs(xf_test) > eps:` with a Python counter
  `iter`; both become carries of a lax.while_loop. `if mu_k == None` is static. The
  averages are Python `sum`/`len` over fixed-length arrays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad as jgrad


def calculate_x_final_with_damping(b, a, m, tf):
    return (a * m**2)/(b**2) * jnp.exp((-b)/(m)*tf) + (a * m)/(b) * tf - (a * m**2)/(b**2)

def calculate_mu_k_from_final_time(xf, tf, th, g):
    return ((-2 * xf) / (g * tf**2) + jnp.sin(th)) / jnp.cos(th)

def calculate_init_ramp_acc(th, mu_k, g):
    return g * (jnp.sin(th) - mu_k * jnp.cos(th))

def NRmethod(func, guess):
    # solve using newton raphson method
    # x1 = x0 - (f(x0) / f'(x0))
    grad_func = jgrad(func)(guess)
    guess_next = guess - (func(guess)/grad_func)
    return guess_next


class pend_experiment(object):
    def __init__(self,
                 description           = None,
                 magnet_mass_kg        = None,
                 ramp_angle_rad        = None,
                 ramp_distance_m       = None,
                 magnet_standoff_mm    = None,
                 t_final_no_damp_s_vec = [],
                 t_final_damp_s_vec    = []):

        self.description           = description
        self.magnet_mass_kg        = magnet_mass_kg
        self.ramp_angle_rad        = ramp_angle_rad
        self.ramp_distance_m       = ramp_distance_m
        self.magnet_standoff_mm    = magnet_standoff_mm
        self.t_final_no_damp_s_vec = t_final_no_damp_s_vec
        self.t_final_damp_s_vec    = t_final_damp_s_vec
        self.gravity_m_s2          = 9.81
        return

    def get_avg_t_final(self, test_type):
        if test_type == 'no_damp':
            avg_time = sum(self.t_final_no_damp_s_vec) / len(self.t_final_no_damp_s_vec)
        elif test_type == 'damp':
            avg_time = sum(self.t_final_damp_s_vec) / len(self.t_final_damp_s_vec)
        else:
            NameError
        return avg_time

    def calculate_friction_coefficient(self):
        mu_k = calculate_mu_k_from_final_time(self.ramp_distance_m,
                                              self.get_avg_t_final('no_damp'),
                                              self.ramp_angle_rad,
                                              self.gravity_m_s2)
        return mu_k

    def calculate_damping_coefficient(self, mu_k = None, eps = 1e-6, b_init = 0.01):
        xf   = self.ramp_distance_m
        m    = self.magnet_mass_kg
        g    = self.gravity_m_s2
        th   = self.ramp_angle_rad
        tf   = self.get_avg_t_final('damp')
        if mu_k == None:
            mu_k = self.calculate_friction_coefficient()
        a             = calculate_init_ramp_acc(th, mu_k, g)

        b_test        = b_init
        xf_wrt_b_func = lambda b: (calculate_x_final_with_damping(b,a,m,tf) - xf)
        xf_test       = xf_wrt_b_func(b_test)
        iter          = 0
        while jnp.abs(xf_test) > eps:
            # equation for x_f_check derived from diff eq describing ramp problem with linear damping
            # x_f_check = (a * m**2)/(b**2) * jnp.exp((-b)/(m)*tf) + (a * m)/(b) * tf - (a * m**2)/(b**2)
            b_test = NRmethod(xf_wrt_b_func, b_test)
            xf_test = xf_wrt_b_func(b_test)
            iter += 1
        return b_test, iter


@jax.jit
def f(magnet_mass_kg, ramp_angle_rad, ramp_distance_m, t_no_damp, t_damp):
    exp = pend_experiment(description='magnet on aluminium ramp',
                          magnet_mass_kg=magnet_mass_kg,
                          ramp_angle_rad=ramp_angle_rad,
                          ramp_distance_m=ramp_distance_m,
                          t_final_no_damp_s_vec=t_no_damp,
                          t_final_damp_s_vec=t_damp)
    return exp.calculate_damping_coefficient(eps=1e-4)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    m = rng.uniform(0.01, 0.05)
    th = np.deg2rad(rng.uniform(20.0, 40.0))
    xf = rng.uniform(0.5, 1.0)
    mu = rng.uniform(0.1, 0.3)
    a = 9.81 * (np.sin(th) - mu * np.cos(th))
    t0 = np.sqrt(2 * xf / a)
    t_no = t0 * (1 + 0.02 * rng.normal(size=3))
    t_d = t0 * rng.uniform(1.05, 1.8) * (1 + 0.02 * rng.normal(size=3))
    return (np.float32(m), np.float32(th), np.float32(xf),
            t_no.astype(np.float32), t_d.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(magnet_mass_kg, ramp_angle_rad, ramp_distance_m, t_no_damp, t_damp):
    eps, b_init, g = 1e-4, 0.01, 9.81
    xf, m, th = ramp_distance_m, magnet_mass_kg, ramp_angle_rad
    tf = sum(t_damp) / len(t_damp)
    mu_k = calculate_mu_k_from_final_time(xf, sum(t_no_damp) / len(t_no_damp), th, g)
    a = calculate_init_ramp_acc(th, mu_k, g)
    func = lambda b: calculate_x_final_with_damping(b, a, m, tf) - xf

    def body(c):
        b, _, it = c
        b = NRmethod(func, b)
        return b, func(b), it + 1

    b0 = jnp.asarray(b_init, jnp.result_type(float))
    b, _, it = lax.while_loop(lambda c: jnp.abs(c[1]) > eps, body, (b0, func(b0), 0))
    return b, it
