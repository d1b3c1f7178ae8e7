# source: https://github.com/jax-ml/jax/pull/16949 (the example in the description)
import jax

@jax.grad
def g(x):
    bool(x)  # not valid code

@jax.jit
def f(x):
    return g(x)

if __name__ == "__main__":
    f(1.)
