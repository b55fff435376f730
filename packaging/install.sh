#!/bin/sh
# `make install` and `make uninstall` (mk/install.mk passes the settings as KEY=VALUE arguments).
#   sh packaging/install.sh install PREFIX=/usr/local [DESTDIR=] [LIBSUBDIR=lib] [BUILDLIB=lib]
#                                   [OPENMP_FLAGS=-fopenmp] [HAVE_LAPACK=yes|no]
#   sh packaging/install.sh uninstall PREFIX=/usr/local [DESTDIR=]
# Every file installed and every directory created is recorded, PREFIX-relative paths made
# absolute without DESTDIR, in PREFIX/share/nanoblas/install_manifest.txt; uninstall removes those
# files and then those directories that are empty, so install + uninstall leaves PREFIX as it was.
# Layout under PREFIX (LIBSUBDIR = lib by default):
#   lib/libnanoblas.so.0, libnanoblas.so, libnanoblas.a     the library
#   include/nanoblas/*.h                                    cblas.h kept out of the way of the
#                                                           system's; pkg-config / CMake add -I
#   lib/pkgconfig/nanoblas.pc, lib/pkgconfig/nanoblas/{blas,cblas}.pc
#   lib/cmake/nanoblas/nanoblasConfig.cmake, nanoblasConfigVersion.cmake
#   lib/nanoblas/libblas.so.3, libcblas.so.3, libopenblas.so.0 [, liblapack.so.3]
#        the compatibility names, private so that they never shadow the system's libraries
#        (links to ../libnanoblas.so.0, or with LAPACK to the LAPACK-carrying libopenblas.so.0)
#   lib/nanoblas/alternatives/libblas.so.3 [, liblapack.so.3]    what nanoblas-alternatives registers
#   and, from a build with the ILP64 libraries (mk/ilp64.mk):
#   lib/libnanoblas64.so.0, libnanoblas64.so, libnanoblas64.a, lib/pkgconfig/nanoblas64.pc
#   lib/nanoblas/libopenblas64.so.0 and its names libblas64.so.3, libcblas64.so.3 [, liblapack64.so.3]
#        (libblas64.so for -lblas64); [libopenblas64_.so.0, libopenblas64_.so] (suffixed, with LAPACK)
#   lib/pkgconfig/nanoblas/blas64.pc [, openblas64.pc]
#   lib/nanoblas/alternatives/libblas64.so.3 [, liblapack64.so.3]
#   sbin/nanoblas-alternatives                              Debian alternatives switch
set -u
cd "$(dirname "$0")/.." || exit 1

action=${1:-}
[ $# -gt 0 ] && shift
PREFIX=/usr/local DESTDIR='' LIBSUBDIR=lib BUILDLIB=lib OPENMP_FLAGS='' HAVE_LAPACK=no
for arg in "$@"; do
    value=${arg#*=}
    case $arg in
        PREFIX=*) PREFIX=$value ;;
        DESTDIR=*) DESTDIR=$value ;;
        LIBSUBDIR=*) LIBSUBDIR=$value ;;
        BUILDLIB=*) BUILDLIB=$value ;;
        OPENMP_FLAGS=*) OPENMP_FLAGS=$value ;;
        HAVE_LAPACK=*) HAVE_LAPACK=$value ;;
        *) echo "install.sh: unknown argument '$arg'" >&2; exit 2 ;;
    esac
done

