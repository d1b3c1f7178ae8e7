"""jsmfsb's ABC-SMC step keeps the proposals under a quantile cut with a boolean mask: a data-dependent shape.

source: darrenjw/jax-smfsb src/jsmfsb/inference.py at 15b4d69d449a651b7dc36ef6763e5009223a8037 (abcSmcStep; the model functions are those of the abcSmc docstring example in the same file)
error: NonConcreteBooleanIndexError
category: dynamic-shape
expect: report
notes: abcSmcStep verbatim (its commented-out debug prints kept). The model pieces (rmod, sumStats, dist, rdis, the
  prior density and the perturbation kernel) are the abcSmc docstring example with `jsmfsb.`/`smfsb.` prefixes dropped.
  abcSmc calls the step eagerly in a Python loop ("TODO: worth turning this loop into a scan?"); the entry point jits
  one step. `new = prop[dist < qCut,:]` keeps however many proposals fall under the quantile (and everything after it,
  apply_along_axis over `new`, has that size), so there is no jit-safe rewrite with the same output shapes: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.scipy as jsp


def abcSmcStep(key, dprior, priorSample, priorLW, rdist, rperturb,
               dperturb, factor):
    """Carry out one step of an ABC-SMC algorithm

    Not meant to be directly called by users. See abcSmc.
    """
    k1, k2, k3 = jax.random.split(key, 3)
    n = priorSample.shape[0]
    mx = jnp.max(priorLW)
    rw = jnp.exp(priorLW - mx)
    #print(priorSample.shape)
    #print(len(rw))
    priorInd = jax.random.choice(k1, n, shape=(n*factor,), p=rw/jnp.sum(rw))
    prior = priorSample[priorInd,:]
    #print(prior.shape)
    keys = jax.random.split(k2, len(priorInd))
    prop = jax.vmap(rperturb)(keys, prior)
    #print(prop.shape)
    keys2 = jax.random.split(k3, len(priorInd))
    dist = jax.vmap(rdist)(keys2, prop) # this is typically the slow step
    #print(dist.shape)
    qCut = jnp.nanquantile(dist, 1/factor)
    new = prop[dist < qCut,:]
    def logWeight(th):
        terms = priorLW + jnp.apply_along_axis(lambda x: dperturb(th, x),
                                              1, priorSample)
        mt = jnp.max(terms)
        denom = mt + jnp.log(jnp.sum(jnp.exp(terms-mt)))
        return dprior(th) - denom
    lw = jnp.apply_along_axis(logWeight, 1, new)
    mx = jnp.max(lw)
    rw = jnp.exp(lw - mx)
    nlw = jnp.log(rw/jnp.sum(rw))
    #print(f"new: {new.shape}")
    #print(f"nlw: {nlw.shape}")
    #print(nlw)
    return new, nlw


k0 = jax.random.key(42)
k1, k2 = jax.random.split(k0)
data = jax.random.normal(k1, 250)*2 + 5

def rmod(k, th):
  return jax.random.normal(k, 250)*jnp.exp(th[1]) + jnp.exp(th[0])

def sumStats(dat):
  return jnp.array([jnp.mean(dat), jnp.std(dat)])

ssd = sumStats(data)
def dist(ss):
  diff = ss - ssd
  return jnp.sqrt(jnp.sum(diff*diff))

def rdis(k, th):
  return dist(sumStats(rmod(k, th)))


@jax.jit
def f(key, priorSample, priorLW):
    return abcSmcStep(key,
                      lambda x: jnp.sum(jnp.log(((x<3)&(x>-3))/6)),
                      priorSample, priorLW,
                      rdis,
                      lambda k,x: jax.random.normal(k)*0.1 + x,
                      lambda x,y: jnp.sum(jsp.stats.norm.logpdf(y, x, 0.1)),
                      10)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N = 20
    key = rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32)   # a raw threefry key
    priorSample = rng.uniform(-3, 3, size=(N, 2)).astype(np.float32)
    priorLW = np.log(np.full((N,), 1.0 / N)).astype(np.float32)
    return (key, priorSample, priorLW)


INPUTS = make_inputs
