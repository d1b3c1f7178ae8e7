"""A particle-filter update whose branches are already lax.cond closures: nothing to fix.

source: m-wojnar/reinforced-lib reinforced_lib/agents/particle_filter.py at 54a2fe9c492612ea4daa6babfb0e77d2d8897303 (ParticleFilterState, update with its nested on_success / on_failure / resample, success_probability; code-index file id 27056579326)
error: none
category: negative
expect: untouched
notes: `update` and `success_probability` verbatim; the repository jits it exactly as here (`self.update = jax.jit(partial(update, scale=scale))` in class ParticleFilter). It looks leaky (nested closures testing `n_successful > 0`, `n_failed > 0` and an effective-sample-size threshold, a dataclass state read field by field, `state.positions.size` used as a sample shape) but every branch is a `jax.lax.cond` and the size is static. Adapted: chex, distrax and the package's AgentState are not installed, so small stand-ins replace `chex.dataclass` (a dataclass registered as a pytree), `distrax.Categorical(...).sample` and `distrax.Normal(...).sample` (jax.random.categorical / normal); the gym-based ParticleFilter(BaseAgent) class, `init` and `sample` are left out; `f = jax.jit(partial(update, scale=10.0))` is the entry point.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
import types
from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp
from jax.scipy.special import erf


# --- stand-ins for chex, distrax and reinforced_lib.agents.agent_state ---
def _chex_dataclass(cls):
    cls = dataclasses.dataclass(cls)
    names = [fld.name for fld in dataclasses.fields(cls)]
    return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


chex = types.SimpleNamespace(dataclass=_chex_dataclass, Array=jax.Array, Scalar=float, PRNGKey=jax.Array)


def _as_shape(sample_shape):
    return (sample_shape,) if isinstance(sample_shape, int) else tuple(sample_shape)


class _Categorical:
    def __init__(self, logits):
        self.logits = logits

    def sample(self, seed, sample_shape=()):
        return jax.random.categorical(seed, self.logits, shape=_as_shape(sample_shape))


class _Normal:
    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = scale

    def sample(self, seed, sample_shape=()):
        return self.loc + self.scale * jax.random.normal(seed, _as_shape(sample_shape))


distrax = types.SimpleNamespace(Categorical=_Categorical, Normal=_Normal)


class AgentState:
    pass
# --- end of stand-ins ---


@chex.dataclass
class ParticleFilterState(AgentState):
    """
    Container for the state of the Particle Filter agent.

    Fields
    ------
    positions : chex.Array
        Positions of filter particles.
    weights : chex.Array
        Weights of filter particles.
    last_sample : float
        Time of the last sampling.
    """

    positions: chex.Array
    logit_weights: chex.Array
    last_sample: chex.Scalar


def update(
        state: ParticleFilterState,
        key: chex.PRNGKey,
        action: jnp.int32,
        n_successful: jnp.int32,
        n_failed: jnp.int32,
        time: chex.Scalar,
        power: chex.Scalar,
        cw: jnp.int32,
        min_snr: chex.Array,
        scale: chex.Scalar
) -> ParticleFilterState:
    """
    Updates the state of the agent after performing some action and receiving a reward.

    Parameters
    ----------
    state : ParticleFilterState
        Current state of agent.
    key : chex.PRNGKey
        A PRNG key used as the random key.
    action : int
        Previously selected action.
    n_successful : int
        Number of successful tries.
    n_failed : int
        Number of failed tries.
    time : float
        Current time.
    power : float
        Power used during the transmission.
    cw : int
        Contention Window used during the transmission.
    min_snr : chex.Array
        Minimal SNR value that is required for a successful transmission for each MCS.
    scale : float
        Velocity of the random movement of particles.

    Returns
    -------
    out : ParticleFilterState
        Updated agent state.
    """

    def on_success(operands: Tuple) -> ParticleFilterState:
        state, n, cw, p_s = operands
        return ParticleFilterState(
            positions=state.positions,
            logit_weights=state.logit_weights + n * jnp.log(p_s * (1 - 1 / cw)),
            last_sample=state.last_sample
        )

    def on_failure(operands: Tuple) -> ParticleFilterState:
        state, n, cw, p_s = operands
        return ParticleFilterState(
            positions=state.positions,
            logit_weights=state.logit_weights + n * jnp.log(1 - p_s * (1 - 1 / cw)),
            last_sample=state.last_sample
        )

    def resample(operands: Tuple) -> ParticleFilterState:
        state, logit_weights, key = operands
        positions_idx = distrax.Categorical(logit_weights).sample(seed=key, sample_shape=state.positions.size)
        return ParticleFilterState(
            positions=state.positions[positions_idx],
            logit_weights=jnp.zeros_like(logit_weights),
            last_sample=state.last_sample
        )

    particles_num = state.positions.size
    success_prob_func = jax.vmap(success_probability, in_axes=[None, 0])
    p_s = success_prob_func(min_snr[action], state.positions + power)

    state = jax.lax.cond(n_successful > 0, on_success, lambda op: op[0], (state, n_successful, cw, p_s))
    state = jax.lax.cond(n_failed > 0, on_failure, lambda op: op[0], (state, n_failed, cw, p_s))

    logit_weights = state.logit_weights - jnp.max(state.logit_weights)
    weights = jnp.exp(logit_weights)
    weights = weights / jnp.sum(weights)
    sample_size = 1 / jnp.sum(weights ** 2)
    state = jax.lax.cond(sample_size < particles_num / 2, resample, lambda op: op[0], (state, logit_weights, key))

    movement_scale = scale * (time - state.last_sample)
    positions = state.positions + distrax.Normal(0, movement_scale).sample(seed=key, sample_shape=particles_num)

    return ParticleFilterState(
        positions=positions,
        logit_weights=state.logit_weights,
        last_sample=state.last_sample
    )


def success_probability(min_snr: chex.Scalar, observed_snr: chex.Scalar) -> chex.Scalar:
    """
    Calculates approximated probability of a successful transmission for a given minimal and observed SNR.

    Parameters
    ----------
    min_snr : float
        Minimal SNR value that is required for a successful transmission.
    observed_snr : float
        Observed SNR value.

    Returns
    -------
    out : float
        Probability of a successful transmission.
    """

    return 0.5 * (1 + erf(2 * (observed_snr - min_snr + 0.5)))


f = jax.jit(partial(update, scale=10.0))
# --- end user code ---

import numpy as np

N_PARTICLES = 64
N_MCS = 12


def make_inputs(rng):
    power = np.float32(rng.uniform(10.0, 20.0))
    positions = np.linspace(-4.0, 4.0, N_PARTICLES).astype(np.float32) + rng.normal(scale=0.2, size=N_PARTICLES).astype(np.float32)
    # spread-out weights sometimes push the effective sample size below N/2 (resample branch)
    logit_weights = (rng.normal(size=N_PARTICLES) * rng.choice([0.1, 3.0])).astype(np.float32)
    state = ParticleFilterState(positions=positions, logit_weights=logit_weights,
                                last_sample=np.float32(rng.uniform(0.0, 1.0)))
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    action = np.int32(rng.integers(0, N_MCS))
    n_successful = np.int32(rng.choice([0, rng.integers(1, 5)]))
    n_failed = np.int32(rng.choice([0, rng.integers(1, 5)]))
    time = np.float32(rng.uniform(1.0, 2.0))
    cw = np.int32(rng.choice([15, 31, 63, 1023]))
    min_snr = (power + rng.uniform(-3.0, 3.0, size=N_MCS)).astype(np.float32)
    return (state, key, action, n_successful, n_failed, time, power, cw, min_snr)


INPUTS = make_inputs
