"""SALTShaker's two-way backtracking line search: Armijo tests on traced losses, loops with break, a raise.

source: djones1040/SALTShaker saltshaker/training/optimizers/gradientdescent.py (stored revision
    04511d2fd6c84028e89d7702d4e1f6d38fea4ee6, code-index file id 36711549783), methods
    rpropwithbacktracking.twowaybacktracking and rpropwithbacktracking.lossfunction
error: TracerBoolConversionError
category: line-search-loop-break
expect: fix
notes: twowaybacktracking and lossfunction are verbatim (the file calls twowaybacktracking from a
    Python optimisation loop, eagerly). Adapted: the class keeps only the attributes these two methods
    use (searchtolerance, searchsize, functionevals, saltobj); __init__ is a small stand-in for the
    options parsing, and saltobj is a stand-in for SALTResids whose constrainedmaxlikefit is a Gaussian
    log-likelihood of a small nonlinear model (the real one is the SALT3 light-curve model). Options
    searchtolerance=0.1 and searchsize=0.5 (both in the required (0, 1)). Entry point
    f = jax.jit(opt.twowaybacktracking). Inputs always give a descent direction (t >= 0), so the
    ValueError branch never fires eagerly; step scales span 1e-4..30 so both the growing and the
    shrinking loop run and several iterations break early.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import logging

import numpy as np
import jax
import jax.numpy as jnp

log = logging.getLogger(__name__)


class _SALTResidsStandIn:
    """Stand-in for saltshaker's SALTResids: only constrainedmaxlikefit is used here."""

    def __init__(self, design, data):
        self.design = design
        self.data = data

    def constrainedmaxlikefit(self, params, *args, **kwargs):
        model = jnp.tanh(self.design @ params) + 0.1 * params.sum()
        return -0.5 * jnp.sum((model - self.data) ** 2) - 0.01 * jnp.sum(params ** 4)


class rpropwithbacktracking:

    def __init__(self, saltresids, searchtolerance, searchsize):
        self.saltobj = saltresids
        self.searchtolerance = searchtolerance
        self.searchsize = searchsize
        assert(0<self.searchsize<1)
        assert(0<self.searchtolerance<1)
        self.functionevals=0

    def lossfunction(self,params,*args,excludesn=None,**kwargs):
        """ 
        Passthrough function to maxlikefit, with an excludeSN keyword that removes the log-likelihood of a single SN.
        """
        if 'diff' in kwargs and "grad" in kwargs['diff']: self.functionevals +=3
        else: self.functionevals+=1
        result= self.saltobj.constrainedmaxlikefit(params,*args,**kwargs)
        if excludesn: 
            singleresult=self.saltobj.datadict[excludesn].modelloglikelihood(params,*args,**kwargs)
            try: 
                result=( x-y for x,y in zip(result,singleresult))
            except:
                result=result-singleresult

        try:
            return (-x for x in result)
        except:
            return -result

    def twowaybacktracking(self,X,loss,grad, searchdir,*args,**kwargs):
    
        """
        Based on a proposed parameter update, determines whether Armijo's criterion is satisfied; if so attempts to increase learning rate. If false, decreases learning rate until satisfied
    
        Armijo's criterion checks whether the gradient accurately models the proposed update; when satisfied indicates efficient convergence
        
        Parameters
        ----------
        X : array-like
            Initial values of model parameters
        loss : 
            Loss of model at initial values
        grad :
            Gradient at initial values
        searchdir :
            Proposed direction for an update to the parameters. Dot product with `grad` must be positive.
        Returns
        -------
        gamma : float
            Scalar multiplier for parameter and learning rate update 
        
        References
        https://doi.org/10.1007/s00245-020-09718-8

            """
        t= - self.searchtolerance * grad @ searchdir
        prevgamma=1/self.searchsize
        gamma=1
        if t<0:
            raise ValueError('Bad search direction provided')            
            
        Xprop= X + gamma * searchdir 
        proploss=self.lossfunction(Xprop, *args,**kwargs)

        log.debug(f'Entering two way backtracking with initial loss {loss:.2g}, termination criterion {t:.2g}, and initial diff {loss-proploss:.2g}')
        
        if loss-proploss >= gamma*t:
            for i in range(5):
                if loss-proploss >= gamma*t:
                    prevgamma=gamma
                    gamma=gamma/self.searchsize 
                    Xprop= X + gamma * searchdir 
                    proploss=self.lossfunction(Xprop,*args,**kwargs)
                else:
                    break
            log.debug(f'final gamma factor {gamma:.2g}')
            return prevgamma
        else:
            for i in range(10):
                if (loss-proploss < gamma*t or  np.isnan(loss-proploss)) and ( loss-proploss != 0):
                    prevgamma=gamma
                    gamma=gamma*self.searchsize
                    Xprop= X + gamma * searchdir 
                    proploss=self.lossfunction(Xprop,*args,**kwargs)
                else:
                    break
            log.debug(f'final gamma factor {prevgamma:.2g}')
            return gamma


