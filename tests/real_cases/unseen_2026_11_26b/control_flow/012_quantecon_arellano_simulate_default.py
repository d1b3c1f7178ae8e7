"""Sovereign-default simulation: a `while t < T` loop whose body branches on `v_c[B, y] < v_d[y] or in_default`, updating several state variables per branch.

source: QuantEcon/lecture-jax lectures/arellano.md at 0039a7421fe1b1f6f0dbfba642b586ab814afb41 (ArellanoEconomy, simulate)
error: TracerBoolConversionError
category: while-if-else-multi-statement-state-flag
expect: fix
notes: `simulate` is verbatim except for the two lines that build a quantecon MarkovChain and draw the income path (`mc = qe.MarkovChain(P, y_grid)`, `y_sim_indices = mc.simulate_indices(T+1, init=y_idx)`): quantecon is not available, so the index path is passed in as a new last argument `y_sim_indices` (drawn in make_inputs from the model's P, starting at y_size // 2). The `ArellanoEconomy` namedtuple is declared as in the lecture (its `create_arellano` needs quantecon's tauchen, so make_inputs builds a small economy directly). The lecture runs `simulate` eagerly after `solve`; `f` jits it with the horizon T static. Inputs: random value functions / prices / policy on a 20 x 5 grid so that default, staying in default, re-entry and repayment all occur within T = 30 periods; the key is a raw uint32 PRNG key.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from collections import namedtuple

import jax
import jax.numpy as jnp
import jax.random as random


ArellanoEconomy = namedtuple('ArellanoEconomy',
    ('β',     # Time discount parameter
    'γ',      # Utility parameter
    'r',      # Lending rate
    'ρ',      # Persistence in the income process
    'η',      # Standard deviation of the income process
    'θ',      # Prob of re-entering financial markets
    'B_size', # Grid size for bonds
    'y_size', # Grid size for income
    'P',      # Markov matrix governing the income process
    'B_grid', # Bond unit grid
    'y_grid', # State values of the income process 
    'def_y')) # Default income process


def simulate(model, T, v_c, v_d, q, B_star, key, y_sim_indices):
    """
    Simulates the Arellano 2008 model of sovereign debt

    Here `model` is an instance of `ArellanoEconomy` and `T` is the length of
    the simulation.  Endogenous objects `v_c`, `v_d`, `q` and `B_star` are
    assumed to come from a solution to `model`.

    """
    # Unpack elements of the model
    B_size, y_size = model.B_size, model.y_size
    B_grid, y_grid, P = model.B_grid, model.y_grid, model.P

    B0_idx = jnp.searchsorted(B_grid, 1e-10)  # Index at which B is near zero

    # Set initial conditions
    y_idx = y_size // 2
    B_idx = B0_idx
    in_default = False

    # Allocate memory for outputs
    y_sim = jnp.empty(T)
    y_a_sim = jnp.empty(T)
    B_sim = jnp.empty(T)
    q_sim = jnp.empty(T)
    d_sim = jnp.empty(T, dtype=int)

    # Perform simulation
    t = 0
    while t < T:

        # Update y_sim and B_sim
        y_sim = y_sim.at[t].set(y_grid[y_idx])
        B_sim = B_sim.at[t].set(B_grid[B_idx])

        # if in default:
        if v_c[B_idx, y_idx] < v_d[y_idx] or in_default:
            # Update y_a_sim
            y_a_sim = y_a_sim.at[t].set(model.def_y[y_idx])
            d_sim = d_sim.at[t].set(1)
            Bp_idx = B0_idx
            # Re-enter financial markets next period with prob θ
            # in_default = False if jnp.random.rand() < model.θ else True
            in_default = False if random.uniform(key) < model.θ else True
            key, _ = random.split(key)  # Update the random key
        else:
            # Update y_a_sim
            y_a_sim = y_a_sim.at[t].set(y_sim[t])
            d_sim = d_sim.at[t].set(0)
            Bp_idx = B_star[B_idx, y_idx]

        q_sim = q_sim.at[t].set(q[Bp_idx, y_idx])

        # Update time and indices
        t += 1
        y_idx = y_sim_indices[t]
        B_idx = Bp_idx

    return y_sim, y_a_sim, B_sim, q_sim, d_sim


f = jax.jit(simulate, static_argnums=(1,))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    B_size, y_size, T = 20, 5, 30
    B_grid = np.linspace(-0.45, 0.45, B_size).astype(np.float32)
    y_grid = np.exp(np.linspace(-0.1, 0.1, y_size)).astype(np.float32)
    P = rng.dirichlet(np.ones(y_size) * 3.0, size=y_size).astype(np.float32)
    def_y = np.minimum(0.969 * y_grid.mean(), y_grid).astype(np.float32)
    model = ArellanoEconomy(β=0.953, γ=2.0, r=0.017, ρ=0.945, η=0.025,
                            θ=float(rng.uniform(0.2, 0.6)), B_size=B_size, y_size=y_size,
                            P=P, B_grid=B_grid, y_grid=y_grid, def_y=def_y)
    v_d = rng.normal(size=y_size).astype(np.float32)
    v_c = (v_d[None, :] + rng.normal(0.6, 1.0, size=(B_size, y_size))).astype(np.float32)
    q = rng.uniform(0.5, 1.0, size=(B_size, y_size)).astype(np.float32)
    B_star = rng.integers(0, B_size, size=(B_size, y_size)).astype(np.int32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    y_idx = [y_size // 2]
    for _ in range(T):
        y_idx.append(int(rng.choice(y_size, p=P[y_idx[-1]] / P[y_idx[-1]].sum())))
    y_sim_indices = np.asarray(y_idx, dtype=np.int32)
    return (model, T, v_c, v_d, q, B_star, key, y_sim_indices)


INPUTS = make_inputs


def _reference(model, T, v_c, v_d, q, B_star, key, y_sim_indices):
    y_grid, B_grid = model.y_grid, model.B_grid
    B0_idx = jnp.searchsorted(B_grid, 1e-10)

    def body(t, carry):
        y_idx, B_idx, in_default, key, y_sim, y_a_sim, B_sim, q_sim, d_sim = carry
        y_sim = y_sim.at[t].set(y_grid[y_idx])
        B_sim = B_sim.at[t].set(B_grid[B_idx])
        default_now = (v_c[B_idx, y_idx] < v_d[y_idx]) | in_default
        y_a_sim = y_a_sim.at[t].set(jnp.where(default_now, model.def_y[y_idx], y_sim[t]))
        d_sim = d_sim.at[t].set(jnp.where(default_now, 1, 0))
        Bp_idx = jnp.where(default_now, B0_idx, B_star[B_idx, y_idx])
        stay = ~(random.uniform(key) < model.θ)
        in_default = jnp.where(default_now, stay, in_default)
        key = jnp.where(default_now, random.split(key)[0], key)
        q_sim = q_sim.at[t].set(q[Bp_idx, y_idx])
        return (y_sim_indices[t + 1], Bp_idx, in_default, key, y_sim, y_a_sim, B_sim, q_sim, d_sim)

    init = (model.y_size // 2, B0_idx, jnp.bool_(False), key,
            jnp.empty(T), jnp.empty(T), jnp.empty(T), jnp.empty(T), jnp.empty(T, dtype=int))
    out = lax.fori_loop(0, T, body, init)
    return out[4:]


reference_fix = jax.jit(_reference, static_argnums=(1,))
