/* The bowls rules core compiled: `play` and `settle` exactly as engine/bowls/core.py states them.

core.py's Python functions (core.play_python, core.settle_python) are the rules' readable statement
and what this file is checked against (tests/bowls/test_bowls_compiled.py); the names here are
theirs. A board is 12 bowls of letters RYGBPWX, oldest stone first; bowls are 0-11, clockwise +1;
flags are 12-bit masks (bit i = bowl i).

A call this file does not take as it stands is handed, arguments unchanged, to the Python function,
so it answers or raises exactly as the Python does: a board that is not a tuple or list of 12 ASCII
str of those letters (a lower-case letter, a non-str bowl, 11 bowls), a bowl number outside 0-11, a
mask outside 0-4095 or not an int, a trace that is neither None nor a list or is the board itself (it
would grow while it is read), an argument by a name the Python takes but this file does not (play's
`_lookup`).

A move never adds stones, so each bowl gets room for every stone on the board: one block, on the
stack for a small board, else allocated once a call. No bowl has a fixed limit.
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define N_BOWLS 12
#define ALL_BOWLS 0xFFF
#define CAPACITY 7     /* a bowl over this when the phase is over overflows */
#define READY 6        /* a volcano holding this many erupts */
#define N_COLORS 5     /* R Y G B P; slot 5 is the wild, 6 the blocker */
#define WILD 5
#define BLOCKER 6
#define STACK_ROOM 1280 /* bytes: 13 rooms of 98 stones, more than any board in play holds */

/* SLOT_OF[c]: 1 + the slot of letter c (R Y G B P W X -> 1..7); 0 for anything else. */
static unsigned char SLOT_OF[128];

typedef struct {
    char *stones[N_BOWLS];  /* each bowl's letters, oldest first */
    Py_ssize_t len[N_BOWLS];
    char *hand;             /* room for a move's hand, or for the queues of erupting volcanoes */
    unsigned changed;       /* bowls whose letters may differ from the ones given */
    PyObject *trace;        /* a list, or NULL */
    Py_ssize_t removed[6];  /* stones removed by matches: R Y G B P W */
    unsigned matched;
    unsigned erupted;
    char *heap;             /* the block, when it did not fit on the stack */
} Board;

static unsigned bit_count(unsigned m) {
    unsigned n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

static PyObject *letters(const char *s, Py_ssize_t n) {
    PyObject *out = PyUnicode_New(n, 127);
    if (out && n) memcpy(PyUnicode_1BYTE_DATA(out), s, (size_t)n);
    return out;
}

static PyObject *counts_tuple(const Py_ssize_t *c) {
    return Py_BuildValue("(nnnnnn)", c[0], c[1], c[2], c[3], c[4], c[5]);
}

/* Whether `o` is one bowl this file plays: an exact str of ASCII letters RYGBPWX. */
static int is_bowl(PyObject *o) {
    if (!PyUnicode_CheckExact(o)) return 0;
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(o) < 0) { PyErr_Clear(); return 0; }
#endif
    if (!PyUnicode_IS_ASCII(o)) return 0;
    const unsigned char *s = PyUnicode_1BYTE_DATA(o);
    Py_ssize_t n = PyUnicode_GET_LENGTH(o);
    for (Py_ssize_t k = 0; k < n; k++)
        if (!SLOT_OF[s[k]]) return 0;
    return 1;
}

