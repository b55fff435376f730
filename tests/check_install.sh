#!/bin/sh
# `make install` into a temporary PREFIX: the files and links are there, a C program builds with
# `pkg-config --cflags --libs nanoblas` and a CMake project with find_package(nanoblas) (shared and
# static targets) and both run; then `make uninstall` leaves PREFIX empty.
# usage: tests/check_install.sh [LIBDIR]   (default lib; lib-X installs the build of BUILD=build-X)
set -u
cd "$(dirname "$0")/.." || exit 1
libdir=${1:-lib}
libdir=${libdir%/}
case $libdir in
    lib) build=build ;;
    lib-*) build=build-${libdir#lib-} ;;
    *) echo "FAIL install: LIBDIR must be lib or lib-NAME (got $libdir)"; exit 1 ;;
esac
[ -f "$libdir/libnanoblas.so.0" ] || { echo "FAIL install: $libdir/libnanoblas.so.0 missing (make lib)"; exit 1; }
CC=${CC:-cc}
work=$(mktemp -d "${TMPDIR:-/tmp}/nanoblas-install.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM
prefix=$work/prefix
mkdir "$prefix" && prefix=$(cd "$prefix" && pwd -P) || exit 1
status=0
pass() { echo "PASS install: $1"; }
fail() { echo "FAIL install: $1"; status=1; }
version=$(sed -n 's/^#define NANOBLAS_VERSION "\(.*\)"$/\1/p' include/nanoblas.h)

make_it() { # target: make TARGET PREFIX=$prefix for this build, output kept in $work/make.log
    make --no-print-directory "$1" PREFIX="$prefix" LIBDIR="$libdir" BUILD="$build" > "$work/make.log" 2>&1 ||
        { tail -n 20 "$work/make.log"; return 1; }
}
if make_it install; then pass "make install PREFIX=$prefix"; else fail "make install"; exit 1; fi

# ---- the files ----
missing=
for f in lib/libnanoblas.so.0 lib/libnanoblas.so lib/libnanoblas.a include/nanoblas/cblas.h \
         include/nanoblas/nanoblas.h include/nanoblas/nanoblas_compact.h lib/pkgconfig/nanoblas.pc \
         lib/pkgconfig/nanoblas/blas.pc lib/pkgconfig/nanoblas/cblas.pc \
         lib/cmake/nanoblas/nanoblasConfig.cmake lib/cmake/nanoblas/nanoblasConfigVersion.cmake \
         lib/nanoblas/libblas.so.3 lib/nanoblas/libcblas.so.3 lib/nanoblas/libopenblas.so.0 \
         lib/nanoblas/alternatives/libblas.so.3 sbin/nanoblas-alternatives \
         share/nanoblas/install_manifest.txt; do
    [ -e "$prefix/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then pass "every file installed"; else fail "missing:$missing"; fi
# The ILP64 libraries (mk/ilp64.mk), when this build has them.
ilp64=no
if [ -f "$libdir/libnanoblas64.so.0" ]; then
    ilp64=yes
    missing=
    for f in lib/libnanoblas64.so.0 lib/libnanoblas64.so lib/libnanoblas64.a include/nanoblas/cblas64.h \
             include/nanoblas/nanoblas_suffix64.h lib/pkgconfig/nanoblas64.pc lib/pkgconfig/nanoblas/blas64.pc \
             lib/nanoblas/libopenblas64.so.0 lib/nanoblas/libblas64.so.3 lib/nanoblas/libcblas64.so.3 \
             lib/nanoblas/alternatives/libblas64.so.3; do
        [ -e "$prefix/$f" ] || missing="$missing $f"
    done
    if [ -f "$libdir/libopenblas64_.so.0" ]; then
        for f in lib/nanoblas/libopenblas64_.so.0 lib/nanoblas/libopenblas64_.so lib/pkgconfig/nanoblas/openblas64.pc \
                 lib/nanoblas/liblapack64.so.3 lib/nanoblas/alternatives/liblapack64.so.3; do
            [ -e "$prefix/$f" ] || missing="$missing $f"
        done
    fi
    if [ -z "$missing" ]; then pass "every ILP64 file installed"; else fail "ILP64 files missing:$missing"; fi
fi
[ -e "$prefix/include/cblas.h" ] && fail "include/cblas.h installed: it would clash with the system's"
# The compatibility names: all one file (libnanoblas.so.0, or the LAPACK-carrying libopenblas.so.0).
compat_target=$(readlink -f "$prefix/lib/nanoblas/libopenblas.so.0")
for name in libblas.so.3 libcblas.so.3; do
    [ "$(readlink -f "$prefix/lib/nanoblas/$name")" = "$compat_target" ] ||
        fail "lib/nanoblas/$name and libopenblas.so.0 are not the same file"
done
soname() { readelf -d "$1" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p'; }
[ "$(soname "$prefix/lib/libnanoblas.so.0")" = libnanoblas.so.0 ] || fail "libnanoblas.so.0 has SONAME '$(soname "$prefix/lib/libnanoblas.so.0")'"
[ "$(soname "$prefix/lib/nanoblas/alternatives/libblas.so.3")" = libblas.so.3 ] || fail "alternatives/libblas.so.3 has the wrong SONAME"
if nm -D --defined-only "$libdir/libopenblas.so.0" 2>/dev/null | grep -q ' dgesv_$'; then
    if [ "$(soname "$prefix/lib/nanoblas/libopenblas.so.0")" = libopenblas.so.0 ] &&
       [ -e "$prefix/lib/nanoblas/liblapack.so.3" ] && [ -e "$prefix/lib/nanoblas/alternatives/liblapack.so.3" ] &&
       nm -D --defined-only "$prefix/lib/nanoblas/libopenblas.so.0" | grep -q ' dgesv_$'; then
        pass "libopenblas.so.0 with LAPACK, liblapack.so.3 beside it"
    else
        fail "the LAPACK-carrying libopenblas.so.0 / liblapack.so.3 not installed as built"
    fi
fi
bad_manifest=$(grep '^file ' "$prefix/share/nanoblas/install_manifest.txt" | cut -d' ' -f2- |
               while read -r f; do [ -e "$f" ] || [ -L "$f" ] || echo "$f"; done)
[ -z "$bad_manifest" ] || fail "manifest lists files that are not there: $bad_manifest"

# ---- pkg-config ----
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if [ "$(pkg-config --modversion nanoblas 2>&1)" = "$version" ]; then
    pass "pkg-config nanoblas: version $version"
else
    fail "pkg-config --modversion nanoblas = '$(pkg-config --modversion nanoblas 2>&1)', want $version"
fi
flags=$(pkg-config --cflags --libs nanoblas)
# shellcheck disable=SC2086
if $CC -std=gnu11 -o "$work/pc_dgemm" tests/abi/installed_dgemm.c $flags -lm 2> "$work/cc.err" &&
   out=$(LD_LIBRARY_PATH="$prefix/lib" "$work/pc_dgemm") && echo "$out" | grep -q 'cblas_dgemm ok'; then
    pass "built with pkg-config ($flags) and ran: $out"
else
    cat "$work/cc.err"; fail "the pkg-config build (flags: $flags) does not build or run correctly"
fi
case $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig/nanoblas" pkg-config --libs blas cblas 2>&1) in
    *-lnanoblas*) pass "blas.pc and cblas.pc (lib/pkgconfig/nanoblas) name nanoblas" ;;
    *) fail "pkg-config blas/cblas from lib/pkgconfig/nanoblas do not name nanoblas" ;;
esac

if [ $ilp64 = yes ]; then
    flags=$(pkg-config --cflags --libs nanoblas64)
    # shellcheck disable=SC2086
    if $CC -std=gnu11 -o "$work/pc_dgemm64" tests/abi/installed_dgemm.c $flags -lm 2> "$work/cc.err" &&
       out=$(LD_LIBRARY_PATH="$prefix/lib" "$work/pc_dgemm64") && echo "$out" | grep -q '(ILP64): cblas_dgemm ok' &&
       nm -D "$work/pc_dgemm64" | grep -q ' U cblas_dgemm64_$'; then
        pass "built with pkg-config nanoblas64 ($flags), calls cblas_dgemm64_, ran: $out"
    else
        cat "$work/cc.err"; fail "the pkg-config nanoblas64 build (flags: $flags) does not build or run correctly"
    fi
    flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig/nanoblas" pkg-config --cflags --libs blas64)
    # shellcheck disable=SC2086
    if $CC -std=gnu11 -o "$work/pc_dgemm64u" tests/abi/installed_dgemm.c $flags -lm 2> "$work/cc.err" &&
       out=$(LD_LIBRARY_PATH="$prefix/lib/nanoblas" "$work/pc_dgemm64u") && echo "$out" | grep -q '(ILP64): cblas_dgemm ok'; then
        pass "built with pkg-config blas64 (lib/pkgconfig/nanoblas: $flags), ran: $out"
    else
        cat "$work/cc.err"; fail "the pkg-config blas64 build (flags: $flags) does not build or run correctly"
    fi
    if [ -f "$libdir/libopenblas64_.so.0" ]; then
        case $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig/nanoblas" pkg-config --libs openblas64 2>&1) in
            *-lopenblas64_*) pass "openblas64.pc (lib/pkgconfig/nanoblas) names libopenblas64_" ;;
            *) fail "pkg-config openblas64 from lib/pkgconfig/nanoblas does not name libopenblas64_" ;;
        esac
    fi
