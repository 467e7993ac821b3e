"""A small model of programs with regions, for gen_control.py.

Python 3 standard library only; element arithmetic comes from model.py.
Independent of ir-run's C code: written from SPEC.md sections 2, 4, 9.2 and
9.3.

A program is built in Python (Func, Block, Op below) and then used in three
ways:

  verify()  a static pass: SSA scoping (SPEC 9.2.1: a region sees the values
            visible at its op; a name defined inside may not repeat a visible
            name), operand and region types of the control ops (9.3);
  run()     the model: evaluates the entry function with the element rules
            of model.py and the region semantics of 9.2.2/9.3 (while, if,
            case, map, sort with stdsort.py, optimization_barrier, tuples,
            tokens, composite, func.call); `pin` ops take their expected
            values from this evaluation;
            while it runs it also writes a TRACE: the same computation as a
            straight-line program of ops ir-run already supports (region ops
            inlined, loops unrolled, branch decisions and comparator
            matrices turned into checks), carrying the same expected values;
            running the trace with ir-run validates the arithmetic, literals
            and check lines of the generated test without the new ops;
  render()  the MLIR text of the test (pretty or generic forms per op).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import gen  # noqa: E402
import model  # noqa: E402
import stdsort  # noqa: E402
from model import FMTS  # noqa: E402

CPLX = gen.CPLX

# ------------------------------------------------------------------ types
# ('tensor', shape tuple, element type) | ('token',) | ('tuple', (types...))


def TT(et, *shape):
    return ('tensor', tuple(shape), et)


TOKEN = ('token',)


def TUP(*ts):
    return ('tuple', tuple(ts))


def tstr(t):
    if t[0] == 'tensor':
        return gen.ttype(list(t[1]), t[2])
    if t[0] == 'token':
        return '!stablehlo.token'
    return 'tuple<' + ', '.join(tstr(x) for x in t[1]) + '>'


def nelems(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def is_int(et):
    return et in model.INT_NAMES


def is_sint(et):
    return et in model.INT_NAMES and et.startswith('i') and et != 'i1'


def is_uint(et):
    return et.startswith('ui')


# ------------------------------------------------------------------ values


class Ten:
    __slots__ = ('et', 'shape', 'vals', 'tr')

    def __init__(self, et, shape, vals, tr=None):
        self.et, self.shape, self.vals, self.tr = et, tuple(shape), list(vals), tr
        assert len(self.vals) == nelems(self.shape), (et, shape, len(vals))

    @property
    def type(self):
        return TT(self.et, *self.shape)


class Tok:
    type = TOKEN


class Tup:
    def __init__(self, items):
        self.items = list(items)

    @property
    def type(self):
        return TUP(*[x.type for x in self.items])


# ------------------------------------------------------------------ element ops


def f_binop(op, f, a, b):
    return model.float_binop(op, FMTS[f], a, b)


def c_binop(op, et, a, b):
    """complex<f32>/complex<f64> (re, im) pattern pairs; SPEC 4.4-4.6, 4.11."""
    p = CPLX[et]
    if op in ('add', 'subtract'):
        return (f_binop(op, p, a[0], b[0]), f_binop(op, p, a[1], b[1]))
    if op == 'multiply':
        ac = f_binop('multiply', p, a[0], b[0])
        bd = f_binop('multiply', p, a[1], b[1])
        ad = f_binop('multiply', p, a[0], b[1])
        bc = f_binop('multiply', p, a[1], b[0])
        return (f_binop('subtract', p, ac, bd), f_binop('add', p, ad, bc))
    if op in ('maximum', 'minimum'):
        d = 'GT' if op == 'maximum' else 'LT'
        if model.float_compare('EQ', FMTS[p], a[0], b[0]):
            return a if model.float_compare(d, FMTS[p], a[1], b[1]) else b
        return a if model.float_compare(d, FMTS[p], a[0], b[0]) else b
    raise ValueError(op)


def bitop(op, et, a, b):
    if op == 'and':
        r = a & b
    elif op == 'or':
        r = a | b
    else:
        r = a ^ b
    return model.wrap(et, r) if et != 'i1' else r


def binop(op, et, a, b):
    if op in ('and', 'or', 'xor'):
        assert et in model.INT_NAMES
        return bitop(op, et, a, b)
    if et in CPLX:
        return c_binop(op, et, a, b)
    if et in FMTS:
        return f_binop(op, et, a, b)
    return model.int_binop(op, et, a, b)


def unop(op, et, a):
    if op == 'not':
        if et == 'i1':
            return 1 - a
        return model.wrap(et, ~a)
    if et in CPLX:
        assert op == 'negate'
        p = CPLX[et]
        return (model.float_unop('negate', FMTS[p], a[0]), model.float_unop('negate', FMTS[p], a[1]))
    if et in FMTS:
        return model.float_unop(op, FMTS[et], a)
    return model.int_unop(op, et, a)


def compare(direction, ctype, et, a, b):
    if et in CPLX:
        # SPEC 4.25 / section 8 item 8: EQ/NE on both parts, ordering
        # lexicographic (real part, then imaginary), IEEE on each part
        f = FMTS[CPLX[et]]

        def c(d, x, y):
            return model.float_compare(d, f, x, y)
        eq = c('EQ', a[0], b[0]) and c('EQ', a[1], b[1])
        if direction == 'EQ':
            return eq
        if direction == 'NE':
            return not eq
        if direction in ('GT', 'GE'):
            a, b = b, a
            direction = 'LT' if direction == 'GT' else 'LE'
        return c('LT', a[0], b[0]) or (c('EQ', a[0], b[0]) and c(direction, a[1], b[1]))
    if et in FMTS:
        return model.float_compare(direction, FMTS[et], a, b, totalorder=(ctype == 'TOTALORDER'))
    return model.int_compare(direction, a, b)


def convert(src, dst, x):
    assert src not in CPLX and dst not in CPLX
    return model.convert(src, dst, x)


# ------------------------------------------------------------------ program


class Op:
    """kind, result names, result types, operand names, attrs, regions."""

    def __init__(self, kind, results, rtypes, operands, regions=(), **attrs):
        self.kind = kind
        self.results = list(results)
        self.rtypes = list(rtypes)
        self.operands = list(operands)
        self.regions = list(regions)
        self.attrs = attrs
        assert len(self.results) == len(self.rtypes)


class Block:
    """A region's single block (also a function body)."""

    def __init__(self, fn, args=(), generic_return=False):
        self.fn = fn
        self.args = list(args)        # [(name, type)]
        self.ops = []
        self.ret = None               # [names]
        self.generic_return = generic_return

    # ---- builders (return result names)
    def add(self, kind, rtypes, operands, regions=(), names=None, group=None, **attrs):
        if names is None:
            if group is not None:
                names = ['%s#%d' % (group, k) for k in range(len(rtypes))] if len(rtypes) > 1 else [group]
            else:
                names = [self.fn.fresh(kind) for _ in rtypes]
        op = Op(kind, names, rtypes, operands, regions, **attrs)
        for n, t in zip(names, rtypes):
            self.fn.types[n] = t
            if n.endswith('#0'):
                self.fn.types[n[:-2]] = t
        if group is not None and len(rtypes) > 1:
            op.attrs['group'] = group
        self.ops.append(op)
        return names[0] if len(names) == 1 else names

    def const(self, et, shape, vals, name=None):
        return self.add('constant', [TT(et, *shape)], [], names=[name] if name else None, vals=list(vals))

    def splat(self, et, shape, v, name=None):
        return self.const(et, shape, [v] * nelems(shape), name)

    def bin(self, op, a, b, name=None, generic=False):
        t = self.fn.type_of(a)
        return self.add(op, [t], [a, b], names=[name] if name else None, generic=generic)

    def un(self, op, a, name=None):
        t = self.fn.type_of(a)
        return self.add(op, [t], [a], names=[name] if name else None)

    def cmp(self, d, a, b, ctype, name=None):
        t = self.fn.type_of(a)
        return self.add('compare', [TT('i1', *t[1])], [a, b], names=[name] if name else None,
                        direction=d, ctype=ctype)

    def select(self, p, a, b, name=None):
        return self.add('select', [self.fn.type_of(a)], [p, a, b], names=[name] if name else None)

    def convert(self, a, et, name=None):
        t = self.fn.type_of(a)
        return self.add('convert', [TT(et, *t[1])], [a], names=[name] if name else None)

    def ret_(self, *names):
        self.ret = list(names)

    def pin(self, name, tag=None):
        """Check value `name` bit for bit against the model's value."""
        self.ops.append(Op('pin', [], [], [name], tag=tag or self.fn.fresh('p')))

    def expect_bad(self, name, vals):
        """check.expect_eq_const that must FAIL (for tests/interpret/pending/fail)."""
        self.ops.append(Op('expect_bad', [], [], [name], vals=list(vals)))

    def expect(self, name, vals):
        """check.expect_eq_const with explicit values; the model must agree."""
        self.ops.append(Op('expect', [], [], [name], vals=list(vals)))