_design = np.random.default_rng(7).normal(size=(10, 5)).astype(np.float32)
_data = np.random.default_rng(8).normal(size=(10,)).astype(np.float32)
opt = rpropwithbacktracking(_SALTResidsStandIn(_design, _data), searchtolerance=0.1, searchsize=0.5)
f = jax.jit(opt.twowaybacktracking)
# --- end user code ---


def _np_loss(X):
    model = np.tanh(_design @ X) + 0.1 * X.sum()
    return 0.5 * np.sum((model - _data) ** 2) + 0.01 * np.sum(X ** 4)


def _np_grad(X):
    z = _design @ X
    model = np.tanh(z) + 0.1 * X.sum()
    r = model - _data
    g = _design.T @ (r * (1 - np.tanh(z) ** 2)) + 0.1 * r.sum()
    return g + 0.04 * X ** 3


def make_inputs(rng):
    X = rng.normal(size=(5,)).astype(np.float32)
    grad = _np_grad(X).astype(np.float32)
    scale = np.float32(10.0 ** rng.uniform(-4.0, 1.5))
    searchdir = (-scale * grad).astype(np.float32)
    loss = np.float32(_np_loss(X))
    return (X, loss, grad, searchdir)


INPUTS = make_inputs


def _jloss(X):
    model = jnp.tanh(jnp.asarray(_design) @ X) + 0.1 * X.sum()
    return 0.5 * jnp.sum((model - jnp.asarray(_data)) ** 2) + 0.01 * jnp.sum(X ** 4)


@jax.jit
def reference_fix(X, loss, grad, searchdir):
    size = 0.5
    t = -0.1 * grad @ searchdir
    proploss0 = _jloss(X + 1.0 * searchdir)
    grow = loss - proploss0 >= 1.0 * t

    def grow_body(i, c):
        gamma, prevgamma, proploss, done = c
        ok = (~done) & (loss - proploss >= gamma * t)
        new_gamma = jnp.where(ok, gamma / size, gamma)
        prevgamma = jnp.where(ok, gamma, prevgamma)
        proploss = jnp.where(ok, _jloss(X + new_gamma * searchdir), proploss)
        return new_gamma, prevgamma, proploss, done | ~ok

    one = jnp.float32(1.0)
    _, prev_up, _, _ = jax.lax.fori_loop(0, 5, grow_body, (one, one / size, proploss0, jnp.bool_(False)))

    def shrink_body(i, c):
        gamma, proploss, done = c
        diff = loss - proploss
        ok = (~done) & ((diff < gamma * t) | jnp.isnan(diff)) & (diff != 0)
        new_gamma = jnp.where(ok, gamma * size, gamma)
        proploss = jnp.where(ok, _jloss(X + new_gamma * searchdir), proploss)
        return new_gamma, proploss, done | ~ok

    gamma_down, _, _ = jax.lax.fori_loop(0, 10, shrink_body, (one, proploss0, jnp.bool_(False)))
    return jnp.where(grow, prev_up, gamma_down)
