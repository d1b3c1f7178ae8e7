"""A model class's jitted `__call__` applies NumPy (`np.where`, `np.cos`) to a traced action.

source: ocean-navigation POMDP planner dynamics/observation model module in the public code index (code-index file id 7786479849; imports `ocean_navigation_simulator.controllers.pomdp_planners.*`; the index does not name the repository). Class `BaseDynObsModelParticlesJax.__call__`, which carries a commented-out `# @jax.jit` above it.
error: TracerArrayConversionError
category: method-numpy-on-tracer
expect: fix
notes: the class is kept as written (`__init__` and `__call__`; the other methods, which use scipy.solve_ivp and Python RNG, are dropped). The `vel_func` the project passes in (a double-gyre current field) is replaced by a small stand-in written from the same file's `currents_analytical` formula; the entry point `f` jits the bound `__call__`, as the commented `# @jax.jit` intended. Leak: `np.where`/`np.cos`/`np.sin` on traced values inside the method.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def double_gyre_vel(t, x, y, A, epsilon, omega):
    # stand-in for the project's particle velocity function (double gyre)
    a = epsilon * jnp.sin(omega * t)
    b = 1 - 2 * a
    f_ = a * x ** 2 + b * x
    df_dx = 2 * a * x + b
    u = -jnp.pi * A * jnp.sin(jnp.pi * f_) * jnp.cos(jnp.pi * y)
    v = jnp.pi * A * jnp.cos(jnp.pi * f_) * jnp.sin(jnp.pi * y) * df_dx
    return jnp.stack([u, v])


# Note: this uses jax a lot, not sure if it helps at all though...
class BaseDynObsModelParticlesJax:
    # Note: the 0 action means no action!

    def __init__(self, obs_noise: float, F_max: float, dt_dynamics: float, vel_func, key: int, n_actions: int, n_states: int):
        self._key = key
        self.dt_dynamics = dt_dynamics
        self.F_max = F_max
        self.obs_noise = obs_noise
        self.n_actions = n_actions
        self.n_states = n_states

        self.vel_mc_ode = lambda t, x, params: vel_func(t, *x, *params)
        self.vel_mc_ode = jax.vmap(self.vel_mc_ode, (None, 0, 0), 0)

    # @abstractmethod
    # @jax.jit
    def __call__(self, t, x, action, stoch_params):
        x = x.reshape([-1, 2])
        angle = (action - 1) * np.pi / 4
        thrust = np.where(action == 0, 0, self.F_max)
        act = jnp.stack([thrust * np.cos(angle), thrust * np.sin(angle)], axis=-1)
        return (self.vel_mc_ode(t, x, stoch_params) + act).ravel()


model = BaseDynObsModelParticlesJax(obs_noise=0.005, F_max=0.4, dt_dynamics=0.1,
                                    vel_func=double_gyre_vel, key=0, n_actions=9, n_states=3)

f = jax.jit(model.__call__)
# --- end user code ---


def make_inputs(rng):
    n = 5
    t = np.float32(rng.uniform(0.0, 10.0))
    x = rng.uniform(0.0, 1.0, size=(n * 2,)).astype(np.float32)
    action = rng.integers(0, 9, size=(n,)).astype(np.int32)
    action[0] = 0  # the "no action" branch of np.where
    action[1] = 3
    stoch_params = np.stack([rng.uniform(0.05, 0.2, n), rng.uniform(0.1, 0.4, n),
                             rng.uniform(0.3, 1.0, n)], axis=1).astype(np.float32)
    return (t, x, action, stoch_params)


INPUTS = make_inputs


@jax.jit
def reference_fix(t, x, action, stoch_params):
    x = x.reshape([-1, 2])
    angle = (action - 1) * jnp.pi / 4
    thrust = jnp.where(action == 0, 0, model.F_max)
    act = jnp.stack([thrust * jnp.cos(angle), thrust * jnp.sin(angle)], axis=-1)
    return (model.vel_mc_ode(t, x, stoch_params) + act).ravel()
