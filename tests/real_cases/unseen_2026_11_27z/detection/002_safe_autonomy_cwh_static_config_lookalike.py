"""safe-autonomy-simulation: CWH point-mass dynamics with use_jax=True; static config branches only (look-alike).

source: act3-ace/safe-autonomy-simulation safe_autonomy_simulation/sims/spacecraft/point_model.py at 1a5f1c3824c5a1893c2f481bc2ffab0d08718350 (CWHDynamics), on safe_autonomy_simulation/dynamics/ode.py at 1a5f1c3824c5a1893c2f481bc2ffab0d08718350 (ODEDynamics, ControlAffineODEDynamics, LinearODEDynamics) and safe_autonomy_simulation/dynamics/dynamics.py at a2f261a20314e5abe49c1e011bc90e88a8a7287f (Dynamics)
error: none
category: lookalike-static-config-in-methods
expect: untouched
notes: Jit-safe as written: every Python `if` in the methods reached from step() tests construction-time configuration (`self.integration_method == "RK45"`, `self.trajectory_samples > 0`, `self.angle_wrap_centers is not None`, `if use_jax`), the asserts test Python ints and static shapes, and the state-dependent clipping already uses `self.np.where` / `self.np.clip`. Method bodies are verbatim; long parameter docstrings are shortened; the `defaults` module is replaced by a stand-in holding the documented defaults; the optional-jax import guard is reduced to a plain import; the `RK45_JAX` branch of ODEDynamics._step (jax.experimental.ode.odeint) is left out. Entry point added: `f = jax.jit` of `dynamics.step(1.0, state, control)` on a module-level CWHDynamics(integration_method="Euler", use_jax=True) with finite velocity limits in state_min/state_max (chosen for the case so that the clipping paths run); Euler is the branch the project supports under jax (the scipy RK45 branch is kept but not taken). The leaky sibling CWHRotation2dDynamics (np.cos on the traced angle) is case 001.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import types
import typing

import jax
import jax.numpy as jnp
import numpy as np
import scipy


class defaults:  # stand-in for safe_autonomy_simulation.sims.spacecraft.defaults
    M_DEFAULT = 12.0
    N_DEFAULT = 0.001027


class Dynamics:
    """
    State transition implementation for a physics dynamics model. Used by entities to compute their next state when
    their step() method is called.
    """

    def __init__(
        self,
        state_min: typing.Union[float, np.ndarray] = -np.inf,
        state_max: typing.Union[float, np.ndarray] = np.inf,
        angle_wrap_centers: typing.Union[np.ndarray, None] = None,
        use_jax: bool = False,
    ):
        self.state_min = state_min
        self.state_max = state_max
        self.angle_wrap_centers = angle_wrap_centers
        self.use_jax = use_jax

        self.np: types.ModuleType
        if use_jax:
            if jax is None:  # pylint: disable=used-before-assignment
                raise ImportError(
                    "Failed to import jax. Make sure to install jax if using the `use_jax` option"
                )
            self.np = jnp
        else:
            self.np = np

    def step(
        self, step_size: float, state: np.ndarray, control: np.ndarray
    ) -> typing.Tuple[np.ndarray, np.ndarray]:
        next_state, state_dot = self._step(step_size, state, control)
        next_state = self.np.clip(next_state, self.state_min, self.state_max)
        next_state = self._wrap_angles(next_state)
        return next_state, state_dot

    def _wrap_angles(self, state: typing.Union[np.ndarray, jnp.ndarray]):
        if self.angle_wrap_centers is not None:
            needs_wrap = self.np.logical_not(self.np.isnan(self.angle_wrap_centers))

            wrapped_state = (
                ((state + np.pi) % (2 * np.pi)) - np.pi + self.angle_wrap_centers
            )

            output_state = self.np.where(needs_wrap, wrapped_state, state)
        else:
            output_state = state

        return output_state

    def _step(
        self, step_size: float, state: np.ndarray, control: np.ndarray
    ) -> typing.Tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError


class ODEDynamics(Dynamics):
    """
    State transition implementation for generic Ordinary Differential Equation dynamics models.
    Computes next state through numerical integration of differential equation.
    """

    def __init__(
        self,
        trajectory_samples: int = 0,
        state_min: typing.Union[float, np.ndarray] = -np.inf,
        state_max: typing.Union[float, np.ndarray] = np.inf,
        state_dot_min: typing.Union[float, np.ndarray] = -np.inf,
        state_dot_max: typing.Union[float, np.ndarray] = np.inf,
        angle_wrap_centers: typing.Union[np.ndarray, None] = None,
        integration_method: str = "RK45",
        use_jax: bool = False,
    ):
        super().__init__(
            state_min=state_min,
            state_max=state_max,
            angle_wrap_centers=angle_wrap_centers,
            use_jax=use_jax,
        )

        self.integration_method = integration_method
        self.state_dot_min = state_dot_min
        self.state_dot_max = state_dot_max

        assert isinstance(
            trajectory_samples, int
        ), "trajectory_samples must be an integer"
        self.trajectory_samples = trajectory_samples

        self.trajectory = None
        self.trajectory_t = None

    def compute_state_dot(
        self, t: float, state: np.ndarray, control: np.ndarray
    ) -> np.ndarray:
        state_dot = self._compute_state_dot(t, state, control)
        state_dot = self._clip_state_dot_direct(state_dot)
        state_dot = self._clip_state_dot_by_state_limits(state, state_dot)
        return state_dot

    def _compute_state_dot(
        self, t: float, state: np.ndarray, control: np.ndarray
    ) -> np.ndarray:
        raise NotImplementedError

    def _clip_state_dot_direct(self, state_dot: np.ndarray):
        return self.np.clip(state_dot, self.state_dot_min, self.state_dot_max)

    def _clip_state_dot_by_state_limits(self, state: np.ndarray, state_dot: np.ndarray):
        lower_bounded_states = state <= self.state_min
        upper_bounded_states = state >= self.state_max

        lower_bounded_clipped = self.np.clip(state_dot, 0, np.inf)
        upper_bounded_clipped = self.np.clip(state_dot, -np.inf, 0)

        state_dot = self.np.where(
            lower_bounded_states, lower_bounded_clipped, state_dot
        )
        state_dot = self.np.where(
            upper_bounded_states, upper_bounded_clipped, state_dot
        )

        return state_dot

    def _step(self, step_size: float, state: np.ndarray, control: np.ndarray):
        if self.integration_method == "RK45":
            t_eval = None
            if self.trajectory_samples > 0:
                t_eval = np.linspace(0, step_size, self.trajectory_samples + 1)[1:]

            sol = scipy.integrate.solve_ivp(
                self.compute_state_dot,
                (0, step_size),
                state,
                args=(control,),
                t_eval=t_eval,
            )

            self.trajectory = sol.y.T
            self.trajectory_t = sol.t

            next_state = sol.y[:, -1]  # save last timestep of integration solution
            state_dot = self.compute_state_dot(step_size, next_state, control)
        elif self.integration_method == "Euler":
            assert (
                self.trajectory_samples <= 0
            ), "trajectory sampling not currently supported with euler integration"
            state_dot = self.compute_state_dot(0, state, control)
            next_state = state + step_size * state_dot
        else:
            raise ValueError(f"invalid integration method '{self.integration_method}'")

        return next_state, state_dot


class ControlAffineODEDynamics(ODEDynamics):
    """
    State transition implementation for control affine Ordinary Differential Equation dynamics models of the form
        dx/dt = f(x) + g(x)u.
    """

    def _compute_state_dot(self, t: float, state: np.ndarray, control: np.ndarray):
        state_dot = (
            self.state_transition_system(state)
            + self.state_transition_input(state) @ control
        )
        return state_dot

    def state_transition_system(self, state: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def state_transition_input(self, state: np.ndarray) -> np.ndarray:
        raise NotImplementedError


class LinearODEDynamics(ControlAffineODEDynamics):
    """
    State transition implementation for generic Linear Ordinary Differential Equation dynamics models of the form
    dx/dt = Ax+Bu.
    """

    def __init__(
        self,
        A: np.ndarray,
        B: np.ndarray,
        trajectory_samples: int = 0,
        state_min: typing.Union[float, np.ndarray] = -np.inf,
        state_max: typing.Union[float, np.ndarray] = np.inf,
        state_dot_min: typing.Union[float, np.ndarray] = -np.inf,
        state_dot_max: typing.Union[float, np.ndarray] = np.inf,
        angle_wrap_centers: typing.Union[np.ndarray, None] = None,
        integration_method: str = "RK45",
        use_jax: bool = False,
    ):
        super().__init__(
            trajectory_samples=trajectory_samples,
            state_min=state_min,
            state_max=state_max,
            state_dot_min=state_dot_min,
            state_dot_max=state_dot_max,
            angle_wrap_centers=angle_wrap_centers,
            integration_method=integration_method,
            use_jax=use_jax,
        )

        assert (
            len(A.shape) == 2
        ), f"A must be square matrix. Instead got shape {A.shape}"
        assert (
            len(B.shape) == 2
        ), f"A must be square matrix. Instead got shape {B.shape}"
        assert (
            A.shape[0] == A.shape[1]
        ), f"A must be a square matrix, not dimension {A.shape}"
        assert A.shape[1] == B.shape[0], (
            "number of columns in A must match the number of rows in B."
            + f" However, got shapes {A.shape} for A and {B.shape} for B"
        )

        self.A = self.np.copy(A)
        self.B = self.np.copy(B)

    def state_transition_system(self, state: np.ndarray) -> np.ndarray:
        return self.A @ state

    def state_transition_input(self, state: np.ndarray) -> np.ndarray:
        return self.B


class CWHDynamics(LinearODEDynamics):
    """
    State transition implementation of 3D Clohessy-Wiltshire dynamics model.
    """

    def __init__(
        self,
        m=defaults.M_DEFAULT,
        n=defaults.N_DEFAULT,
        trajectory_samples: int = 0,
        state_min: typing.Union[float, np.ndarray] = -np.inf,
        state_max: typing.Union[float, np.ndarray] = np.inf,
        state_dot_min: typing.Union[float, np.ndarray] = -np.inf,
        state_dot_max: typing.Union[float, np.ndarray] = np.inf,
        integration_method: str = "RK45",
        use_jax: bool = False
    ):
        self.m = m  # kg
        self.n = n  # rads/s

        A = np.array(
            [
                [0, 0, 0, 1, 0, 0],
                [0, 0, 0, 0, 1, 0],
                [0, 0, 0, 0, 0, 1],
                [3 * n**2, 0, 0, 0, 2 * n, 0],
                [0, 0, 0, -2 * n, 0, 0],
                [0, 0, -(n**2), 0, 0, 0],
            ],
            dtype=np.float64,
        )

        B = np.array(
            [
                [0, 0, 0],
                [0, 0, 0],
                [0, 0, 0],
                [1 / m, 0, 0],
                [0, 1 / m, 0],
                [0, 0, 1 / m],
            ],
            dtype=np.float64,
        )

        super().__init__(
            A=A,
            B=B,
            trajectory_samples=trajectory_samples,
            state_min=state_min,
            state_max=state_max,
            state_dot_min=state_dot_min,
            state_dot_max=state_dot_max,
            integration_method=integration_method,
            use_jax=use_jax
        )


dynamics = CWHDynamics(
    state_min=np.array([-np.inf, -np.inf, -np.inf, -10.0, -10.0, -10.0]),
    state_max=np.array([np.inf, np.inf, np.inf, 10.0, 10.0, 10.0]),
    integration_method="Euler",
    use_jax=True,
)


@jax.jit
def f(state, control):
    return dynamics.step(1.0, state, control)
# --- end user code ---


def make_inputs(rng):
    state = (rng.normal(size=(6,)) * np.array([100.0, 100.0, 100.0, 5.0, 5.0, 5.0])).astype(np.float32)
    state[3] = rng.choice([-10.0, 0.5, 10.0])  # velocity at its limits on some trials
    control = rng.uniform(-1.0, 1.0, size=(3,)).astype(np.float32)
    return state, control


INPUTS = make_inputs
