/* gemm_bench's command line: the options (usage(), parse_args) and the list of libraries. */
#define _GNU_SOURCE
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "gemm_bench.h"
#include "peak.h"
#include "shapes.h"

/* ---- options -------------------------------------------------------------------------------- */
struct bench_options opt;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gemm_bench [options]\n"
            "Times cblas_?gemm (s, d, c, z) of nanoblas and of other BLAS shared libraries "
            "(dlopen).\n\n"
            "  --lib NAME=PATH   add a library (repeatable); nanoblas=<this build's "
            "lib/libnanoblas.so.0>\n"
            "                    comes first unless --no-nanoblas or a --lib nanoblas=PATH\n"
            "  --no-nanoblas     do not load nanoblas by default\n"
            "  --type LIST       comma list of s, d, c, z (repeatable; default d,s); c and z\n"
            "                    count 8mnk flops, %% of peak against fp32 (c) / fp64 (z)\n"
            "  --gemm3m          c and z: time cblas_cgemm3m / cblas_zgemm3m instead (rows c3m,\n"
            "                    z3m); still 8mnk flops (?gemm's count, rates compare); verify\n"
            "                    tolerance x10 (3M's imaginary part is a difference)\n"
            "  --shapes LIST     comma list of presets and shapes MxNxK[:TT][:row|col] or N "
            "(a cube);\n"
            "                    TT: two of N, T, C (conjugate transpose; for s and d, C is "
            "T);\n"
            "                    repeatable; default: headline. Presets:\n%s"
            "  --trans LIST      transposes for shapes without their own: NN,NT,TN,TT, and "
            "with C\n"
            "                    (CN, NC, CT, ...); default NN\n"
            "  --layout LIST     col, row or col,row (default col)\n"
            "  --threads LIST    thread counts: 1,2,4 or 1-4 or 'all' (1..usable cpus) or "
            "'max';\n"
            "                    default 1. Each library's count is set through its own "
            "setter;\n"
            "                    OMP/OPENBLAS/MKL/BLIS/NANOBLAS_NUM_THREADS are set to the "
            "largest\n"
            "                    count before loading (unless --keep-env)\n"
            "  --reps N          exactly N timed samples per library (default: adaptive)\n"
            "  --budget S        adaptive: seconds of samples per library and shape "
            "(default 0.3)\n"
            "  --min-reps N      adaptive: at least N samples (default 3)\n"
            "  --max-reps N      adaptive: at most N samples (default 15)\n"
            "  --quick           --budget 0.1 --max-reps 7\n"
            "  --ld-pad N        leading dimensions = rows (or columns) + N (default 0)\n"
            "  --csv FILE        write one CSV row per shape and library\n"
            "  --no-verify       do not compare results between libraries\n"
            "  --settle MS       pause after each library's sample so its idle worker "
            "threads stop\n"
            "                    spinning (default 0 single-threaded, 300 with threads > 1)\n"
            "  --bw-mib N        footprint of the bandwidth test (default max(256, 4 x "
            "LLC))\n"
            "  --no-peak         skip the peak/bandwidth measurements\n"
            "  --keep-env        do not set the *_NUM_THREADS variables\n"
            "  --seed N          operand seed (default 1)\n"
            "  --no-deepbind     dlopen without RTLD_DEEPBIND (for sanitizer builds; then one\n"
            "                    library per run, or their common symbols may cross-bind)\n"
            "  --help            this text\n",
            preset_help);
}

static void parse_types(const char *s)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int c = t[0] | 0x20;
        if (!strchr("sdcz", c) || t[1])
            die("--type: '%s' is not s, d, c or z", t);
        int dup = 0;
        for (int i = 0; i < opt.ntypes; i++)
            dup |= opt.types[i] == c;
        if (!dup && opt.ntypes < 4)
            opt.types[opt.ntypes++] = c;
    }
}

/* "NT"-style transposes with C (conjugate transpose) as a third letter; shapes.c's parse_trans
   knows N and T only. -1 if malformed. */
static int parse_trans_nct(const char *s, char *ta, char *tb)
{
    if (strlen(s) != 2)
        return -1;
    char a = (char)(s[0] & ~0x20), b = (char)(s[1] & ~0x20);
    if (!a || !b || !strchr("NTC", a) || !strchr("NTC", b))
        return -1;
    *ta = a;
    *tb = b;
    return 0;
}

/* One explicit shape whose transposes may use C: shapes.c's parser reads it with T in place of
   C (the stored operand is the same), then the shape gets its letters back. */
