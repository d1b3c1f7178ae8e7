"""Emulator-accelerated sampler warm-up: per-walker Metropolis accept/reject with a PRNG split only on the reject path, plus a traced best-fit update.

source: NUTSSampler.run_mcmc of a cosmology "online learning emulator" sampler module in the public code index (code-index file id 37073821199; classes Sampler / EnsembleSampler / NUTSSampler / EvaluateSampler, uses self.emulator, self.theory, self.likelihood, get_mpi_rank, fasteners; a sibling revision is id 36987852142); the index does not name the repository or commit
error: TracerBoolConversionError
category: sampler-accept-reject
expect: fix
notes: the body of run_mcmc's warm-up loop `while not self.emulator.trained:` ("We perform vanilla MH sampling for one step") is kept verbatim as the method `_Warmup.warmup_step`, which takes and returns the loop state (pos, current_loglikes, max_loglike, bestfit, RNG). Stand-ins: `_Warmup` carries only `nwalkers`, `ndim` and `compute_total_loglike_from_parameters` (a Gaussian log-likelihood instead of theory code + likelihood + emulator); the jitted entry point `f` runs one warm-up step, as one would jit the loop body. Under jit `if jnp.max(loglikes) > max_loglike`, `if loglikes[i] > current_loglikes[i]` and the nested `if jnp.log(jax.random.uniform(subkey)) < ...` are traced; the key is split only on the reject path, so the fix must select the key too. make_inputs mixes -inf and finite current log-likelihoods and an occasionally unbeatable max_loglike.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class _Warmup:
    def __init__(self, nwalkers, ndim):
        self.nwalkers = nwalkers
        self.ndim = ndim
        self.mu = jnp.linspace(-1.0, 1.0, ndim)

    def compute_total_loglike_from_parameters(self, parameters):
        return -0.5 * jnp.sum(((parameters - self.mu) / 0.7) ** 2)

    def warmup_step(self, pos, current_loglikes, max_loglike, bestfit, RNG):
                # We perform vanilla MH sampling for one step
                # The covmat is the identity matrix
                RNG, subkey = jax.random.split(RNG)
                step = pos+jnp.ones((self.nwalkers,self.ndim)) * jax.random.normal(subkey, shape=(self.nwalkers,self.ndim))
                loglikes = jnp.array([self.compute_total_loglike_from_parameters(step[i]) for i in range(self.nwalkers)])
                # update bestfit
                if jnp.max(loglikes) > max_loglike:
                    max_loglike = jnp.max(loglikes)
                    bestfit = step[jnp.argmax(loglikes)]

                # accept or reject
                for i in range(self.nwalkers):
                    if loglikes[i] > current_loglikes[i]:
                        pos = pos.at[i].set(step[i])
                        current_loglikes = current_loglikes.at[i].set(loglikes[i])
                    else:
                        RNG, subkey = jax.random.split(RNG)
                        if jnp.log(jax.random.uniform(subkey)) < loglikes[i]-current_loglikes[i]:
                            pos = pos.at[i].set(step[i])
                            current_loglikes = current_loglikes.at[i].set(loglikes[i])
                return pos, current_loglikes, max_loglike, bestfit, RNG


_sampler = _Warmup(nwalkers=6, ndim=3)


@jax.jit
def f(pos, current_loglikes, max_loglike, bestfit, RNG):
    return _sampler.warmup_step(pos, current_loglikes, max_loglike, bestfit, RNG)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pos = rng.normal(scale=1.5, size=(6, 3)).astype(np.float32)
    current = np.array([float(_sampler.compute_total_loglike_from_parameters(p)) for p in pos])
    current[rng.random(6) < 0.3] = -np.inf          # walkers not yet evaluated
    if rng.random() < 0.3:
        max_loglike = np.float32(10.0)                   # nothing beats the best fit
    elif rng.random() < 0.5:
        max_loglike = np.float32(-np.inf)
    else:
        max_loglike = np.float32(rng.uniform(-3.0, 0.0))
    bestfit = rng.normal(size=3).astype(np.float32)
    key = rng.integers(0, 2**32, size=2, dtype=np.uint32)
    return (pos, current.astype(np.float32), max_loglike, bestfit, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(pos, current_loglikes, max_loglike, bestfit, RNG):
    s = _sampler
    RNG, subkey = jax.random.split(RNG)
    step = pos + jnp.ones((s.nwalkers, s.ndim)) * jax.random.normal(subkey, shape=(s.nwalkers, s.ndim))
    loglikes = jax.vmap(s.compute_total_loglike_from_parameters)(step)
    better_fit = jnp.max(loglikes) > max_loglike
    max_loglike = jnp.where(better_fit, jnp.max(loglikes), max_loglike)
    bestfit = jnp.where(better_fit, step[jnp.argmax(loglikes)], bestfit)

    def walker(i, carry):
        pos, current_loglikes, RNG = carry
        improves = loglikes[i] > current_loglikes[i]
        new_RNG, subkey = jax.random.split(RNG)
        accept = improves | (jnp.log(jax.random.uniform(subkey)) < loglikes[i] - current_loglikes[i])
        RNG = jnp.where(improves, RNG, new_RNG)
        pos = pos.at[i].set(jnp.where(accept, step[i], pos[i]))
        current_loglikes = current_loglikes.at[i].set(jnp.where(accept, loglikes[i], current_loglikes[i]))
        return pos, current_loglikes, RNG

    pos, current_loglikes, RNG = jax.lax.fori_loop(0, s.nwalkers, walker, (pos, current_loglikes, RNG))
    return pos, current_loglikes, max_loglike, bestfit, RNG
