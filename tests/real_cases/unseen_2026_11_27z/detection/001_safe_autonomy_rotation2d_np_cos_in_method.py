"""safe-autonomy-simulation: a dynamics subclass with use_jax=True calls np.cos/np.sin on a traced state entry.

source: act3-ace/safe-autonomy-simulation safe_autonomy_simulation/sims/spacecraft/rotational_model.py at 0348a346ca5993d1831704a230fa39dfe335bbdb (CWHRotation2dDynamics), on the base classes of safe_autonomy_simulation/dynamics/dynamics.py at a2f261a20314e5abe49c1e011bc90e88a8a7287f (Dynamics) and safe_autonomy_simulation/dynamics/ode.py at 1a5f1c3824c5a1893c2f481bc2ffab0d08718350 (ODEDynamics, ControlAffineODEDynamics)
error: TracerArrayConversionError
category: method-numpy-on-traced-attribute
expect: fix
notes: The class switches its array module with `self.np = jnp if use_jax else np` (the constructor documents use_jax as "EXPERIMENTAL: Use JAX to accelerate state transition computation"), but state_transition_input still builds the control matrix from `np.cos(theta)` / `np.sin(theta)`, so the jitted step fails three calls deep inside a method (np.cos(theta) in state_transition_input, reached via step -> _step -> compute_state_dot -> _compute_state_dot). Method bodies are verbatim; long parameter docstrings are shortened; the `defaults` module is replaced by a small stand-in class holding the default values quoted in the docstrings; the optional-jax import guard is reduced to a plain import; the `RK45_JAX` branch of ODEDynamics._step (jax.experimental.ode.odeint) is left out; the scipy RK45 branch of ODEDynamics._step is kept but not used (integration_method="Euler", the branch the project supports with jax). Entry point added: `f = jax.jit` of `dynamics.step(1.0, state, control)` on a module-level instance. The fix is local: `self.np.cos` / `self.np.sin` (or jnp) in state_transition_input.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import types
import typing

import jax
import jax.numpy as jnp
import numpy as np
import scipy


class defaults:  # stand-in for safe_autonomy_simulation.sims.spacecraft.defaults
    M_DEFAULT = 12.0
    INERTIA_DEFAULT = 0.0573
    ANG_ACC_LIMIT_DEFAULT = 0.017453
    ANG_VEL_LIMIT_DEFAULT = 0.034907
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


class CWHRotation2dDynamics(ControlAffineODEDynamics):
    """
    State transition implementation of a Clohessy-Wiltshire dynamics model
    with 2D translational motion and 1D rotational motion.
    """

    def __init__(
        self,
        m: float = defaults.M_DEFAULT,
        inertia: float = defaults.INERTIA_DEFAULT,
        ang_acc_limit: float = defaults.ANG_ACC_LIMIT_DEFAULT,
        ang_vel_limit: float = defaults.ANG_VEL_LIMIT_DEFAULT,
        n: float = defaults.N_DEFAULT,
        trajectory_samples: int = 0,
        state_min: typing.Union[float, np.ndarray, None] = None,
        state_max: typing.Union[float, np.ndarray, None] = None,
        state_dot_min: typing.Union[float, np.ndarray, None] = None,
        state_dot_max: typing.Union[float, np.ndarray, None] = None,
        integration_method: str = "RK45",
        use_jax: bool = False,
    ):
        self.m = m  # kg
        self.inertia = inertia  # kg*m^2
        self.ang_acc_limit = ang_acc_limit  # rad/s^2
        self.ang_vel_limit = ang_vel_limit  # rad/s
        self.n = n  # rads/s

        if state_min is None:
            state_min = np.array(
                [-np.inf, -np.inf, -np.inf, -np.inf, -np.inf, -self.ang_vel_limit]
            )
        if state_max is None:
            state_max = np.array(
                [np.inf, np.inf, np.inf, np.inf, np.inf, self.ang_vel_limit]
            )

        if state_dot_min is None:
            state_dot_min = np.array(
                [
                    -np.inf,
                    -np.inf,
                    -self.ang_vel_limit,
                    -np.inf,
                    -np.inf,
                    -self.ang_acc_limit,
                ]
            )
        if state_dot_max is None:
            state_dot_max = np.array(
                [np.inf, np.inf, self.ang_vel_limit, np.inf, np.inf, self.ang_acc_limit]
            )

        super().__init__(
            trajectory_samples=trajectory_samples,
            state_min=state_min,
            state_max=state_max,
            state_dot_min=state_dot_min,
            state_dot_max=state_dot_max,
            integration_method=integration_method,
            use_jax=use_jax,
        )

        A = np.array(
            [
                [0, 0, 1, 0],
                [0, 0, 0, 1],
                [3 * n**2, 0, 0, 2 * n],
                [0, 0, -2 * n, 0],
            ],
            dtype=np.float64,
        )

        B = np.array(
            [
                [0, 0],
                [0, 0],
                [1 / m, 0],
                [0, 1 / m],
            ],
            dtype=np.float64,
        )

        self.A = self.np.copy(A)
        self.B = self.np.copy(B)

    def state_transition_system(self, state: np.ndarray) -> np.ndarray:
        x, y, x_dot, y_dot, theta, wz = state
        # Form separate state vector for translational state
        pos_vel_state_vec = self.np.array([x, y, x_dot, y_dot], self.np.float32)
        # Compute derivatives
        pos_vel_derivative = self.A @ pos_vel_state_vec

        # Form array of state derivatives
        state_derivative = self.np.array(
            [
                pos_vel_derivative[0],
                pos_vel_derivative[1],
                wz,
                pos_vel_derivative[2],
                pos_vel_derivative[3],
                0,
            ],
            dtype=self.np.float32,
        )
        return state_derivative

    def state_transition_input(self, state: np.ndarray) -> np.ndarray:
        theta = state[4]

        g = self.np.array(
            [
                [0, 0, 0],
                [0, 0, 0],
                [0, 0, 0],
                [np.cos(theta) / self.m, -np.sin(theta) / self.m, 0],
                [np.sin(theta) / self.m, np.cos(theta) / self.m, 0],
                [0, 0, 1 / self.inertia],
            ]
        )
        return g


dynamics = CWHRotation2dDynamics(integration_method="Euler", use_jax=True)


@jax.jit
def f(state, control):
    return dynamics.step(1.0, state, control)
# --- end user code ---


def make_inputs(rng):
    state = rng.normal(size=(6,)).astype(np.float32) * np.array(
        [100.0, 100.0, 1.0, 1.0, 3.0, 0.05], dtype=np.float32
    )
    # angular rate beyond +/- ang_vel_limit on some trials so that the state clipping acts
    state[5] = rng.choice([-0.05, 0.0, 0.01, 0.05])
    control = (rng.uniform(-1.0, 1.0, size=(3,)) * np.array([1.0, 1.0, 0.002])).astype(np.float32)
    return state, control


INPUTS = make_inputs


class _FixedRotation2dDynamics(CWHRotation2dDynamics):
    def state_transition_input(self, state):
        theta = state[4]
        c, s = jnp.cos(theta), jnp.sin(theta)
        z = jnp.zeros_like(theta)
        return jnp.array(
            [
                [z, z, z],
                [z, z, z],
                [z, z, z],
                [c / self.m, -s / self.m, z],
                [s / self.m, c / self.m, z],
                [z, z, z + 1 / self.inertia],
            ]
        )


_fixed_dynamics = _FixedRotation2dDynamics(integration_method="Euler", use_jax=True)


@jax.jit
def reference_fix(state, control):
    return _fixed_dynamics.step(1.0, state, control)