/* Copies 12 bowls into `bd`: 1 done, 0 not a board this file plays (nothing set), -1 error set. */
static int load(Board *bd, PyObject *const *items, char *stack) {
    Py_ssize_t total = 0;
    for (int i = 0; i < N_BOWLS; i++) {
        if (!is_bowl(items[i])) return 0;
        total += PyUnicode_GET_LENGTH(items[i]);
    }
    Py_ssize_t room = total + 1;
    char *block = stack;
    bd->heap = NULL;
    if ((size_t)room * (N_BOWLS + 1) > STACK_ROOM) {
        block = bd->heap = malloc((size_t)room * (N_BOWLS + 1));
        if (!block) { PyErr_NoMemory(); return -1; }
    }
    for (int i = 0; i < N_BOWLS; i++) {
        bd->stones[i] = block + room * i;
        bd->len[i] = PyUnicode_GET_LENGTH(items[i]);
        memcpy(bd->stones[i], PyUnicode_1BYTE_DATA(items[i]), (size_t)bd->len[i]);
    }
    bd->hand = block + room * N_BOWLS;
    bd->changed = bd->matched = bd->erupted = 0;
    memset(bd->removed, 0, sizeof bd->removed);
    return 1;
}

/* Stone k of `hand` joins the k-th bowl after `from` (counterclockwise if `back`), round again
   after the 12th. Returns the mask of bowls sown into. */
static unsigned sow(Board *bd, int from, const char *hand, Py_ssize_t n, int back) {
    unsigned reached = 0;
    int j = from;
    for (Py_ssize_t k = 0; k < n; k++) {
        j = back ? (j + N_BOWLS - 1) % N_BOWLS : (j + 1) % N_BOWLS;
        bd->stones[j][bd->len[j]++] = hand[k];
        reached |= 1u << j;
    }
    bd->changed |= reached;
    return reached;
}

/* One bowl's match (core._match_uncached): natural groups of 3+ go whole; then colours of 1-2 stones
   are completed with wilds, fewest wilds needed first, ties by whose first stone stands earliest,
   stopping at the first that needs more than are left; the front-most wilds go.
   Returns 1 matched, 0 not, -1 error set. */
static int match_bowl(Board *bd, int i, int npass) {
    char *s = bd->stones[i];
    Py_ssize_t n = bd->len[i], count[7] = {0}, first[N_COLORS] = {0}, rem[6] = {0}, most = 0;
    if (n < 3) return 0;  /* every match takes three stones */
    for (Py_ssize_t k = 0; k < n; k++) {
        int slot = SLOT_OF[(unsigned char)s[k]] - 1;
        if (slot < N_COLORS && !count[slot]) first[slot] = k;
        count[slot]++;
    }
    for (int c = 0; c < N_COLORS; c++) if (count[c] > most) most = count[c];
    Py_ssize_t wilds = count[WILD];
    if (most == 0 || most + (wilds < 2 ? wilds : 2) < 3) return 0;
    int gone[N_COLORS] = {0}, waiting[N_COLORS], nwait = 0;
    for (int c = 0; c < N_COLORS; c++) {
        if (count[c] >= 3) {
            gone[c] = 1;
            rem[c] = count[c];
        } else if (count[c] && wilds) {  /* insertion by (wilds needed, where it first stands) */
            int w = nwait++;
            for (; w > 0; w--) {
                int o = waiting[w - 1];
                if (3 - count[o] < 3 - count[c] || (count[o] == count[c] && first[o] < first[c])) break;
                waiting[w] = o;
            }
            waiting[w] = c;
        }
    }
    Py_ssize_t used = 0;
    for (int w = 0; w < nwait; w++) {
        int c = waiting[w];
        if (3 - count[c] > wilds - used) break;
        used += 3 - count[c];
        gone[c] = 1;
        rem[c] = count[c];
    }
    rem[WILD] = used;
    if (bd->trace) {
        PyObject *ev = Py_BuildValue("(siiNN)", "match", npass, i, letters(s, n), counts_tuple(rem));
        if (!ev || PyList_Append(bd->trace, ev) < 0) { Py_XDECREF(ev); return -1; }
        Py_DECREF(ev);
    }
    Py_ssize_t kept = 0, wilds_left = used;
    for (Py_ssize_t k = 0; k < n; k++) {
        int slot = SLOT_OF[(unsigned char)s[k]] - 1;
        if (slot < N_COLORS && gone[slot]) continue;
        if (slot == WILD && wilds_left) { wilds_left--; continue; }
        s[kept++] = s[k];
    }
    bd->len[i] = kept;
    bd->changed |= 1u << i;
    for (int c = 0; c < 6; c++) bd->removed[c] += rem[c];
    return 1;
}

