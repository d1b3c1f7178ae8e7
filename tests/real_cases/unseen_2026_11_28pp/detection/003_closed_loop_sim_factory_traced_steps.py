"""A factory's inner `simulate` closure: a step count computed with jnp, then used as a shape and a loop bound.

source: public code-index file id 4602169488, a drone-control master-thesis script (imports nioc.envs.Quadrotor, nioc.control, mpcc.control.controller_single.Controller; functions simulate_trajectories, create_and_run_sim, class ControllerHandler). The index does not name the repository. Inside create_and_run_sim the author left "# TODO: Make this JITable if i have time" above the commented-out `#@partial(jax.jit, static_argnames=['dt', 'T'])` and a commented-out `jax.lax.scan` version of the loop.
error: ConcretizationTypeError
category: closure-factory / traced-shape / numpy-buffer
expect: fix
notes: create_and_run_sim (with its inner create_closed_loop_dynamics, simulate and step) is verbatim, including its print. Stand-ins for what the script imports: a pendulum `Pendulum.dyn` replaces nioc's Quadrotor dynamics and a fixed linear state feedback `lqr_policy(it, x)` replaces ControllerHandler.compute_control (an acados MPC). `f` jits the script's call `create_and_run_sim(env, policy, x0, dt, T)` with its values dt = 0.01, T = 0.3 (Python floats, so static). Under jit `jnp.array(T/dt, dtype=int)` is a tracer although dt and T are constants, so `jnp.linspace(0, T, num_steps)` fails; `range(num_steps)` and the writes into the NumPy buffers X and U would fail next.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import jit, random, vmap, numpy as jnp
import numpy as np
import jax


class Pendulum:
    """Stand-in for nioc.envs.Quadrotor: continuous-time dynamics x' = dyn(x, u)."""

    def dyn(self, x, u):
        theta, omega = x[0], x[1]
        return jnp.array([omega, -9.81 * jnp.sin(theta) - 0.1 * omega + u[0]])


K_LQR = jnp.array([[4.0, 1.5]])


def lqr_policy(it, x):
    """Stand-in for ControllerHandler.compute_control."""
    return -K_LQR @ x


# create a simulation function 
def create_and_run_sim(env, policy, x0, dt, T):

    # Closed-loop dynamics with controller
    def create_closed_loop_dynamics(env, policy):
        """Dynamics function for closed-loop system"""
        # Calculate control input (u = u_eq - K(x - x_eq))
        return lambda x, it: env.dyn(x, policy(it, x))

    closed_loop_dynamics = create_closed_loop_dynamics(env, policy)

    # Simulation function
    # TODO: Make this JITable if i have time
    #@jax.jit
    #@partial(jax.jit, static_argnames=['dt', 'T'])
    def simulate(x0, dt=0.01, T=5.0):
        """
        Simulate closed-loop system
        Args:
            K: LQR gain matrix
            x0: Initial state [theta, theta_dot]
            x_eq: Equilibrium state
            u_eq: Equilibrium control
            dt: Time step
            T: Total simulation time
        Returns:
            t: Time vector
            X: State trajectory
            U: Control inputs
        """
        num_steps = jnp.array(T/dt, dtype=int)
        t = jnp.linspace(0, T, num_steps)
        
        def step(carry, _):
            x, it = carry
            # Use RK4 integration
            k1 = dt * closed_loop_dynamics(x, it) #0, K, x_eq, u_eq)
            k2 = dt * closed_loop_dynamics(x + k1/2, it)#, 0, K, x_eq, u_eq)
            k3 = dt * closed_loop_dynamics(x + k2/2, it)#, 0, K, x_eq, u_eq)
            k4 = dt * closed_loop_dynamics(x + k3, it)#, 0, K, x_eq, u_eq)
            x_next = x + (k1 + 2*k2 + 2*k3 + k4)/6
            u = policy(it, x)

            it += 1
            carry = (x_next, it)
            return carry, (x_next, u)
        
        #_, (X, U) = jax.lax.scan(step, (x0, 0), None, length=num_steps)

        carry = (x0, 0)
        X = np.zeros((*np.shape(x0), num_steps))
        U = np.zeros((*np.shape(policy(0, x0)), num_steps))
        for i in range(num_steps):
            carry, (x_next, u) = step(carry, None)
            X[..., i] = x_next
            U[..., i] = u 
            print(x_next)
        return t, X, U

    return simulate(x0, dt, T)


@jax.jit
def f(x0):
    dt = 0.01
    T = 0.3
    return create_and_run_sim(Pendulum(), lqr_policy, x0, dt, T)
# --- end user code ---


def make_inputs(rng):
    x0 = np.array([rng.uniform(-1.2, 1.2), rng.uniform(-2.0, 2.0)], dtype=np.float32)
    return (x0,)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0):
    env, policy, dt, T = Pendulum(), lqr_policy, 0.01, 0.3
    closed_loop_dynamics = lambda x, it: env.dyn(x, policy(it, x))
    num_steps = int(T / dt)
    t = jnp.linspace(0, T, num_steps)

    def step(carry, _):
        x, it = carry
        k1 = dt * closed_loop_dynamics(x, it)
        k2 = dt * closed_loop_dynamics(x + k1 / 2, it)
        k3 = dt * closed_loop_dynamics(x + k2 / 2, it)
        k4 = dt * closed_loop_dynamics(x + k3, it)
        x_next = x + (k1 + 2 * k2 + 2 * k3 + k4) / 6
        u = policy(it, x)
        return (x_next, it + 1), (x_next, u)

    _, (X, U) = jax.lax.scan(step, (x0, 0), None, length=num_steps)
    return t, X.T, U.T