fi

# ---- CMake ----
if command -v cmake > /dev/null; then
    mkdir -p "$work/cmake_src" && cp tests/abi/installed_dgemm.c "$work/cmake_src/" &&
    cat > "$work/cmake_src/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.13)
project(nanoblas_consumer C)
find_package(nanoblas 99 CONFIG QUIET)
if(nanoblas_FOUND)
  message(FATAL_ERROR "version 99 accepted")
endif()
find_package(nanoblas $version CONFIG REQUIRED)
add_executable(shared_dgemm installed_dgemm.c)
target_link_libraries(shared_dgemm PRIVATE nanoblas::nanoblas m)
add_executable(static_dgemm installed_dgemm.c)
target_link_libraries(static_dgemm PRIVATE nanoblas::nanoblas_static)
if(TARGET nanoblas::nanoblas64)
  add_executable(shared_dgemm64 installed_dgemm.c)
  target_link_libraries(shared_dgemm64 PRIVATE nanoblas::nanoblas64 m)
  add_executable(static_dgemm64 installed_dgemm.c)
  target_link_libraries(static_dgemm64 PRIVATE nanoblas::nanoblas64_static)
endif()
EOF
    if cmake -S "$work/cmake_src" -B "$work/cmake_build" -DCMAKE_PREFIX_PATH="$prefix" \
            -DCMAKE_C_COMPILER="$CC" > "$work/cmake.log" 2>&1 &&
       cmake --build "$work/cmake_build" >> "$work/cmake.log" 2>&1; then
        pass "CMake find_package(nanoblas $version CONFIG REQUIRED) configured and built"
        exes="shared_dgemm static_dgemm"
        [ $ilp64 = yes ] && exes="$exes shared_dgemm64 static_dgemm64"
        for exe in $exes; do
            want='cblas_dgemm ok'
            case $exe in *64) want='(ILP64): cblas_dgemm ok' ;; esac
            if out=$("$work/cmake_build/$exe") && echo "$out" | grep -qF "$want"; then
                pass "CMake $exe ran: $out"
            else
                fail "CMake $exe: $out"
            fi
        done
        readelf -d "$work/cmake_build/static_dgemm" | grep -q 'NEEDED.*libnanoblas' &&
            fail "static_dgemm needs libnanoblas.so: nanoblas::nanoblas_static is not static"
    else
        tail -n 30 "$work/cmake.log"; fail "CMake project with find_package(nanoblas) did not build"
    fi
