"""Gym's Acrobot step ported to jax.numpy: `while x > M` angle wrapping, builtin `min(max(x, m), M)` velocity bounds, `bool(...)` terminal test and a `-1. if not terminal else 0.` reward.

source: openai/gym gym/envs/classic_control/acrobot.py @5ea025d87d4738acdeb2a2d2c0d73449c85d9058 (`AcrobotEnv.step`, `_get_ob`, `_terminal`, `_dsdt`, module functions `wrap`, `bound`, `rk4`)
error: TracerIntegerConversionError
category: while-wrap-builtin-minmax
expect: fix
notes: NumPy env ported to jax.numpy (`import jax.numpy as np`, `from jax.numpy import sin, cos, pi`). Gym
  plumbing is dropped (spaces, seeding, render, noise branch kept but `torque_noise_max = 0.`); the env is
  built from a traced state and `step` is jitted with the discrete action static (it indexes the Python
  list AVAIL_TORQUE). In-place writes `ns[0] = ...` / `yout[i+1] = ...` become `.at[].set`, and
  `np.float_` becomes `np.float32`; `rk4` keeps its `for i in np.arange(len(t) - 1)` loop, which under
  jit now yields traced loop indices, so the first error is `t[i]` on the Python list of sample times
  (TracerIntegerConversionError); the wrap/bound/terminal tests raise TracerBoolConversionError after it. Trials start
  near +-pi with large velocities so both wrap loops, both bound clamps and both reward values occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as np
from jax.numpy import sin, cos, pi


class AcrobotEnv(object):

    dt = .2

    LINK_LENGTH_1 = 1.  # [m]
    LINK_LENGTH_2 = 1.  # [m]
    LINK_MASS_1 = 1.  #: [kg] mass of link 1
    LINK_MASS_2 = 1.  #: [kg] mass of link 2
    LINK_COM_POS_1 = 0.5  #: [m] position of the center of mass of link 1
    LINK_COM_POS_2 = 0.5  #: [m] position of the center of mass of link 2
    LINK_MOI = 1.  #: moments of inertia for both links

    MAX_VEL_1 = 4 * pi
    MAX_VEL_2 = 9 * pi

    AVAIL_TORQUE = [-1., 0., +1]

    torque_noise_max = 0.

    #: use dynamics equations from the nips paper or the book
    book_or_nips = "book"

    def __init__(self, state):
        self.state = state

    def step(self, a):
        s = self.state
        torque = self.AVAIL_TORQUE[a]

        # Add noise to the force action
        if self.torque_noise_max > 0:
            torque += self.np_random.uniform(-self.torque_noise_max, self.torque_noise_max)

        # Now, augment the state with our force action so it can be passed to
        # _dsdt
        s_augmented = np.append(s, torque)

        ns = rk4(self._dsdt, s_augmented, [0, self.dt])
        # only care about final timestep of integration returned by integrator
        ns = ns[-1]
        ns = ns[:4]  # omit action

        ns = ns.at[0].set(wrap(ns[0], -pi, pi))
        ns = ns.at[1].set(wrap(ns[1], -pi, pi))
        ns = ns.at[2].set(bound(ns[2], -self.MAX_VEL_1, self.MAX_VEL_1))
        ns = ns.at[3].set(bound(ns[3], -self.MAX_VEL_2, self.MAX_VEL_2))
        self.state = ns
        terminal = self._terminal()
        reward = -1. if not terminal else 0.
        return (self._get_ob(), reward, terminal)

    def _get_ob(self):
        s = self.state
        return np.array([cos(s[0]), sin(s[0]), cos(s[1]), sin(s[1]), s[2], s[3]])

    def _terminal(self):
        s = self.state
        return bool(-cos(s[0]) - cos(s[1] + s[0]) > 1.)

    def _dsdt(self, s_augmented, t):
        m1 = self.LINK_MASS_1
        m2 = self.LINK_MASS_2
        l1 = self.LINK_LENGTH_1
        lc1 = self.LINK_COM_POS_1
        lc2 = self.LINK_COM_POS_2
        I1 = self.LINK_MOI
        I2 = self.LINK_MOI
        g = 9.8
        a = s_augmented[-1]
        s = s_augmented[:-1]
        theta1 = s[0]
        theta2 = s[1]
        dtheta1 = s[2]
        dtheta2 = s[3]
        d1 = m1 * lc1 ** 2 + m2 * \
            (l1 ** 2 + lc2 ** 2 + 2 * l1 * lc2 * cos(theta2)) + I1 + I2
        d2 = m2 * (lc2 ** 2 + l1 * lc2 * cos(theta2)) + I2
        phi2 = m2 * lc2 * g * cos(theta1 + theta2 - pi / 2.)
        phi1 = - m2 * l1 * lc2 * dtheta2 ** 2 * sin(theta2) \
               - 2 * m2 * l1 * lc2 * dtheta2 * dtheta1 * sin(theta2)  \
            + (m1 * lc1 + m2 * l1) * g * cos(theta1 - pi / 2) + phi2
        if self.book_or_nips == "nips":
            # the following line is consistent with the description in the
            # paper
            ddtheta2 = (a + d2 / d1 * phi1 - phi2) / \
                (m2 * lc2 ** 2 + I2 - d2 ** 2 / d1)
        else:
            # the following line is consistent with the java implementation and the
            # book
            ddtheta2 = (a + d2 / d1 * phi1 - m2 * l1 * lc2 * dtheta1 ** 2 * sin(theta2) - phi2) \
                / (m2 * lc2 ** 2 + I2 - d2 ** 2 / d1)
        ddtheta1 = -(d2 * ddtheta2 + phi1) / d1
        return (dtheta1, dtheta2, ddtheta1, ddtheta2, 0.)


def wrap(x, m, M):
    """
    Wraps ``x`` so m <= x <= M; but unlike ``bound()`` which
    truncates, ``wrap()`` wraps x around the coordinate system defined by m,M.
    """
    diff = M - m
    while x > M:
        x = x - diff
    while x < m:
        x = x + diff
    return x


def bound(x, m, M=None):
    """
    Either have m as scalar, so bound(x,m,M) which returns m <= x <= M *OR*
    have m as length 2 vector, bound(x,m, <IGNORED>) returns m[0] <= x <= m[1].
    """
    if M is None:
        M = m[1]
        m = m[0]
    # bound x between min (m) and Max (M)
    return min(max(x, m), M)


def rk4(derivs, y0, t, *args, **kwargs):
    """
    Integrate 1D or ND system of ODEs using 4-th order Runge-Kutta.
    """

    try:
        Ny = len(y0)
    except TypeError:
        yout = np.zeros((len(t),), np.float32)
    else:
        yout = np.zeros((len(t), Ny), np.float32)

    yout = yout.at[0].set(y0)

    for i in np.arange(len(t) - 1):

        thist = t[i]
        dt = t[i + 1] - thist
        dt2 = dt / 2.0
        y0 = yout[i]

        k1 = np.asarray(derivs(y0, thist, *args, **kwargs))
        k2 = np.asarray(derivs(y0 + dt2 * k1, thist + dt2, *args, **kwargs))
        k3 = np.asarray(derivs(y0 + dt2 * k2, thist + dt2, *args, **kwargs))
        k4 = np.asarray(derivs(y0 + dt * k3, thist + dt, *args, **kwargs))
        yout = yout.at[i + 1].set(y0 + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4))
    return yout


@partial(jax.jit, static_argnames="a")
def f(state, a):
    env = AcrobotEnv(state)
    return env.step(a)
# --- end user code ---

import numpy as onp
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    th1 = rng.choice([rng.uniform(-onp.pi, onp.pi), rng.uniform(2.9, 3.14), rng.uniform(-3.14, -2.9)])
    th2 = rng.uniform(-onp.pi, onp.pi)
    state = onp.array([th1, th2, rng.uniform(-16, 16), rng.uniform(-32, 32)], dtype=onp.float32)
    return (state, int(rng.integers(0, 3)))


INPUTS = make_inputs


def _wrap_fixed(x, m, M):
    diff = M - m
    x = lax.while_loop(lambda x: x > M, lambda x: x - diff, x)
    x = lax.while_loop(lambda x: x < m, lambda x: x + diff, x)
    return x


@partial(jax.jit, static_argnames="a")
def reference_fix(state, a):
    env = AcrobotEnv(state)
    torque = env.AVAIL_TORQUE[a]
    s_augmented = jnp.append(state, torque)
    t = [0, env.dt]
    y0 = s_augmented
    dt = t[1] - t[0]
    dt2 = dt / 2.0
    k1 = jnp.asarray(env._dsdt(y0, t[0]))
    k2 = jnp.asarray(env._dsdt(y0 + dt2 * k1, t[0] + dt2))
    k3 = jnp.asarray(env._dsdt(y0 + dt2 * k2, t[0] + dt2))
    k4 = jnp.asarray(env._dsdt(y0 + dt * k3, t[0] + dt))
    ns = (y0 + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4))[:4]
    ns = ns.at[0].set(_wrap_fixed(ns[0], -jnp.pi, jnp.pi))
    ns = ns.at[1].set(_wrap_fixed(ns[1], -jnp.pi, jnp.pi))
    ns = ns.at[2].set(jnp.minimum(jnp.maximum(ns[2], -env.MAX_VEL_1), env.MAX_VEL_1))
    ns = ns.at[3].set(jnp.minimum(jnp.maximum(ns[3], -env.MAX_VEL_2), env.MAX_VEL_2))
    terminal = -jnp.cos(ns[0]) - jnp.cos(ns[1] + ns[0]) > 1.
    reward = jnp.where(terminal, 0., -1.)
    ob = jnp.array([jnp.cos(ns[0]), jnp.sin(ns[0]), jnp.cos(ns[1]), jnp.sin(ns[1]), ns[2], ns[3]])
    return (ob, reward, terminal)
