"""scipy-style golden search: traced bracket validation that raises, a traced `break`, and result strings chosen from traced values.

source: quant-sci/optymus src/optymus/search/_search.py at 073252a0c85a2e676fb9fdef5abac757b4280f7f (golden, the three-point `brack` path)
error: TracerBoolConversionError
category: side-effect-raise-and-strings
expect: report
notes: golden verbatim (minus the two-point bracket() path); the jitted caller passes a traced three-point bracket. The `raise ValueError` checks on traced values and the returned "message"/"success" strings and the returned Python callable cannot be produced under jit: report, no automatic fix.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def golden(func, brack=None, tol=1e-5, maxiter=1000):
    if len(brack) == 3:
        xa, xb, xc = brack
        if xa > xc:  # swap so xa < xc can be assumed
            xc, xa = xa, xc
        if not ((xa < xb) and (xb < xc)):
            msg = "Bracketing values (xa, xb, xc) do not" " fulfill this requirement: (xa < xb) and (xb < xc)"
            raise ValueError(msg)
        fa = func(*((xa,)))
        fb = func(*((xb,)))
        fc = func(*((xc,)))
        if not ((fb < fa) and (fb < fc)):
            msg = (
                "Bracketing values (xa, xb, xc) do not fulfill" " this requirement: (f(xb) < f(xa)) and (f(xb) < f(xc))"
            )
            raise ValueError(msg)
        funcalls = 3
    else:
        msg = "Bracketing interval must be length 2 or 3 sequence."
        raise ValueError(msg)

    _gR = 0.61803399  # golden ratio conjugate: 2.0/(1.0+sqrt(5.0))
    _gC = 1.0 - _gR
    x3 = xc
    x0 = xa
    if np.abs(xc - xb) > np.abs(xb - xa):
        x1 = xb
        x2 = xb + _gC * (xc - xb)
    else:
        x2 = xb
        x1 = xb - _gC * (xb - xa)
    f1 = func(*((x1,)))
    f2 = func(*((x2,)))
    funcalls += 2
    nit = 0

    for _ in range(maxiter):
        if np.abs(x3 - x0) <= tol * (np.abs(x1) + np.abs(x2)):
            break
        if f2 < f1:
            x0 = x1
            x1 = x2
            x2 = _gR * x1 + _gC * x3
            f1 = f2
            f2 = func(*((x2,)))
        else:
            x3 = x2
            x2 = x1
            x1 = _gR * x2 + _gC * x0
            f2 = f1
            f1 = func(*((x1,)))
        funcalls += 1

        nit += 1

    if f1 < f2:
        xmin = x1
        fval = f1
    else:
        xmin = x2
        fval = f2

    success = nit < maxiter and not (np.isnan(fval) or np.isnan(xmin))

    if success:
        message = (
            "\nOptimization terminated successfully;\n"
            "The returned value satisfies the termination criteria\n"
            f"(using tol = {tol} )"
        )
    else:
        message = "\nMaximum number of iterations exceeded" if nit >= maxiter else "NaN result encountered"

    return {"xmin": xmin, "fval": fval, "num_iter": nit, "function": func, "success": success, "message": message}


@jax.jit
def f(xa, xb, xc, m):
    return golden(lambda a: (a - m) ** 2, brack=(xa, xb, xc), tol=1e-4)
# --- end user code ---


def make_inputs(rng):
    m = rng.uniform(-1.0, 1.0)
    return (np.float32(m - 2.0), np.float32(m + rng.uniform(-0.5, 0.5)), np.float32(m + 2.0), np.float32(m))


INPUTS = make_inputs