static int parse_shape_nct(const char *spec)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", spec);
    char ta = 0, tb = 0;
    for (char *q = strchr(buf, ':'); q; q = strchr(q + 1, ':')) {
        char tok[3] = {0};
        if (strcspn(q + 1, ":") != 2)
            continue;
        memcpy(tok, q + 1, 2);
        if (parse_trans_nct(tok, &ta, &tb))
            continue;
        for (int i = 1; i <= 2; i++)
            if ((q[i] & ~0x20) == 'C')
                q[i] = 'T';
    }
    if (parse_shape(buf))
        return -1;
    if (ta) {
        shapes[nshapes - 1].ta = ta;
        shapes[nshapes - 1].tb = tb;
    }
    return 0;
}

static void parse_threads(const char *s)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    int ncpu = cpus_usable();
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int lo, hi;
        if (!strcmp(t, "all")) {
            lo = 1;
            hi = ncpu;
        } else if (!strcmp(t, "max")) {
            lo = hi = ncpu;
        } else if (sscanf(t, "%d-%d", &lo, &hi) == 2) {
        } else if (sscanf(t, "%d", &lo) == 1) {
            hi = lo;
        } else {
            die("--threads: cannot parse '%s'", t);
        }
        if (lo < 1 || hi < lo || hi > 4096)
            die("--threads: bad range '%s'", t);
        for (int i = lo; i <= hi && opt.nthreads < MAX_THREADS_LIST; i++)
            opt.threads[opt.nthreads++] = i;
    }
}

static void add_lib(const char *name, const char *path)
{
    for (int i = 0; i < nlibs; i++)
        if (!strcmp(libs[i].name, name)) {
            snprintf(libs[i].path, sizeof libs[i].path, "%s", path);
            return;
        }
    if (nlibs >= MAX_LIBS)
        die("too many libraries (max %d)", MAX_LIBS);
    struct lib *L = &libs[nlibs++];
    memset(L, 0, sizeof *L);
    snprintf(L->name, sizeof L->name, "%s", name);
    snprintf(L->path, sizeof L->path, "%s", path);
}

