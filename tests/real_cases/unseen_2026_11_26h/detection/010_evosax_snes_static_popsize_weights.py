"""An evolution strategy whose shapes and rank weights come from static attributes, one generation under jit.

source: RobertTLange/evosax evosax/strategies/snes.py @5ccd16a028e461eb49d21bb92d642e68fd7584b3 (`EvoState`, `EvoParams`, `get_snes_weights`, `SNES.params_strategy`, `initialize_strategy`, `ask_strategy`, `tell_strategy`) and `get_des_weights` from evosax/strategies/des.py (index file id 8577827970)
error: none
category: static-shape-arithmetic-and-config
expect: untouched
notes: the SNES functions and methods are verbatim. flax and chex are not installed: `struct.dataclass` is a stand-in built on `jax.tree_util.register_dataclass` with a `.replace` method (every field is a pytree leaf, as in flax), `nn.sigmoid`/`nn.softmax` are `jax.nn`, and the `Strategy` base class is reduced to storing `popsize`/`num_dims`. `f` (one initialize/ask/tell generation on a sphere fitness, with the temperature taken from a traced argument through `params.replace`) is written for the case. Look-alikes that are all static or jit-safe: `jnp.arange(1, popsize + 1)` and `jnp.log(popsize / 2 + 1)` on an int attribute, `ranks /= ranks.size - 1`, `jax.random.normal(rng, (self.popsize, self.num_dims))`, `reshape(1, self.num_dims)`, `jnp.log(self.num_dims)` in a property, and `params.temperature > 0.0` on a traced field that only feeds `jax.lax.select`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from typing import Optional, Tuple, Union

import jax
import jax.numpy as jnp

chex_Array = jax.Array
nn = jax.nn


class struct:  # minimal stand-in for flax.struct
    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(frozen=True)(cls)
        cls.replace = lambda self, **kw: dataclasses.replace(self, **kw)
        names = [f.name for f in dataclasses.fields(cls)]
        return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


class Strategy:  # minimal stand-in for evosax.strategy.Strategy
    def __init__(self, popsize, num_dims=None, pholder_params=None, mean_decay=0.0,
                 n_devices=None, **fitness_kwargs):
        self.popsize = popsize
        self.num_dims = num_dims


@struct.dataclass
class EvoState:
    mean: chex_Array
    sigma: chex_Array
    weights: chex_Array
    best_member: chex_Array
    best_fitness: float = jnp.finfo(jnp.float32).max
    gen_counter: int = 0


@struct.dataclass
class EvoParams:
    lrate_mean: float = 1.0
    lrate_sigma: float = 1.0
    sigma_init: float = 1.0
    temperature: float = 0.0
    init_min: float = 0.0
    init_max: float = 0.0
    clip_min: float = -jnp.finfo(jnp.float32).max
    clip_max: float = jnp.finfo(jnp.float32).max


def get_des_weights(popsize: int, temperature: float = 12.5):
    """Compute discovered recombination weights."""
    ranks = jnp.arange(popsize)
    ranks /= ranks.size - 1
    ranks = ranks - 0.5
    sigout = nn.sigmoid(temperature * ranks)
    weights = nn.softmax(-20 * sigout)
    return weights[:, None]


def get_snes_weights(popsize: int, use_baseline: bool = True):
    """Get recombination weights for different ranks."""

    def get_weight(i):
        return jnp.maximum(0, jnp.log(popsize / 2 + 1) - jnp.log(i))

    weights = jax.vmap(get_weight)(jnp.arange(1, popsize + 1))
    weights_norm = weights / jnp.sum(weights)
    return (weights_norm - use_baseline * (1 / popsize))[:, None]


class SNES(Strategy):
    def __init__(
        self,
        popsize: int,
        num_dims: Optional[int] = None,
        pholder_params=None,
        sigma_init: float = 1.0,
        temperature: float = 0.0,  # good values tend to be between 12 and 20
        mean_decay: float = 0.0,
        n_devices: Optional[int] = None,
        **fitness_kwargs: Union[bool, int, float]
    ):
        """Separable Exponential Natural ES (Wierstra et al., 2014)
        Reference: https://www.jmlr.org/papers/volume15/wierstra14a/wierstra14a.pdf
        """
        super().__init__(
            popsize, num_dims, pholder_params, mean_decay, n_devices, **fitness_kwargs
        )
        self.strategy_name = "SNES"

        # Set core kwargs es_params
        self.sigma_init = sigma_init
        self.temperature = temperature

    @property
    def params_strategy(self) -> EvoParams:
        """Return default parameters of evolutionary strategy."""
        lrate_sigma = (3 + jnp.log(self.num_dims)) / (5 * jnp.sqrt(self.num_dims))
        params = EvoParams(
            lrate_sigma=lrate_sigma,
            sigma_init=self.sigma_init,
            temperature=self.temperature,
        )
        return params

    def initialize_strategy(self, rng, params: EvoParams) -> EvoState:
        """`initialize` the evolutionary strategy."""
        initialization = jax.random.uniform(
            rng,
            (self.num_dims,),
            minval=params.init_min,
            maxval=params.init_max,
        )
        use_des_weights = params.temperature > 0.0
        weights = jax.lax.select(
            use_des_weights,
            get_des_weights(self.popsize, params.temperature),
            get_snes_weights(self.popsize),
        )
        state = EvoState(
            mean=initialization,
            sigma=params.sigma_init * jnp.ones(self.num_dims),
            weights=weights,
            best_member=initialization,
        )

        return state

    def ask_strategy(
        self, rng, state: EvoState, params: EvoParams
    ) -> Tuple[chex_Array, EvoState]:
        """`ask` for new parameter candidates to evaluate next."""
        noise = jax.random.normal(rng, (self.popsize, self.num_dims))
        x = state.mean + noise * state.sigma.reshape(1, self.num_dims)
        return x, state

    def tell_strategy(
        self,
        x: chex_Array,
        fitness: chex_Array,
        state: EvoState,
        params: EvoParams,
    ) -> EvoState:
        """`tell` performance data for strategy state update."""
        s = (x - state.mean) / state.sigma
        ranks = fitness.argsort()
        sorted_noise = s[ranks]
        grad_mean = (state.weights * sorted_noise).sum(axis=0)
        grad_sigma = (state.weights * (sorted_noise**2 - 1)).sum(axis=0)
        mean = state.mean + params.lrate_mean * state.sigma * grad_mean
        sigma = state.sigma * jnp.exp(params.lrate_sigma / 2 * grad_sigma)
        return state.replace(mean=mean, sigma=sigma)


STRATEGY = SNES(popsize=8, num_dims=3)


@jax.jit
def f(key, mean, log_sigma, temperature):
    params = STRATEGY.params_strategy.replace(temperature=temperature)
    init_key, ask_key = jax.random.split(key)
    state = STRATEGY.initialize_strategy(init_key, params)
    state = state.replace(mean=mean, sigma=jnp.exp(log_sigma), best_member=mean)
    x, state = STRATEGY.ask_strategy(ask_key, state, params)
    fitness = jnp.sum(x ** 2, axis=1)
    state = STRATEGY.tell_strategy(x, fitness, state, params)
    return state.mean, state.sigma
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    mean = rng.normal(size=(3,)).astype(np.float32)
    log_sigma = (0.3 * rng.normal(size=(3,))).astype(np.float32)
    temperature = np.float32(rng.choice([0.0, 15.0]))
    return (key, mean, log_sigma, temperature)


INPUTS = make_inputs