else
    echo "SKIP install: cmake not installed, find_package(nanoblas) not checked"
fi

# ---- the installed nanoblas-alternatives, on a scratch root (update-alternatives --root) ----
# Two fake providers of libblas.so.3 in auto mode, then in manual mode: install selects nanoblas,
# a second install changes nothing, remove restores the exact previous state.
triplet=$($CC -print-multiarch 2>/dev/null)
if [ "$(id -u)" -ne 0 ] || ! command -v update-alternatives > /dev/null || [ -z "$triplet" ]; then
    echo "SKIP install: nanoblas-alternatives not exercised (needs root and update-alternatives)"
else
    root=$work/altroot
    mkdir -p "$root/etc/alternatives" "$root/var/lib/dpkg/alternatives" "$root/var/log" \
             "$root/usr/lib/$triplet/fake1" "$root/usr/lib/$triplet/fake2" \
             "$root$prefix/lib/nanoblas/alternatives"
    touch "$root/usr/lib/$triplet/fake1/libblas.so.3" "$root/usr/lib/$triplet/fake2/libblas.so.3" \
          "$root$prefix/lib/nanoblas/alternatives/libblas.so.3" "$root$prefix/lib/nanoblas/alternatives/liblapack.so.3" \
          "$root$prefix/lib/nanoblas/alternatives/libblas64.so.3" "$root$prefix/lib/nanoblas/alternatives/liblapack64.so.3"
    # a fake provider of libblas64.so.3 (Debian's ILP64 group) in auto mode; liblapack64.so.3 absent
    mkdir -p "$root/usr/lib/$triplet/fake64" && touch "$root/usr/lib/$triplet/fake64/libblas64.so.3"
    group=libblas.so.3-$triplet
    ua() { update-alternatives --root "$root" "$@"; }
    alt() { NANOBLAS_ALT_ROOT="$root" NANOBLAS_ALT_STATE="$work/alt.state" "$prefix/sbin/nanoblas-alternatives" "$@"; }
    ua --install "/usr/lib/$triplet/libblas.so.3" "$group" "/usr/lib/$triplet/fake1/libblas.so.3" 100 > /dev/null
    ua --install "/usr/lib/$triplet/libblas64.so.3" "libblas64.so.3-$triplet" "/usr/lib/$triplet/fake64/libblas64.so.3" 10 > /dev/null
    ua --install "/usr/lib/$triplet/libblas.so.3" "$group" "/usr/lib/$triplet/fake2/libblas.so.3" 50 > /dev/null
    for mode in auto manual; do
        [ $mode = manual ] && ua --set "$group" "/usr/lib/$triplet/fake2/libblas.so.3" > /dev/null
        before=$(ua --query "$group"; ua --query "libblas64.so.3-$triplet"; ls -l "$root/etc/alternatives")
        ours=$prefix/lib/nanoblas/alternatives/libblas.so.3
        if alt install > "$work/alt.log" 2>&1 && alt install >> "$work/alt.log" 2>&1 &&
           [ "$(ua --query "$group" | sed -n 's/^Value: //p')" = "$ours" ] &&
           { [ ! -e "${ours%/*}/liblapack.so.3" ] ||
             [ "$(ua --query "liblapack.so.3-$triplet" | sed -n 's/^Value: //p')" = "${ours%/*}/liblapack.so.3" ]; } &&
           [ "$(ua --query "libblas64.so.3-$triplet" | sed -n 's/^Value: //p')" = "${ours%/*}/libblas64.so.3" ] &&
           [ "$(ua --query "liblapack64.so.3-$triplet" | sed -n 's/^Value: //p')" = "${ours%/*}/liblapack64.so.3" ] &&
           alt remove >> "$work/alt.log" 2>&1 &&
           [ "$before" = "$(ua --query "$group"; ua --query "libblas64.so.3-$triplet"; ls -l "$root/etc/alternatives")" ] &&
           ! ua --query "liblapack.so.3-$triplet" > /dev/null 2>&1 &&
           ! ua --query "liblapack64.so.3-$triplet" > /dev/null 2>&1; then
            pass "nanoblas-alternatives install, install again, remove (libblas.so.3, liblapack.so.3, libblas64.so.3, liblapack64.so.3): $mode mode restored exactly"
        else
            cat "$work/alt.log"; fail "nanoblas-alternatives did not select nanoblas or restore the $mode mode"
        fi
    done
fi

# ---- uninstall ----
if make_it uninstall; then pass "make uninstall PREFIX=$prefix"; else fail "make uninstall"; fi
left=$(cd "$prefix" && find . -mindepth 1 | head -n 20)
if [ -z "$left" ]; then pass "PREFIX is empty after uninstall"; else fail "left after uninstall: $left"; fi
exit $status
