# source: https://github.com/jax-ml/jax/pull/5853 (the example in the description, saved in a file)
import jax
if __name__ == "__main__":
    jax.jit(lambda i: [1, 2, 3][i])(0)