/* Blockers in the bowls beside a bowl that matched this pass go (1 and 12 are neighbours; a matching
   bowl beside another loses its own). Taking them never makes a bowl match. 0, or -1 error set. */
static int clear_blockers(Board *bd, unsigned pm, int npass) {
    unsigned beside = ((pm << 1) | (pm >> 11) | (pm >> 1) | (pm << 11)) & ALL_BOWLS;
    for (int j = 0; j < N_BOWLS; j++) {
        if (!(beside >> j & 1)) continue;
        char *s = bd->stones[j];
        Py_ssize_t kept = 0, n = bd->len[j];
        for (Py_ssize_t k = 0; k < n; k++)
            if (s[k] != 'X') s[kept++] = s[k];
        if (kept == n) continue;
        if (bd->trace) {
            PyObject *ev = Py_BuildValue("(siin)", "blockers", npass, j, n - kept);
            if (!ev || PyList_Append(bd->trace, ev) < 0) { Py_XDECREF(ev); return -1; }
            Py_DECREF(ev);
        }
        bd->len[j] = kept;
        bd->changed |= 1u << j;
    }
    return 0;
}

/* Ready volcanoes (a mask) erupt: every one gives up its queue before any delivers, then each, in
   bowl order, sows it like a move, reverse by its own bit. Returns the mask of bowls sown into (only
   those can match in the next pass), or -1 with an error set. */
static long erupt(Board *bd, unsigned ready, unsigned reverse, int npass) {
    Py_ssize_t start[N_BOWLS], size[N_BOWLS], at = 0;
    for (int i = 0; i < N_BOWLS; i++) {
        if (!(ready >> i & 1)) continue;
        memcpy(bd->hand + at, bd->stones[i], (size_t)bd->len[i]);
        start[i] = at;
        size[i] = bd->len[i];
        at += bd->len[i];
        bd->len[i] = 0;
    }
    bd->changed |= ready;
    unsigned reached = 0;
    for (int i = 0; i < N_BOWLS; i++) {
        if (!(ready >> i & 1)) continue;
        if (bd->trace) {
            PyObject *ev = Py_BuildValue("(siiN)", "erupt", npass, i, letters(bd->hand + start[i], size[i]));
            if (!ev || PyList_Append(bd->trace, ev) < 0) { Py_XDECREF(ev); return -1; }
            Py_DECREF(ev);
        }
        reached |= sow(bd, i, bd->hand + start[i], size[i], reverse >> i & 1);
    }
    return (long)reached;
}

/* Effect passes (core._settle): matches in the bowls `at`, blockers beside them, ready volcanoes;
   again while a volcano erupts, looking only at the bowls it sowed into (every other bowl is
   settled). 0, or -1 error set. */
static int settle_passes(Board *bd, unsigned at, unsigned volcano, unsigned reverse) {
    for (int npass = 1;; npass++) {
        unsigned pm = 0;
        for (int i = 0; i < N_BOWLS; i++) {
            if (!(at >> i & 1)) continue;
            int r = match_bowl(bd, i, npass);
            if (r < 0) return -1;
            if (r) pm |= 1u << i;
        }
        bd->matched |= pm;
        if (pm && clear_blockers(bd, pm, npass) < 0) return -1;
        unsigned ready = 0, waiting = volcano & ~bd->erupted;
        for (int i = 0; i < N_BOWLS; i++)
            if ((waiting >> i & 1) && bd->len[i] >= READY) ready |= 1u << i;
        if (!ready) return 0;
        bd->erupted |= ready;
        long reached = erupt(bd, ready, reverse, npass);
        if (reached < 0) return -1;
        at = (unsigned)reached;
    }
}

