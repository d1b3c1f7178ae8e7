"""pymbar's adaptive MBAR solver: a `for ... break` loop choosing Newton-Raphson or self-consistent steps on traced norms, with logging and NumPy in-place masking.

source: choderalab/pymbar pymbar/mbar_solvers.py at 03754f8636055718717e23e9472c396e6c95769e (adaptive, jax_core_adaptive, self_consistent_update / jax_self_consistent_update / _jit_self_consistent_update, mbar_gradient / jax_mbar_gradient, mbar_hessian / jax_mbar_hessian); jitting the whole adaptive loop was attempted in https://github.com/choderalab/pymbar/pull/400 ("Converted the entire loop in adaptive to jax/jit", closed)
error: TracerBoolConversionError
category: for-if-else-break-logging
expect: report
notes: the JAX branch of the module (the `from jax.numpy import exp, sum, newaxis, diag, dot, s_`, `jit_or_passthrough = jax.jit`, `use_jit = True` imports) and the listed functions are verbatim except that the long docstrings of `adaptive`, `self_consistent_update`, `mbar_gradient` and `mbar_hessian` are shortened; the module-level `config.update("jax_enable_x64", True)` is left out so that the case does not switch the whole process to 64-bit. pymbar calls `adaptive` eagerly (only the inner `jax_core_adaptive` is jitted); `f` jits it with the protocol options bound, as PR #400 tried. Under jit the first traced test is `if gnorm_sci < gnorm_nr or sci_iter < min_sc_iter:`; further down the loop uses NumPy on the traced estimates (`div = np.abs(f_k[1:])`, `div[zeroed] = 1.0`) and the exit path logs formatted traced values, so the loop is reported rather than rewritten.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import logging
from functools import partial

import numpy as np
import jax
from jax.numpy import exp, sum, newaxis, diag, dot, s_
from jax.numpy.linalg import lstsq
from jax.scipy.special import logsumexp

from jax import jit as jit_or_passthrough

use_jit = True

logger = logging.getLogger(__name__)


def self_consistent_update(u_kn, N_k, f_k, states_with_samples=None):
    return jax_self_consistent_update(u_kn, N_k, f_k, states_with_samples=states_with_samples)


@jit_or_passthrough
def _jit_self_consistent_update(u_kn, N_k, f_k):
    """JAX version of self_consistent update.  For parameters, see self_consistent_update.
    N_k must be float (should be cast at a higher level)

    """
    log_denominator_n = logsumexp(f_k - u_kn.T, b=N_k, axis=1)
    # All states can contribute to the numerator term.
    return -1.0 * logsumexp(-log_denominator_n - u_kn, axis=1)  # check transpose


def jax_self_consistent_update(u_kn, N_k, f_k, states_with_samples=None):
    """JAX version of self_consistent update.  For parameters, see self_consistent_update.
    N_k must be float (should be cast at a higher level)

    """
    # Only the states with samples can contribute to the denominator term.
    # Precondition before feeding the op to the JIT'd function
    # In theory, this can be computed with jax.lax.cond, but trying to reuse code for non-jax paths
    states_with_samples = s_[:] if states_with_samples is None else states_with_samples
    # Feed to the JIT'd function. Can't pass slice types, so slice here
    return _jit_self_consistent_update(
        u_kn[states_with_samples], N_k[states_with_samples], f_k[states_with_samples]
    )


def mbar_gradient(u_kn, N_k, f_k):
    return jax_mbar_gradient(u_kn, N_k, f_k)


@jit_or_passthrough
def jax_mbar_gradient(u_kn, N_k, f_k):
    """JAX version of MBAR gradient function. See documentation of mbar_gradient.
    N_k must be float (should be cast at a higher level)
    """

    log_denominator_n = logsumexp(f_k - u_kn.T, b=N_k, axis=1)
    log_numerator_k = logsumexp(-log_denominator_n - u_kn, axis=1)
    return -1 * N_k * (1.0 - exp(f_k + log_numerator_k))


@jit_or_passthrough
def jax_mbar_hessian(u_kn, N_k, f_k):
    """JAX version of mbar_hessian.
    For parameters, see mbar_hessian
    N_k must be float (should be cast at a higher level)

    """

    log_denominator_n = logsumexp(f_k - u_kn.T, b=N_k, axis=1)
    logW = f_k - u_kn.T - log_denominator_n[:, newaxis]
    W = exp(logW)

    H = dot(W.T, W)
    H *= N_k
    H *= N_k[:, newaxis]
    H -= diag(W.sum(0) * N_k)
    return -1.0 * H


def mbar_hessian(u_kn, N_k, f_k):
    return jax_mbar_hessian(u_kn, N_k, f_k)


def adaptive(u_kn, N_k, f_k, tol=1.0e-8, options=None):

    """
    Determine dimensionless free energies by a combination of Newton-Raphson iteration and self-consistent iteration.
    Picks whichever method gives the lowest gradient.
    Is slower than NR since it calculates the log norms twice each iteration.
    """
    # put the defaults here in case we get passed an 'options' dictionary that is only partial
    options.setdefault("verbose", False)
    options.setdefault("maxiter", 10000)
    options.setdefault("print_warning", False)
    options.setdefault("gamma", 1.0)
    options.setdefault("min_sc_iter", 2)  # set a minimum number of self-consistent iterations

    gamma = options["gamma"]

    doneIterating = False
    if options["verbose"] == True:
        logger.info(
            "Determining dimensionless free energies by Newton-Raphson / self-consistent iteration."
        )

    if tol < 4.0 * np.finfo(float).eps:
        logger.info("Tolerance may be too close to machine precision to converge.")

    success = False  # fail unless solution is found.
    # keep track of Newton-Raphson and self-consistent iterations
    nr_iter = 0
    sci_iter = 0

    f_sci = np.zeros(len(f_k), dtype=np.float64)
    f_nr = np.zeros(len(f_k), dtype=np.float64)

    # Perform Newton-Raphson iterations (with sci computed on the way)

    # usually calculated at the end of the loop and saved, but we need
    # to calculate the first time.
    g = mbar_gradient(u_kn, N_k, f_k)  # Objective function gradient.

    maxiter = options["maxiter"]
    min_sc_iter = options["min_sc_iter"]
    warn = "Did not converge."
    for iteration in range(0, maxiter):

        if use_jit:
            (f_sci, g_sci, gnorm_sci, f_nr, g_nr, gnorm_nr) = jax_core_adaptive(
                u_kn, N_k, f_k, options["gamma"]
            )
        else:
            H = mbar_hessian(u_kn, N_k, f_k)  # Objective function hessian
            Hinvg = np.linalg.lstsq(H, g, rcond=-1)[0]
            Hinvg -= Hinvg[0]
            f_nr = f_k - gamma * Hinvg

            # self-consistent iteration gradient norm and saved log sums.
            f_sci = self_consistent_update(u_kn, N_k, f_k)
            f_sci = f_sci - f_sci[0]  # zero out the minimum
            g_sci = mbar_gradient(u_kn, N_k, f_sci)
            gnorm_sci = dot(g_sci, g_sci)

            # newton raphson gradient norm and saved log sums.
            g_nr = mbar_gradient(u_kn, N_k, f_nr)
            gnorm_nr = dot(g_nr, g_nr)

        # we could save the gradient, for the next round, but it's not too expensive to
        # compute since we are doing the Hessian anyway.

        if options["verbose"]:
            logger.info(
                "self consistent iteration gradient norm is %10.5g, Newton-Raphson gradient norm is %10.5g"
                % (np.sqrt(gnorm_sci), np.sqrt(gnorm_nr))
            )
        # decide which directon to go depending on size of gradient norm
        f_old = f_k

        if gnorm_sci < gnorm_nr or sci_iter < min_sc_iter:
            f_k = f_sci
            g = g_sci
            sci_iter += 1
            if options["verbose"]:
                if sci_iter < min_sc_iter:
                    logger.info(
                        f"Choosing self-consistent iteration on iteration {iteration:d} because min_sci_iter={min_sc_iter:d}"
                    )
                else:
                    logger.info(
                        f"Choosing self-consistent iteration for lower gradient on iteration {iteration:d}"
                    )
        else:
            f_k = f_nr
            g = g_nr
            nr_iter += 1
            if options["verbose"]:
                logger.info(f"Newton-Raphson used on iteration {iteration:}")

        div = np.abs(f_k[1:])  # what we will divide by to get relative difference
        zeroed = np.abs(f_k[1:]) < np.min(
            [10**-8, tol]
        )  # check which values are near enough to zero, hard coded max for now.
        div[zeroed] = 1.0  # for these values, use absolute values.
        max_delta = np.max(np.abs(f_k[1:] - f_old[1:]) / div)
        max_diff = np.max(np.abs(f_sci[1:] - f_nr[1:]) / div)
        # add this just to make sure they are not too different.
        # if we start with bad states, the f_k - f_k_old might be far off.
        if np.isnan(max_delta) or ((max_delta < tol) and max_diff < np.sqrt(tol)):
            doneIterating = True
            success = True
            warn = "Convergence achieved by change in f with respect to previous guess."
            break

    if doneIterating:
        if options["verbose"]:
            logger.info(f"Converged to tolerance of {max_delta:e} in {iteration+1:d} iterations.")
            logger.info(
                f"Of {iteration+1:d} iterations, {nr_iter:d} were Newton-Raphson iterations and {sci_iter:d} were self-consistent iterations"
            )
            if np.all(f_k == 0.0):
                logger.info("WARNING: All f_k appear to be zero.")
    else:
        logger.warning("WARNING: Did not converge to within specified tolerance.")

        if maxiter <= 0:
            logger.warning(
                f"No iterations ran be cause maximum_iterations was <= 0 ({maxiter:s})!"
            )
        else:
            logger.warning(
                f"max_delta = {max_delta:e}, tol = {tol:e}, maximum_iterations = {maxiter:d}, iterations completed = {iteration:d}"
            )

    results = dict()
    results["success"] = success
    results["message"] = warn
    results["x"] = f_k

    return results


@jit_or_passthrough
def jax_core_adaptive(u_kn, N_k, f_k, gamma):
    """JAX version of adaptive inner loop.
    N_k must be float (should be cast at a higher level)

    """

    # Perform Newton-Raphson iterations (with sci computed on the way)
    g = mbar_gradient(u_kn, N_k, f_k)  # Objective function gradient
    H = mbar_hessian(u_kn, N_k, f_k)  # Objective function hessian
    Hinvg = lstsq(H, g, rcond=-1)[0]
    Hinvg -= Hinvg[0]
    f_nr = f_k - gamma * Hinvg

    # self-consistent iteration gradient norm and saved log sums.
    f_sci = self_consistent_update(u_kn, N_k, f_k)
    f_sci = f_sci - f_sci[0]  # zero out the minimum
    g_sci = mbar_gradient(u_kn, N_k, f_sci)
    gnorm_sci = dot(g_sci, g_sci)

    # newton raphson gradient norm and saved log sums.
    g_nr = mbar_gradient(u_kn, N_k, f_nr)
    gnorm_nr = dot(g_nr, g_nr)

    return f_sci, g_sci, gnorm_sci, f_nr, g_nr, gnorm_nr


f = jax.jit(partial(adaptive, tol=1e-8, options=dict(min_sc_iter=0)))
# --- end user code ---


def make_inputs(rng):
    # three harmonic-oscillator states, 10 samples each: u_kn[k, n] = reduced energy of sample n in state k
    K, n_per = 3, 10
    centers = np.array([0.0, 1.0, 2.0])
    x = np.concatenate([rng.normal(c, 0.7, size=n_per) for c in centers])
    u_kn = (0.5 * (x[None, :] - centers[:, None]) ** 2).astype(np.float32)
    N_k = np.full(K, float(n_per), dtype=np.float32)
    f_k = np.zeros(K, dtype=np.float32)
    return (u_kn, N_k, f_k)


INPUTS = make_inputs
