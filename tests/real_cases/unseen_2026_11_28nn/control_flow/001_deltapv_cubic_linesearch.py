"""jaxpv (deltapv) backtracking line search: `if accept(...)` and a `while True` loop with returns on traced merits.

source: romanodev/deltapv jaxpv/linesearch.py at 540f0e880d45bdccaefa372834b2bf2fa7478a35 (accept, lnsrch, F, newton; code-index file id 2748914739)
error: TracerBoolConversionError
category: while-true-return-on-traced
expect: fix
notes: accept, lnsrch and F are verbatim (the drift-diffusion solar-cell simulator's prototype damped
  Newton line search, with its prints). The entry point `f` is one iteration of the file's own `newton`
  loop body (merit f, gradient df, Jacobian J, Newton step p, dx = lnsrch(...), x + dx) wrapped in
  jax.jit; the outer `while step > 1e-6` loop, the trajectory list and matplotlib are dropped. `accept`
  uses Python `or` on traced comparisons and lnsrch returns from inside `while True`. Inputs span
  |x| from 0.1 to 1000 so the full step, the first quadratic step and the cubic loop are all taken.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as np, jacobian, vmap


def accept(f, df, xold, xnew, alpha=1e-4):

    act = f(xnew) - f(xold)
    pred = alpha * np.dot(df, xnew - xold)

    return act <= pred or act == 0


def lnsrch(f, df, xold, p):

    # f: function
    # df: vector
    # xold: vector
    # p: vector

    if accept(f, df, xold, xold + p):
        print("accept original move")
        return p

    g0 = f(xold)
    gp0 = -2 * g0
    g1 = f(xold + p)

    l1 = np.maximum(-gp0 / (2 * (g1 - g0 - gp0)), 0.1)

    if accept(f, df, xold, xold + l1 * p):
        print(f"accept first step with lambda {l1}")
        return l1 * p

    # Use two most recent values to estimate cubic

    gl1 = f(xold + l1 * p)
    l2 = 1
    gl2 = g1

    while True:

        M = np.array([[1 / l1**2, -1 / l2**2], [-l2 / l1**2, l1 / l2**2]])
        coef = M @ np.array([gl1 - gp0 * l1 - g0, gl2 - gp0 * l2 - g0
                             ]) / (l1 - l2)
        a, b = coef.flatten()
        lnew = np.clip((-b + np.sqrt(b**2 - 3 * a * gp0)) / (3 * a), 0.1 * l1,
                       0.5 * l1)

        if accept(f, df, xold, xold + lnew * p):
            print(f"accept subsequent step with lambda {lnew}")
            return lnew * p

        l2 = l1
        gl2 = gl1
        l1 = lnew
        gl1 = f(xold + l1 * p)


def F(x):

    return np.sign(x) * np.log(np.abs(x) + 1)


@jax.jit
def f(x):
    # one iteration of newton(F, x0) from the same file
    currF = F(x)
    merit = lambda y: np.dot(F(y), F(y)) / 2
    df = jacobian(merit)(x)
    J = jacobian(F)(x)
    p = np.linalg.solve(J, -currF)
    dx = lnsrch(merit, df, x, p)
    return x + dx
# --- end user code ---

import numpy as onp
from jax import lax


def make_inputs(rng):
    x = rng.standard_normal(2) * 10.0 ** rng.uniform(-1, 3, size=2)
    return (x.astype(onp.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    merit = lambda y: np.dot(F(y), F(y)) / 2
    df = jacobian(merit)(x)
    J = jacobian(F)(x)
    p = np.linalg.solve(J, -F(x))

    def acc(xnew, alpha=1e-4):
        act = merit(xnew) - merit(x)
        pred = alpha * np.dot(df, xnew - x)
        return (act <= pred) | (act == 0)

    g0 = merit(x)
    gp0 = -2 * g0
    g1 = merit(x + p)
    l1 = np.maximum(-gp0 / (2 * (g1 - g0 - gp0)), 0.1)

    def cubic(l1, l2, gl1, gl2):
        M = np.array([[1 / l1**2, -1 / l2**2], [-l2 / l1**2, l1 / l2**2]])
        coef = M @ np.array([gl1 - gp0 * l1 - g0, gl2 - gp0 * l2 - g0]) / (l1 - l2)
        a, b = coef.flatten()
        return np.clip((-b + np.sqrt(b**2 - 3 * a * gp0)) / (3 * a), 0.1 * l1, 0.5 * l1)

    def cond(c):
        l1, l2, gl1, gl2 = c
        return ~acc(x + cubic(l1, l2, gl1, gl2) * p)

    def body(c):
        l1, l2, gl1, gl2 = c
        lnew = cubic(l1, l2, gl1, gl2)
        return lnew, l1, merit(x + lnew * p), gl1

    def loop(_):
        c0 = (l1, np.asarray(1.0, l1.dtype), merit(x + l1 * p), g1)
        c = lax.while_loop(cond, body, c0)
        return cubic(*c) * p

    dx = lax.cond(acc(x + p), lambda _: p,
                  lambda _: lax.cond(acc(x + l1 * p), lambda _: l1 * p, loop, None), None)
    return x + dx
