# source: https://github.com/jax-ml/jax/pull/22098 (the example in the description)
import jax


@jax.jit
def f(qiaoqiao):
  if True and qiaoqiao:
    return 1
  return 0


if __name__ == "__main__":
  f(True)