/* Bowl i as a str: the one given when its letters are untouched. */
static PyObject *bowl_str(Board *bd, int i, PyObject *given) {
    if (!(bd->changed >> i & 1)) { Py_INCREF(given); return given; }
    return letters(bd->stones[i], bd->len[i]);
}

/* --- the calls: arguments read as the Python functions take them, or handed to them --- */

/* Fills vals[] from a vectorcall's arguments by position and by the names given. 0 when the call
   is not one this file reads (too many, an unknown or repeated name): the Python function gets it. */
static int unpack(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *const *names,
                  int n, PyObject **vals) {
    if (nargs > n) return 0;
    for (int k = 0; k < n; k++) vals[k] = k < nargs ? args[k] : NULL;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t j = 0; j < nkw; j++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, j);
        int k = 0;
        while (k < n && PyUnicode_CompareWithASCIIString(name, names[k]) != 0) k++;
        if (k == n || vals[k]) return 0;
        vals[k] = args[nargs + j];
    }
    return 1;
}

/* An int in [lo, hi] (a bool too, as Python's ints), else 0 with nothing set. */
static int small_int(PyObject *o, long lo, long hi, unsigned *out) {
    if (!o || !PyLong_Check(o)) return 0;
    int over = 0;
    long v = PyLong_AsLongAndOverflow(o, &over);
    if (over || v < lo || v > hi) { PyErr_Clear(); return 0; }
    *out = (unsigned)v;
    return 1;
}

/* The trace argument: 1 with *out a list or NULL, 0 anything else. */
static int trace_arg(PyObject *o, PyObject **out) {
    if (!o || o == Py_None) { *out = NULL; return 1; }
    if (!PyList_CheckExact(o)) return 0;
    *out = o;
    return 1;
}

static PyObject *python_play, *python_settle;

/* The call given, unchanged, to core's Python function `name`. */
static PyObject *to_python(PyObject **fn, const char *name, PyObject *const *args, size_t nargsf,
                           PyObject *kwnames) {
    if (!*fn) {
        PyObject *core = PyImport_ImportModule("engine.bowls.core");
        if (!core) return NULL;
        *fn = PyObject_GetAttrString(core, name);
        Py_DECREF(core);
        if (!*fn) return NULL;
    }
    return PyObject_Vectorcall(*fn, args, nargsf, kwnames);
}

static PyObject *play(PyObject *module, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    static const char *const names[] = {"bowls", "src", "volcano", "reverse", "trace"};
    PyObject *v[5];
    unsigned src, volcano = 0, reverse = 0;
    Board bd;
    char stack[STACK_ROOM];
    (void)module;
    if (!unpack(args, PyVectorcall_NARGS(nargsf), kwnames, names, 5, v) || !v[0]
        || !(PyTuple_CheckExact(v[0]) || PyList_CheckExact(v[0])) || PySequence_Fast_GET_SIZE(v[0]) != N_BOWLS
        || !small_int(v[1], 0, N_BOWLS - 1, &src) || (v[2] && !small_int(v[2], 0, ALL_BOWLS, &volcano))
        || (v[3] && !small_int(v[3], 0, ALL_BOWLS, &reverse)) || !trace_arg(v[4], &bd.trace)
        || bd.trace == v[0])  /* a trace that is the board itself, as in settle: the Python's business */
        return to_python(&python_play, "play_python", args, nargsf, kwnames);
    PyObject **given = PySequence_Fast_ITEMS(v[0]);
    int loaded = load(&bd, given, stack);
    if (loaded <= 0)
        return loaded < 0 ? NULL : to_python(&python_play, "play_python", args, nargsf, kwnames);
    /* the hand is lifted out first: a hand of 12 or more sows into its own bowl */
    Py_ssize_t n = bd.len[src];
    memcpy(bd.hand, bd.stones[src], (size_t)n);
    bd.len[src] = 0;
    bd.changed |= 1u << src;
    sow(&bd, (int)src, bd.hand, n, reverse >> src & 1);
    PyObject *out = NULL, *bowls = NULL;
    if (settle_passes(&bd, ALL_BOWLS, volcano, reverse) < 0) goto done;
    int overflow = 0, empty = 1;
    for (int i = 0; i < N_BOWLS; i++) {
        if (bd.len[i] > CAPACITY) overflow = 1;
        if (bd.len[i]) empty = 0;
    }
    /* an overflowing phase scores nothing; a combo counts bowls, x4 at most; a cleared board +100 */
    unsigned combo = bit_count(bd.matched);
    int perfect = !overflow && bd.matched && empty;
    long long stones = 0, points = 0;
    for (int c = 0; c < 6; c++) stones += bd.removed[c];
    if (!overflow && bd.matched) points = 10 * stones * (combo < 4 ? combo : 4) + (perfect ? 100 : 0);
    if (!(bowls = PyTuple_New(N_BOWLS))) goto done;
    for (int i = 0; i < N_BOWLS; i++) {
        PyObject *s = bowl_str(&bd, i, given[i]);
        if (!s) goto done;
        PyTuple_SET_ITEM(bowls, i, s);
    }
    out = Py_BuildValue("(OLINOOI)", bowls, points, combo, counts_tuple(bd.removed), overflow ? Py_True : Py_False,
                        perfect ? Py_True : Py_False, bd.erupted);
done:
    Py_XDECREF(bowls);
    free(bd.heap);
    return out;
}

