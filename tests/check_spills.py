#!/usr/bin/env python3
"""Spill check for the hand-written kernels: no vector register is stored to or loaded from the
stack inside any loop that does FMAs (a k loop).

usage: check_spills.py [--strict REGEX] [--allow REGEX] OBJECT...

x86-64 and aarch64 objects (the ELF machine decides: aarch64 objects are read with
aarch64-linux-gnu-objdump, from binutils-aarch64-linux-gnu, which the cross compiler brings).
The micro-kernels (functions whose names match --strict, default nb_[sd]gemm_<isa>_<MR>x<NR>,
MR written as e.g. 3v for the vector-length-agnostic SVE tiles)
must have no vector register on the stack in any k loop; --allow names candidates that are
compiled only for re-measuring (the AVX2 12x4 / 24x4 tiles) and exempts them. Every other
function (packing, the no-packing small kernels' edge tiles) is reported, not failed: the
kernel files state what is known there.

Reads `objdump -d` of each object. A loop is the span between a backward branch and its target,
inside one function; only innermost loops (no backward branch strictly inside) are looked at, and
one counts as a k loop when it holds an FMA instruction and no vector store to memory other than
the stack (a store to C marks the C update or the loop over tiles, laid out around a k loop). (Outer loops over columns and the C
update hold FMAs too, and may keep values on the stack there at no cost to the k loop.) Inside it, any
instruction that moves a vector register (xmm/ymm/zmm; on aarch64 q/d/s/v/z, the FP and SIMD
registers) to or from an address based on %rsp or %rbp (sp or x29) is a spill or a reload; the
check fails on one. Scalar (general-register) loads from the
stack are reported but allowed: they cost a load port, not an accumulator (the small kernel's
3 x 7 n-edge tile with A prefetch reloads one B column offset that way, see small_avx512.h).
Exit status 0 when no object has a vector spill in a k loop, 1 otherwise, 2 on usage errors.
"""
import re
import subprocess
import sys

INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")


class X86:
    objdump = "objdump"
    branch = re.compile(r"^j[a-z]+$")
    stack = re.compile(r"\((%rsp|%rbp)[,)]")
    vreg = re.compile(r"%[xyz]mm\d+")
    fma = ("vfmadd", "vfnmadd")

    @staticmethod
    def target(args):
        return args.split()[0] if args else ""

    @classmethod
    def stores_to_memory(cls, op, args):
        """A vector store to a non-stack address: the C update, which a k loop never does (the
        loop that walks the tiles may lay its C update out between the k loop's blocks)."""
        if not op.startswith("vmov") or "(" not in args:
            return False
        dest = args.rsplit(",", 1)[-1]
        return "(" in dest and not cls.stack.search(dest)

    @staticmethod
    def is_prefetch(op):
        return op.startswith("prefetch") or op == "lea"


class AArch64:
    objdump = "aarch64-linux-gnu-objdump"
    branch = re.compile(r"^(b|b\.[a-z]+|cbn?z|tbn?z)$")
    stack = re.compile(r"\[(sp|x29)[,\]]")
    vreg = re.compile(r"\b([qdsvz]\d+)\b")
    fma = ("fmla", "fmls", "fmad", "fmsb", "bfmmla", "bfdot", "bfmlal")

    @staticmethod
    def target(args):
        m = re.match(r"(?:[a-z0-9]+, )*(?:#0x[0-9a-f]+, )?([0-9a-f]+) <", args)
        return m.group(1) if m else ""

    @classmethod
    def stores_to_memory(cls, op, args):
        """A store of a vector or FP register to a non-stack address (the C update)."""
        if not (op.startswith("st1") or op in ("str", "stp", "stur", "stnp")):
            return False
        regs, _, addr = args.partition("[")
        return bool(addr) and bool(cls.vreg.search(regs)) and not cls.stack.search("[" + addr)

    @staticmethod
    def is_prefetch(op):
        return op.startswith("prf")


def isa_of(obj):
    with open(obj, "rb") as f:
        head = f.read(20)
    machine = int.from_bytes(head[18:20], "little") if head[:4] == b"\x7fELF" else 0
    return AArch64 if machine == 183 else X86


def functions(obj, isa):
    out = subprocess.run([isa.objdump, "-d", "--no-show-raw-insn", obj], check=True,
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


def back_branches(body, isa):
    first = body[0][0] if body else 0
    for idx, (addr, op, args) in enumerate(body):
        if not isa.branch.match(op):
            continue
        try:
            t = int(isa.target(args), 16)
        except ValueError:
            continue
        if first <= t < addr:
            yield idx, t, addr


def k_loops(body, isa):
    addrs = [a for a, _, _ in body]
    spans = list(back_branches(body, isa))
    for idx, t, addr in spans:
        if any(t <= t2 and a2 < addr and (t2, a2) != (t, addr) for _, t2, a2 in spans):
            continue
        start = next(i for i, a in enumerate(addrs) if a >= t)
        loop = body[start:idx + 1]
        if any(o.startswith(isa.fma) for _, o, _ in loop) \
                and not any(isa.stores_to_memory(o, a) for _, o, a in loop):
            yield t, addr, loop


def main(argv):
    strict = re.compile(r"^nb_[sd]gemm_(avx512|avx2|neon|sve)_\d+v?x\d+$")
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
        isa = isa_of(obj)
        for fn, body in functions(obj, isa):
            checked = strict.search(fn) and not (allow and allow.search(fn))
            for t, end, loop in k_loops(body, isa):
                loops_seen += 1
                strict_loops += 1 if checked else 0
                for addr, op, args in loop:
                    if not isa.stack.search(args) or isa.is_prefetch(op):
                        continue
                    if not isa.vreg.search(args):
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
