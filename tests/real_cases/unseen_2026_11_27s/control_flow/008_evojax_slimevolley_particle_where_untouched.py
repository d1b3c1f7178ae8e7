"""EvoJAX's jit-safe Slime Volleyball Particle: class methods, a fixed 15-step loop and jnp.where everywhere.

source: google/evojax evojax/task/slimevolley.py at 85a7fe7f542c10881b5030d186e57333a28a1aaa (constants, ParticleState, initParticleState, class Particle: move, applyAcceleration, checkEdges, bounce, bounceIfColliding, limitSpeed); the port of hardmaru/slimevolleygym's Particle
error: none
category: negative
expect: untouched
notes: Particle methods verbatim (display dropped; it needs cv2). `from flax.struct import dataclass` replaced by a small stand-in that registers a frozen dataclass as a pytree (flax is not installed here). The driver `ball_tick` is added: it follows the ball part of the original Game.step (gravity, speed limit, move, bounce on the fence stub, edges). Looks leaky (methods mutating self.p, a Python `for i in range(15)` loop in bounce, comparisons on traced coordinates) but every branch is a jnp.where and the loop bound is static.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


def dataclass(cls):  # stand-in for flax.struct.dataclass
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = [fld.name for fld in dataclasses.fields(cls)]
    return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


REF_W = 24*2
REF_H = REF_W
REF_U = 1.5  # ground height
REF_WALL_WIDTH = 1.0  # wall width
REF_WALL_HEIGHT = 3.5
PLAYER_SPEED_X = 10*1.75
PLAYER_SPEED_Y = 10*1.35
MAX_BALL_SPEED = 15*1.5
TIMESTEP = 1/30.
NUDGE = 0.1
FRICTION = 1.0  # 1 means no FRICTION, less means FRICTION
GRAVITY = -9.8*2*1.5

BALL_COLOR = (217, 79, 0)
FENCE_COLOR = (102, 56, 35)


@dataclass
class ParticleState(object):
    x: jnp.float32
    y: jnp.float32
    prev_x: jnp.float32
    prev_y: jnp.float32
    vx: jnp.float32
    vy: jnp.float32
    r: jnp.float32


def initParticleState(x, y, vx, vy, r):
    return ParticleState(jnp.float32(x), jnp.float32(y),
                         jnp.float32(x), jnp.float32(y),
                         jnp.float32(vx), jnp.float32(vy),
                         jnp.float32(r))


class Particle:
    """ used for the ball, and also for the round stub above the fence """
    def __init__(self, p: ParticleState, c):
        self.p = p
        self.c = c

    def move(self):
        self.p = ParticleState(self.p.x+self.p.vx*TIMESTEP,
                               self.p.y+self.p.vy*TIMESTEP,
                               self.p.x, self.p.y,
                               self.p.vx, self.p.vy, r=self.p.r)

    def applyAcceleration(self, ax, ay):
        self.p = ParticleState(self.p.x, self.p.y,
                               self.p.prev_x, self.p.prev_y,
                               self.p.vx+ax*TIMESTEP, self.p.vy+ay*TIMESTEP,
                               r=self.p.r)

    def checkEdges(self):
        oldp = self.p
        return_sign = jnp.where(oldp.x <= 0, -1, 1)
        newx = oldp.x
        newy = oldp.y
        newpx = oldp.prev_x
        newpy = oldp.prev_y
        newvx = oldp.vx
        newvy = oldp.vy

        newx = jnp.where(oldp.x <= (oldp.r-REF_W/2),
                         oldp.r-REF_W/2+NUDGE*TIMESTEP, newx)
        newvx = jnp.where(oldp.x <= (oldp.r-REF_W/2),
                          oldp.vx*(-FRICTION), newvx)

        newx = jnp.where(oldp.x >= (REF_W/2-oldp.r),
                         REF_W/2-oldp.r-NUDGE*TIMESTEP, newx)
        newvx = jnp.where(oldp.x >= (REF_W/2-oldp.r),
                          oldp.vx*(-FRICTION), newvx)

        return_value = jnp.where(oldp.y <= (oldp.r+REF_U), 1, 0)

        newy = jnp.where(oldp.y <= (oldp.r+REF_U),
                         oldp.r+REF_U+NUDGE*TIMESTEP, newy)
        newvy = jnp.where(oldp.y <= (oldp.r+REF_U),
                          oldp.vy*(-FRICTION), newvy)

        newy = jnp.where(oldp.y >= (REF_H-oldp.r),
                         REF_H-oldp.r-NUDGE*TIMESTEP, newy)

        newvy = jnp.where(oldp.y >= (REF_H-oldp.r),
                          oldp.vy*(-FRICTION), newvy)

        # fence:

        newx = jnp.where((oldp.x <= (REF_WALL_WIDTH/2+oldp.r)) &
                         (oldp.prev_x > (REF_WALL_WIDTH/2+oldp.r)) &
                         (oldp.y <= REF_WALL_HEIGHT),
                         REF_WALL_WIDTH/2+oldp.r+NUDGE*TIMESTEP, newx)
        newvx = jnp.where((oldp.x <= (REF_WALL_WIDTH/2+oldp.r)) &
                          (oldp.prev_x > (REF_WALL_WIDTH/2+oldp.r)) &
                          (oldp.y <= REF_WALL_HEIGHT),
                          oldp.vx*(-FRICTION), newvx)

        newx = jnp.where((oldp.x >= (-REF_WALL_WIDTH/2-oldp.r)) &
                         (oldp.prev_x < (-REF_WALL_WIDTH/2-oldp.r)) &
                         (oldp.y <= REF_WALL_HEIGHT),
                         -REF_WALL_WIDTH/2-oldp.r-NUDGE*TIMESTEP, newx)
        newvx = jnp.where((oldp.x >= (-REF_WALL_WIDTH/2-oldp.r)) &
                          (oldp.prev_x < (-REF_WALL_WIDTH/2-oldp.r)) &
                          (oldp.y <= REF_WALL_HEIGHT),
                          oldp.vx*(-FRICTION), newvx)

        self.p = ParticleState(newx, newy, newpx, newpy, newvx, newvy, oldp.r)
        return return_value*return_sign

    def bounce(self, p):  # bounce two balls that have collided (this and that)
        oldp = self.p
        abx = oldp.x-p.x
        aby = oldp.y-p.y
        abd = jnp.sqrt(abx*abx+aby*aby)
        abx /= abd  # normalize
        aby /= abd
        nx = abx  # reuse calculation
        ny = aby
        abx *= NUDGE
        aby *= NUDGE

        new_y = oldp.y
        new_x = oldp.x
        dy = (new_y - p.x)
        dx = (new_x - p.y)

        total_r = oldp.r+p.r
        total_r2 = total_r*total_r

        # this was a while loop in the orig code, but most cases < 15.
        for i in range(15):
            total_d2 = (dy*dy + dx*dx)
            new_x = jnp.where(total_d2 < total_r2, new_x+abx, new_x)
            new_y = jnp.where(total_d2 < total_r2, new_y+aby, new_y)
            dy = (p.y - new_y)
            dx = (p.x - new_x)

        ux = oldp.vx - p.vx
        uy = oldp.vy - p.vy
        un = ux*nx + uy*ny
        unx = nx*(un*2.)  # added factor of 2
        uny = ny*(un*2.)  # added factor of 2
        ux -= unx
        uy -= uny
        return ParticleState(x=new_x, y=new_y,
                             prev_x=oldp.prev_x, prev_y=oldp.prev_y,
                             vx=ux + p.vx, vy=uy + p.vy, r=oldp.r)

    def bounceIfColliding(self, p):
        dy = p.y - self.p.y
        dx = p.x - self.p.x
        d2 = (dx*dx+dy*dy)
        r = self.p.r+p.r
        r2 = r*r
        newp = self.bounce(p)

        # make if condition work with jax:
        newx = jnp.where(d2 < r2, newp.x, self.p.x)
        newy = jnp.where(d2 < r2, newp.y, self.p.y)
        newprev_x = jnp.where(d2 < r2, newp.prev_x, self.p.prev_x)
        newprev_y = jnp.where(d2 < r2, newp.prev_y, self.p.prev_y)
        newvx = jnp.where(d2 < r2, newp.vx, self.p.vx)
        newvy = jnp.where(d2 < r2, newp.vy, self.p.vy)
        self.p = ParticleState(x=newx, y=newy,
                               prev_x=newprev_x, prev_y=newprev_y,
                               vx=newvx, vy=newvy, r=self.p.r)

    def limitSpeed(self, maxSpeed):
        oldp = self.p
        mag2 = oldp.vx*oldp.vx+oldp.vy*oldp.vy
        mag = jnp.sqrt(mag2)

        newvx = oldp.vx
        newvy = oldp.vy
        newvx = jnp.where(mag2 > (maxSpeed*maxSpeed), newvx/mag, newvx)
        newvy = jnp.where(mag2 > (maxSpeed*maxSpeed), newvy/mag, newvy)
        newvx = jnp.where(mag2 > (maxSpeed*maxSpeed), newvx*maxSpeed, newvx)
        newvy = jnp.where(mag2 > (maxSpeed*maxSpeed), newvy*maxSpeed, newvy)

        self.p = ParticleState(x=oldp.x, y=oldp.y,
                               prev_x=oldp.prev_x, prev_y=oldp.prev_y,
                               vx=newvx, vy=newvy, r=oldp.r)


@jax.jit
def ball_tick(ball_state):
    fence_stub = initParticleState(0, REF_WALL_HEIGHT, 0, 0, REF_WALL_WIDTH/2)
    ball = Particle(initParticleState(ball_state[0], ball_state[1],
                                      ball_state[2], ball_state[3], 0.5),
                    c=BALL_COLOR)
    ball.applyAcceleration(0, GRAVITY)
    ball.limitSpeed(MAX_BALL_SPEED)
    ball.move()
    ball.bounceIfColliding(fence_stub)
    result = -ball.checkEdges()
    p = ball.p
    return jnp.stack([p.x, p.y, p.vx, p.vy]), result


f = ball_tick
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(0, 4))
    if kind == 0:    # near the fence stub
        ang = rng.uniform(0.4, 2.7)
        d = rng.uniform(0.5, 0.95)
        st = [d * np.cos(ang), 3.5 + d * np.sin(ang), rng.uniform(-5, 5), rng.uniform(-8, 0)]
    elif kind == 1:  # about to land
        st = [rng.choice([-1, 1]) * rng.uniform(3, 20), rng.uniform(1.9, 2.3), rng.uniform(-5, 5), rng.uniform(-12, -4)]
    elif kind == 2:  # too fast, near a wall
        st = [rng.choice([-1, 1]) * rng.uniform(23.4, 23.9), rng.uniform(10, 40), rng.uniform(-30, 30), rng.uniform(18, 30)]
    else:
        st = [rng.uniform(-20, 20), rng.uniform(4, 45), rng.uniform(-15, 15), rng.uniform(-15, 15)]
    return (np.array(st, np.float32),)


INPUTS = make_inputs
