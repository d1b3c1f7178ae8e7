"""JAX's error reference page, UnexpectedTracerError: a traced value leaks out of the function
through a side effect, and the page's fix, which returns it. Also `print` of a tracer, which shows
the tracer once at trace time instead of the values."""

import jax
import jax.numpy as jnp
from jax import jit, lax

outs = []


@jit  # 1: the function is transformed
def side_effecting(x):
    y = x + 1  # 3: an intermediate value is a tracer
    outs.append(y)  # expect: TFX501


def leak():
    x = 1
    side_effecting(x)  # 2: the call traces the function
    return outs[0] + 1  # 5: UnexpectedTracerError here, far from the leak


# The page's fix: return the value and store it outside.
@jit
def not_side_effecting(x):
    y = x + 1
    return y


def no_leak():
    results = []
    x = 1
    y = not_side_effecting(x)
    results.append(y)
    return results[0] + 1


class Accumulator:
    def __init__(self):
        self.last = None

    def total(self, xs):
        def body(carry, x):
            self.last = carry  # expect: TFX501
            return carry + x, None

        return lax.scan(body, 0.0, xs)[0]

    def total_fixed(self, xs):
        def body(carry, x):
            return carry + x, carry

        total, carries = lax.scan(body, 0.0, xs)
        self.last = carries[-1]
        return total


@jax.jit
def loss(params, x):
    value = jnp.sum((params * x) ** 2)
    print("loss:", value)  # expect: TFX502
    return value


@jax.jit
def loss_fixed(params, x):
    value = jnp.sum((params * x) ** 2)
    jax.debug.print("loss: {}", value)
    print("tracing loss with", x.shape)
    return value


if __name__ == "__main__":
    print(no_leak())
    print(Accumulator().total_fixed(jnp.arange(3.0)))
    print(loss_fixed(jnp.ones(3), jnp.arange(3.0)))
