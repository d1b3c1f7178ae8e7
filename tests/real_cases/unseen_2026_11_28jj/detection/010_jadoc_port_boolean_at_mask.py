"""JAX port of JADOC's ComputeLoss: NumPy's `mH[mH<dTauH]=dTauH` became `mH.at[mH<dTauH].set(dTauH)`.

source: JAX port of devlaming/jadoc (Joint Approximate Diagonalization under Orthogonality Constraints, de Vlaming & Slob) in the public code index (code-index file id 33143184505: PerformJADOC, ComputeLoss, ComputeFComplex / ComputeFReal / RotateData each with `#@njit` over `@jax.jit`, PerformGoldenSection, UpdateEstimates, ConjT, SimulateData, Test; the index does not name the port's repository). The NumPy/numba original is devlaming/jadoc jadoc.py (several stored revisions in the same index).
error: NonConcreteBooleanIndexError
category: boolean-mask-at-set
expect: fix
notes: ComputeLoss, ComputeFComplex, ComputeFReal and ConjT are verbatim. The port turned the in-place NumPy
  clamp of the Hessian approximation into `.at[boolean mask].set(...)`, which has a data-dependent index set
  under jit (the jitted helpers and the `bComplex` / `bLossOnly` flags are fine). Dropped: `from numba import
  njit,prange`, the scipy / jax.experimental.sparse imports and the driver functions not on this path;
  added the entry point `f = jax.jit(ComputeLoss, static_argnums=(2, 3, 4))` (bComplex, dTauH and bLossOnly are
  Python values in the author's calls).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.scipy.linalg
# import numpy as np
import jax.numpy as jnp
import jax.random
import time


def ComputeLoss(mA,vAlphaLambda,bComplex,dTauH=None,bLossOnly=False):
    if bComplex:
        mDiags=((jnp.real(mA)**2).sum(axis=2))+((jnp.imag(mA)**2).sum(axis=2))\
            +vAlphaLambda[:,None]
    else:
        mDiags=((mA**2).sum(axis=2))+vAlphaLambda[:,None]
    (iK,iN,iS)=mA.shape
    dLoss=0.5*(jnp.log(mDiags).sum())/iK
    if bLossOnly:
        return dLoss
    else:
        if bComplex:
            mF = jnp.zeros((iN,iN),dtype="complex128")
            mF = ComputeFComplex(mF,mA,mDiags,iK,iN)
        else:
            mF=jnp.zeros((iN,iN))
            mF=ComputeFReal(mF,mA,mDiags,iK,iN)
        mG=(mF-ConjT(mF))
        if bComplex:
            dRMSG=jnp.sqrt((((jnp.real(mG)**2).sum())+((jnp.imag(mG)**2).sum()))\
                          /(iN*(iN-1)))
        else:
            dRMSG=jnp.sqrt(((mG**2).sum())/(iN*(iN-1)))
        mH=(mDiags[:,:,None]/mDiags[:,None,:]).mean(axis=0)
        mH=mH+mH.T-2.0
        mH = mH.at[mH<dTauH].set(dTauH)
        mU = -mG/mH
        return dLoss,mDiags,dRMSG,mU

#@njit
@jax.jit
def ComputeFComplex(mF,mA,mDiags,iK,iN):
    for i in range(mA.shape[0]):
        vDiags=(mDiags[i]).reshape((mA.shape[1], 1))
        mF+=jnp.dot(mA[i]/vDiags,mA[i].conj().T)
    mF=mF/iK
    return mF

#@njit
@jax.jit
def ComputeFReal(mF,mA,mDiags,iK,iN):
    for i in range(mA.shape[0]):
        vDiags=(mDiags[i]).reshape((mA.shape[1], 1))
        mF+=jnp.dot(mA[i]/vDiags,mA[i].T)
    mF=mF/iK
    return mF

def ConjT(mA):
    if jnp.iscomplexobj(mA):
        return mA.conj().T
    else:
        return mA.T


f = jax.jit(ComputeLoss, static_argnums=(2, 3, 4))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    iK, iN, iS = 4, 6, 3
    mA = rng.normal(size=(iK, iN, iS))
    # two rows with nearly equal diagonal loads, so some off-diagonal mH fall below dTauH too
    mA[:, 1] = mA[:, 0] * (1 + 0.01 * rng.normal(size=(iK, 1)))
    vAlphaLambda = rng.uniform(0.5, 1.5, size=iK)
    return (mA.astype(np.float32), vAlphaLambda.astype(np.float32), False, 1E-2, False)


INPUTS = make_inputs


@jax.jit
def reference_fix(mA, vAlphaLambda, bComplex, dTauH, bLossOnly):
    dTauH = 1E-2  # the static value every trial passes
    mDiags = ((mA ** 2).sum(axis=2)) + vAlphaLambda[:, None]
    (iK, iN, iS) = mA.shape
    dLoss = 0.5 * (jnp.log(mDiags).sum()) / iK
    mF = jnp.zeros((iN, iN))
    mF = ComputeFReal(mF, mA, mDiags, iK, iN)
    mG = (mF - mF.T)
    dRMSG = jnp.sqrt(((mG ** 2).sum()) / (iN * (iN - 1)))
    mH = (mDiags[:, :, None] / mDiags[:, None, :]).mean(axis=0)
    mH = mH + mH.T - 2.0
    mH = jnp.where(mH < dTauH, dTauH, mH)
    mU = -mG / mH
    return dLoss, mDiags, dRMSG, mU
