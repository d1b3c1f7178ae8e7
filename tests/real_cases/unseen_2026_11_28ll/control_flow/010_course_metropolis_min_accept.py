"""Course MCMC exercise: random-walk Metropolis with `min(1, jnp.exp(log_r))` and `if random.uniform(...) < A` on traced values.

source: public JAX utilities module of a Bayesian machine-learning course in the code index (code-index file id 5955656902; plot_summary, a commented-out BayesianLinearRegression, metropolis, gelman_rubin / ESS / Rhat helpers "borrowed from https://github.com/jwalton3141/..."); a later revision with the same `metropolis` is id 57906891960. The index does not name the repository.
error: TracerBoolConversionError
category: mcmc-accept-reject
expect: fix
notes: `metropolis` is verbatim (including the print of the acceptance ratio, the shape assert and returning the Python list `accepts`). Dropped the unrelated imports (scipy.optimize, pylab, scipy.stats) and the other helpers of the module. The module has no target density, so a stand-in `log_target` (a correlated 2-D Gaussian, as the course notebooks sample) and the jitted entry point `f(tau, theta_init, seed)` with num_params=2 and num_iter=60 were added. Under jit, `min(1, jnp.exp(log_r))` already needs a concrete bool; the accept/reject `if` and the `'%3.2f' %` print follow.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from jax import random


def metropolis(log_target, num_params, tau, num_iter, theta_init=None, seed=0):    
    """ Runs a Metropolis-Hastings sampler 
    
        Arguments:
        log_target:         function for evaluating the log target distribution, i.e. log \\tilde{p}(theta). The function expect a parameter of size num_params.
        num_params:         number of parameters of the joint distribution (integer)
        tau:                standard deviation of the Gaussian proposal distribution (positive real)
        num_iter:           number of iterations (integer)
        theta_init:         vector of initial parameters (jnp.array with shape (num_params) or None)        
        seed:               seed (integer)

        returns
        thetas              jnp.array with MCMC samples (jnp.array with shape (num_iter+1, num_params))
    """ 
    
    # set initial key
    key = random.PRNGKey(seed)

    if theta_init is None:
        theta_init = jnp.zeros((num_params))
    
    # prepare lists 
    thetas = [theta_init]
    accepts = []
    log_p_theta = log_target(theta_init)
    
    for k in range(num_iter):

        # update keys: key_proposal for sampling proposal distribution and key_accept for deciding whether to accept or reject.
        key, key_proposal, key_accept = random.split(key, num=3)

        # get the last value for theta and generate new proposal candidate
        theta_cur = thetas[-1]
        theta_star = theta_cur + tau*random.normal(key_proposal, shape=(num_params, ))
        
        # evaluate the log density for the candidate sample
        log_p_theta_star = log_target(theta_star)

        # compute acceptance probability
        log_r = log_p_theta_star - log_p_theta
        A = min(1, jnp.exp(log_r))
        
        # accept new candidate with probability A
        if random.uniform(key_accept) < A:
            theta_next = theta_star
            log_p_theta = log_p_theta_star
            accepts.append(1)
        else:
            theta_next = theta_cur
            accepts.append(0)

        thetas.append(theta_next)


        
    print('Acceptance ratio: %3.2f' % jnp.mean(jnp.array(accepts)))
        
    # return as jnp.array
    thetas = jnp.stack(thetas)

    # check dimensions and return
    assert thetas.shape == (num_iter+1, num_params), f'The shape of thetas was expected to be ({num_iter+1}, {num_params}), but the actual shape was {thetas.shape}. Please check your code.'
    return thetas, accepts


def log_target(theta):
    # stand-in target: correlated 2-D Gaussian
    prec = jnp.array([[2.0, -1.2], [-1.2, 2.0]])
    return -0.5 * theta @ prec @ theta


@jax.jit
def f(tau, theta_init, seed):
    return metropolis(log_target, 2, tau, 60, theta_init, seed)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    tau = np.float32(rng.choice([0.2, 1.0, 3.0]))
    theta_init = rng.normal(size=(2,)).astype(np.float32) * 2
    seed = np.int32(rng.integers(0, 10000))
    return (tau, theta_init, seed)


INPUTS = make_inputs


@jax.jit
def reference_fix(tau, theta_init, seed):
    num_params, num_iter = 2, 60
    key = random.PRNGKey(seed)
    log_p_theta = log_target(theta_init)

    def step(carry, _):
        key, theta_cur, log_p_theta = carry
        key, key_proposal, key_accept = random.split(key, num=3)
        theta_star = theta_cur + tau * random.normal(key_proposal, shape=(num_params,))
        log_p_theta_star = log_target(theta_star)
        log_r = log_p_theta_star - log_p_theta
        A = jnp.minimum(1, jnp.exp(log_r))
        accept = random.uniform(key_accept) < A
        theta_next = jnp.where(accept, theta_star, theta_cur)
        log_p_theta = jnp.where(accept, log_p_theta_star, log_p_theta)
        return (key, theta_next, log_p_theta), (theta_next, accept.astype(jnp.int32))

    _, (ths, acc) = lax.scan(step, (key, theta_init, log_p_theta), None, length=num_iter)
    thetas = jnp.concatenate([theta_init[None], ths], axis=0)
    return thetas, [acc[i] for i in range(num_iter)]
