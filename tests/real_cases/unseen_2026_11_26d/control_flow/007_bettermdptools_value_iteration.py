"""Tabular value iteration: nested loops over a dict-of-lists MDP, `while ... and not converged` set by a traced test.

source: jlm429/bettermdptools, bettermdptools/algorithms/planner.py (Planner.value_iteration), commit 14336ae22c880ca2582774571c6f3145f11f2c7e (originally from mimoralea/gdrl)
error: TracerBoolConversionError
category: while-flag-nested-for-dict
expect: fix
notes: ported from NumPy to jax.numpy with the minimal edits JAX forces (np -> jnp, `Q[s][a] +=` -> `Q = Q.at[s, a].add(...)`, `V_track[i] = V` -> `.at[i].set`); the @print_runtime decorator and the non-convergence warnings.warn are dropped. Wrapped in a jitted `f(rewards, gamma)` on a 4-state chain MDP (P built from the traced rewards); theta=1e-4 (float32) and n_iters=60 so some trials converge and some hit the cap.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Planner:
    def __init__(self, P):
        self.P = P

    def value_iteration(self, gamma=1.0, n_iters=1000, theta=1e-10):
        V = jnp.zeros(len(self.P), dtype=jnp.float32)
        V_track = jnp.zeros((n_iters, len(self.P)), dtype=jnp.float32)
        i = 0
        converged = False
        while i < n_iters-1 and not converged:
            i += 1
            Q = jnp.zeros((len(self.P), len(self.P[0])), dtype=jnp.float32)
            for s in range(len(self.P)):
                for a in range(len(self.P[s])):
                    for prob, next_state, reward, done in self.P[s][a]:
                        Q = Q.at[s, a].add(prob * (reward + gamma * V[next_state] * (not done)))
            if jnp.max(jnp.abs(V - jnp.max(Q, axis=1))) < theta:
                converged = True
            V = jnp.max(Q, axis=1)
            V_track = V_track.at[i].set(V)

        pi = {s:a for s, a in enumerate(jnp.argmax(Q, axis=1))}
        return V, V_track, pi, i


def chain_mdp(rewards):
    n = 4
    P = {}
    for s in range(n):
        left, right = max(s - 1, 0), min(s + 1, n - 1)
        P[s] = {0: [(1.0, left, rewards[left], left == n - 1)],
                1: [(0.8, right, rewards[right], right == n - 1),
                    (0.2, s, rewards[s], s == n - 1)]}
    return P


@jax.jit
def f(rewards, gamma):
    return Planner(chain_mdp(rewards)).value_iteration(gamma=gamma, n_iters=60, theta=1e-4)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    rewards = rng.uniform(-1.0, 1.0, size=(4,)).astype(np.float32)
    gamma = np.float32(rng.choice([rng.uniform(0.3, 0.6), rng.uniform(0.95, 0.99)]))
    return (rewards, gamma)


INPUTS = make_inputs


@jax.jit
def reference_fix(rewards, gamma):
    P = chain_mdp(rewards)
    nS, nA, n_iters, theta = 4, 2, 60, 1e-4

    def bellman(V):
        Q = jnp.zeros((nS, nA), dtype=jnp.float32)
        for s in range(nS):
            for a in range(nA):
                for prob, ns, r, done in P[s][a]:
                    Q = Q.at[s, a].add(prob * (r + gamma * V[ns] * (not done)))
        return Q

    def cond(c):
        i, V, V_track, Q, converged = c
        return (i < n_iters - 1) & ~converged

    def body(c):
        i, V, V_track, Q, converged = c
        i = i + 1
        Q = bellman(V)
        converged = jnp.max(jnp.abs(V - jnp.max(Q, axis=1))) < theta
        V = jnp.max(Q, axis=1)
        return i, V, V_track.at[i].set(V), Q, converged

    init = (0, jnp.zeros(nS, jnp.float32), jnp.zeros((n_iters, nS), jnp.float32),
            jnp.zeros((nS, nA), jnp.float32), False)
    i, V, V_track, Q, _ = lax.while_loop(cond, body, init)
    pi = {s: a for s, a in enumerate(jnp.argmax(Q, axis=1))}
    return V, V_track, pi, i