die() { echo "install.sh: $*" >&2; exit 1; }
case $PREFIX in
    /*) ;;
    *) die "PREFIX must be an absolute path (got '$PREFIX')" ;;
esac
case "$PREFIX$LIBSUBDIR" in
    *[[:space:]\|\\]*) die "PREFIX and LIBSUBDIR must not contain blanks, '|' or '\\'" ;;
esac
case $LIBSUBDIR in
    /*|*..*|'') die "LIBSUBDIR is a relative path under PREFIX (got '$LIBSUBDIR')" ;;
esac
# One trailing slash less, so that recorded paths are canonical ("/" itself stays).
while [ "${PREFIX%/}" != "$PREFIX" ] && [ "$PREFIX" != / ]; do PREFIX=${PREFIX%/}; done
[ "$PREFIX" = / ] && PREFIX=''
MANIFEST=$PREFIX/share/nanoblas/install_manifest.txt

# ---- uninstall --------------------------------------------------------------------------------
# Removes the manifest's files (only paths under PREFIX), then its directories deepest first
# where they are empty. $1: the manifest; $2: "keep-dirs" to remove only files not listed in $3.
remove_recorded() {
    status=0
    while read -r kind path; do
        [ "$kind" = file ] || continue
        case $path in
            "$PREFIX"/*) ;;
            *) echo "install.sh: not removing '$path': outside PREFIX" >&2; status=1; continue ;;
        esac
        if [ -n "${3:-}" ] && grep -qxF "file $path" "$3"; then continue; fi
        if [ -d "$DESTDIR$path" ] && [ ! -L "$DESTDIR$path" ]; then
            echo "install.sh: not removing '$DESTDIR$path': a directory now" >&2; status=1
        elif [ -e "$DESTDIR$path" ] || [ -L "$DESTDIR$path" ]; then
            rm -f "$DESTDIR$path" || status=1
        fi
    done < "$1"
    [ "${2:-}" = keep-dirs ] && return $status
    # Deepest first: sort the directories by length, longest first.
    sed -n 's/^dir //p' "$1" | awk '{ print length($0) " " $0 }' | sort -rn | cut -d' ' -f2- |
    while read -r dir; do
        [ -d "$DESTDIR$dir" ] && rmdir "$DESTDIR$dir" 2>/dev/null
        [ -d "$DESTDIR$dir" ] && echo "install.sh: kept $DESTDIR$dir (not empty)"
    done
    return $status
}

if [ "$action" = uninstall ]; then
    [ -f "$DESTDIR$MANIFEST" ] ||
        die "no install manifest $DESTDIR$MANIFEST: nothing was installed there by make install"
    # The manifest is read from a copy: it lists itself.
    copy=$(mktemp) || exit 1
    cp "$DESTDIR$MANIFEST" "$copy" && remove_recorded "$copy"
    status=$?
    rm -f "$copy"
    [ $status -eq 0 ] && echo "nanoblas uninstalled from $DESTDIR${PREFIX:-/}"
    exit $status
fi
[ "$action" = install ] || die "usage: install.sh install|uninstall KEY=VALUE..."

# ---- install ----------------------------------------------------------------------------------
for f in libnanoblas.so.0 libnanoblas.a libopenblas.so.0 alternatives/libblas.so.3; do
    [ -e "$BUILDLIB/$f" ] || die "$BUILDLIB/$f is missing: build the library first (make lib)"
done
VERSION=$(sed -n 's/^#define NANOBLAS_VERSION "\(.*\)"$/\1/p' include/nanoblas.h)
[ -n "$VERSION" ] || die "no NANOBLAS_VERSION in include/nanoblas.h"

new_manifest=$(mktemp) || exit 1
old_manifest=$(mktemp) || exit 1
trap 'rm -f "$new_manifest" "$old_manifest"' EXIT
echo "# nanoblas $VERSION: installed by make install, removed by make uninstall PREFIX=${PREFIX:-/}" > "$new_manifest"
# A reinstall keeps the directories the first install created, so uninstall still removes them.
if [ -f "$DESTDIR$MANIFEST" ]; then
    cp "$DESTDIR$MANIFEST" "$old_manifest" || exit 1
    grep '^dir ' "$old_manifest" >> "$new_manifest"
fi

# Creates directory $1 (absolute, without DESTDIR) and its missing parents, recording those under
# PREFIX: PREFIX itself stays after uninstall, empty.
make_dir() {
    [ -d "$DESTDIR$1" ] && return 0
    if [ "$1" = / ] || [ -z "$1" ]; then mkdir -p "$DESTDIR/"; return; fi
    make_dir "$(dirname "$1")" || return 1
    mkdir "$DESTDIR$1" || return 1
    case $1 in "$PREFIX"/*) echo "dir $1" >> "$new_manifest" ;; esac
}
# Records $1 (absolute, without DESTDIR) as installed.
record() { echo "file $1" >> "$new_manifest"; }
# copy SOURCE DEST MODE: a new file beside the old one, renamed over it, so that programs running
# on the old library keep their mapping.
copy() {
    make_dir "$(dirname "$2")" || return 1
    if ! { cp "$1" "$DESTDIR$2.new.$$" && chmod "$3" "$DESTDIR$2.new.$$" &&
           mv -f "$DESTDIR$2.new.$$" "$DESTDIR$2"; }; then
        rm -f "$DESTDIR$2.new.$$"
        return 1
    fi
    record "$2"
}
# link TARGET DEST: a relative symbolic link.
link() {
    make_dir "$(dirname "$2")" || return 1
    rm -f "$DESTDIR$2" && ln -s "$1" "$DESTDIR$2" || return 1
    record "$2"
}
# subst TEMPLATE DEST: the template with @NAME@ replaced.
libdir_components=$(echo "$LIBSUBDIR" | tr '/' '\n' | grep -c .)
cmake_to_prefix=../..
i=0
while [ $i -lt "$libdir_components" ]; do cmake_to_prefix=$cmake_to_prefix/..; i=$((i + 1)); done
static_libs=m
for flag in $OPENMP_FLAGS; do static_libs="$static_libs;$flag"; done
subst() {
    make_dir "$(dirname "$2")" || return 1
    sed -e "s|@PREFIX@|${PREFIX:-/}|g" -e "s|@LIBSUBDIR@|$LIBSUBDIR|g" -e "s|@VERSION@|$VERSION|g" \
        -e "s|@OPENMP_FLAGS@|$OPENMP_FLAGS|g" -e "s|@CMAKE_TO_PREFIX@|$cmake_to_prefix|g" \
        -e "s|@STATIC_LINK_LIBRARIES@|$static_libs|g" "$1" > "$DESTDIR$2" || return 1
    chmod 644 "$DESTDIR$2" && record "$2"
}

copy_headers() {
    for h in include/*.h; do copy "$h" "$PREFIX/include/nanoblas/${h#include/}" 644 || return 1; done
}

# The ILP64 libraries, when this build made them (ILP64=no did not).
install_ilp64() {
    [ -f "$BUILDLIB/libnanoblas64.so.0" ] || return 0
    copy "$BUILDLIB/libnanoblas64.so.0" "$lib/libnanoblas64.so.0" 755 &&
    link libnanoblas64.so.0 "$lib/libnanoblas64.so" &&
    copy "$BUILDLIB/libnanoblas64.a" "$lib/libnanoblas64.a" 644 &&
    subst packaging/nanoblas64.pc.in "$lib/pkgconfig/nanoblas64.pc" &&
    copy "$BUILDLIB/libopenblas64.so.0" "$lib/nanoblas/libopenblas64.so.0" 755 &&
    link libopenblas64.so.0 "$lib/nanoblas/libblas64.so.3" &&
    link libopenblas64.so.0 "$lib/nanoblas/libcblas64.so.3" &&
    link libopenblas64.so.0 "$lib/nanoblas/libblas64.so" &&
    subst packaging/blas64.pc.in "$lib/pkgconfig/nanoblas/blas64.pc" &&
    if [ -f "$BUILDLIB/liblapack64.so.3" ]; then
        link libopenblas64.so.0 "$lib/nanoblas/liblapack64.so.3"
    fi &&
    if [ -f "$BUILDLIB/libopenblas64_.so.0" ]; then
        copy "$BUILDLIB/libopenblas64_.so.0" "$lib/nanoblas/libopenblas64_.so.0" 755 &&
        link libopenblas64_.so.0 "$lib/nanoblas/libopenblas64_.so" &&
        subst packaging/openblas64.pc.in "$lib/pkgconfig/nanoblas/openblas64.pc"
    fi &&
    copy "$BUILDLIB/alternatives/libblas64.so.3" "$lib/nanoblas/alternatives/libblas64.so.3" 755 &&
    if [ -f "$BUILDLIB/alternatives/liblapack64.so.3" ]; then
        copy "$BUILDLIB/alternatives/liblapack64.so.3" "$lib/nanoblas/alternatives/liblapack64.so.3" 755
    fi
}

lib=$PREFIX/$LIBSUBDIR
status=0
make_dir "$(dirname "$MANIFEST")" || die "cannot create $DESTDIR$(dirname "$MANIFEST")"
{
    copy "$BUILDLIB/libnanoblas.so.0" "$lib/libnanoblas.so.0" 755 &&
    link libnanoblas.so.0 "$lib/libnanoblas.so" &&
    copy "$BUILDLIB/libnanoblas.a" "$lib/libnanoblas.a" 644 &&
    copy_headers &&
    subst packaging/nanoblas.pc.in "$lib/pkgconfig/nanoblas.pc" &&
    subst packaging/blas.pc.in "$lib/pkgconfig/nanoblas/blas.pc" &&
    subst packaging/cblas.pc.in "$lib/pkgconfig/nanoblas/cblas.pc" &&
    subst packaging/nanoblasConfig.cmake.in "$lib/cmake/nanoblas/nanoblasConfig.cmake" &&
    subst packaging/nanoblasConfigVersion.cmake.in "$lib/cmake/nanoblas/nanoblasConfigVersion.cmake" &&
    # With LAPACK every name there is the one libopenblas.so.0: a program that needs libblas.so.3
    # and liblapack.so.3 (NumPy) then loads a single copy of nanoblas.
    if [ "$HAVE_LAPACK" = yes ] && [ ! -L "$BUILDLIB/libopenblas.so.0" ]; then
        copy "$BUILDLIB/libopenblas.so.0" "$lib/nanoblas/libopenblas.so.0" 755 &&
        link libopenblas.so.0 "$lib/nanoblas/liblapack.so.3" &&
        link libopenblas.so.0 "$lib/nanoblas/libblas.so.3" &&
        link libopenblas.so.0 "$lib/nanoblas/libcblas.so.3"
    else
        link ../libnanoblas.so.0 "$lib/nanoblas/libopenblas.so.0" &&
        link ../libnanoblas.so.0 "$lib/nanoblas/libblas.so.3" &&
        link ../libnanoblas.so.0 "$lib/nanoblas/libcblas.so.3"
    fi &&
    copy "$BUILDLIB/alternatives/libblas.so.3" "$lib/nanoblas/alternatives/libblas.so.3" 755 &&
    if [ -f "$BUILDLIB/alternatives/liblapack.so.3" ]; then
        copy "$BUILDLIB/alternatives/liblapack.so.3" "$lib/nanoblas/alternatives/liblapack.so.3" 755
    fi &&
    install_ilp64 &&
    make_dir "$PREFIX/sbin" &&
    sed "s|^installed_libdir=.*|installed_libdir='$lib/nanoblas'|" scripts/nanoblas-alternatives \
        > "$DESTDIR$PREFIX/sbin/nanoblas-alternatives" &&
    chmod 755 "$DESTDIR$PREFIX/sbin/nanoblas-alternatives" && record "$PREFIX/sbin/nanoblas-alternatives"
} || status=1

# The manifest lists itself; files a previous install had and this one has not are removed.
record "$MANIFEST"
{ awk '!seen[$0]++' "$new_manifest" > "$DESTDIR$MANIFEST.new" && chmod 644 "$DESTDIR$MANIFEST.new" &&
  mv -f "$DESTDIR$MANIFEST.new" "$DESTDIR$MANIFEST"; } || die "cannot write $DESTDIR$MANIFEST"
[ -s "$old_manifest" ] && { remove_recorded "$old_manifest" keep-dirs "$DESTDIR$MANIFEST" || status=1; }
if [ $status -ne 0 ]; then
    echo "install.sh: install into $DESTDIR${PREFIX:-/} failed part-way; make uninstall removes what was installed" >&2
    exit 1
fi
echo "nanoblas $VERSION installed into $DESTDIR${PREFIX:-/} (manifest: $DESTDIR$MANIFEST)"
