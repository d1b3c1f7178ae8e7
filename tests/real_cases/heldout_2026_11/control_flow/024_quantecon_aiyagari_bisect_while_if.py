"""QuantEcon's Aiyagari `bisect`: `while upper - lower > tol and count < 10000:` with an if/else of tuple assignments and a post-loop `if count == 10000: print(...)`.

source: QuantEcon/lecture-jax lectures/aiyagari_jax.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 (bisect, used by compute_equilibrium on the excess demand for capital)
error: TracerBoolConversionError
category: while-bisection-if-else-tuple
expect: fix
notes: bisect verbatim. The lecture's excess_demand runs a full Howard policy iteration per call; here the callable is a small closed-form excess demand with the lecture's firm side (r_given_k with A, N, alpha, delta) and a linear household capital supply in r, so that the bracket and parameters can be traced arguments of a jitted f. The loop condition joins a traced test and a Python counter with `and`; after the loop a traced `count == 10000` guards a print (never taken here, but a rewrite must keep it a side effect only).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def bisect(f, a, b, *args, tol=10e-2):
    """
    Implements the bisection root finding algorithm, assuming that f is a
    real-valued function on [a, b] satisfying f(a) < 0 < f(b).
    """
    lower, upper = a, b
    count = 0
    while upper - lower > tol and count < 10000:
        middle = 0.5 * (upper + lower)
        if f(middle, *args) > 0:   # root is between lower and middle
            lower, upper = lower, middle
        else:                      # root is between middle and upper
            lower, upper = middle, upper
        count += 1
    if count == 10000:
        print("Root might not be accurate")
    return 0.5 * (upper + lower), count


def r_given_k(K, firm):
    A, N, α, δ = firm
    return A * α * (N / K)**(1 - α) - δ


def excess_demand(K, firm, supply):
    r = r_given_k(K, firm)
    k0, k1 = supply
    return K - (k0 + k1 * r)


@jax.jit
def f(a, b, firm, supply):
    return bisect(excess_demand, a, b, firm, supply, tol=1e-3)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    firm = (np.float32(1.0), np.float32(1.0), np.float32(rng.uniform(0.3, 0.4)), np.float32(0.05))
    supply = (np.float32(rng.uniform(2.0, 6.0)), np.float32(rng.uniform(20.0, 60.0)))
    a = np.float32(rng.uniform(1.0, 3.0))
    b = np.float32(rng.choice([a + 0.0005, rng.uniform(10.0, 14.0)]))   # a bracket already below tol: no iteration
    return (a, b, firm, supply)


INPUTS = make_inputs


@jax.jit
def reference_fix(a, b, firm, supply):
    def cond(c):
        lower, upper, count = c
        return (upper - lower > 1e-3) & (count < 10000)

    def body(c):
        lower, upper, count = c
        middle = 0.5 * (upper + lower)
        pos = excess_demand(middle, firm, supply) > 0
        return jnp.where(pos, lower, middle), jnp.where(pos, middle, upper), count + 1

    lower, upper, count = jax.lax.while_loop(cond, body, (a, b, 0))
    jax.lax.cond(count == 10000, lambda: jax.debug.print("Root might not be accurate"), lambda: None)
    return 0.5 * (upper + lower), count