class Func:
    def __init__(self, prog, name, args=(), results=()):
        self.prog = prog
        self.name = name
        self.results = list(results)
        self.body = Block(self, args)
        self.counter = 0
        self.types = {}
        for n, t in args:
            self.types[n] = t
        prog.funcs.append(self)

    HINTS = {'constant': 'c', 'compare': 'cmp', 'multiply': 'mul', 'subtract': 'sub',
             'divide': 'div', 'remainder': 'rem', 'maximum': 'max', 'minimum': 'min',
             'negate': 'neg', 'select': 'sel', 'convert': 'cvt', 'after_all': 'tok',
             'create_token': 'tok', 'optimization_barrier': 'ob', 'get_tuple_element': 'gte',
             'tuple': 'tup', 'broadcast_in_dim': 'bc', 'reshape': 'rs', 'reduce_add': 'red',
             'composite': 'cps', 'call': 'call', 'iota': 'iota'}

    def fresh(self, hint):
        self.counter += 1
        h = self.HINTS.get(hint, ''.join(c for c in hint if c.isalnum())[:5] or 'v')
        return '%s%d' % (h, self.counter)

    def type_of(self, name):
        if name not in self.types:
            self.collect()
        return self.types[name]

    def collect(self):
        def walk(b):
            for n, t in b.args:
                self.types[n] = t
            for op in b.ops:
                for n, t in zip(op.results, op.rtypes):
                    self.types[n] = t
                    if '#' in n and n.endswith('#0'):
                        self.types[n[:-2]] = t
                for r in op.regions:
                    walk(r)
        walk(self.body)

    def region(self, args=(), generic_return=False):
        b = Block(self, args, generic_return)
        for n, t in args:
            self.types[n] = t
        return b


class Program:
    def __init__(self, title=''):
        self.funcs = []
        self.title = title

    def func(self, name, args=(), results=()):
        return Func(self, name, args, results)

    def entry(self):
        for f in self.funcs:
            if f.name == 'main':
                return f
        assert len(self.funcs) == 1
        return self.funcs[0]

    def lookup(self, name):
        for f in self.funcs:
            if f.name == name:
                return f
        raise KeyError(name)


# ------------------------------------------------------------------ verify

ELEMWISE_BIN = {'add', 'subtract', 'multiply', 'divide', 'remainder', 'maximum', 'minimum',
                'and', 'or', 'xor'}
ELEMWISE_UN = {'negate', 'abs', 'not'}


def allowed(op, et):
    if op in ('add', 'multiply', 'maximum', 'minimum'):
        return True
    if op == 'subtract':
        return et != 'i1'
    if op == 'divide':
        return et != 'i1'
    if op == 'remainder':
        return et != 'i1' and et not in CPLX
    if op in ('and', 'or', 'xor', 'not'):
        return et in model.INT_NAMES
    if op == 'negate':
        return et != 'i1' and not is_uint(et)
    if op == 'abs':
        return et not in CPLX and et != 'i1' and not is_uint(et)
    raise ValueError(op)


