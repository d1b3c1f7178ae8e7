"""RMHMC leapfrog: a private helper returns a Python bool of traced NaN tests, used in an `if` in Leapfrog.leap.

source: public JAX Riemannian-manifold HMC module in the code index (code-index file id 12148363035; classes Target,
    Hamiltonian, Leapfrog, RMHMC and the metrics softabs / metric_expm / modifiedCholesky, funnel_neglog; the `leap`
    method sits under a commented-out `# @jax.jit`). The index does not name the repository.
error: TracerBoolConversionError
category: helper-returns-bool / method-on-traced-attribute
expect: fix
notes: the leak is in Leapfrog.__check_nan (`if np.any(np.isnan(x)) or np.any(np.isnan(p)): ret = True`), whose
    Python-bool result is tested by `if self.__check_nan(x,p):` in leap. Target, Hamiltonian, Leapfrog, softabs and funnel_neglog kept as written (the file uses `import jax.numpy as np`).
    Adapted: `jax.partial` (removed from JAX) -> `functools.partial`; dropped the unused `jax.ops` index_update import,
    matplotlib/tqdm/scipy.fftpack imports, the RMHMC driver class, modifiedCholesky/metric_expm/sabs and the other
    example targets; the entry point `f` builds Target/Hamiltonian/Leapfrog for the funnel target the way RMHMC.__init__
    does (epsilon = 0.5*d**-0.25, l = int(1.5/epsilon), omega = 100) and returns `leap()`; `f = jax.jit(...)` added.
    Inputs are small (0.2 * normal) so that float32 jit/eager differences stay inside the judge's tolerance; a NaN in
    the momentum in about 40% of the trials drives the revert branch.
    A fix replaces the helper's Python bool by a traced `jnp.any(...) | jnp.any(...)` and selects the reverted state
    with `jnp.where` (the print can go or become jax.debug.print).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import numpy as onp
import jax
import jax.numpy as np
import jax.scipy.linalg as sla


class Target:
    def __init__(self,neglog,d,metric_fun):
        self.__neglog = neglog
        self.__hessian_fun = jax.jit(jax.jacfwd(jax.jacrev(self.__neglog)))
        self.__metric_fun = metric_fun
        self.__d = d
        self.__softabs_const = 1e0

    @property
    def softabs_const(self):
        return self.__softabs_const

    @softabs_const.setter
    def softabs_const(self,softabs_const):
        if softabs_const>0:
            self.__softabs_const = softabs_const
        else:
            raise ValueError(softabs_const)

    @property
    def d(self):
        return self.__d

    @property
    def hessian_at(self):
        return self.__hessian_fun


    def neglog(self,x):
        return self.__neglog(x)

    @functools.partial(jax.jit, static_argnums=(0,))#https://github.com/google/jax/issues/1251
    def __metric(self,x):
        H = self.hessian_at(x)
        return self.__metric_fun(H,self.__softabs_const)


    def metric(self,x):
        # return np.eye(self.__d)
        return self.__metric(x)

    @property
    def metric_fun(self):
        return self.__metric_fun

    @metric_fun.setter
    def metric_fun(self,value):
        self.__metric_fun = value

class Hamiltonian:
    def __init__(self,target,x,p):
        if isinstance(target,Target):
            self.__target = target
        else:
            raise ValueError(target)

        if x.shape[0] == self.__target.d:
            self.__x = x
        else:
            raise ValueError(x)

        if p.shape[0] == self.__target.d:
            self.__p = p
        else:
            raise ValueError(p)

        self.__jac_fun = jax.jit(jax.grad(self.__fun)) #by default the derivative is against the first argument


    #Hamiltonian at x_star and p_star
    @functools.partial(jax.jit, static_argnums=(0,))#https://github.com/google/jax/issues/1251
    def __fun(self,x_star,p_star):
        L = self.__target.metric(x_star)
        # p_temp = np.linalg.solve(L,p_star)
        p_temp = sla.solve_triangular(L,p_star,lower=False)
        return self.__target.neglog(x_star) + 0.5*np.sum(p_temp*p_temp) + np.linalg.slogdet(L)[1]


    @property
    def x(self):
        return self.__x

    @x.setter
    def x(self,x):
        if x.shape[0] == self.__target.d:
            self.__x = x
        else:
            raise ValueError(x)

    @property
    def p(self):
        return self.__p

    @p.setter
    def p(self,p):
        if p.shape[0] == self.__target.d:
            self.__p = p
        else:
            raise ValueError(p)

    @property
    def value(self):
        return self.__fun(self.__x,self.__p)

    @property
    def jacobian(self):
        return self.__jac_fun(self.__x,self.__p)

    @property
    def jacobian_at(self):
        return self.__jac_fun

    def value_at(self,x_star,p_star):
        return self.__fun(x_star,p_star)


class Leapfrog:
    def __init__(self,epsilon,l,omega,target,hamiltonian,track=False):

        if epsilon>0:
            self.__epsilon = epsilon
        else:
            raise ValueError(epsilon)

        if l>0:
            self.__l = int(l)
        else:
            raise ValueError(l)

        if omega>0:
            self.__omega = int(omega)
        else:
            raise ValueError(omega)

        if isinstance(target,Target):
            self.__target = target
        else:
            raise ValueError(target)

        if isinstance(hamiltonian,Hamiltonian):
            self.__hamiltonian = hamiltonian
        else:
            raise ValueError(hamiltonian)

        self.__track = track
        self.__path = onp.empty((self.__l,self.__target.d))

        self.__cos = np.cos(2*self.__omega*self.__epsilon)
        self.__sin = np.sin(2*self.__omega*self.__epsilon)

    @property
    def track(self):
        return self.__track

    @track.setter
    def track(self,value):
        self.__track=value


    @property
    def l(self):
        return self.__l

    @property
    def epsilon(self):
        return self.__epsilon

    @property
    def omega(self):
        return self.__omega


    @functools.partial(jax.jit, static_argnums=(0,))#https://github.com/google/jax/issues/1251
    def __phi_H_1(self,x,p,xtilde,ptilde):
        p = p - 0.5*self.__epsilon*self.__hamiltonian.jacobian_at(x,ptilde)
        L = self.__target.metric(x)
        # xtilde = xtilde + 0.5*self.__epsilon*np.linalg.solve(L@L.T,ptilde)
        xtilde = xtilde + 0.5*self.__epsilon*sla.solve_triangular(L.T,sla.solve_triangular(L,ptilde,lower=False),lower=True)
        return x,p,xtilde,ptilde


    @functools.partial(jax.jit, static_argnums=(0,))#https://github.com/google/jax/issues/1251
    def __phi_H_2(self,x,p,xtilde,ptilde):
        ptilde = ptilde - 0.5*self.__epsilon*self.__hamiltonian.jacobian_at(xtilde,p)
        L = self.__target.metric(xtilde)
        # x = x + 0.5*self.__epsilon*np.linalg.solve(L@L.T,p)
        x = x + 0.5*self.__epsilon*sla.solve_triangular(L.T,sla.solve_triangular(L,p,lower=False),lower=True)
        return x,p,xtilde,ptilde

    @functools.partial(jax.jit, static_argnums=(0,))#https://github.com/google/jax/issues/1251
    def __phi_omega_h(self,x,p,xtilde,ptilde):
        x = (x+xtilde + self.__cos*(x-xtilde) + self.__sin*(p-ptilde))/2
        p = (p+ptilde - self.__sin*(x-xtilde) + self.__cos*(p-ptilde))/2
        xtilde = (x+xtilde - self.__cos*(x-xtilde) - self.__sin*(p-ptilde))/2
        ptilde = (p+ptilde + self.__sin*(x-xtilde) - self.__cos*(p-ptilde))/2
        return x,p,xtilde,ptilde

    # @jax.jit
    def leap(self):
        x = self.__hamiltonian.x.copy()
        p = self.__hamiltonian.p.copy()
        xtilde = x.copy()
        ptilde = p.copy()

        for i in range(self.__l):
            x,p,xtilde,ptilde = self.__phi_H_1(x,p,xtilde,ptilde)

            x,p,xtilde,ptilde = self.__phi_H_2(x,p,xtilde,ptilde)

            x,p,xtilde,ptilde = self.__phi_omega_h(x,p,xtilde,ptilde)

            x,p,xtilde,ptilde = self.__phi_H_2(x,p,xtilde,ptilde)

            x,p,xtilde,ptilde = self.__phi_H_1(x,p,xtilde,ptilde)

            if self.__track:
                self.__path[i,:] = x

        if self.__check_nan(x,p):
            print('There is nan in the result! revert back to the original position')
            x = self.__hamiltonian.x.copy()
            p = self.__hamiltonian.p.copy()

        if self.__track:
            return x,p,self.__path
        else:
            return x,p


    def __check_nan(self,x,p):
        ret=False
        if np.any(np.isnan(x)) or np.any(np.isnan(p)):
            ret = True
        return ret


'''
The softabs function
'''
@jax.jit
def softabs(H,softabs_const=1e0):
    spec,T = np.linalg.eigh(H)
    abs_spec = (1./np.tanh(softabs_const * spec)) * spec
    G = ((T*abs_spec)@T.T)
    L = sla.cholesky(G)
    return L


'''
Example of target density
'''
@jax.jit
def funnel_neglog(x):
    nLP = (x[0]**2/(2*np.exp(x[1])) + x[1]/2 + x[1]**2/18)
    return nLP


def _leap(x_init, p_init):
    target = Target(funnel_neglog, 2, metric_fun=softabs)
    target.softabs_const = 1e0
    epsilon = 0.5*target.d**(-0.25)
    l = int(1.5/epsilon)
    omega = 100
    hamiltonian = Hamiltonian(target, x_init, p_init)
    leapfrog = Leapfrog(epsilon, l, omega, target, hamiltonian)
    return leapfrog.leap()


f = jax.jit(_leap)
# --- end user code ---

import numpy as _np


def make_inputs(rng):
    x = (0.2 * rng.normal(size=(2,))).astype(_np.float32)
    p = (0.2 * rng.normal(size=(2,))).astype(_np.float32)
    if rng.uniform() < 0.4:
        # a NaN momentum: the trajectory is NaN and leap() reverts to the starting point
        p[rng.integers(2)] = _np.nan
    return (x, p)


INPUTS = make_inputs


def _ref_leap(x_init, p_init):
    target = Target(funnel_neglog, 2, metric_fun=softabs)
    epsilon = 0.5*target.d**(-0.25)
    l = int(1.5/epsilon)
    hamiltonian = Hamiltonian(target, x_init, p_init)
    leapfrog = Leapfrog(epsilon, l, 100, target, hamiltonian)
    phi_H_1 = leapfrog._Leapfrog__phi_H_1
    phi_H_2 = leapfrog._Leapfrog__phi_H_2
    phi_omega_h = leapfrog._Leapfrog__phi_omega_h
    x, p, xtilde, ptilde = x_init, p_init, x_init, p_init
    for _ in range(l):
        x, p, xtilde, ptilde = phi_H_1(x, p, xtilde, ptilde)
        x, p, xtilde, ptilde = phi_H_2(x, p, xtilde, ptilde)
        x, p, xtilde, ptilde = phi_omega_h(x, p, xtilde, ptilde)
        x, p, xtilde, ptilde = phi_H_2(x, p, xtilde, ptilde)
        x, p, xtilde, ptilde = phi_H_1(x, p, xtilde, ptilde)
    bad = np.any(np.isnan(x)) | np.any(np.isnan(p))
    return np.where(bad, x_init, x), np.where(bad, p_init, p)


reference_fix = jax.jit(_ref_leap)
