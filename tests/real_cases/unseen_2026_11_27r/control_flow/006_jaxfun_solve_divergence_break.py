"""Batched time stepping that stops on NaN/Inf: `if jnp.isnan(u).any() or jnp.isinf(u).any(): diverged = True; break`.

source: spectralDNS/jaxfun src/jaxfun/integrators/base.py (BaseIntegrator.solve and resolve_time; code-search index file id 52211756751, the index lists f504c3376a436c45d4514c7ce81acaa8d5b386c8 for this path)
error: TracerBoolConversionError
category: for-break-divergence-guard, post-loop-flag, static-batch-arithmetic
expect: fix
notes: solve and resolve_time verbatim except that the tqdm progress-bar wrapper is removed (`iterator =
  r_batch`; tqdm is not installed) `initial_coefficients()` returns the given array, and the restart reshape uses the initial
  condition's shape instead of `self.functionspace.num_dofs`. jaxfun's
  BaseIntegrator is an nnx.Module built from a sympy weak form; here it is reduced to a plain class holding
  a coefficient `rate`, and a small ExplicitEuler subclass (written for the case) supplies `step` for
  du/dt = rate*u + u**2, which blows up for large u0 so the divergence branch runs. `f` jits one solve,
  as a user calling `integrator.solve` inside a jitted training or sweep function would. Static: n_steps,
  batch_count, batch_len, remainder (Python ints from dt and the time interval). Leaks: the NaN/Inf test
  with `or` and `break`, and the later `if remainder and not diverged`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class BaseIntegrator:
    """Base class for time integration of semi-discrete Galerkin systems (reduced)."""

    def __init__(self, rate, *, initial, time=None):
        self.rate = rate
        self.initial_condition = initial
        self.time = time

    def initial_coefficients(self, initial=None):
        init = self.initial_condition if initial is None else initial
        return jnp.asarray(init)

    def resolve_time(
        self,
        dt: float,
        steps: int | None = None,
        trange: tuple[float, float] | None = None,
    ) -> tuple[float, float, int]:
        """Resolve the effective time interval and number of time steps."""
        interval = self.time if trange is None else trange
        if interval is None:
            if steps is None:
                raise ValueError("Either `steps` or `trange`/`time` must be provided")
            return 0.0, float(dt * steps), int(steps)

        t0, t1 = float(interval[0]), float(interval[1])
        if steps is None:
            span = t1 - t0
            steps = int(round(span / dt))
        return t0, t1, int(steps)

    def step(self, u_hat, dt, N=None):
        raise NotImplementedError

    def setup(self, dt: float) -> None:
        """Precompute step-size-dependent coefficients before time stepping."""
        ...

    def solve(
        self,
        dt: float,
        steps: int | None = None,
        state0=None,
        trange: tuple[float, float] | None = None,
        N=None,
        progress: bool = True,
        n_batches: int = 100,
        return_batch_snapshots: bool = False,
    ):
        """Advance the coefficient state in time."""
        if n_batches <= 0:
            raise ValueError("n_batches must be a positive integer")

        self.setup(dt)
        _, _, n_steps = self.resolve_time(dt, steps=steps, trange=trange)

        if state0 is None:
            u_hat = self.initial_coefficients()
        else:
            u_hat = jnp.asarray(state0).reshape(jnp.shape(self.initial_condition))
        if n_steps <= 0:
            if not return_batch_snapshots:
                return u_hat
            return jnp.expand_dims(u_hat, axis=0)

        def inner_n_steps(i: int, u_hat):
            u_hat = self.step(u_hat, dt, N)
            return u_hat

        batch_count = min(n_batches, n_steps)

        batch_len = n_steps // batch_count
        remainder = n_steps - batch_count * batch_len
        states = [u_hat]
        diverged = False

        r_batch = range(batch_count)
        iterator = r_batch
        for _ in iterator:
            u_hat = jax.lax.fori_loop(0, batch_len, inner_n_steps, u_hat)
            if return_batch_snapshots:
                states.append(u_hat)
            if jnp.isnan(u_hat).any() or jnp.isinf(u_hat).any():
                diverged = True
                break

        if remainder and not diverged:
            u_hat = jax.lax.fori_loop(0, remainder, inner_n_steps, u_hat)
            if return_batch_snapshots:
                states.append(u_hat)

        if return_batch_snapshots:
            return jnp.stack(states)

        return u_hat


class ExplicitEuler(BaseIntegrator):
    def step(self, u_hat, dt, N=None):
        return u_hat + dt * (self.rate * u_hat + u_hat**2)


@jax.jit
def f(u0, rate):
    integrator = ExplicitEuler(rate, initial=u0, time=(0.0, 1.05))
    return integrator.solve(0.01, progress=False, n_batches=10)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    u0 = rng.uniform(-1.0, 0.5, size=(4,))
    if rng.uniform() < 0.5:
        u0[rng.integers(0, 4)] = rng.uniform(2.0, 6.0)  # blows up before t = 1.05
    rate = rng.uniform(-1.0, 1.0)
    return (u0.astype(np.float32), np.asarray(rate, dtype=np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(u0, rate):
    dt, n_steps, n_batches = 0.01, int(round(1.05 / 0.01)), 10
    batch_count = min(n_batches, n_steps)
    batch_len = n_steps // batch_count
    remainder = n_steps - batch_count * batch_len

    def inner(i, u):
        return u + dt * (rate * u + u**2)

    def one_batch(_, carry):
        u, diverged = carry
        new = jax.lax.fori_loop(0, batch_len, inner, u)
        u = jnp.where(diverged, u, new)
        diverged = diverged | jnp.isnan(u).any() | jnp.isinf(u).any()
        return u, diverged

    u, diverged = jax.lax.fori_loop(0, batch_count, one_batch, (jnp.asarray(u0), jnp.array(False)))
    if remainder:
        u = jnp.where(diverged, u, jax.lax.fori_loop(0, remainder, inner, u))
    return u