class VerifyError(Exception):
    pass


def verify(prog):
    """Static checks that mirror SPEC's rules closely enough to keep the
    generated tests honest (scoping 9.2.1, region signatures 9.3)."""
    for fn in prog.funcs:
        verify_block(prog, fn, fn.body, [set()], fn.results, 'func')


def _use(scopes, types, name):
    for s in scopes:
        if name in s:
            return types[name]
    raise VerifyError('use of undefined or invisible value %%%s' % name)


def _def(scopes, types, name, t):
    base = name.split('#')[0]
    check = [name] + ([base] if name.endswith('#0') else [])
    for s in scopes:
        if any(c in s for c in check):
            raise VerifyError('redefinition of %%%s' % name)
    scopes[-1].add(name)
    if name.endswith('#0'):
        scopes[-1].add(base)
        types[base] = t
    types[name] = t


def verify_block(prog, fn, b, scopes, want_ret, ctx):
    types = fn.types
    scopes = scopes + [set()] if ctx != 'func' else scopes
    for n, t in b.args:
        _def(scopes, types, n, t)
    for op in b.ops:
        ots = [_use(scopes, types, n) for n in op.operands]
        verify_op(prog, fn, op, ots, scopes)
        if op.kind in ('pin', 'expect', 'expect_bad'):
            continue
        for n, t in zip(op.results, op.rtypes):
            _def(scopes, types, n, t)
    if b.ret is None:
        raise VerifyError('block without terminator in @%s' % fn.name)
    rts = [_use(scopes, types, n) for n in b.ret]
    if rts != list(want_ret):
        raise VerifyError('@%s %s returns %s, expected %s' % (
            fn.name, ctx, [tstr(t) for t in rts], [tstr(t) for t in want_ret]))


def _scalar(t):
    return TT(t[2])


def verify_op(prog, fn, op, ots, scopes):
    k = op.kind
    rt = op.rtypes

    def need(c, msg):
        if not c:
            raise VerifyError('@%s %s: %s' % (fn.name, k, msg))
    if k in ELEMWISE_BIN:
        need(ots[0] == ots[1] == rt[0], 'types')
        need(allowed(k, ots[0][2]), 'element type %s' % ots[0][2])
    elif k in ELEMWISE_UN:
        need(ots[0] == rt[0] and allowed(k, ots[0][2]), 'types')
    elif k == 'compare':
        need(ots[0] == ots[1] and rt[0] == TT('i1', *ots[0][1]), 'types')
    elif k == 'select':
        need(ots[0][2] == 'i1' and (ots[0][1] == () or ots[0][1] == ots[1][1]), 'pred')
        need(ots[1] == ots[2] == rt[0], 'types')
    elif k == 'convert':
        need(ots[0][1] == rt[0][1], 'shape')
    elif k == 'while':
        cond, body = op.regions
        need(ots == rt, 'operand/result types')
        need([t for _, t in cond.args] == ots and [t for _, t in body.args] == ots, 'block args')
        need(all(t[0] != 'tuple' for t in ots), 'no tuples in while')
        if op.attrs.get('pretty'):
            need([n for n, _ in cond.args] == [n for n, _ in body.args], 'pretty while shares names')
        verify_block(prog, fn, cond, scopes, [TT('i1')], 'while cond')
        verify_block(prog, fn, body, scopes, ots, 'while body')
    elif k == 'if':
        need(ots == [TT('i1')] and len(op.regions) == 2, 'pred / regions')
        for r in op.regions:
            need(not r.args, 'no block args')
            verify_block(prog, fn, r, scopes, rt, 'if branch')
    elif k == 'case':
        need(ots == [TT('i32')] and len(op.regions) >= 1, 'index / regions')
        for r in op.regions:
            need(not r.args, 'no block args')
            verify_block(prog, fn, r, scopes, rt, 'case branch')
    elif k == 'map':
        (r,) = op.regions
        shp = ots[0][1]
        need(all(t[0] == 'tensor' and t[1] == shp for t in ots) and rt[0][1] == shp, 'shapes')
        need([t for _, t in r.args] == [_scalar(t) for t in ots], 'block args')
        verify_block(prog, fn, r, scopes, [_scalar(rt[0])], 'map body')
    elif k == 'sort':
        (r,) = op.regions
        shp = ots[0][1]
        need(all(t[1] == shp for t in ots) and ots == rt and len(shp) >= 1, 'types')
        d = op.attrs.get('dimension', -1)
        need(-len(shp) <= d < len(shp), 'dimension')
        want = []
        for t in ots:
            want += [_scalar(t), _scalar(t)]
        need([t for _, t in r.args] == want, 'comparator args')
        verify_block(prog, fn, r, scopes, [TT('i1')], 'comparator')
    elif k == 'optimization_barrier':
        need(ots == rt, 'types')
    elif k == 'tuple':
        need(rt == [TUP(*ots)], 'types')
    elif k == 'get_tuple_element':
        i = op.attrs['index']
        need(ots[0][0] == 'tuple' and 0 <= i < len(ots[0][1]) and rt == [ots[0][1][i]], 'types')
    elif k in ('after_all', 'create_token'):
        need(all(t == TOKEN for t in ots) and rt == [TOKEN], 'tokens')
    elif k in ('call', 'composite'):
        g = prog.lookup(op.attrs['callee'])
        need([t for _, t in g.body.args] == ots and g.results == rt, 'signature of @%s' % g.name)
    elif k in ('constant', 'iota', 'pin', 'expect', 'expect_bad', 'broadcast_in_dim', 'reshape', 'check_eq',
               'reduce_add', 'slice'):
        pass
    else:
        raise VerifyError('unknown op kind %s' % k)


# ------------------------------------------------------------------ run + trace


