"""A JAX port of NUTS' find_reasonable_epsilon: `while isinf(logp) or isinf(grad).any():` halving, a traced ternary for the direction, then `while a * logaccept > -a * log 2:` doubling or halving.

source: public JAX port of mfouesneau/NUTS nuts/nuts.py at 45efae954bdbe2ff8b5b1ebdf6e44576a0579ad8 (find_reasonable_epsilon and leapfrog; the port draws the momentum with jax.random and keeps the NumPy structure)
error: TracerBoolConversionError
category: while-or-ternary-while
expect: fix
notes: find_reasonable_epsilon verbatim from the port (the closing print kept); its `leapfrog`, imported there from a sibling module, is inlined from the original nuts.py. f jits it for a diagonal Gaussian log-density that is -inf outside a box, with a finite gradient everywhere (so the first loop, which halves the step until the leapfrog's log-density is finite, really runs; the loop never refreshes `gradprime`, so an infinite gradient would make it spin forever, eagerly too). Leaks: `or` between two traced tests in the first while, `1. if logacceptprob > jnp.log(0.5) else -1.` (a traced conditional expression whose value then scales the second loop's test and body).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def leapfrog(theta, r, grad, epsilon, f):
    """ Perfom a leapfrog jump in the Hamiltonian space """
    # make half step in r
    rprime = r + 0.5 * epsilon * grad
    # make new step in theta
    thetaprime = theta + epsilon * rprime
    #compute new gradient
    logpprime, gradprime = f(thetaprime)
    # make half step in r again
    rprime = rprime + 0.5 * epsilon * gradprime
    return thetaprime, rprime, gradprime, logpprime


def find_reasonable_epsilon(theta0, grad0, logp0, f,key):
    """ Heuristic for choosing an initial value of epsilon """
    epsilon = 1.
    momenta_key,key = jax.random.split(key)
    r0 = jax.random.normal(momenta_key, len(theta0))

    # Figure out what direction we should be moving epsilon.
    _, rprime, gradprime, logpprime = leapfrog(theta0, r0, grad0, epsilon, f)
    # brutal! This trick make sure the step is not huge leading to infinite
    # values of the likelihood. This could also help to make sure theta stays
    # within the prior domain (if any)
    k = 1.
    while jnp.isinf(logpprime) or jnp.isinf(gradprime).any():
        k *= 0.5
        _, rprime, _, logpprime = leapfrog(theta0, r0, grad0, epsilon * k, f)

    epsilon = 0.5 * k * epsilon

    # acceptprob = np.exp(logpprime - logp0 - 0.5 * (np.dot(rprime, rprime.T) - np.dot(r0, r0.T)))
    # a = 2. * float((acceptprob > 0.5)) - 1.
    logacceptprob = logpprime-logp0-0.5*(jnp.dot(rprime, rprime)-jnp.dot(r0,r0))
    a = 1. if logacceptprob > jnp.log(0.5) else -1.
    # Keep moving epsilon in that direction until acceptprob crosses 0.5.
    # while ( (acceptprob ** a) > (2. ** (-a))):
    while a * logacceptprob > -a * jnp.log(2):
        epsilon = epsilon * (2. ** a)
        _, rprime, _, logpprime = leapfrog(theta0, r0, grad0, epsilon, f)
        logacceptprob = logpprime-logp0-0.5*(jnp.dot(rprime, rprime)-jnp.dot(r0,r0))

    print("find_reasonable_epsilon=", epsilon)

    return epsilon


@jax.jit
def f(theta0, prec, bound, key):
    def logp_and_grad(theta):
        inside = jnp.all(jnp.abs(theta) < bound)
        logp = jnp.where(inside, -0.5 * jnp.sum(prec * theta ** 2), -jnp.inf)
        grad = -prec * theta
        return logp, grad

    logp0, grad0 = logp_and_grad(theta0)
    return find_reasonable_epsilon(theta0, grad0, logp0, logp_and_grad, key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    d = 3
    prec = rng.uniform(0.05, 20.0, size=d).astype(np.float32)
    bound = np.float32(rng.choice([2.0, 4.0, 50.0]))
    theta0 = rng.uniform(-0.5, 0.5, size=d).astype(np.float32)
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    return (theta0, prec, bound, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(theta0, prec, bound, key):
    def logp_and_grad(theta):
        inside = jnp.all(jnp.abs(theta) < bound)
        logp = jnp.where(inside, -0.5 * jnp.sum(prec * theta ** 2), -jnp.inf)
        grad = -prec * theta
        return logp, grad

    logp0, grad0 = logp_and_grad(theta0)
    momenta_key, key = jax.random.split(key)
    r0 = jax.random.normal(momenta_key, len(theta0))
    _, rprime, gradprime, logpprime = leapfrog(theta0, r0, grad0, 1., logp_and_grad)

    def c1(s):
        k, rprime, gradprime, logpprime = s
        return jnp.isinf(logpprime) | jnp.isinf(gradprime).any()

    def b1(s):
        k, _, gradprime, _ = s
        k = k * 0.5
        _, rprime, _, logpprime = leapfrog(theta0, r0, grad0, 1. * k, logp_and_grad)
        return k, rprime, gradprime, logpprime

    k, rprime, _, logpprime = jax.lax.while_loop(c1, b1, (jnp.float32(1.), rprime, gradprime, logpprime))
    epsilon = 0.5 * k
    lap = logpprime - logp0 - 0.5 * (jnp.dot(rprime, rprime) - jnp.dot(r0, r0))
    a = jnp.where(lap > jnp.log(0.5), 1., -1.)

    def c2(s):
        eps, lap = s
        return a * lap > -a * jnp.log(2)

    def b2(s):
        eps, _ = s
        eps = eps * (2. ** a)
        _, rprime, _, logpprime = leapfrog(theta0, r0, grad0, eps, logp_and_grad)
        return eps, logpprime - logp0 - 0.5 * (jnp.dot(rprime, rprime) - jnp.dot(r0, r0))

    epsilon, _ = jax.lax.while_loop(c2, b2, (epsilon, lap))
    return epsilon
