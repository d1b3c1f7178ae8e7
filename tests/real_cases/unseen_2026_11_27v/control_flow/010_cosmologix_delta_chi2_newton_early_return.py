"""cosmologix's conflevel_to_delta_chi2: Newton on the chi2 CDF with `return x_new` inside the loop on a traced step and a `raise` after it.

source: betoule/cosmologix cosmologix/tools.py at 03bbfd9d5262c095904e8ae0291bc39fd85eaa1e (conflevel_to_delta_chi2; later revisions of tools.py keep the same loop, e.g. code-index file ids 10114779524 and 10420804679)
error: TracerBoolConversionError
category: newton-for-early-return
expect: fix
notes: conflevel_to_delta_chi2 verbatim (the docstring's first line is taken from a later revision of the same file,
  because the stored text at this commit was read from the middle of the docstring on). Entry point added:
  f = jax.jit(conflevel_to_delta_chi2) with the confidence level and the degrees of freedom traced (cosmologix calls it
  when drawing contours, where the level comes from user input). The leak is `if jnp.abs(x_new - x) < tol: return x_new`
  inside `for _ in range(max_iter)`. The trailing `raise ValueError("Newton's method did not converge")` only runs
  when 1000 Newton steps do not converge; the inputs keep level in [55, 99.5] and dof in 1..4, where Newton converges
  in under ten steps (with dof = 1 and a level below about 45 Newton leaves the domain and the original raises), so a jitted rewrite that cannot raise still agrees with the original on every valid call.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def conflevel_to_delta_chi2(level, dof=2, max_iter=1000, tol=1e-6):
    '''Return the Δχ² value corresponding to a given
    confidence level in percent

    parameter:
    - level: confidence level in percent
    - dof: Number of degrees of freedom of the chi2 law
    - max_iter: maximum number of iteration in the Newton search.
    - tol: The tolerance for the numerical accuracy of the solution.
    Note: for some reason ppf is not available in jax.scipy but cdf
    is, a quick fix was to solve for the root using Newton method.
    '''
    x = jnp.array(dof)
    prob= level/100
    def f(x):
        return jax.scipy.stats.chi2.cdf(x, dof) - prob

    def df(x):
        return jax.scipy.stats.chi2.pdf(x, dof)
    
    for _ in range(max_iter):
        x_new = x - f(x) / df(x)
        if jnp.abs(x_new - x) < tol:
            return x_new
        x = x_new
    raise ValueError("Newton's method did not converge")


f = jax.jit(conflevel_to_delta_chi2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    level = np.float32(rng.choice([68.27, 95.45, 99.0]) if rng.uniform() < 0.4 else rng.uniform(55.0, 99.5))
    dof = np.float32(rng.integers(1, 5))
    return (level, dof)


INPUTS = make_inputs


@jax.jit
def reference_fix(level, dof):
    prob = level / 100
    F = lambda x: jax.scipy.stats.chi2.cdf(x, dof) - prob
    dF = lambda x: jax.scipy.stats.chi2.pdf(x, dof)

    def cond(state):
        i, x, done = state
        return (i < 1000) & (~done)

    def body(state):
        i, x, done = state
        x_new = x - F(x) / dF(x)
        return i + 1, x_new, jnp.abs(x_new - x) < 1e-6

    _, x, _ = jax.lax.while_loop(cond, body, (0, jnp.asarray(dof, jnp.float32), jnp.array(False)))
    return x
