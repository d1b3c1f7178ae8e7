# source: https://github.com/jax-ml/jax/issues/23637 (the example in the description)
import jax
def body(c, _): return bool(c), None
if __name__ == "__main__":
    jax.lax.scan(body, 3., None, length=1)
