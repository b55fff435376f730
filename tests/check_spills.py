#!/usr/bin/env python3
"""Spill check for the hand-written kernels: no vector register is stored to or loaded from the
stack inside any loop that does FMAs (a k loop).

usage: check_spills.py [--strict REGEX] [--allow REGEX] OBJECT...

The micro-kernels (functions whose names match --strict, default nb_[sd]gemm_<isa>_<MR>x<NR>)
must have no vector register on the stack in any k loop; --allow names candidates that are
compiled only for re-measuring (the AVX2 12x4 / 24x4 tiles) and exempts them. Every other
function (packing, the no-packing small kernels' edge tiles) is reported, not failed: the
kernel files state what is known there.

Reads `objdump -d` of each object. A loop is the span between a backward branch and its target,
inside one function; only innermost loops (no backward branch strictly inside) are looked at, and
one counts as a k loop when it holds an FMA instruction and no vector store to memory other than
the stack (a store to C marks the C update or the loop over tiles, laid out around a k loop). (Outer loops over columns and the C
update hold FMAs too, and may keep values on the stack there at no cost to the k loop.) Inside it, any
instruction that moves a vector register (xmm/ymm/zmm) to or from an address based on %rsp or
%rbp is a spill or a reload; the check fails on one. Scalar (general-register) loads from the
stack are reported but allowed: they cost a load port, not an accumulator (the small kernel's
3 x 7 n-edge tile with A prefetch reloads one B column offset that way, see small_avx512.h).
Exit status 0 when no object has a vector spill in a k loop, 1 otherwise, 2 on usage errors.
"""
import re
import subprocess
import sys

INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")
BRANCH = re.compile(r"^j[a-z]+$")
STACK = re.compile(r"\((%rsp|%rbp)[,)]")
VREG = re.compile(r"%[xyz]mm\d+")


def functions(obj):
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], check=True,
                         capture_output=True, text=True).stdout
    name, body = None, []
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            if name:
                yield name, body
            name, body = m.group(1), []
            continue
        m = INSN.match(line)
        if m and name:
            body.append((int(m.group(1), 16), m.group(2), m.group(3)))
    if name:
        yield name, body


def back_branches(body):
    first = body[0][0] if body else 0
    for idx, (addr, op, args) in enumerate(body):
        if not BRANCH.match(op):
            continue
        target = args.split()[0] if args else ""
        try:
            t = int(target, 16)
        except ValueError:
            continue
        if first <= t < addr:
            yield idx, t, addr


def k_loops(body):
    addrs = [a for a, _, _ in body]
    spans = list(back_branches(body))
    for idx, t, addr in spans:
        if any(t <= t2 and a2 < addr and (t2, a2) != (t, addr) for _, t2, a2 in spans):
            continue
        start = next(i for i, a in enumerate(addrs) if a >= t)
        loop = body[start:idx + 1]
        if any(o.startswith("vfmadd") or o.startswith("vfnmadd") for _, o, _ in loop) \
                and not any(stores_to_memory(o, a) for _, o, a in loop):
            yield t, addr, loop


def stores_to_memory(op, args):
    """A vector store to a non-stack address: the C update, which a k loop never does (the
    loop that walks the tiles may lay its C update out between the k loop's blocks)."""
    if not op.startswith("vmov") or "(" not in args:
        return False
    dest = args.rsplit(",", 1)[-1]
    return "(" in dest and not STACK.search(dest)


def main(argv):
    strict = re.compile(r"^nb_[sd]gemm_(avx512|avx2|neon|sve)_\d+x\d+$")
    allow = None
    objs = []
    it = iter(argv)
    for arg in it:
        if arg == "--strict":
            strict = re.compile(next(it, ""))
        elif arg == "--allow":
            allow = re.compile(next(it, ""))
        else:
            objs.append(arg)
    if not objs:
        print("usage: check_spills.py [--strict REGEX] [--allow REGEX] OBJECT...")
        return 2
    bad = loops_seen = strict_loops = 0
    other = {}
    for obj in objs:
        for fn, body in functions(obj):
            checked = strict.search(fn) and not (allow and allow.search(fn))
            for t, end, loop in k_loops(body):
                loops_seen += 1
                strict_loops += 1 if checked else 0
                for addr, op, args in loop:
                    if not STACK.search(args) or op.startswith("prefetch") or op == "lea":
                        continue
                    if not VREG.search(args):
                        continue
                    if checked:
                        bad += 1
                        print(f"SPILL {obj}: {fn} k loop {t:x}-{end:x}: {addr:x} {op} {args}")
                    else:
                        other[fn] = other.get(fn, 0) + 1
    for fn, count in sorted(other.items()):
        print(f"  (reported) {fn}: {count} vector stack accesses in k loops")
    print(f"check_spills: {strict_loops} micro-kernel k loops clean: {strict_loops and not bad}; "
          f"{bad} vector spills/reloads there ({loops_seen} k loops in {len(objs)} objects)")
    return 1 if bad or not strict_loops else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