class Trace:
    """The straight-line program that validates a chunk with ir-run."""

    def __init__(self):
        self.lines = []
        self.n = 0

    def fresh(self):
        self.n += 1
        return 't%d' % self.n

    def emit(self, s):
        self.lines.append('  ' + s)


class Scope:
    def __init__(self, parent=None):
        self.vars = {}
        self.parent = parent

    def get(self, name):
        s = self
        while s is not None:
            if name in s.vars:
                return s.vars[name]
            s = s.parent
        raise KeyError(name)

    def set(self, name, v):
        self.vars[name] = v
        if name.endswith('#0'):
            self.vars[name[:-2]] = v


class Runner:
    def __init__(self, prog, trace=True):
        self.prog = prog
        self.tr = Trace() if trace else None
        self.sorts = []          # (n, less-matrix, stable, perm) per sorted slice
        self.stats = {'while_iters': 0, 'sort_calls': 0}
        self.depth = 0
        self.vectorized = 0
        self.failures = []       # (function, REF detail text) of expect_bad ops
        self.failed_ops = set()

    # --- trace helpers
    def t_const(self, et, shape, vals):
        if self.tr is None:
            return None
        n = self.tr.fresh()
        self.tr.emit('%%%s = stablehlo.constant %s' % (n, gen.dense(et, list(shape), vals)))
        return n

    def t_bcast(self, v, shape):
        """Trace name of v broadcast from rank 0 to shape (elementwise ops on
        a map/sort body evaluated on whole tensors)."""
        if self.tr is None or v.shape == tuple(shape):
            return v.tr
        assert v.shape == ()
        n = self.tr.fresh()
        self.tr.emit('%%%s = stablehlo.broadcast_in_dim %%%s, dims = [] : (%s) -> %s' % (
            n, v.tr, tstr(v.type), tstr(TT(v.et, *shape))))
        return n

    # --- evaluation
    def call(self, fn, args):
        sc = Scope()
        for (n, _), v in zip(fn.body.args, args):
            sc.set(n, v)
        return self.block(fn, fn.body, sc)

    def block(self, fn, b, sc):
        for op in b.ops:
            self.op(fn, op, sc)
        return [sc.get(n) for n in b.ret]

    def region(self, fn, b, parent, args):
        sc = Scope(parent)
        for (n, _), v in zip(b.args, args):
            sc.set(n, v)
        return self.block(fn, b, sc)

    def op(self, fn, op, sc):
        k = op.kind
        ins = [sc.get(n) for n in op.operands]
        outs = getattr(self, 'op_' + k, None)
        if outs is None:
            if k in ELEMWISE_BIN:
                outs = self.elementwise(op, ins)
            elif k in ELEMWISE_UN:
                outs = self.elementwise(op, ins)
            else:
                raise ValueError(k)
        else:
            outs = outs(fn, op, ins, sc)
        if k in ('pin', 'expect', 'expect_bad', 'check_eq'):
            return
        assert len(outs) == len(op.results), (k, len(outs), op.results)
        for n, v, t in zip(op.results, outs, op.rtypes):
            if self.vectorized and t[0] == 'tensor' and t[1] == ():
                # map/sort bodies run once on whole tensors (element-wise ops)
                assert v.et == t[2], (k, n, v.type, t)
            else:
                assert v.type == t, (k, n, v.type, t)
            sc.set(n, v)

    def elementwise(self, op, ins):
        k = op.kind
        shape = max((v.shape for v in ins), key=len)
        cols = [v.vals if v.shape == shape else v.vals * nelems(shape) for v in ins]
        et = ins[0].et
        if k in ELEMWISE_BIN:
            vals = [binop(k, et, a, b) for a, b in zip(*cols)]
        else:
            vals = [unop(k, et, a) for a in cols[0]]
        r = Ten(et, shape, vals)
        if self.tr is not None:
            r.tr = self.tr.fresh()
            names = ['%' + self.t_bcast(v, shape) for v in ins]
            self.tr.emit('%%%s = stablehlo.%s %s : %s' % (r.tr, k, ', '.join(names), tstr(r.type)))
        return [r]

    def op_constant(self, fn, op, ins, sc):
        t = op.rtypes[0]
        v = Ten(t[2], t[1], op.attrs['vals'])
        v.tr = self.t_const(v.et, v.shape, v.vals)
        return [v]

    def op_iota(self, fn, op, ins, sc):
        t = op.rtypes[0]
        d = op.attrs['dim']
        import itertools
        vals = [convert('i64', t[2], idx[d]) for idx in itertools.product(*[range(x) for x in t[1]])]
        v = Ten(t[2], t[1], vals)
        if self.tr is not None:
            v.tr = self.tr.fresh()
            self.tr.emit('%%%s = stablehlo.iota dim = %d : %s' % (v.tr, d, tstr(t)))
        return [v]

    def op_compare(self, fn, op, ins, sc):
        a, b = ins
        shape = max(a.shape, b.shape, key=len)
        A = a.vals if a.shape == shape else a.vals * nelems(shape)
        B = b.vals if b.shape == shape else b.vals * nelems(shape)
        d, ct = op.attrs['direction'], op.attrs['ctype']
        vals = [1 if compare(d, ct, a.et, x, y) else 0 for x, y in zip(A, B)]
        r = Ten('i1', shape, vals)
        if self.tr is not None:
            r.tr = self.tr.fresh()
            T = tstr(TT(a.et, *shape))
            self.tr.emit('%%%s = stablehlo.compare %s, %%%s, %%%s, %s : (%s, %s) -> %s' % (
                r.tr, d, self.t_bcast(a, shape), self.t_bcast(b, shape), ct, T, T, tstr(r.type)))
        return [r]

    def op_select(self, fn, op, ins, sc):
        p, a, b = ins
        shape = max(p.shape, a.shape, b.shape, key=len)

        def col(v):
            return v.vals if v.shape == shape else v.vals * nelems(shape)
        P, A, B = col(p), col(a), col(b)
        r = Ten(a.et, shape, [x if c else y for c, x, y in zip(P, A, B)])
        if self.tr is not None:
            r.tr = self.tr.fresh()
            pn = p.tr if p.shape == () else self.t_bcast(p, shape)
            self.tr.emit('%%%s = stablehlo.select %%%s, %%%s, %%%s : %s, %s' % (
                r.tr, pn, self.t_bcast(a, shape), self.t_bcast(b, shape),
                tstr(TT('i1', *(shape if p.shape else ()))), tstr(r.type)))
        return [r]

    def op_convert(self, fn, op, ins, sc):
        (a,) = ins
        et = op.rtypes[0][2]
        r = Ten(et, a.shape, [convert(a.et, et, x) for x in a.vals])
        if self.tr is not None:
            r.tr = self.tr.fresh()
            self.tr.emit('%%%s = stablehlo.convert %%%s : (%s) -> %s' % (r.tr, a.tr, tstr(a.type), tstr(r.type)))
        return [r]

    def op_broadcast_in_dim(self, fn, op, ins, sc):
        (a,) = ins
        t = op.rtypes[0]
        dims = op.attrs['dims']
        import itertools
        vals = []
        for idx in itertools.product(*[range(x) for x in t[1]]):
            src = [idx[d] if a.shape[i] != 1 else 0 for i, d in enumerate(dims)]
            k = 0
            for i, d in zip(src, a.shape):
                k = k * d + i
            vals.append(a.vals[k])
        r = Ten(a.et, t[1], vals)
        if self.tr is not None:
            r.tr = self.tr.fresh()
            self.tr.emit('%%%s = stablehlo.broadcast_in_dim %%%s, dims = [%s] : (%s) -> %s' % (
                r.tr, a.tr, ', '.join(str(d) for d in dims), tstr(a.type), tstr(t)))
        return [r]

    def op_reshape(self, fn, op, ins, sc):
        (a,) = ins
        t = op.rtypes[0]
        r = Ten(a.et, t[1], a.vals)
        if self.tr is not None:
            r.tr = self.tr.fresh()
            self.tr.emit('%%%s = stablehlo.reshape %%%s : (%s) -> %s' % (r.tr, a.tr, tstr(a.type), tstr(t)))
        return [r]

    def op_reduce_add(self, fn, op, ins, sc):
        """reduce with an add body over all dimensions (left fold, 4.40)."""
        a, init = ins
        acc = init.vals[0]
        for x in a.vals:
            acc = binop('add', a.et, acc, x)
        r = Ten(a.et, (), [acc])
        if self.tr is not None:
            r.tr = self.tr.fresh()
            dims = ', '.join(str(d) for d in range(len(a.shape)))
            self.tr.emit('%%%s = stablehlo.reduce(%%%s init: %%%s) applies stablehlo.add across dimensions = [%s] : (%s, %s) -> %s' % (
                r.tr, a.tr, init.tr, dims, tstr(a.type), tstr(init.type), tstr(r.type)))
        return [r]

    def op_pin(self, fn, op, ins, sc):
        (v,) = ins
        op.attrs['value'] = (v.et, v.shape, list(v.vals)) if op.attrs.get('value') is None else op.attrs['value']
        # the same op may run several times (inside a loop): the value must
        # not change, or the check could not be a constant
        assert op.attrs['value'] == (v.et, v.shape, list(v.vals)), 'pin in a loop sees different values'
        if self.tr is not None:
            for line in gen.pin(v.tr, v.et, list(v.shape), v.vals, tag='%s_%d' % (op.attrs['tag'], self.tr.n)):
                self.tr.emit(line.strip())
        return []

    def op_expect(self, fn, op, ins, sc):
        (v,) = ins
        assert v.vals == op.attrs['vals'], ('model disagrees with the stated expectation', v.vals, op.attrs['vals'])
        if self.tr is not None:
            self.tr.emit('check.expect_eq_const %%%s, %s' % (v.tr, gen.dense(v.et, list(v.shape), v.vals)))
        return []

    def op_expect_bad(self, fn, op, ins, sc):
        (v,) = ins
        assert v.et in model.INT_NAMES, 'failure texts are only modelled for integers'
        bad = [i for i, (x, y) in enumerate(zip(v.vals, op.attrs['vals'])) if x != y]
        if not bad:
            return []            # passes this time (e.g. early loop iterations)
        self.failed_ops.add(id(op))
        i = bad[0]
        idx = []
        for d in reversed(v.shape):
            idx.insert(0, i % d)
            i //= d

        def text(x):
            return ('true' if x else 'false') if v.et == 'i1' else str(x)
        self.failures.append((fn.name, "Element values don't match: %s (actual) vs %s (expected) at index [%s]" % (
            text(v.vals[bad[0]]), text(op.attrs['vals'][bad[0]]), ', '.join(str(x) for x in idx))))
        if self.tr is not None:
            self.tr.emit('check.expect_eq_const %%%s, %s' % (v.tr, gen.dense(v.et, list(v.shape), op.attrs['vals'])))
        return []

    def op_check_eq(self, fn, op, ins, sc):
        a, b = ins
        assert a.vals == b.vals or a.et in FMTS  # IEEE equality checked by ir-run
        if self.tr is not None:
            self.tr.emit('check.expect_eq %%%s, %%%s : %s' % (a.tr, b.tr, tstr(a.type)))
        return []

    # --- region ops
    def t_expect_scalar(self, v, want):
        if self.tr is not None:
            self.tr.emit('check.expect_eq_const %%%s, %s' % (v.tr, gen.dense(v.et, [], [want])))

    def op_while(self, fn, op, ins, sc):
        cond, body = op.regions
        state = ins
        limit = op.attrs.get('limit', 100000)
        it = 0
        while True:
            (c,) = self.region(fn, cond, sc, state)
            self.t_expect_scalar(c, c.vals[0])
            if not c.vals[0]:
                break
            state = self.region(fn, body, sc, state)
            it += 1
            assert it <= limit, 'runaway loop'
        self.stats['while_iters'] += it
        op.attrs.setdefault('iters', []).append(it)
        return list(state)

    def op_if(self, fn, op, ins, sc):
        (p,) = ins
        self.t_expect_scalar(p, p.vals[0])
        op.attrs.setdefault('taken', []).append(0 if p.vals[0] else 1)
        return self.region(fn, op.regions[0 if p.vals[0] else 1], sc, [])

    def op_case(self, fn, op, ins, sc):
        (i,) = ins
        k = i.vals[0]
        self.t_expect_scalar(i, k)
        n = len(op.regions)
        j = k if 0 <= k < n else n - 1
        op.attrs.setdefault('taken', []).append(j)
        return self.region(fn, op.regions[j], sc, [])

    def op_map(self, fn, op, ins, sc):
        # the body's ops are element-wise, so one evaluation on whole tensors
        # equals the per-index evaluation of SPEC 9.3.4
        (b,) = op.regions
        for o in b.ops:
            assert o.kind in ELEMWISE_BIN | ELEMWISE_UN | {'constant', 'compare', 'select', 'convert'}, o.kind
        self.vectorized += 1
        (r,) = self.region(fn, b, sc, ins)
        self.vectorized -= 1
        t = op.rtypes[0]
        if r.shape != t[1]:        # body returned a constant or outer value
            assert r.shape == ()
            tr = self.t_bcast(r, t[1])
            r = Ten(r.et, t[1], r.vals * nelems(t[1]), tr)
        return [r]

    def op_sort(self, fn, op, ins, sc):
        import itertools
        (b,) = op.regions
        for o in b.ops:
            assert o.kind in ELEMWISE_BIN | ELEMWISE_UN | {'constant', 'compare', 'select', 'convert'}, o.kind
        shape = ins[0].shape
        rank = len(shape)
        d = op.attrs.get('dimension', -1)
        if d < 0:
            d += rank
        n = shape[d]
        stable = op.attrs.get('is_stable', False)
        outs = [list(v.vals) for v in ins]
        strides = [nelems(shape[i + 1:]) for i in range(rank)]
        other = [range(shape[i]) if i != d else range(1) for i in range(rank)]
        for idx in itertools.product(*other):
            base = sum(i * s for i, s in zip(idx, strides))
            pos = [base + p * strides[d] for p in range(n)]
            # comparator evaluated on all (p, q) pairs at once: element-wise
            args = []
            for v in ins:
                col = [v.vals[x] for x in pos]
                L = Ten(v.et, (n, n), [col[p] for p in range(n) for q in range(n)])
                R = Ten(v.et, (n, n), [col[q] for p in range(n) for q in range(n)])
                if self.tr is not None and n > 0:
                    L.tr, R.tr = self.t_slice_pair(v, d, idx, n)
                args += [L, R]
            if n == 0:
                continue
            self.vectorized += 1
            (m,) = self.region(fn, b, sc, args)
            self.vectorized -= 1
            if m.shape != (n, n):
                m = Ten('i1', (n, n), m.vals * (n * n), self.t_bcast(m, (n, n)))
            M = m.vals
            if self.tr is not None:
                self.tr.emit('check.expect_eq_const %%%s, %s' % (m.tr, gen.dense('i1', [n, n], M)))

            def less(p, q):
                return M[p * n + q]
            perm = stdsort.std_stable_sort(n, less) if stable else stdsort.std_sort(n, less)
            self.sorts.append((n, M, stable, perm))
            for k, v in enumerate(ins):
                for j in range(n):
                    outs[k][pos[j]] = v.vals[pos[perm[j]]]
        res = []
        for v, o in zip(ins, outs):
            r = Ten(v.et, v.shape, o)
            r.tr = self.t_const(r.et, r.shape, r.vals)   # ir-run cannot sort yet
            res.append(r)
        return res

    def t_slice_pair(self, v, d, idx, n):
        """Trace names of the n x n matrices L[p][q] = x[p], R[p][q] = x[q]
        where x is the slice of v along d at the other coordinates idx."""
        tr = self.tr
        rank = len(v.shape)
        name = v.tr
        T1 = tstr(TT(v.et, n))
        if rank > 1:
            lims = ['%d:%d' % (i, i + 1) if k != d else '0:%d' % n for k, i in enumerate(idx)]
            sshape = [1 if k != d else n for k in range(rank)]
            s = tr.fresh()
            tr.emit('%%%s = stablehlo.slice %%%s [%s] : (%s) -> %s' % (
                s, name, ', '.join(lims), tstr(v.type), tstr(TT(v.et, *sshape))))
            r1 = tr.fresh()
            tr.emit('%%%s = stablehlo.reshape %%%s : (%s) -> %s' % (r1, s, tstr(TT(v.et, *sshape)), T1))
            name = r1
        L, R = tr.fresh(), tr.fresh()
        T2 = tstr(TT(v.et, n, n))
        tr.emit('%%%s = stablehlo.broadcast_in_dim %%%s, dims = [0] : (%s) -> %s' % (L, name, T1, T2))
        tr.emit('%%%s = stablehlo.broadcast_in_dim %%%s, dims = [1] : (%s) -> %s' % (R, name, T1, T2))
        return L, R

    def op_optimization_barrier(self, fn, op, ins, sc):
        return list(ins)

    def op_tuple(self, fn, op, ins, sc):
        return [Tup(ins)]

    def op_get_tuple_element(self, fn, op, ins, sc):
        return [ins[0].items[op.attrs['index']]]

    def op_after_all(self, fn, op, ins, sc):
        assert all(isinstance(v, Tok) for v in ins)
        return [Tok()]

    op_create_token = op_after_all

    def op_call(self, fn, op, ins, sc):
        g = self.prog.lookup(op.attrs['callee'])
        self.depth += 1
        assert self.depth < 50
        r = self.call(g, ins)
        self.depth -= 1
        return r

    op_composite = op_call

    def run(self):
        f = self.prog.entry()
        assert not f.body.args
        return self.call(f, [])


