"""The numba kernels behind :mod:`.compiled` (imported only when numba is installed).

Everything here works on packed integers in numpy arrays: a position is the cross piles (cards
in an ``int64`` matrix), the four foundation counts, the stock index and the waste; the
transposition table is an open-addressing hash table (linear probing) of ``int64`` words with a
``uint8`` occupancy array.  No Python object is touched inside a kernel.  The kernels mirror the
pure-Python searches move for move (see :mod:`.compiled` for what each one mirrors); the tests
check that they walk the same number of positions and reach the same verdicts.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

STOCK = -2
WASTE = -1
F = 100
MAXM = 64  # moves per position (at most 37 with five piles; 12 piles stay below 64)
# moves per position where runs move whole (five piles, building by rank): at most 6 home,
# 20 + 5 + 6 + 1 single-card moves, 5 x 4 x 2 runs onto another pile (a packed pile of at most
# 26 cards holds each rank at most twice) and 44 runs into a space (four piles, 52 cards, less
# two a pile): fewer than 128
MAXM_SEQ = 128
MAXR = 64  # primitives per move record (a move and its safe moves home)
MAXR_FORCED = 128  # the same with a space filled from the stock after each (at most 47 cards)

# statuses
# how a space is filled (``fill`` of the kernels): the player's choice, at once from the stock
# (Czarina, Corners), a vacancy first of all (Dick 1883)
FREE = 0
FILL_STOCK = 1
VACANCY = 2

RUNNING = 0
WON = 1
LOST = 2
PAUSED = 3
FULL = 4  # the table is full: the search stops, verdict unknown
OVERFLOW = 5  # a pile longer than the packed code holds: unknown (the reference search goes on)
DEEP = 6  # the path outgrew its arrays: the caller grows them and resumes

MAXLEN = 26  # cards in a pile the packed code holds
CODE_BITS = 12 + 2 * (MAXLEN - 1)  # 62
MIX = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as a signed word


# -- the hash table ---------------------------------------------------------------------------
# Open addressing with linear probing over an int64 matrix, one key a row.  Every key has bit 62
# of its first word set (MARK), so an empty slot is a row whose first word is 0.
MARK = np.int64(1) << 62


@njit(cache=True, inline="always", _nrt=False)
def _hash(key, k):
    h = np.int64(k)
    for i in range(k):
        h = (h ^ key[i]) * MIX
        h ^= h >> 31
    return h


@njit(cache=True, _nrt=False)
def tab_contains(tab, key, k):
    mask = tab.shape[0] - 1
    i = _hash(key, k) & mask
    while tab[i, 0] != 0:
        same = True
        for w in range(k):
            if tab[i, w] != key[w]:
                same = False
                break
        if same:
            return True
        i = (i + 1) & mask
    return False


@intrinsic
def _prefetch(typingctx, tab, i):
    """Ask the memory for row ``i`` of ``tab`` ahead of its use (LLVM's ``prefetch``: no
    effect on what the program computes, only on when the row reaches the cache)."""
    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        idx = context.cast(builder, args[1], sig.args[1], types.intp)
        zero = context.get_constant(types.intp, 0)
        ptr = cgutils.get_item_pointer2(
            context, builder, data=ary.data, shape=cgutils.unpack_tuple(builder, ary.shape),
            strides=cgutils.unpack_tuple(builder, ary.strides), layout=aryty.layout,
            inds=[idx, zero], wraparound=False, boundscheck=False)
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0i8")
        builder.call(fn, [builder.bitcast(ptr, i8p), ir.Constant(i32, 0), ir.Constant(i32, 3),
                          ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.void(tab, i), codegen


@njit(cache=True, inline="always", _nrt=False)
def tab_has(tab, key, k, h):
    """:func:`tab_contains` for a key whose hash ``h`` is known."""
    mask = tab.shape[0] - 1
    i = h & mask
    while tab[i, 0] != 0:
        same = True
        for w in range(k):
            if tab[i, w] != key[w]:
                same = False
                break
        if same:
            return True
        i = (i + 1) & mask
    return False


@njit(cache=True, _nrt=False)
def tab_add(tab, count, key, k):
    """Adds ``key`` unless present; True when it was new.  ``count[0]`` keeps the entries."""
    return tab_put(tab, count, key, k, _hash(key, k))


@njit(cache=True, inline="always", _nrt=False)
def tab_put(tab, count, key, k, h):
    """:func:`tab_add` for a key whose hash ``h`` is known."""
    mask = tab.shape[0] - 1
    i = h & mask
    while tab[i, 0] != 0:
        same = True
        for w in range(k):
            if tab[i, w] != key[w]:
                same = False
                break
        if same:
            return False
        i = (i + 1) & mask
    for w in range(k):
        tab[i, w] = key[w]
    count[0] += 1
    return True


@njit(cache=True)
def rehash(tab, new_tab):
    """Every key of ``tab`` into the (larger, empty) ``new_tab``."""
    count = np.zeros(1, np.int64)
    k = tab.shape[1]
    key = np.zeros(k, np.int64)  # (rehash keeps NRT: it allocates)
    for i in range(tab.shape[0]):
        if tab[i, 0] != 0:
            for w in range(k):
                key[w] = tab[i, w]
            tab_add(new_tab, count, key, k)
    return count[0]


# -- the exact search: packed keys -------------------------------------------------------------
# A pile (a run: each card one rank below the card under it) is packed as 62 bits: its top card
# + 1 (6 bits, 0 = empty), its length (6 bits, at most 26 here: runs may wrap round the corner
# twice) and the suit of each card below the top (2 bits each, the one just below first).  Top card and length fix every rank, the suits
# fix the rest: the code is one-to-one.  The key is the home word (foundation counts, 4 bits
# each, and the stock index << 16: 22 bits) and the piles' codes sorted, packed 62 bits a word.


@njit(cache=True, inline="always", _nrt=False)
def pile_code(piles, plen, i, drop):
    """The code of pile ``i`` with its top ``drop`` cards taken off (-1: too long to pack)."""
    n = plen[i] - drop
    if n <= 0:
        return np.int64(0)
    if n > MAXLEN:
        return np.int64(-1)
    top = piles[i, n - 1]
    code = np.int64(0)
    for j in range(n - 1):  # the card at n-2 (just below the top) ends in the lowest bits
        code = (code << 2) | (piles[i, j] & 3)
    return (top + 1) | (np.int64(n) << 6) | (code << 12)


@njit(cache=True, inline="always", _nrt=False)
def push_code(code, card):
    """The code of a pile (``code``) with ``card`` put on top (-1: too long)."""
    if code == 0:
        return np.int64(card + 1) | (np.int64(1) << 6)
    n = (code >> 6) & 63
    if n >= MAXLEN:
        return np.int64(-1)
    t = (code & 63) - 1
    below = ((code >> 12) << 2) | (t & 3)
    return np.int64(card + 1) | ((n + 1) << 6) | (below << 12)


@njit(cache=True, inline="always", _nrt=False)
def pop_code(code, piles, plen, i):
    """The code of pile ``i`` (code ``code``, ``plen[i]`` cards) with its top card taken off."""
    n = plen[i] - 1
    if n <= 0:
        return np.int64(0)
    return (piles[i, n - 1] + 1) | (np.int64(n) << 6) | ((code >> 14) << 12)


@njit(cache=True, inline="always", _nrt=False)
def pack_key(cs, n, hw, key, k):
    """Sort the ``n`` codes of ``cs`` (in place) and pack them with ``hw`` into ``key``.

    The codes go in as a bit stream, each only as wide as its pile needs (12 bits of top card
    and length, then 2 bits a card below the top: :func:`key_words`), so the key stays one-to-
    one (each code's length is in its first 12 bits) and takes 3 words for five piles instead
    of the 6 that 62 bits a pile would: half the table's memory, and fewer cache misses."""
    for i in range(1, n):  # insertion sort: five to twelve values
        v = cs[i]
        j = i - 1
        while j >= 0 and cs[j] > v:
            cs[j + 1] = cs[j]
            j -= 1
        cs[j + 1] = v
    for w in range(k):
        key[w] = 0
    key[0] = hw | MARK
    off = 22
    w = 0
    for i in range(n):
        v = cs[i]
        ln = (v >> 6) & 63
        bits = 12 + 2 * (ln - 1) if ln > 1 else 12
        if off + bits <= 62:
            key[w] |= v << off
            off += bits
        else:
            lo = 62 - off
            key[w] |= (v & ((np.int64(1) << lo) - 1)) << off
            w += 1
            key[w] = v >> lo
            off = bits - lo


def key_words(n):
    """Words of a packed key for ``n`` piles: 22 bits of home word, 12 bits a pile, and 2 bits
    a card below a pile's top (at most 51 of those: 52 cards, a nonempty pile's top excluded),
    62 bits a word."""
    return (22 + 12 * n + 2 * 51 + 61) // 62


@njit(cache=True, inline="always", _nrt=False)
def home_word(home, si):
    return home[0] | (home[1] << 4) | (home[2] << 8) | (home[3] << 12) | (si << 16)


# -- the exact search: moves ------------------------------------------------------------------
@njit(cache=True, inline="always", _nrt=False)
def _put(out, d, m, src, dst, cnt):
    """Write the move (src, dst, cnt) as move ``m`` of frame ``d``; returns ``m + 1``."""
    out[d, m, 0] = src
    out[d, m, 1] = dst
    out[d, m, 2] = cnt
    return m + 1


@njit(cache=True, inline="always", _nrt=False)
def _forget(piles, plen, n, where):
    """Clear the tops' entries of ``where`` (its scratch stays all -1)."""
    for j in range(n):
        if plen[j] > 0:
            where[piles[j, plen[j] - 1]] = -1


@njit(cache=True, inline="always", _nrt=False)
def gen_moves(piles, plen, n, home, wants, waste, wlen, si, nstock, parents, nparents,
              where, out, d, spec, perm, seq, fill):
    """The moves of :meth:`FastSearch.moves` for spaces that wait: the groups in the order
    ``spec`` (0 home, 1 pile to pile, 2 from the waste, 3 into a space, 4 the stock; order
    "cross" is 0 1 2 3 4), the piles looked at in the order ``perm``: the same moves in the
    same order as the reference.  With ``seq`` (moving sequences) a pile's top ``count`` cards,
    2 or more, move as a whole too (every pile is a run): onto another pile's top after the
    single cards of group 1, into the first space after those of group 3 (not the whole pile),
    the piles taken in index order, as the reference takes them.  With ``fill`` FILL_STOCK
    (Czarina, Corners: a space is filled at once from the stock) nothing moves into a space;
    with VACANCY (Dick 1883) the first vacancy is filled before anything else while the pack
    lasts: by the waste's top (or, the waste empty, the next stock card) or the top of a pile
    of 2+; once the pack is gone a space takes single cards as where spaces wait."""
    empty = -1
    for jj in range(n):
        j = perm[jj]
        if plen[j] > 0:
            where[piles[j, plen[j] - 1]] = j
        elif empty < 0:
            empty = j
    m = 0
    wc = waste[wlen - 1] if wlen > 0 else -1
    if fill == VACANCY and empty >= 0 and (wlen > 0 or si < nstock):
        m = _put(out, d, 0, WASTE if wlen > 0 else STOCK, empty, 1)
        for j in range(n):
            if plen[j] > 1:
                m = _put(out, d, m, j, empty, 1)
        _forget(piles, plen, n, where)
        return m
    for g in range(5):
        grp = spec[g]
        if grp == 0:  # H: home (the waste's top first, then the piles' tops)
            if wc >= 0 and wants[wc & 3, home[wc & 3]] == wc:
                m = _put(out, d, m, WASTE, F, 1)
            for jj in range(n):
                j = perm[jj]
                if plen[j] > 0:
                    c = piles[j, plen[j] - 1]
                    if wants[c & 3, home[c & 3]] == c:
                        m = _put(out, d, m, j, F, 1)
        elif grp == 1:  # C: a pile's top onto another top
            for jj in range(n):
                j = perm[jj]
                if plen[j] > 0:
                    c = piles[j, plen[j] - 1]
                    for q in range(nparents[c]):
                        t = parents[c, q]
                        if where[t] >= 0:
                            m = _put(out, d, m, j, where[t], 1)
            if seq:  # runs of 2+ from each pile (its cards mm.. at the top) onto another top
                for i in range(n):
                    for mm in range(plen[i] - 1):
                        c = piles[i, mm]
                        for j in range(n):
                            if j != i and plen[j] > 0:
                                t = piles[j, plen[j] - 1]
                                for q in range(nparents[c]):
                                    if parents[c, q] == t:
                                        m = _put(out, d, m, i, j, plen[i] - mm)
                                        break
        elif grp == 2:  # W: the waste's top onto a top
            if wc >= 0:
                for q in range(nparents[wc]):
                    t = parents[wc, q]
                    if where[t] >= 0:
                        m = _put(out, d, m, WASTE, where[t], 1)
        elif grp == 3:  # S: into the first space (the waste's top, then a top of a pile of 2+)
            if empty >= 0 and fill != FILL_STOCK:
                if wc >= 0:
                    m = _put(out, d, m, WASTE, empty, 1)
                for jj in range(n):
                    j = perm[jj]
                    if plen[j] > 1:
                        m = _put(out, d, m, j, empty, 1)
                if seq and fill == FREE:  # a run of 2+ into the space, never a whole pile
                    for i in range(n):
                        for mm in range(1, plen[i] - 1):
                            m = _put(out, d, m, i, empty, plen[i] - mm)
        elif si < nstock:  # T: turn the stock
            m = _put(out, d, m, STOCK, WASTE, 1)
    _forget(piles, plen, n, where)
    return m


@njit(cache=True, inline="always", _nrt=False)
def _lay(piles, plen, codes, sc, dst, card):
    """Put ``card`` on pile ``dst``, keeping its code (``sc[5]`` set when it outgrows it)."""
    piles[dst, plen[dst]] = card
    plen[dst] += 1
    c = push_code(codes[dst], card)
    if c < 0:
        sc[5] = 1
    codes[dst] = c


@njit(cache=True, inline="always", _nrt=False)
def prim(piles, plen, codes, home, stock, sc, waste, src, dst):
    """Move one card from ``src`` to ``dst``, keeping the piles' codes; returns the card.
    ``sc[0]`` stock index, ``sc[1]`` waste length, ``sc[5]`` set when a pile outgrows its code."""
    if src == STOCK:
        card = stock[sc[0]]
        sc[0] += 1
    elif src == WASTE:
        sc[1] -= 1
        card = waste[sc[1]]
    else:
        codes[src] = pop_code(codes[src], piles, plen, src)
        plen[src] -= 1
        card = piles[src, plen[src]]
    if dst >= F:
        home[card & 3] += 1
    elif dst == WASTE:
        waste[sc[1]] = card
        sc[1] += 1
    else:
        _lay(piles, plen, codes, sc, dst, card)
    return card


@njit(cache=True, inline="always", _nrt=False)
def unprim(piles, plen, codes, home, sc, waste, src, dst, card):
    if dst >= F:
        home[card & 3] -= 1
    elif dst == WASTE:
        sc[1] -= 1
    else:
        codes[dst] = pop_code(codes[dst], piles, plen, dst)
        plen[dst] -= 1
    if src == STOCK:
        sc[0] -= 1
    elif src == WASTE:
        waste[sc[1]] = card
        sc[1] += 1
    else:
        piles[src, plen[src]] = card
        plen[src] += 1
        codes[src] = push_code(codes[src], card)


@njit(cache=True, inline="always", _nrt=False)
def prim_run(piles, plen, codes, sc, src, dst, cnt):
    """Move the top ``cnt`` cards of pile ``src`` onto pile ``dst`` as a whole (moving
    sequences); returns the lowest-lying card moved."""
    a = plen[src] - cnt
    for x in range(cnt):
        _lay(piles, plen, codes, sc, dst, piles[src, a + x])
    codes[src] = pile_code(piles, plen, src, cnt)
    plen[src] = a
    return piles[src, a]


@njit(cache=True, inline="always", _nrt=False)
def unprim_run(piles, plen, codes, src, dst, cnt):
    a = plen[dst] - cnt
    for x in range(cnt):
        card = piles[dst, a + x]
        piles[src, plen[src]] = card
        plen[src] += 1
        codes[src] = push_code(codes[src], card)
    codes[dst] = pile_code(piles, plen, dst, cnt)
    plen[dst] = a


@njit(cache=True, _nrt=False)
def safe_basic(c, home, children, nchildren):
    for q in range(nchildren[c]):  # noqa: SIM110 (numba compiles loops, not generators)
        if home[children[c, q, 0]] <= children[c, q, 1]:
            return False
    return True


@njit(cache=True, _nrt=False)
def safe_next(card, depth, home, wants, children, nchildren, place, stack):
    """:meth:`ProofSearch._safe_next`: next in its suit, each child home or safe-next (the
    reference's recursion, walked with a stack: every card met must pass, so the order of the
    walk does not matter; numba's cache does not keep recursive functions)."""
    stack[0, 0] = card
    stack[0, 1] = depth
    top = 1
    while top > 0:
        top -= 1
        c = stack[top, 0]
        d = stack[top, 1]
        if home[place[c, 0]] != place[c, 1] or d > 4:
            return False
        for q in range(nchildren[c]):
            cs = children[c, q, 0]
            cn = children[c, q, 1]
            h = home[cs]
            if h > cn:
                continue
            if h < cn or top >= 64:
                return False
            stack[top, 0] = wants[cs, cn]
            stack[top, 1] = d + 1
            top += 1
    return True


@njit(cache=True, _nrt=False)
def is_safe(c, deep, home, wants, children, nchildren, place, stack):
    if safe_basic(c, home, children, nchildren):
        return True
    if not deep:
        return False
    for q in range(nchildren[c]):
        s = children[c, q, 0]
        need = children[c, q, 1]
        h = home[s]
        if h > need:
            continue
        if h < need or not safe_next(wants[s, need], 1, home, wants, children, nchildren, place,
                                             stack):
            return False
    return True


@njit(cache=True, inline="always", _nrt=False)
def _record(rec, d, r, src, dst, cnt, card):
    """Write primitive ``r`` of the record of frame ``d``; returns ``r + 1``."""
    rec[d, r, 0] = src
    rec[d, r, 1] = dst
    rec[d, r, 2] = cnt
    rec[d, r, 3] = card
    return r + 1


@njit(cache=True, _nrt=False)
def fill_spaces(piles, plen, codes, n, home, stock, sc, waste, rec, d, r):
    """The reference's ``_after`` for spaces filled at once from the stock (Czarina): each
    empty pile in order takes the next stock card while there is one; appended to ``rec`` from
    ``r`` (a stock card into a pile: never a move of the player's); returns the new length."""
    for j in range(n):
        if plen[j] == 0 and sc[0] < stock.shape[0]:
            card = prim(piles, plen, codes, home, stock, sc, waste, STOCK, j)
            r = _record(rec, d, r, STOCK, j, 1, card)
    return r


@njit(cache=True, _nrt=False)
def auto_home(piles, plen, codes, n, home, stock, sc, waste, wants, children, nchildren, place, deep,
              rec, d, r, stack, forced):
    """The safe moves home (the reference's ``_auto_home``), appended to ``rec`` from ``r``;
    returns the new length of the record.  With ``forced`` a pile's last card stays (the
    reference's ``keep_last``) and the spaces are filled after each (its ``immediate``)."""
    while True:
        src = -9
        wl = sc[1]
        if wl > 0:
            c = waste[wl - 1]
            h = home[c & 3]
            if h > 0 and wants[c & 3, h] == c and is_safe(c, deep, home, wants, children,
                                                          nchildren, place, stack):
                src = WASTE
        if src == -9:
            for i in range(n):
                if plen[i] > 1 or (plen[i] == 1 and not forced):
                    c = piles[i, plen[i] - 1]
                    h = home[c & 3]
                    if h > 0 and wants[c & 3, h] == c and is_safe(c, deep, home, wants,
                                                                  children, nchildren, place,
                                                                  stack):
                        src = i
                        break
        if src == -9:
            return r
        card = prim(piles, plen, codes, home, stock, sc, waste, src, F)
        r = _record(rec, d, r, src, F, 1, card)
        if forced:
            r = fill_spaces(piles, plen, codes, n, home, stock, sc, waste, rec, d, r)


@njit(cache=True, _nrt=False)
def do_move(piles, plen, codes, n, home, stock, sc, waste, wants, children, nchildren, place, deep,
            src, dst, cnt, rec, d, stack, fill):
    """:meth:`FastSearch.do`: the move (``cnt`` cards: a run moved whole, with moving
    sequences), with ``fill`` FILL_STOCK the spaces filled from the stock, then the safe moves
    home (none with VACANCY, as the reference); returns the record's length."""
    if cnt > 1:
        card = prim_run(piles, plen, codes, sc, src, dst, cnt)
    else:
        card = prim(piles, plen, codes, home, stock, sc, waste, src, dst)
    _record(rec, d, 0, src, dst, cnt, card)
    if fill == VACANCY:
        return 1
    if fill == FILL_STOCK:
        r = fill_spaces(piles, plen, codes, n, home, stock, sc, waste, rec, d, 1)
        return auto_home(piles, plen, codes, n, home, stock, sc, waste, wants, children,
                         nchildren, place, deep, rec, d, r, stack, True)
    if dst < F:
        # only the card this move uncovered can have become a safe move home
        if src < 0:
            c = waste[sc[1] - 1] if sc[1] > 0 else -1
        else:
            c = piles[src, plen[src] - 1] if plen[src] > 0 else -1
        if c < 0:
            return 1
        h = home[c & 3]
        if h == 0 or wants[c & 3, h] != c:
            return 1
    return auto_home(piles, plen, codes, n, home, stock, sc, waste, wants, children, nchildren, place,
                     deep, rec, d, 1, stack, False)


@njit(cache=True, _nrt=False)
def undo_move(piles, plen, codes, home, sc, waste, rec, d, r):
    for q in range(r - 1, -1, -1):
        if rec[d, q, 2] > 1:
            unprim_run(piles, plen, codes, rec[d, q, 0], rec[d, q, 1], rec[d, q, 2])
        else:
            unprim(piles, plen, codes, home, sc, waste, rec[d, q, 0], rec[d, q, 1], rec[d, q, 3])


@njit(cache=True, _nrt=False)
def cur_key(codes, n, home, sc, cs, key, k):
    """The key of the current position (False if a pile is too long to pack)."""
    if sc[5]:
        return False
    for i in range(n):
        cs[i] = codes[i]
    pack_key(cs, n, home_word(home, sc[0]), key, k)
    return True


@njit(cache=True, _nrt=False)
def child_key(piles, plen, codes, n, waste, sc, stock, src, dst, cnt, hw, cs, key, k):
    """:meth:`FastSearch.child_key`: the key right after a move (``cnt`` cards), before its
    automatic sequel.  Returns False if a pile is too long to pack."""
    for i in range(n):
        cs[i] = codes[i]
    if cnt > 1:  # a run, pile to pile
        cs[src] = pile_code(piles, plen, src, cnt)
        c = cs[dst]
        a = plen[src] - cnt
        for x in range(cnt):
            c = push_code(c, piles[src, a + x])
        cs[dst] = c
    elif src >= 0:
        card = piles[src, plen[src] - 1]
        cs[src] = pop_code(codes[src], piles, plen, src)
        if dst >= F:
            hw += np.int64(1) << ((card & 3) << 2)
        else:
            cs[dst] = push_code(cs[dst], card)
    elif src == WASTE:
        card = waste[sc[1] - 1]
        if dst >= F:
            hw += np.int64(1) << ((card & 3) << 2)
        else:
            cs[dst] = push_code(cs[dst], card)
    else:
        hw += np.int64(1) << 16
        if dst != WASTE:
            cs[dst] = push_code(cs[dst], stock[sc[0]])
    if dst >= 0 and dst < F and cs[dst] < 0:
        return False
    pack_key(cs, n, hw, key, k)
    return True


@njit(cache=True, inline="always", _nrt=False)
def prep_children(piles, plen, codes, n, waste, sc, stock, fm, fn, fhw, fk, fh, d, cs, tab,
                  skip, use_skip, k, forced):
    """The key of each move's child of frame ``d`` (``fk[d, q]``; a first word 0: a pile too
    long to pack) and its hash (``fh[d, q]``), and a prefetch of the table rows they will be
    looked up in: the lookups then overlap in the memory instead of waiting in turn.  The
    search looks the keys up in the same order as before: the same positions."""
    mask = tab.shape[0] - 1
    smask = skip.shape[0] - 1
    for q in range(fn[d]):
        key = fk[d, q]
        src = fm[d, q, 0]
        if forced and src >= 0 and plen[src] == fm[d, q, 2] and sc[0] < stock.shape[0]:
            key[0] = 1  # the move empties a pile that the stock refills: no key before it
            continue
        if child_key(piles, plen, codes, n, waste, sc, stock, fm[d, q, 0], fm[d, q, 1],
                     fm[d, q, 2], fhw[d], cs, key, k):
            h = _hash(key, k)
            fh[d, q] = h
            _prefetch(tab, h & mask)
            if use_skip:
                _prefetch(skip, h & smask)
        else:
            key[0] = 0


@njit(cache=True, _nrt=False)
def dfs(piles, plen, codes, home, stock, sc, waste, wants, children, nchildren, place, parents,
        nparents, deep, fm, fn, fi, fhw, rk, rn, tab, count, limit, maxfill, scr, stack, spec,
        perm, skip, use_skip, fk, fh, seq, fill):
    """The depth-first search of :meth:`FastSearch.run` (move groups in the order ``spec``, piles
    in the order ``perm``; with ``use_skip``, never entering a key of the table ``skip``: another
    search's), resumable:
    the path is in the arrays (``fm``/``fn``/``fi``/``fhw``: each frame's moves, their number,
    the next one to try, its home word; ``fk``/``fh``: each move's child key and its hash;
    ``rk``/``rn``: each move's record).  ``sc``: [stock
    index, waste length, nodes, depth (frames), started, a pile outgrew its code]; ``codes``:
    each pile's code, kept by the moves.  Runs until ``sc[2]`` reaches ``limit``
    (PAUSED) or an end; returns a status."""
    n = piles.shape[0]
    k = tab.shape[1]
    nstock = stock.shape[0]
    cs = scr[0:n]  # scratch, from the caller (no allocation: the kernel runs without NRT)
    key = scr[16:16 + k]
    where = scr[64:116]
    where[:] = -1
    depth_cap = fm.shape[0]
    forced = fill == FILL_STOCK
    if sc[4] == 0:
        sc[4] = 1
        for i in range(n):
            codes[i] = pile_code(piles, plen, i, 0)
            if codes[i] < 0:
                return OVERFLOW
        r = 0
        if forced:  # (the model's deal already filled; kept for odd inputs, as the reference)
            r = fill_spaces(piles, plen, codes, n, home, stock, sc, waste, rk, 0, 0)
        if fill != VACANCY:
            r = auto_home(piles, plen, codes, n, home, stock, sc, waste, wants, children, nchildren,
                          place, deep, rk, 0, r, stack, forced)
        rn[0] = r
        if home[0] + home[1] + home[2] + home[3] == 52:
            sc[3] = 1
            return WON
        if not cur_key(codes, n, home, sc, cs, key, k):
            return OVERFLOW
        tab_add(tab, count, key, k)
        sc[2] += 1
        fn[0] = gen_moves(piles, plen, n, home, wants, waste, sc[1], sc[0], nstock, parents,
                          nparents, where, fm, 0, spec, perm, seq, fill)
        fi[0] = 0
        fhw[0] = home_word(home, sc[0])
        prep_children(piles, plen, codes, n, waste, sc, stock, fm, fn, fhw, fk, fh, 0, cs, tab,
                      skip, use_skip, k, forced)
        sc[3] = 1
    while sc[3] > 0:
        d = sc[3] - 1
        pushed = False
        while fi[d] < fn[d]:
            q = fi[d]
            fi[d] += 1
            src = fm[d, q, 0]
            dst = fm[d, q, 1]
            pkey = fk[d, q]
            if pkey[0] == 0:  # (a pile too long to pack)
                fi[d] -= 1
                return OVERFLOW
            known = pkey[0] != 1  # (1: a forced fill follows, the key is looked up after it)
            h = fh[d, q]
            if known and (tab_has(tab, pkey, k, h) or (use_skip and tab_has(skip, pkey, k, h))):
                continue
            if d + 1 >= depth_cap:
                fi[d] -= 1
                return DEEP
            r = do_move(piles, plen, codes, n, home, stock, sc, waste, wants, children, nchildren,
                        place, deep, src, dst, fm[d, q, 2], rk, d + 1, stack, fill)
            if r == 1 and known:
                for w in range(k):
                    key[w] = pkey[w]
            else:
                if not cur_key(codes, n, home, sc, cs, key, k):
                    undo_move(piles, plen, codes, home, sc, waste, rk, d + 1, r)
                    fi[d] -= 1
                    return OVERFLOW
                if known:
                    tab_put(tab, count, pkey, k, h)
                if tab_contains(tab, key, k) or (use_skip and tab_contains(skip, key, k)):
                    undo_move(piles, plen, codes, home, sc, waste, rk, d + 1, r)
                    continue
            tab_add(tab, count, key, k)
            rn[d + 1] = r
            if home[0] + home[1] + home[2] + home[3] == 52:
                sc[3] = d + 2
                return WON
            sc[2] += 1
            fn[d + 1] = gen_moves(piles, plen, n, home, wants, waste, sc[1], sc[0], nstock,
                                  parents, nparents, where, fm, d + 1, spec, perm, seq, fill)
            fi[d + 1] = 0
            fhw[d + 1] = home_word(home, sc[0])
            prep_children(piles, plen, codes, n, waste, sc, stock, fm, fn, fhw, fk, fh, d + 1, cs,
                          tab, skip, use_skip, k, forced)
            sc[3] = d + 2
            pushed = True
            if count[0] > maxfill:
                return FULL
            if sc[2] >= limit:
                return PAUSED
            break
        if not pushed:
            sc[3] = d
            if d > 0:
                undo_move(piles, plen, codes, home, sc, waste, rk, d, rn[d])
    return LOST


# -- the rank abstraction ---------------------------------------------------------------------
# A node of the bigger game: word 0 = the cross's shapes (rank * 64 + length, 0 = empty; five of
# 10 bits, sorted) | MARK; word 1 = the waste as a mask of the turned cards (47 bits) | the foundation
# counts << 47.  The turned count is the layer's (one table holds one layer), and the set of
# cards in the cross is a function of these (the dealt and turned cards neither home nor on the
# waste), so neither is stored.


@njit(cache=True, _nrt=False)
def _sort5(sh, n):
    for i in range(1, n):
        v = sh[i]
        j = i - 1
        while j >= 0 and sh[j] > v:
            sh[j + 1] = sh[j]
            j -= 1
        sh[j + 1] = v


@njit(cache=True, _nrt=False)
def _emit(sh, n, home, wm, node, t):
    """Pack a node from shapes (sorted here, in the scratch copy ``t``), foundation counts,
    turned count and waste mask."""
    for i in range(n):
        t[i] = sh[i]
    _sort5(t, n)
    w0 = np.int64(0)
    for i in range(n):
        w0 |= t[i] << (10 * i)
    node[0] = w0 | MARK
    node[1] = wm | ((home[0] | (home[1] << 4) | (home[2] << 8) | (home[3] << 12)) << 47)


@njit(cache=True, inline="always", _nrt=False)
def _waste_top(wm, turned):
    """The waste's top card in the rank abstraction's waste mask ``wm`` (a bit per turned
    card still in the waste): its index among the turned cards and the card (-1, -1: none)."""
    wtop = -1
    wi = -1
    if wm != 0:
        wi = 63
        while not (wm >> wi) & 1:
            wi -= 1
        wtop = turned[wi]
    return wi, wtop


@njit(cache=True, _nrt=False)
def _settle(t, n, hs, wm, tcn, turned, tpos, incross, wants, children, nchildren, under):
    """The safe moves home of :meth:`~.abstraction._RankSearch.settle` on an unpacked node
    (shapes ``t``, sorted; foundation counts ``hs``), in place, in the same order; returns the
    waste mask.  ``tcn``: the node's turned count."""
    s = 0
    while s < 4:
        h = hs[s]
        if h > 0 and h < 13:
            c = wants[s, h]
            if safe_basic(c, hs, children, nchildren):
                wi, wtop = _waste_top(wm, turned)
                if c == wtop:
                    wm &= ~(np.int64(1) << wi)
                else:
                    p = tpos[c]
                    if not (incross[c] == 1 or (p >= 0 and p < tcn and not (wm >> p) & 1)):
                        s += 1
                        continue
                    r = c >> 2
                    for i in range(n):
                        v = t[i]
                        if v != 0 and (v >> 6) == r:
                            ln = v & 63
                            t[i] = 0 if ln == 1 else under[r] * 64 + ln - 1
                            break
                    _sort5(t, n)
                hs[s] = h + 1
                s = 0
                continue
        s += 1
    return wm


@njit(cache=True, _nrt=False)
def _emit_s(sh, n, home, wm, node, t, hs, tcn, turned, tpos, incross, wants, children,
            nchildren, under, safe):
    """:func:`_emit` after the safe moves home (when ``safe``)."""
    if not safe:
        _emit(sh, n, home, wm, node, t)
        return
    for i in range(n):
        t[i] = sh[i]
    _sort5(t, n)
    for u in range(4):
        hs[u] = home[u]
    wm = _settle(t, n, hs, wm, tcn, turned, tpos, incross, wants, children, nchildren, under)
    w0 = np.int64(0)
    for i in range(n):
        w0 |= t[i] << (10 * i)
    node[0] = w0 | MARK
    node[1] = wm | ((hs[0] | (hs[1] << 4) | (hs[2] << 8) | (hs[3] << 12)) << 47)


@njit(cache=True, inline="always", _nrt=False)
def _push(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants, children, nchildren,
          under, safe, cur_t, cnt, todo, top):
    """Add the node of shapes ``s2`` (after the safe moves home, when ``safe``) to the layer's
    table and, when new, to ``todo``; returns the new top of ``todo``."""
    _emit_s(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants, children,
            nchildren, under, safe)
    if tab_add(cur_t, cnt, child, 2):
        todo[top, 0] = child[0]
        todo[top, 1] = child[1]
        top += 1
    return top


@njit(cache=True, inline="always", _nrt=False)
def _onto_tops(sh, s2, n, src, rest, r, to_space, empty, ok, home, wm, child, tmp, hs, tc,
               turned, tpos, incross, wants, children, nchildren, under, safe, cur_t, cnt,
               todo, top):
    """Every move of a run of rank ``r`` onto a pile top that takes it (each distinct target
    shape once) and, if ``to_space``, into the space ``empty``: from pile ``src`` (left as
    ``rest``), or from the waste when ``src`` is -1 (``wm`` then the waste after it).  Returns
    the new top of ``todo``, or -1 for a shape too long to pack."""
    for j in range(n):
        tj = sh[j]
        if j != src and tj != 0 and ok[r, tj >> 6]:
            dup = False
            for j2 in range(j):
                if j2 != src and sh[j2] == tj:
                    dup = True
                    break
            if dup:
                continue
            if (tj & 63) + 1 > 63:
                return -1
            for u in range(n):
                s2[u] = sh[u]
            if src >= 0:
                s2[src] = rest
            s2[j] = r * 64 + (tj & 63) + 1
            top = _push(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants,
                        children, nchildren, under, safe, cur_t, cnt, todo, top)
    if to_space:
        for u in range(n):
            s2[u] = sh[u]
        if src >= 0:
            s2[src] = rest
        s2[empty] = r * 64 + 1
        top = _push(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants,
                    children, nchildren, under, safe, cur_t, cnt, todo, top)
    return top


@njit(cache=True, inline="always", _nrt=False)
def _unpack(w0, w1, n, turned, sh, home):
    """Read a packed position of the rank abstraction (``w0``: the ``n`` pile shapes, ten
    bits each; ``w1``: the cards home by suit above bit 47, below it the turned cards still in
    the waste) into ``sh`` and ``home``; returns the waste mask, the index of its top card
    (-1: none) and that card, the first empty pile (-1: none) and the cards home."""
    for i in range(n):
        sh[i] = (w0 >> (10 * i)) & 1023
    hb = (w1 >> 47) & 65535
    for s in range(4):
        home[s] = (hb >> (4 * s)) & 15
    wm = w1 & ((np.int64(1) << 47) - 1)
    wi, wtop = _waste_top(wm, turned)
    empty = -1
    for i in range(n):
        if sh[i] == 0:
            empty = i
            break
    return wm, wi, wtop, empty, home[0] + home[1] + home[2] + home[3]


@njit(cache=True, inline="always", _nrt=False)
def _stop(st, top, count, positions, nl, code):
    """Keep where the walk is (so that it can go on after the return) and return ``code``."""
    st[0] = top
    st[1] = count
    st[2] = positions
    st[3] = nl
    return code


@njit(cache=True, _nrt=False)
def rank_layer(n, tc, turned, tpos, incross, wants, ok, under, end, cur_t, cnt, nxt_t, ncnt,
               todo, nlist, st, max_positions, scr, children, nchildren, safe):
    """One layer of the layer-by-layer search of :class:`~.abstraction._RankSearch`: walk every
    position reachable inside the layer from the ``st[0]`` entries on ``todo`` (already in the
    table ``cur_t``), adding the positions one stock card later to ``nxt_t`` (and, when new, to
    ``nlist``: the next layer's entries).  ``st``: [entries on todo, positions of this layer,
    positions in all, entries on nlist], kept so that the walk can go on after a return.
    Returns 0 budget, 1 won with swaps, 2 layer done, 3 a shape too long to pack, 4 a table
    half full (the caller grows it and calls again)."""
    maxfill = cur_t.shape[0] >> 1
    nmaxfill = nxt_t.shape[0] >> 1
    top = st[0]
    count = st[1]
    positions = st[2]
    nl = st[3]
    sh = scr[0:n]  # scratch, from the caller (no allocation: the kernel runs without NRT)
    s2 = scr[8:8 + n]
    home = scr[16:20]
    nh = scr[20:24]
    child = scr[24:26]
    tmp = scr[32:32 + n]
    hs = scr[40:44]
    seen_shape = scr[64:1088]
    seen_shape[:] = 0
    stamp = 0
    if True:
        while top > 0:
            top -= 1
            w0 = todo[top, 0]
            w1 = todo[top, 1]
            count += 1
            positions += 1
            if positions >= max_positions:
                return _stop(st, top, count, positions, nl, 0)
            wm, wi, wtop, empty, total = _unpack(w0, w1, n, turned, sh, home)
            if total == 52:  # (reached by safe moves home)
                return _stop(st, top, count, positions, nl, 1)
            # moves home: the waste's top, or a cross card of the pile tops' rank (swapped up)
            for s in range(4):
                h = home[s]
                if h >= 13:
                    continue
                c = wants[s, h]
                for u in range(4):
                    nh[u] = home[u]
                nh[s] = h + 1
                if c == wtop:
                    if total + 1 == 52:
                        return _stop(st, top, count, positions, nl, 1)
                    top = _push(sh, n, nh, wm & ~(np.int64(1) << wi), child, tmp, hs, tc, turned,
                                tpos, incross, wants, children, nchildren, under, safe, cur_t,
                                cnt, todo, top)
                p = tpos[c]
                inx = incross[c] == 1 or (p >= 0 and p < tc and not (wm >> p) & 1)
                if inx:
                    r = c >> 2
                    stamp += 1
                    for i in range(n):
                        v = sh[i]
                        if v != 0 and (v >> 6) == r and seen_shape[v] != stamp:
                            seen_shape[v] = stamp
                            if total + 1 == 52:
                                return _stop(st, top, count, positions, nl, 1)
                            for j in range(n):
                                s2[j] = sh[j]
                            ln = v & 63
                            s2[i] = 0 if ln == 1 else under[r] * 64 + ln - 1
                            top = _push(s2, n, nh, wm, child, tmp, hs, tc, turned, tpos, incross,
                                        wants, children, nchildren, under, safe, cur_t, cnt,
                                        todo, top)
            # a pile's top onto another top, or into a space
            stamp += 1
            mstamp = stamp
            for i in range(n):
                v = sh[i]
                if v == 0 or seen_shape[v] == mstamp:
                    continue
                seen_shape[v] = mstamp
                r = v >> 6
                ln = v & 63
                rest = 0 if ln == 1 else under[r] * 64 + ln - 1
                top = _onto_tops(sh, s2, n, i, rest, r, empty >= 0 and ln > 1, empty, ok, home,
                                 wm, child, tmp, hs, tc, turned, tpos, incross, wants, children,
                                 nchildren, under, safe, cur_t, cnt, todo, top)
                if top < 0:
                    return _stop(st, 0, count, positions, nl, 3)
            stamp += 1
            # the waste's top onto a top, or into a space
            if wtop >= 0:
                r = wtop >> 2
                nwm = wm & ~(np.int64(1) << wi)
                top = _onto_tops(sh, s2, n, -1, 0, r, empty >= 0, empty, ok, home, nwm, child,
                                 tmp, hs, tc, turned, tpos, incross, wants, children, nchildren,
                                 under, safe, cur_t, cnt, todo, top)
                if top < 0:
                    return _stop(st, 0, count, positions, nl, 3)
            # the stock: into the next layer
            if tc < end:
                if safe:
                    _emit_s(sh, n, home, wm | (np.int64(1) << tc), child, tmp, hs, tc + 1, turned,
                            tpos, incross, wants, children, nchildren, under, safe)
                else:
                    child[0] = w0
                    child[1] = w1 | (np.int64(1) << tc)
                if tab_add(nxt_t, ncnt, child, 2):
                    nlist[nl, 0] = child[0]
                    nlist[nl, 1] = child[1]
                    nl += 1
            if cnt[0] > maxfill or ncnt[0] > nmaxfill:  # (this position is done: resumable)
                return _stop(st, top, count, positions, nl, 4)
        return _stop(st, top, count, positions, nl, 2)


# -- the rank abstraction on disk: one group at a time ------------------------------------------
# :mod:`.external` walks a stock layer as groups: the positions sharing word 1 (the foundations
# and the waste), closed under the moves that keep it (a pile's top onto another top or into a
# space).  Every other move sends a card home or takes one off the waste, so it leaves the group
# for one that comes later; those children, and the positions one stock card later, are written
# to ``out`` (word 0, word 1, 1 for the next layer / 0 for this one) for the caller to sort,
# merge and store.  The group's own positions go through a small table whose used slots are
# cleared after each group.


@njit(cache=True, inline="always", _nrt=False)
def _gput(gtab, key, glist, gslot, gl):
    """Add ``key`` to the group table unless present; returns the new length of ``glist``."""
    mask = gtab.shape[0] - 1
    i = _hash(key, 2) & mask
    while gtab[i, 0] != 0:
        if gtab[i, 0] == key[0] and gtab[i, 1] == key[1]:
            return gl
        i = (i + 1) & mask
    gtab[i, 0] = key[0]
    gtab[i, 1] = key[1]
    glist[gl, 0] = key[0]
    glist[gl, 1] = key[1]
    gslot[gl] = i
    return gl + 1


@njit(cache=True, inline="always", _nrt=False)
def _groute(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants, children,
            nchildren, under, safe, w1, gtab, glist, gslot, gl, out, oc):
    """The node of shapes ``s2`` (after the safe moves home) into the group (same word 1) or
    onto ``out``; returns (group length, out length)."""
    _emit_s(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants, children,
            nchildren, under, safe)
    if child[1] == w1:
        return _gput(gtab, child, glist, gslot, gl), oc
    out[oc, 0] = child[0]
    out[oc, 1] = child[1]
    out[oc, 2] = 0
    return gl, oc + 1


@njit(cache=True, inline="always", _nrt=False)
def _gonto_tops(sh, s2, n, src, rest, r, to_space, empty, ok, home, wm, child, tmp, hs, tc,
                turned, tpos, incross, wants, children, nchildren, under, safe, w1, gtab,
                glist, gslot, gl, out, oc):
    """:func:`_onto_tops`, routed by :func:`_groute`; group length -1 for a shape too long."""
    for j in range(n):
        tj = sh[j]
        if j != src and tj != 0 and ok[r, tj >> 6]:
            dup = False
            for j2 in range(j):
                if j2 != src and sh[j2] == tj:
                    dup = True
                    break
            if dup:
                continue
            if (tj & 63) + 1 > 63:
                return -1, oc
            for u in range(n):
                s2[u] = sh[u]
            if src >= 0:
                s2[src] = rest
            s2[j] = r * 64 + (tj & 63) + 1
            gl, oc = _groute(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants,
                             children, nchildren, under, safe, w1, gtab, glist, gslot, gl, out,
                             oc)
    if to_space:
        for u in range(n):
            s2[u] = sh[u]
        if src >= 0:
            s2[src] = rest
        s2[empty] = r * 64 + 1
        gl, oc = _groute(s2, n, home, wm, child, tmp, hs, tc, turned, tpos, incross, wants,
                         children, nchildren, under, safe, w1, gtab, glist, gslot, gl, out, oc)
    return gl, oc


@njit(cache=True, inline="always", _nrt=False)
def _gstop(st, i, q, gl, count, positions, oc, g0, code):
    """Keep where the walk of :func:`rank_groups` is, and return ``code``."""
    st[0] = i
    st[1] = q
    st[2] = gl
    st[3] = count
    st[4] = positions
    st[5] = oc
    st[6] = g0
    return code


@njit(cache=True, _nrt=False)
def rank_groups(n, tc, turned, tpos, incross, wants, ok, under, end, entries, ne, gtab, glist,
                gslot, out, st, max_positions, scr, children, nchildren, safe):
    """Walk the groups of ``entries[:ne]`` (nodes sorted by word 1, no two alike; a group's
    entries all present): each group's positions, closed under the moves that keep word 1, are
    counted and their other children written to ``out``.  ``st``: [next entry, next group
    position to expand, group length, positions of this layer, positions in all, out length,
    the group's first entry], kept so that the walk can go on after a return.  Returns 0 budget
    (checked between groups), 1 won with swaps, 2 entries done, 3 a shape too long to pack, 4
    ``out`` nearly full (the caller empties it, sets ``st[5] = 0`` and calls again), 5 a group
    outgrew its table (the caller clears the table, makes it larger and walks the group
    again from its first entry)."""
    i = st[0]
    q = st[1]
    gl = st[2]
    count = st[3]
    positions = st[4]
    oc = st[5]
    g0 = st[6]
    cap = out.shape[0] - 256
    gmax = glist.shape[0] - 256
    sh = scr[0:n]
    s2 = scr[8:8 + n]
    home = scr[16:20]
    nh = scr[20:24]
    child = scr[24:26]
    tmp = scr[32:32 + n]
    hs = scr[40:44]
    seen_shape = scr[64:1088]
    seen_shape[:] = 0
    stamp = 0
    while True:
        if q >= gl:  # the group is done: clear its slots, start the next one
            for g in range(gl):
                gtab[gslot[g], 0] = 0
                gtab[gslot[g], 1] = 0
            gl = 0
            q = 0
            if i >= ne:
                return _gstop(st, i, q, gl, count, positions, oc, g0, 2)
            if positions >= max_positions:
                return _gstop(st, i, q, gl, count, positions, oc, g0, 0)
            g0 = i
            w1g = entries[i, 1]
            while i < ne and entries[i, 1] == w1g:
                if gl > gmax:
                    return _gstop(st, i, q, gl, count, positions, oc, g0, 5)
                child[0] = entries[i, 0]
                child[1] = entries[i, 1]
                gl = _gput(gtab, child, glist, gslot, gl)
                i += 1
        if oc > cap:
            return _gstop(st, i, q, gl, count, positions, oc, g0, 4)
        if gl > gmax:
            return _gstop(st, i, q, gl, count, positions, oc, g0, 5)
        w0 = glist[q, 0]
        w1 = glist[q, 1]
        q += 1
        count += 1
        positions += 1
        wm, wi, wtop, empty, total = _unpack(w0, w1, n, turned, sh, home)
        if total == 52:
            return _gstop(st, i, q, gl, count, positions, oc, g0, 1)
        for s in range(4):
            h = home[s]
            if h >= 13:
                continue
            c = wants[s, h]
            for u in range(4):
                nh[u] = home[u]
            nh[s] = h + 1
            if c == wtop:
                if total + 1 == 52:
                    return _gstop(st, i, q, gl, count, positions, oc, g0, 1)
                gl, oc = _groute(sh, n, nh, wm & ~(np.int64(1) << wi), child, tmp, hs, tc,
                                 turned, tpos, incross, wants, children, nchildren, under, safe,
                                 w1, gtab, glist, gslot, gl, out, oc)
            p = tpos[c]
            inx = incross[c] == 1 or (p >= 0 and p < tc and not (wm >> p) & 1)
            if inx:
                r = c >> 2
                stamp += 1
                for u in range(n):
                    v = sh[u]
                    if v != 0 and (v >> 6) == r and seen_shape[v] != stamp:
                        seen_shape[v] = stamp
                        if total + 1 == 52:
                            return _gstop(st, i, q, gl, count, positions, oc, g0, 1)
                        for j in range(n):
                            s2[j] = sh[j]
                        ln = v & 63
                        s2[u] = 0 if ln == 1 else under[r] * 64 + ln - 1
                        gl, oc = _groute(s2, n, nh, wm, child, tmp, hs, tc, turned, tpos,
                                         incross, wants, children, nchildren, under, safe, w1,
                                         gtab, glist, gslot, gl, out, oc)
        stamp += 1
        mstamp = stamp
        for u in range(n):
            v = sh[u]
            if v == 0 or seen_shape[v] == mstamp:
                continue
            seen_shape[v] = mstamp
            r = v >> 6
            ln = v & 63
            rest = 0 if ln == 1 else under[r] * 64 + ln - 1
            gl, oc = _gonto_tops(sh, s2, n, u, rest, r, empty >= 0 and ln > 1, empty, ok, home,
                                 wm, child, tmp, hs, tc, turned, tpos, incross, wants, children,
                                 nchildren, under, safe, w1, gtab, glist, gslot, gl, out, oc)
            if gl < 0:
                return _gstop(st, i, q, 0, count, positions, oc, g0, 3)
        stamp += 1
        if wtop >= 0:
            r = wtop >> 2
            nwm = wm & ~(np.int64(1) << wi)
            gl, oc = _gonto_tops(sh, s2, n, -1, 0, r, empty >= 0, empty, ok, home, nwm, child,
                                 tmp, hs, tc, turned, tpos, incross, wants, children, nchildren,
                                 under, safe, w1, gtab, glist, gslot, gl, out, oc)
            if gl < 0:
                return _gstop(st, i, q, 0, count, positions, oc, g0, 3)
        if tc < end:
            if safe:
                _emit_s(sh, n, home, wm | (np.int64(1) << tc), child, tmp, hs, tc + 1, turned,
                        tpos, incross, wants, children, nchildren, under, safe)
            else:
                child[0] = w0
                child[1] = w1 | (np.int64(1) << tc)
            out[oc, 0] = child[0]
            out[oc, 1] = child[1]
            out[oc, 2] = 1
            oc += 1
