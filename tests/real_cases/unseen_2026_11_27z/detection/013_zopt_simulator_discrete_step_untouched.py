"""zopt's block simulator: a jitted discrete step full of static flags, asserts and shape slicing; jit-safe.

source: zprihoda/zopt zProj/simulator.py at 15fecb54bed1714734f00cba7e44e2de1523a7ab (SimBlock, Simulator) and zProj/lqrUtils.py (proportionalFeedbackController, code-index file id 12952592431)
error: none
category: negative
expect: untouched
notes: SimBlock and Simulator as in the file, minus the docstrings of Simulator.__init__, _internalStepFunContinuous and simulate and the empty SignalMap placeholder class (simulate and _solve_ivp_discrete are kept but not called); proportionalFeedbackController verbatim. The two block functions follow the repository's demos (`control_fun = lambda t, x, xCtrl: proportionalFeedbackController(...)`, a dynamics lambda), here for a discrete double integrator with dt=0.1 and a fixed gain K, written for this case. Entry point `f = sim._step_fun`, the step function the simulator jits itself; k and x are traced. Everything that looks value-dependent is static: the `assert`s and `if self.dt == 0` / `if jittable` run at construction, the slices use `self.blocks[0].nx` (a Python int), and the controller's `np.array([])` is a constant.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
import scipy.integrate as spi

from typing import Callable


class SimBlock():

    def __init__(
        self,
        fun: Callable[[np.ndarray, np.ndarray], np.ndarray],
        x0: np.ndarray,
        dt: float = 0,
        jittable: bool = True,
        name: str = None
    ):
        """
        Create a simulation block

        Arguments
        ---------
        fun : Update function of the form:
            - Continuous: `y,xDot = fun(t,x,u)`
            - Discrete: `y,x = fun(k,x,u)`
        x0 : Initial block state
        dt : Sample time of block, 0=continuous
        jittable : Flag specifying whether fun is compatible with jax jit compilation
        """
        if jittable:
            fun = jax.jit(fun)

        self.update = fun
        self.dt = dt
        self.jittable = jittable
        self.x0 = x0
        self.nx = len(x0)
        self.name = name


class Simulator():

    def __init__(
        self,
        blocks: list[SimBlock],
        t_span: tuple[float, float],
        method: str = "RK45",
        t_eval: np.ndarray | None = None
    ):
        self.blocks = blocks
        self.t_span = t_span
        self.method = method
        self.t_eval = t_eval
        self.dt = self._getSampleTime()
        self._step_fun = self._buildStepFunction()

    def _getSampleTime(self):
        assert len(set([block.dt for block in self.blocks])) == 1, "Multi-sample time not implemented yet."
        dt = self.blocks[0].dt
        return dt

    def _buildStepFunction(self):
        assert len(self.blocks) == 2, "Currently only supports 2 simBlocks."

        jittable = all([block.jittable for block in self.blocks])
        if self.dt == 0:
            stepFun = lambda t, x: self._internalStepFunContinuous(t, x)
        else:
            stepFun = lambda k, x: self._internalStepFunDiscrete(k, x)

        if jittable:
            stepFun = jax.jit(stepFun)

        return stepFun

    def _getStates(self, x):
        x0 = x[:self.blocks[0].nx]
        x1 = x[self.blocks[0].nx:]
        return x0, x1

    def _internalStepFunContinuous(self, t, x):
        x0, x1 = self._getStates(x)
        y0, dx0 = self.blocks[0].update(t, x0, x1)  # TODO: see above notes 1,2
        y1, dx1 = self.blocks[1].update(t, x1, y0)
        dx = jnp.concatenate([dx0, dx1])
        return dx

    def _internalStepFunDiscrete(self, k, x):
        x0, x1 = self._getStates(x)
        y0, x0 = self.blocks[0].update(k, x0, x1)
        y1, x1 = self.blocks[1].update(k, x1, y0)
        x = jnp.concatenate([x0, x1])
        return x

    def _solve_ivp_discrete(self, step_fun, N, x0):
        n = len(x0)
        xArr = np.zeros((N + 1, n))
        xArr[0] = x0
        for k in range(N):
            xArr[k + 1] = step_fun(k, xArr[k])
        tArr = np.arange(0, N + 1) * self.dt
        return tArr, xArr

    def simulate(self):
        x0 = np.concatenate([block.x0 for block in self.blocks])

        if self.dt == 0:
            out = spi.solve_ivp(self._step_fun, self.t_span, x0, method=self.method, t_eval=self.t_eval)
            tArr = out.t
            xArr = out.y.T
            kArr = tArr  # For resampling y
        else:
            N = int(np.ceil(self.t_span[1] / self.dt))
            tArr, xArr = self._solve_ivp_discrete(self._step_fun, N, x0)
            kArr = np.arange(0, len(tArr) - 1)  # For resampling y

        x0Arr = xArr[:, :self.blocks[0].nx]
        x1Arr = xArr[:, self.blocks[0].nx:]

        y0Arr = np.array([self.blocks[0].update(t, x0, x1)[0] for (t, x0, x1) in zip(kArr, x0Arr, x1Arr)])
        y1Arr = np.array([self.blocks[1].update(t, x1, y0)[0] for (t, x1, y0) in zip(kArr, x1Arr, y0Arr)])
        return tArr, x0Arr, x1Arr, y0Arr, y1Arr


## Basic LQR Controllers
def proportionalFeedbackController(x, x0, u0, K):
    control = -K @ (x - x0) + u0
    dxCtrl = np.array([])  # no controller states
    return control, dxCtrl


dt = 0.1
A = np.array([[1.0, dt], [0.0, 1.0]])
B = np.array([[0.5 * dt**2], [dt]])
K = np.array([[3.2, 2.6]])
xTrim = np.zeros(2)
uTrim = np.zeros(1)

control_fun = lambda k, xCtrl, x: proportionalFeedbackController(x, xTrim, uTrim, K)
dyn_fun = lambda k, x, u: (x, A @ x + B @ u)
controller = SimBlock(control_fun, np.array([]), dt=dt)
dynamics = SimBlock(dyn_fun, np.array([1.0, 0.0]), dt=dt)
sim = Simulator([controller, dynamics], (0, 10))

f = sim._step_fun
# --- end user code ---


def make_inputs(rng):
    k = np.int32(rng.integers(0, 100))
    x = rng.normal(size=(2,)).astype(np.float32)
    return (k, x)


INPUTS = make_inputs
