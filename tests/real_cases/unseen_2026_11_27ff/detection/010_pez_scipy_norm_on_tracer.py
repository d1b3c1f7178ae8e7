"""Linearised probabilistic engagement zone: scipy.stats.norm and np.sqrt applied to traced values.

source: grastagg/Probabilistic-Weapon-Engagement-Zones fast_pursuer.py at 05fd2273b9737f8247319ef26e95d7bc25c0c637 (inEngagementZoneJax, dPezDPursuerPosition, probabalisticEngagementZoneTemp under its commented-out `# @jit`)
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: inEngagementZoneJax, the jacfwd line for dPezDPursuerPosition and probabalisticEngagementZoneTemp verbatim
  (dropped: the other jacfwd lines, plotting helpers, the NumPy twin inEngagementZone, and the module-level
  jax_enable_x64 / device / backend-print lines). The entry point re-enables the commented-out `# @jit`, with the
  Jacobian function as a static argument. `norm(mean, np.sqrt(cov))` hands the traced mean/variance to NumPy/SciPy;
  the same file's later probabalisticEngagementZoneVectorizedTemp computes it as
  `jax.scipy.stats.norm.cdf(0, mean, jnp.sqrt(cov))`. Agent positions are (2, 1) column vectors as in the file's
  plotting loops.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax.numpy as jnp
from jax import jacfwd, value_and_grad

from scipy.stats import norm
from jax import jit
import jax


@jit
def inEngagementZoneJax(agentPosition,agentHeading, pursuerPosition, pursuerRange, pursuerCaptureRange, pursuerSpeed, agentSpeed):
    rotationMinusHeading = jnp.array([[jnp.cos(agentHeading), jnp.sin(agentHeading)], [-jnp.sin(agentHeading), jnp.cos(agentHeading)]])
    pursuerPositionHat = rotationMinusHeading@(pursuerPosition - pursuerPosition)
    agentPositionHat = rotationMinusHeading@(agentPosition - pursuerPosition)

    speedRatio = agentSpeed / pursuerSpeed
    distance = jnp.linalg.norm(agentPosition - pursuerPosition)
    # epsilon = agentHeading + np.arctan2(agentPosition[1] - pursuerPosition[1], pursuerPosition[0] - agentPosition[0])
    # epsilon = np.arctan2(agentPositionHat[1] - pursuerPositionHat[1], pursuerPositionHat[0] - agentPositionHat[0])
    epsilon = jnp.arctan2(pursuerPositionHat[1] - agentPositionHat[1], pursuerPositionHat[0] - agentPositionHat[0])
    # print(epsilon)
    rho = speedRatio*pursuerRange*(jnp.cos(epsilon) + jnp.sqrt(jnp.cos(epsilon)**2 - 1+(pursuerRange+pursuerCaptureRange)**2/(speedRatio**2*pursuerRange**2)))
    
    # return distnce < rho
    return distance - rho


    
# @jit
def probabalisticEngagementZoneTemp(agentPosition, agentHeading, pursuerPosition,pursuerPositionCov, pursuerRange, pursuerCaptureRange, pursuerSpeed, agentSpeed,dPezDPursuerPosition):
    mean = inEngagementZoneJax(agentPosition, agentHeading, pursuerPosition, pursuerRange, pursuerCaptureRange, pursuerSpeed, agentSpeed).squeeze()
    dPezDPursuerPositionJac = dPezDPursuerPosition(agentPosition,agentHeading, pursuerPosition, pursuerRange, pursuerCaptureRange, pursuerSpeed, agentSpeed).squeeze()
    cov = dPezDPursuerPositionJac@pursuerPositionCov@dPezDPursuerPositionJac.T
    diffDistribution = norm(mean, np.sqrt(cov))
    return diffDistribution.cdf(0)

dPezDPursuerPosition = jacfwd(inEngagementZoneJax, argnums=2)


f = jax.jit(probabalisticEngagementZoneTemp, static_argnames="dPezDPursuerPosition")
# --- end user code ---


def make_inputs(rng):
    # agents near the zone boundary (probability strictly between 0 and 1), deep inside, and far outside
    k = rng.integers(0, 3)
    scale = {0: 0.9, 1: 0.3, 2: 1.8}[int(k)]
    ang = rng.uniform(-np.pi, np.pi)
    agentPosition = (scale * np.array([[np.cos(ang)], [np.sin(ang)]])).astype(np.float32)
    agentHeading = np.float32(rng.uniform(-np.pi, np.pi))
    pursuerPosition = rng.normal(0.0, 0.05, size=(2, 1)).astype(np.float32)
    a = rng.uniform(0.05, 0.3)
    pursuerPositionCov = np.array([[a, 0.02], [0.02, a]], dtype=np.float32)
    pursuerRange = np.float32(rng.uniform(0.7, 0.9))
    pursuerCaptureRange = np.float32(0.1)
    pursuerSpeed = np.float32(1.0)
    agentSpeed = np.float32(0.9)
    return (agentPosition, agentHeading, pursuerPosition, pursuerPositionCov, pursuerRange,
            pursuerCaptureRange, pursuerSpeed, agentSpeed, dPezDPursuerPosition)


INPUTS = make_inputs


from functools import partial


@partial(jax.jit, static_argnames="dPez")
def reference_fix(agentPosition, agentHeading, pursuerPosition, pursuerPositionCov, pursuerRange,
                  pursuerCaptureRange, pursuerSpeed, agentSpeed, dPez):
    mean = inEngagementZoneJax(agentPosition, agentHeading, pursuerPosition, pursuerRange, pursuerCaptureRange, pursuerSpeed, agentSpeed).squeeze()
    J = dPez(agentPosition, agentHeading, pursuerPosition, pursuerRange, pursuerCaptureRange, pursuerSpeed, agentSpeed).squeeze()
    cov = J @ pursuerPositionCov @ J.T
    return jax.scipy.stats.norm.cdf(0, mean, jnp.sqrt(cov))