# ------------------------------------------------------------------ render


def vlist(names):
    return ', '.join('%' + n for n in names)


def tlist(types):
    return ', '.join(tstr(t) for t in types)


def ftype(ins, outs):
    o = tlist(outs)
    if len(outs) != 1:
        o = '(' + o + ')'
    return '(%s) -> %s' % (tlist(ins), o)


class Renderer:
    def __init__(self, prog):
        self.prog = prog
        self.lines = []

    def emit(self, ind, s):
        self.lines.append('  ' * ind + s)

    def render(self):
        out = []
        for fn in self.prog.funcs:
            self.lines = []
            args = ', '.join('%%%s: %s' % (n, tstr(t)) for n, t in fn.body.args)
            res = ''
            if fn.results:
                res = ' -> ' + (tstr(fn.results[0]) if len(fn.results) == 1 else '(' + tlist(fn.results) + ')')
            vis = 'private ' if fn.name != self.prog.entry().name else ''
            self.emit(0, 'func.func %s@%s(%s)%s {' % (vis, fn.name, args, res))
            self.block_ops(fn, fn.body, 1)
            if fn.body.ret:
                self.emit(1, 'func.return %s : %s' % (vlist(fn.body.ret), tlist(fn.results)))
            else:
                self.emit(1, 'func.return')
            self.emit(0, '}')
            out.append('\n'.join(self.lines))
        return '\n'.join(out)

    def block_ops(self, fn, b, ind):
        for op in b.ops:
            self.op(fn, op, ind)

    def region_ret(self, fn, b, ind):
        types = [fn.type_of(n) for n in b.ret]
        if b.generic_return:
            self.emit(ind, '"stablehlo.return"(%s) : (%s) -> ()' % (vlist(b.ret), tlist(types)))
        elif b.ret:
            self.emit(ind, 'stablehlo.return %s : %s' % (vlist(b.ret), tlist(types)))
        else:
            self.emit(ind, 'stablehlo.return')

    def generic_regions(self, fn, op, ind, head, tail):
        """head + '({' ... '}, {' ... '})' + tail"""
        self.emit(ind, head + '({')
        for k, b in enumerate(op.regions):
            if k:
                self.emit(ind, '}, {')
            if b.args or op.attrs.get('label'):
                self.emit(ind, '^bb0(%s):' % ', '.join('%%%s: %s' % (n, tstr(t)) for n, t in b.args))
            self.block_ops(fn, b, ind + 1)
            self.region_ret(fn, b, ind + 1)
        self.emit(ind, '})' + tail)

    def lhs(self, op):
        if not op.results:
            return ''
        g = op.attrs.get('group')
        if g:
            return '%%%s:%d = ' % (g, len(op.results))
        return vlist(op.results) + ' = '

    def op(self, fn, op, ind):
        k = op.kind
        L = self.lhs(op)
        ots = [fn.type_of(n) for n in op.operands]
        rt = op.rtypes
        generic = op.attrs.get('generic', False)
        if k == 'constant':
            self.emit(ind, '%sstablehlo.constant %s' % (L, gen.dense(rt[0][2], list(rt[0][1]), op.attrs['vals'])))
        elif k == 'iota':
            self.emit(ind, '%sstablehlo.iota dim = %d : %s' % (L, op.attrs['dim'], tstr(rt[0])))
        elif k in ELEMWISE_BIN or k in ELEMWISE_UN:
            if generic:
                self.emit(ind, '%s"stablehlo.%s"(%s) : %s' % (L, k, vlist(op.operands), ftype(ots, rt)))
            else:
                self.emit(ind, '%sstablehlo.%s %s : %s' % (L, k, vlist(op.operands), tstr(rt[0])))
        elif k == 'compare':
            self.emit(ind, '%sstablehlo.compare %s, %s, %s : %s' % (
                L, op.attrs['direction'], vlist(op.operands), op.attrs['ctype'], ftype(ots, rt)))
        elif k == 'select':
            self.emit(ind, '%sstablehlo.select %s : %s, %s' % (L, vlist(op.operands), tstr(ots[0]), tstr(rt[0])))
        elif k == 'convert':
            self.emit(ind, '%sstablehlo.convert %s : %s' % (L, vlist(op.operands), ftype(ots, rt)))
        elif k == 'broadcast_in_dim':
            self.emit(ind, '%sstablehlo.broadcast_in_dim %s, dims = [%s] : %s' % (
                L, vlist(op.operands), ', '.join(str(d) for d in op.attrs['dims']), ftype(ots, rt)))
        elif k == 'reshape':
            self.emit(ind, '%sstablehlo.reshape %s : %s' % (L, vlist(op.operands), ftype(ots, rt)))
        elif k == 'reduce_add':
            a, i = op.operands
            dims = ', '.join(str(d) for d in range(len(ots[0][1])))
            self.emit(ind, '%sstablehlo.reduce(%%%s init: %%%s) applies stablehlo.add across dimensions = [%s] : %s' % (
                L, a, i, dims, ftype(ots, rt)))
        elif k == 'pin':
            et, shape, vals = op.attrs['value']
            for line in gen.pin(op.operands[0], et, list(shape), vals, tag=op.attrs['tag']):
                self.emit(ind, line.strip())
        elif k in ('expect', 'expect_bad'):
            t = ots[0]
            self.emit(ind, 'check.expect_eq_const %%%s, %s' % (op.operands[0], gen.dense(t[2], list(t[1]), op.attrs['vals'])))
        elif k == 'check_eq':
            self.emit(ind, 'check.expect_eq %s : %s' % (vlist(op.operands), tstr(ots[0])))
        elif k == 'while':
            self.op_while(fn, op, ind, L, ots)
        elif k in ('if', 'case'):
            self.generic_regions(fn, op, ind, '%s"stablehlo.%s"(%s) ' % (L, k, vlist(op.operands)),
                                 ' : ' + ftype(ots, rt) + op.attrs.get('trailer', ''))
        elif k == 'map':
            dims = ', '.join(str(d) for d in range(len(ots[0][1])))
            attr = op.attrs.get('dims_text', 'array<i64%s>' % (': ' + dims if dims else ''))
            self.generic_regions(fn, op, ind, '%s"stablehlo.map"(%s) ' % (L, vlist(op.operands)),
                                 ' {dimensions = %s} : %s' % (attr, ftype(ots, rt)))
        elif k == 'sort':
            props = []
            if 'dimension' in op.attrs:
                props.append('dimension = %d : i64' % op.attrs['dimension'])
            if 'is_stable' in op.attrs:
                props.append('is_stable = %s' % ('true' if op.attrs['is_stable'] else 'false'))
            p = ', '.join(props)
            if op.attrs.get('attr_dict'):
                head = '%s"stablehlo.sort"(%s) ' % (L, vlist(op.operands))
                tail = (' {%s}' % p if p else '') + ' : ' + ftype(ots, rt)
            else:
                head = '%s"stablehlo.sort"(%s) %s' % (L, vlist(op.operands), '<{%s}> ' % p if p else '')
                tail = ' : ' + ftype(ots, rt)
            self.generic_regions(fn, op, ind, head, tail)
        elif k == 'optimization_barrier':
            if generic:
                self.emit(ind, '%s"stablehlo.optimization_barrier"(%s) : %s' % (L, vlist(op.operands), ftype(ots, rt)))
            elif op.operands:
                self.emit(ind, '%sstablehlo.optimization_barrier %s : %s' % (L, vlist(op.operands), tlist(ots)))
            else:
                self.emit(ind, '%sstablehlo.optimization_barrier ()' % L)
        elif k == 'tuple':
            if generic:
                self.emit(ind, '%s"stablehlo.tuple"(%s) : %s' % (L, vlist(op.operands), ftype(ots, rt)))
            else:
                self.emit(ind, '%sstablehlo.tuple %s : %s' % (L, vlist(op.operands), tstr(rt[0])))
        elif k == 'get_tuple_element':
            if generic:
                self.emit(ind, '%s"stablehlo.get_tuple_element"(%s) {index = %d : i32} : %s' % (
                    L, vlist(op.operands), op.attrs['index'], ftype(ots, rt)))
            else:
                self.emit(ind, '%sstablehlo.get_tuple_element %%%s[%d] : %s' % (
                    L, op.operands[0], op.attrs['index'], ftype(ots, rt)))
        elif k == 'after_all':
            if generic:
                self.emit(ind, '%s"stablehlo.after_all"(%s) : %s' % (L, vlist(op.operands), ftype(ots, rt)))
            elif op.operands:
                self.emit(ind, '%sstablehlo.after_all %s : !stablehlo.token' % (L, vlist(op.operands)))
            else:
                self.emit(ind, '%sstablehlo.after_all : !stablehlo.token' % L)
        elif k == 'create_token':
            self.emit(ind, '%sstablehlo.create_token : !stablehlo.token' % L)
        elif k == 'call':
            self.emit(ind, '%sfunc.call @%s(%s) : %s' % (L, op.attrs['callee'], vlist(op.operands), ftype(ots, rt)))
        elif k == 'composite':
            name = op.attrs.get('name', 'my.op')
            ca = op.attrs.get('composite_attributes')
            ver = op.attrs.get('version')
            if generic:
                props = ['name = "%s"' % name, 'decomposition = @%s' % op.attrs['callee']]
                if ca is not None:
                    props.append('composite_attributes = %s' % ca)
                if ver is not None:
                    props.append('version = %d : i32' % ver)
                self.emit(ind, '%s"stablehlo.composite"(%s) <{%s}> : %s' % (
                    L, vlist(op.operands), ', '.join(props), ftype(ots, rt)))
            else:
                d = []
                if ca is not None:
                    d.append('composite_attributes = %s' % ca)
                d.append('decomposition = @%s' % op.attrs['callee'])
                if ver is not None:
                    d.append('version = %d : i32' % ver)
                self.emit(ind, '%sstablehlo.composite "%s" %s {%s} : %s' % (
                    L, name, vlist(op.operands), ', '.join(d), ftype(ots, rt)))
        else:
            raise ValueError(k)

    def op_while(self, fn, op, ind, L, ots):
        cond, body = op.regions
        if op.attrs.get('pretty', True):
            hdr = ', '.join('%%%s = %%%s' % (n, v) for (n, _), v in zip(cond.args, op.operands))
            types = (' : ' + tlist(ots)) if ots else ''
            if op.attrs.get('attr_text'):
                types += ' attributes ' + op.attrs['attr_text']
            self.emit(ind, '%sstablehlo.while(%s)%s' % (L, hdr, types))
            self.emit(ind + 1, 'cond {')
            self.block_ops(fn, cond, ind + 2)
            self.region_ret(fn, cond, ind + 2)
            self.emit(ind + 1, '} do {')
            self.block_ops(fn, body, ind + 2)
            self.region_ret(fn, body, ind + 2)
            self.emit(ind + 1, '}')
        else:
            at = (' ' + op.attrs['attr_text']) if op.attrs.get('attr_text') else ''
            self.generic_regions(fn, op, ind, '%s"stablehlo.while"(%s) ' % (L, vlist(op.operands)),
                                 at + ' : ' + ftype(ots, op.rtypes))


def render(prog):
    return Renderer(prog).render()


def build(prog, trace=True):
    """verify, run (fills pins), render. Returns (text, trace text, runner)."""
    verify(prog)
    r = Runner(prog, trace)
    r.run()
    text = render(prog)
    ttext = None
    if trace:
        f = prog.entry()
        ttext = 'func.func @%s() {\n%s\n  func.return\n}' % (f.name, '\n'.join(r.tr.lines))
    return text, ttext, r
