"""jVMC's adaptive Heun stepper: a Python `while fe < 1.` loop with if-chains on traced step sizes.

source: markusschmitt/vmc_jax jVMC/stepper.py, early revision (code-index file id 507160161; the index lists
        1dbd40f6d473894a169253224eb81e73e3bd4021 for a later revision of this path, which keeps the same loop
        and only adds docstrings and `**rhsArgs`) -- class AdaptiveHeun, method step; the driver is the
        commented-out test at the bottom of that file (f(y,t,args) = args['mat'].dot(y), the squared norm
        `norm(y)`, `stepper.step(t, f, y, normFunction=norm, rhsArgs=rhsArgs)`)
error: TracerBoolConversionError
category: while-adaptive-step-if-chain
expect: fix
notes: AdaptiveHeun (and its sibling Euler) verbatim. The file's own test harness was commented out; it is
       turned into `f`, jitted, with a fresh stepper per call whose initial time step `dt0` is an argument,
       and `f` also returns `stepper.dt` (the step proposed for the next call) so that the `maxStep` clamp is
       observable. The matrix is real here (the harness used a complex one). Under jit, `while fe < 1.` is a
       bool of a traced value once `fe = self.tolerance / updateDiff` is traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

class Euler:

    def __init__(self, timeStep=1e-3):

        self.dt = timeStep


    def step(self, t, f, yInitial, rhsArgs=None):

        dy = f(yInitial, t, rhsArgs)

        return yInitial + self.dt * dy, self.dt

# end class Euler


class AdaptiveHeun:

    def __init__(self, timeStep=1e-3, tol=1e-8, maxStep=1.):
        self.dt = timeStep
        self.tolerance = tol
        self.maxStep = maxStep


    def step(self, t, f, yInitial, normFunction, rhsArgs=None):

        fe = 0.5

        dt = self.dt

        while fe < 1.:
        
            y = yInitial.copy()
            k0 = f(y, t, rhsArgs)
            y += dt * k0
            k1 = f(y, t + dt, rhsArgs)
            dy0 = 0.5 * dt * (k0 + k1)
            
            # now with half step size
            y -= 0.5 * dt * k0
            k10 = f(y, t + 0.5 * dt, rhsArgs)
            dy1 = 0.25 * dt * (k0 + k10)
            y = yInitial + dy1
            k01 = f(y, t + 0.5 * dt, rhsArgs)
            y += 0.5 * dt * k01
            k11 = f(y, t + dt, rhsArgs)
            dy1 += 0.25 * dt * (k01 + k11)

            # compute deviation
            updateDiff = normFunction(dy1 - dy0)
            fe = self.tolerance / updateDiff

            if 0.2>0.9*fe**0.33333:
                tmp = 0.2
            else:
                tmp = 0.9*fe**0.33333
            if tmp > 2.:
                tmp = 2.

            realDt = dt
            dt *= tmp

            if dt > self.maxStep:
                dt = self.maxStep

        # end while

        self.dt = dt

        return yInitial + dy1, realDt


def rhs(y, t, args):
    return args['mat'].dot(y)

def norm(y):
    return jnp.real(jnp.conjugate(y).dot(y))


@jax.jit
def f(t, y, mat, dt0):
    stepper = AdaptiveHeun(timeStep=dt0)
    rhsArgs = {}
    rhsArgs['mat'] = mat
    y_new, dt = stepper.step(t, rhs, y, normFunction=norm, rhsArgs=rhsArgs)
    return y_new, dt, stepper.dt
# --- end user code ---

from jax import lax


def make_inputs(rng):
    # scale decides whether the first trial step is rejected (large) or accepted at once (small);
    # a large initial step with a small matrix makes the proposed step exceed maxStep (clamped to 1).
    regime = int(rng.integers(0, 4))
    scale, dt0 = [(1e-3, 0.8), (0.5, 1e-3), (20.0, 2e-2), (60.0, 0.8)][regime]
    mat = (scale * rng.normal(size=(4, 4)) / 2.0).astype(np.float32)
    y = rng.normal(size=(4,)).astype(np.float32)
    t = np.float32(rng.uniform(0.0, 1.0))
    return (t, y, mat, np.float32(dt0))


INPUTS = make_inputs


@jax.jit
def reference_fix(t, y, mat, dt0):
    tol, max_step = 1e-8, 1.0
    yInitial = y

    def attempt(dt):
        k0 = mat.dot(yInitial)
        y1 = yInitial + dt * k0
        k1 = mat.dot(y1)
        dy0 = 0.5 * dt * (k0 + k1)
        y1 = y1 - 0.5 * dt * k0
        k10 = mat.dot(y1)
        dy1 = 0.25 * dt * (k0 + k10)
        y2 = yInitial + dy1
        k01 = mat.dot(y2)
        y2 = y2 + 0.5 * dt * k01
        k11 = mat.dot(y2)
        dy1 = dy1 + 0.25 * dt * (k01 + k11)
        return dy0, dy1

    def body(c):
        fe, dt, realDt, dy1 = c
        dy0, dy1 = attempt(dt)
        d = dy1 - dy0
        fe = tol / jnp.real(jnp.conjugate(d).dot(d))
        tmp = jnp.where(0.2 > 0.9 * fe ** 0.33333, 0.2, 0.9 * fe ** 0.33333)
        tmp = jnp.where(tmp > 2.0, 2.0, tmp)
        realDt = dt
        dt = dt * tmp
        dt = jnp.where(dt > max_step, max_step, dt)
        return fe, dt, realDt, dy1

    dt0 = jnp.asarray(dt0, jnp.float32)
    init = (jnp.float32(0.5), dt0, dt0, jnp.zeros_like(yInitial))
    fe, dt, realDt, dy1 = lax.while_loop(lambda c: c[0] < 1.0, body, init)
    return yInitial + dy1, realDt, dt
