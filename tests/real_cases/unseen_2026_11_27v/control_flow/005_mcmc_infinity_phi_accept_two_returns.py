"""mcmc_infinity's PerfectSampler: the Metropolis-Hastings rule `phi` returns `y, True` or `x, False` from a traced `if`.

source: cjm96/mcmc_infinity mcmc_infinity/code/sampler.py at 08aa01916d010171155ca4d4194f200703703f8f (PerfectSampler.phi and PerfectSampler.try_mcmc; same text at b867855109d7ae1d4723f6181525f44548ce976f); proposal class from mcmc_infinity/code/symmetric_gaussian_proposal.py at 8eb340e3225fd9880725d87e73c84fc51b1ab390; target from mcmc_infinity/test_functions/gaussian.py at 0d1265b1bd56f4d0e2c21cdfb9b00d937f142a32
error: TracerBoolConversionError
category: mcmc-accept-reject-multiple-returns
expect: fix
notes: phi, try_mcmc and __init__ of PerfectSampler are verbatim; the other methods (evolve_chain, get_perfect_sample(s), which run eagerly) are dropped.
  SymmetricGaussianProposal is verbatim except its unused __main__ demo. The Gaussian test function used NumPy
  (np.asarray/np.sum), which cannot take tracers; it is ported to jnp with the same formula. UniformProposal and
  NormalizingFlowProposal are replaced by empty stand-in classes (only their names are used, in isinstance tests).
  The module-level `jax.config.update("jax_enable_x64", True)` is dropped (it would switch x64 on for the whole judge),
  so the per-step seeds are uint32 instead of uint64. Entry point: f = jax.jit(sampler.try_mcmc), the seeds traced.
  Docstrings are shortened. The leak: `if jnp.log(u) < a:` in phi, whose two branches return different values (one with a Python bool).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import time


class Quniform:  # stand-in for mcmc_infinity.code.uniform_proposal.UniformProposal
    pass


class Qflow:  # stand-in for mcmc_infinity.code.normalizing_flow_proposal.NormalizingFlowProposal
    pass


class SymmetricGaussianProposal:
    """
    Generates samples from a multivariate Gaussian that is centred on the 
    current point.
    """

    def __init__(self, dim, bounds=None):
        """
        INPUTS
        ------
        dim : int
            The dimension of the proposal distribution.
        bounds : jnp.ndarray, shape=(dim, 2)
            The boundaries of the regon of support,
            of the form [(x0_min, x0_min), (x1_min, x1_max), ...].
            Each tuple specifies the lower and upper bounds for each dimension.
        """
        self.dim = int(dim)

        if bounds is None:
            self.bounds = None
        else:
            bounds = jnp.asarray(bounds)
            assert bounds.shape==(self.dim, 2), \
                f"Bounds must be of shape ({self.dim}, 2), got {bounds.shape}."

    def sample(self, key, mu, sigma, num_samples=None):
        if num_samples is None:
            shape = (self.dim,)
        else:
            shape = (int(num_samples), self.dim)

        y = mu + sigma * jax.random.normal(key, shape=shape)

        return y
    
    def logP(self, x, mu, sigma):
        x = jnp.asarray(x)
        assert x.shape[-1] == self.dim, "wrong dimensionality"
        logl = -0.5 * jnp.sum(((x - mu) / sigma) ** 2, axis=-1) 
        return logl
    
    def __call__(self, x, mu, sigma):
        return self.logP(x, mu, sigma)


Qsymgauss = SymmetricGaussianProposal


class Gaussian:
    """
    A class representing a multivariate normal, or Gaussian, test function.
    """

    def __init__(self, sigma=1.0, dim=2):
        self.sigma = float(sigma)
        assert self.sigma > 0, "sigma must be positive"
        self.dim = int(dim)
        assert self.dim > 0, "dimension must be positive"

    def logP(self, x):
        x = jnp.asarray(x)
        assert x.shape[-1] == self.dim, "wrong dimensionality"
        logl = -0.5 * jnp.sum(x**2 / self.sigma**2, axis=-1)
        return logl

    def __call__(self, x):
        return self.logP(x)


class PerfectSampler:
    """
    A class for performing perfect sampling using Metropolis-Hastings MCMC 
    with a common proposal distribution.

    This class implements the SRS (Sequential Random Sampling) rule phi for 
    evolving the Markov chain. 
    """

    def __init__(self, target, proposal, initial_positions, 
                 seed=None, proposal_kwargs={}):
        self.target = target

        self.proposal = proposal

        assert self.target.dim == self.proposal.dim, \
            "Target and proposal must have the same dimensionality."
        self.dim = self.target.dim

        self.initial_positions = jnp.asarray(initial_positions)
        self.num_chains, d = self.initial_positions.shape
        assert d == self.dim, \
            f"Initial position must have dimension ({self.dim},), got {d}."

        self.key = jax.random.key(int(time.time()) if seed is None else seed)

        self.proposal_kwargs = dict(proposal_kwargs)

    def phi(self, x, xi):
        """
        The Metropolis-Hastings SRS rule for evolving the Markov chain.

        ..math::
            x_{i+1} = \\phi(x_i, \\xi_{i+1})

        RETURNS
        -------
        y : array-like, shape=(self.target.dim)
            The next position of the chain.
        accept : bool
            Whether the proposed move was accepted.
        """
        if isinstance(self.proposal, Quniform):
            Qargs = ()
        elif isinstance(self.proposal, Qsymgauss):
            Qargs = (x, self.proposal_kwargs['sigma'])
        elif isinstance(self.proposal, Qflow):
            Qargs = ()
        else:
            raise ValueError(f"Unrecognised proposal type {self.proposal_type}")

        key = jax.random.key(xi)
        key, subkey = jax.random.split(key)
        y = self.proposal.sample(subkey, *Qargs)

        key, subkey = jax.random.split(key)
        u = jax.random.uniform(subkey)

        a = ( self.target(y) - self.proposal(y, *Qargs) ) - \
                ( self.target(x) - self.proposal(x, *Qargs) )

        if jnp.log(u) < a:
            return y, True
        else:
            return x, False

    def try_mcmc(self, seeds):
        """
        Evolve all the MCMC chains using random seeds provided. 

        RETURNS
        -------
        chains : jnp.ndarray, shape=(self.num_chains, T+1, self.dim)
            The Markov chains evolved from the initial positions.
        """
        T = len(seeds)

        chains = jnp.zeros((self.num_chains, T+1, self.dim))
        chains = chains.at[:,0,:].set(self.initial_positions)

        for i in range(T):
            for c, chain in enumerate(chains):
                pos, a = self.phi(chains[c, i, :], seeds[i])
                chains = chains.at[c, i+1, :].set(pos)

        return chains


target = Gaussian(sigma=1.0, dim=2)
proposal = SymmetricGaussianProposal(dim=2)
sampler = PerfectSampler(target, proposal,
                         initial_positions=jnp.array([[0.0, 0.0], [3.0, -3.0]]),
                         seed=0, proposal_kwargs={'sigma': 1.5})

f = jax.jit(sampler.try_mcmc)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # 12 MH steps; with a wide proposal both accepts and rejects occur in every trial
    return (rng.integers(0, 2**31 - 1, size=(12,)).astype(np.uint32),)


INPUTS = make_inputs


def _ref_phi(x, xi):
    sigma = 1.5
    key = jax.random.key(xi)
    key, subkey = jax.random.split(key)
    y = x + sigma * jax.random.normal(subkey, shape=(2,))
    key, subkey = jax.random.split(key)
    u = jax.random.uniform(subkey)
    logq = lambda z, mu: -0.5 * jnp.sum(((z - mu) / sigma) ** 2, axis=-1)
    logp = lambda z: -0.5 * jnp.sum(z ** 2, axis=-1)
    a = (logp(y) - logq(y, x)) - (logp(x) - logq(x, x))
    return jnp.where(jnp.log(u) < a, y, x)


@jax.jit
def reference_fix(seeds):
    init = jnp.array([[0.0, 0.0], [3.0, -3.0]])
    T = seeds.shape[0]
    chains = jnp.zeros((2, T + 1, 2)).at[:, 0, :].set(init)

    def step(chains, i):
        for c in range(2):
            chains = chains.at[c, i + 1, :].set(_ref_phi(chains[c, i, :], seeds[i]))
        return chains, None

    chains, _ = jax.lax.scan(step, chains, jnp.arange(T))
    return chains