static PyObject *settle(PyObject *module, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    static const char *const names[] = {"b", "volcano", "reverse", "erupted", "trace"};
    PyObject *v[5];
    unsigned volcano, reverse, erupted;
    Board bd;
    char stack[STACK_ROOM];
    (void)module;
    /* a trace that is the board itself would grow it as it is played: the Python's business */
    if (!unpack(args, PyVectorcall_NARGS(nargsf), kwnames, names, 5, v) || !v[0] || !PyList_CheckExact(v[0])
        || PyList_GET_SIZE(v[0]) != N_BOWLS || !small_int(v[1], 0, ALL_BOWLS, &volcano)
        || !small_int(v[2], 0, ALL_BOWLS, &reverse) || !small_int(v[3], 0, ALL_BOWLS, &erupted)
        || !trace_arg(v[4], &bd.trace) || bd.trace == v[0])
        return to_python(&python_settle, "settle_python", args, nargsf, kwnames);
    PyObject *b = v[0];
    int loaded = load(&bd, PySequence_Fast_ITEMS(b), stack);
    if (loaded <= 0)
        return loaded < 0 ? NULL : to_python(&python_settle, "settle_python", args, nargsf, kwnames);
    bd.erupted = erupted;
    PyObject *out = NULL;
    if (settle_passes(&bd, ALL_BOWLS, volcano, reverse) < 0) goto done;
    for (int i = 0; i < N_BOWLS; i++) {
        if (!(bd.changed >> i & 1)) continue;
        PyObject *s = letters(bd.stones[i], bd.len[i]);
        if (!s) goto done;
        PyList_SetItem(b, i, s);  /* steals s, releases the old bowl */
    }
    out = Py_BuildValue("(INI)", bd.matched, counts_tuple(bd.removed), bd.erupted);
done:
    free(bd.heap);
    return out;
}

static PyMethodDef methods[] = {
    {"play", (PyCFunction)(void (*)(void))play, METH_FASTCALL | METH_KEYWORDS,
     "play(bowls, src, volcano=0, reverse=0, trace=None): one player phase, as core.play_python."},
    {"settle", (PyCFunction)(void (*)(void))settle, METH_FASTCALL | METH_KEYWORDS,
     "settle(b, volcano, reverse, erupted, trace=None): effect passes on the list b, as core.settle_python."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "engine.bowls._core",
    "The bowls rules core compiled: play and settle as engine/bowls/core.py states them.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    const char *order = "RYGBPWX";
    for (int k = 0; order[k]; k++) SLOT_OF[(unsigned char)order[k]] = (unsigned char)(k + 1);
    return PyModule_Create(&module_def);
}