void parse_args(int argc, char **argv)
{
    enum {
        O_LIB = 256, O_NO_NB, O_TYPE, O_SHAPES, O_TRANS, O_LAYOUT, O_THREADS, O_REPS, O_BUDGET,
        O_MINREPS, O_MAXREPS, O_QUICK, O_LDPAD, O_CSV, O_NOVERIFY, O_SETTLE, O_BW, O_NOPEAK,
        O_KEEPENV, O_SEED, O_NODEEPBIND, O_GEMM3M, O_HELP
    };
    static const struct option lo[] = {
        {"lib", required_argument, 0, O_LIB},
        {"no-nanoblas", no_argument, 0, O_NO_NB},
        {"type", required_argument, 0, O_TYPE},
        {"shapes", required_argument, 0, O_SHAPES},
        {"trans", required_argument, 0, O_TRANS},
        {"layout", required_argument, 0, O_LAYOUT},
        {"threads", required_argument, 0, O_THREADS},
        {"reps", required_argument, 0, O_REPS},
        {"budget", required_argument, 0, O_BUDGET},
        {"min-reps", required_argument, 0, O_MINREPS},
        {"max-reps", required_argument, 0, O_MAXREPS},
        {"quick", no_argument, 0, O_QUICK},
        {"ld-pad", required_argument, 0, O_LDPAD},
        {"csv", required_argument, 0, O_CSV},
        {"no-verify", no_argument, 0, O_NOVERIFY},
        {"settle", required_argument, 0, O_SETTLE},
        {"bw-mib", required_argument, 0, O_BW},
        {"no-peak", no_argument, 0, O_NOPEAK},
        {"keep-env", no_argument, 0, O_KEEPENV},
        {"seed", required_argument, 0, O_SEED},
        {"no-deepbind", no_argument, 0, O_NODEEPBIND},
        {"gemm3m", no_argument, 0, O_GEMM3M},
        {"help", no_argument, 0, O_HELP},
        {0, 0, 0, 0},
    };
    struct lib user[MAX_LIBS];
    int nuser = 0, no_nb = 0, quick = 0;
    char shape_specs[8192] = "";
    opt.min_reps = 3;
    opt.max_reps = 15;
    opt.budget = 0.3;
    opt.verify = 1;
    opt.settle_ms = -1;
    opt.seed = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
        switch (c) {
        case O_LIB: {
            const char *eq = strchr(optarg, '=');
            if (!eq || eq == optarg || !eq[1])
                die("--lib wants NAME=PATH, got '%s'", optarg);
            if (nuser >= MAX_LIBS)
                die("too many --lib");
            size_t nl = (size_t)(eq - optarg);
            if (nl >= sizeof user[0].name)
                nl = sizeof user[0].name - 1;
            memcpy(user[nuser].name, optarg, nl);
            user[nuser].name[nl] = 0;
            snprintf(user[nuser].path, sizeof user[nuser].path, "%s", eq + 1);
            nuser++;
            break;
        }
        case O_NO_NB: no_nb = 1; break;
        case O_TYPE: parse_types(optarg); break;
        case O_SHAPES:
            if (strlen(shape_specs) + strlen(optarg) + 2 >= sizeof shape_specs)
                die("--shapes: too long");
            if (shape_specs[0])
                strcat(shape_specs, ",");
            strcat(shape_specs, optarg);
            break;
        case O_TRANS: {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", optarg);
            for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
                if (opt.ntrans >= MAX_TRANS || parse_trans_nct(t, &opt.trans[opt.ntrans][0],
                                                               &opt.trans[opt.ntrans][1]))
                    die("--trans: bad '%s' (two of N, T, C: NN, NT, CN, ...)", t);
                opt.ntrans++;
            }
            break;
        }
        case O_LAYOUT: {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", optarg);
            for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
                int l = parse_layout(t);
                if (!l || opt.nlayouts >= 2)
                    die("--layout: bad '%s' (col or row)", t);
                opt.layouts[opt.nlayouts++] = l;
            }
            break;
        }
        case O_THREADS: parse_threads(optarg); break;
        case O_REPS:
            opt.fixed_reps = atoi(optarg);
            if (opt.fixed_reps < 1 || opt.fixed_reps > MAX_SAMPLES)
                die("--reps: 1..%d", MAX_SAMPLES);
            break;
        case O_BUDGET:
            opt.budget = atof(optarg);
            if (!(opt.budget >= 0))
                die("--budget: seconds >= 0");
            break;
        case O_MINREPS: opt.min_reps = atoi(optarg); break;
        case O_MAXREPS: opt.max_reps = atoi(optarg); break;
        case O_QUICK: quick = 1; break;
        case O_LDPAD:
            opt.ld_pad = atoi(optarg);
            if (opt.ld_pad < 0)
                die("--ld-pad: >= 0");
            break;
        case O_CSV: opt.csv = optarg; break;
        case O_NOVERIFY: opt.verify = 0; break;
        case O_SETTLE: opt.settle_ms = atoi(optarg); break;
        case O_BW: opt.bw_bytes = (size_t)atol(optarg) << 20; break;
        case O_NOPEAK: opt.no_peak = 1; break;
        case O_KEEPENV: opt.keep_env = 1; break;
        case O_SEED: opt.seed = strtoull(optarg, NULL, 0); break;
        case O_NODEEPBIND: g_no_deepbind = 1; break;
        case O_GEMM3M: g_gemm3m = 1; break;
        case O_HELP: usage(stdout); exit(0);
        default: usage(stderr); exit(2);
        }
    }
    if (optind < argc)
        die("unexpected argument '%s' (see --help)", argv[optind]);
    if (quick) {
        opt.budget = 0.1;
        if (opt.max_reps > 7)
            opt.max_reps = 7;
    }
    if (opt.min_reps < 1)
        opt.min_reps = 1;
    if (opt.max_reps > MAX_SAMPLES)
        opt.max_reps = MAX_SAMPLES;
    if (opt.max_reps < opt.min_reps)
        opt.max_reps = opt.min_reps;
    /* A sample lasts at least 1 ms, and long enough that the budget is spread over at most
       max_reps samples. */
    opt.min_sample = opt.budget / opt.max_reps;
    if (opt.min_sample < 1e-3)
        opt.min_sample = 1e-3;
    if (!opt.ntypes)
        parse_types("d,s");
    if (!opt.ntrans) {
        opt.trans[0][0] = opt.trans[0][1] = 'N';
        opt.ntrans = 1;
    }
    if (!opt.nlayouts)
        opt.layouts[opt.nlayouts++] = COL_MAJOR;
    if (!opt.nthreads)
        opt.threads[opt.nthreads++] = 1;
    if (!shape_specs[0])
        strcpy(shape_specs, "headline");
    for (char *t = strtok(shape_specs, ","); t; t = strtok(NULL, ","))
        if (add_preset(t) && parse_shape_nct(t))
            die("--shapes: '%s' is neither a preset nor MxNxK[:TT][:row|col]", t);
    /* nanoblas first, then the user's libraries in order. */
    int user_nb = 0;
    for (int i = 0; i < nuser; i++)
        user_nb |= !strcmp(user[i].name, "nanoblas");
    if (!no_nb && !user_nb) {
        char p[PATH_MAX];
        bench_default_nanoblas(p, sizeof p);
        add_lib("nanoblas", p);
    }
    for (int i = 0; i < nuser; i++)
        add_lib(user[i].name, user[i].path);
    if (!nlibs)
        die("no library to benchmark");
}
