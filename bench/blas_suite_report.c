/* blas_suite_report.c: blas_suite's output. The table (one line per routine, type, size class and
   thread count: each library's median GB/s for Level 1 and 2, GFLOPS for Level 3, nanoblas's
   speed over each other library's, and for the memory-bound rows each library's bandwidth as a
   percentage of the stream bound measured in the same run), the CSV, the per-family table and
   CSV, and the summary lines. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blas_suite.h"

/* "dgemv_N", "zdotc_sub", "zhemv": the CBLAS name without cblas_, with the family's _N/_T */
static void row_name(const struct suite_op *o, char *buf, size_t len)
{
    const char *suffix = strchr(o->family, '_');
    snprintf(buf, len, "%s%s", o->sym + 6, suffix && !strchr(o->sym + 6, '_') ? suffix : "");
}

static double value(const struct suite_row *w, int l)
{
    const struct suite_op *o = &suite_ops[w->op];
    if (w->sec[l] <= 0)
        return -1;
    return (o->level == 3 ? suite_flops(o, w->n) : suite_bytes(o, w->n)) / w->sec[l] * 1e-9;
}

static int tindex(const struct suite_run *r, int threads)
{
    for (int t = 0; t < r->nthreads; t++)
        if (r->threads[t] == threads)
            return t;
    return 0;
}

/* Whether op only reads (its vector writes, n elements against a matrix of n^2 or n k, aside):
   the reductions, and the Level 2 routines that read their matrix once. */
static int reads_only(const struct suite_op *o)
{
    if (o->level == 2)
        return o->mat_rw < 2;
    static const char *const fam[] = {"dot", "asum", "nrm2", "iamax"};
    for (size_t i = 0; i < sizeof fam / sizeof fam[0]; i++)
        if (!strcmp(o->family, fam[i]))
            return 1;
    return 0;
}

/* The row's stream bound in GB/s: memory-bound rows only (Level 1 and 2 at LLC and mem); the
   best read loop for a routine that only reads, the best of all for one that writes
   (blas_suite_stream.c says why). */
static double bound(const struct suite_run *r, const struct suite_row *w)
{
    const struct suite_op *o = &suite_ops[w->op];
    if (o->level == 3 || w->cls < SUITE_LLC)
        return 0;
    int t = tindex(r, w->threads);
    return reads_only(o) ? r->bound_read[w->cls][t] : r->bound[w->cls][t];
}

/* nanoblas's speed over library l's in row w; 0 when either is missing */
static double ratio(const struct suite_run *r, const struct suite_row *w, int l)
{
    return r->nb >= 0 && w->sec[r->nb] > 0 && w->sec[l] > 0 ? w->sec[l] / w->sec[r->nb] : 0;
}

static void print_header(const struct suite_run *r, FILE *f)
{
    fprintf(f, "# blas_suite: median of %d interleaved samples per row and library, one process "
               "per library; GB/s (Level 1, 2: bytes moved per call / time) or GFLOPS (Level 3); "
               "nb/x = nanoblas speed / x; %%bw = GB/s / stream bound (Level 1, 2 at LLC and mem)\n",
            r->reps);
    fputs(r->header, f);
    for (int l = 0; l < r->nlibs; l++)
        fprintf(f, "# lib %s: %s\n", r->names[l], r->descs[l]);
    for (int c = SUITE_LLC; c <= SUITE_MEM; c++) {
        fprintf(f, "# stream GB/s (read/copy/triad/read2; bounds: best of all for rows that write, "
                   "best read for rows that only read), %s-size buffers:",
                c == SUITE_MEM ? "memory" : "LLC");
        for (int t = 0; t < r->nthreads; t++) {
            fprintf(f, " %dt", r->threads[t]);
            for (int k = 0; k < SUITE_NSTREAM; k++)
                fprintf(f, "%c%.1f", k ? '/' : ' ', r->stream[k][c][t]);
            fprintf(f, " (%.1f, %.1f)%s", r->bound[c][t], r->bound_read[c][t],
                    t + 1 < r->nthreads ? ";" : "\n");
        }
    }
}

void suite_report(const struct suite_run *r, FILE *csv, FILE *fam)
{
    print_header(r, stdout);
    printf("%-14s %-4s %8s %3s %-4s |", "routine", "size", "n", "thr", "unit");
    for (int l = 0; l < r->nlibs; l++)
        printf(" %9.9s", r->names[l]);
    printf(" |");
    for (int l = 0; l < r->nlibs; l++)
        if (l != r->nb)
            printf(" nb/%-4.4s", r->names[l]);
    printf(" | %%bw:");
    for (int l = 0; l < r->nlibs; l++)
        printf(" %4.4s", r->names[l]);
    printf("\n");
    if (csv) {
        print_header(r, csv);
        fprintf(csv, "level,family,routine,type,class,n,threads,lib,unit,value,sec_per_call,calls,"
                     "bytes_per_call,flops_per_call,bound_gbs,pct_bound,nb_ratio\n");
    }
    for (int i = 0; i < r->nrows; i++) {
        const struct suite_row *w = &r->rows[i];
        const struct suite_op *o = &suite_ops[w->op];
        char name[40];
        row_name(o, name, sizeof name);
        const char *unit = o->level == 3 ? "GF/s" : "GB/s";
        double bd = bound(r, w);
        printf("%-14s %-4s %8ld %3d %-4s |", name, suite_class_names[w->cls], w->n, w->threads, unit);
        for (int l = 0; l < r->nlibs; l++) {
            double v = value(w, l);
            if (v > 0)
                printf(" %9.2f", v);
            else
                printf(" %9s", "-");
        }
        printf(" |");
        for (int l = 0; l < r->nlibs; l++)
            if (l != r->nb) {
                double q = ratio(r, w, l);
                if (q > 0)
                    printf(" %7.2f", q);
                else
                    printf(" %7s", "-");
            }
        if (bd > 0) {
            printf(" |     ");
            for (int l = 0; l < r->nlibs; l++) {
                double v = value(w, l);
                if (v > 0)
                    printf(" %4.0f", 100 * v / bd);
                else
                    printf(" %4s", "-");
            }
        }
        printf("\n");
        for (int l = 0; csv && l < r->nlibs; l++) {
            double v = value(w, l), q = ratio(r, w, l);
            char vs[32] = "", ss[32] = "", cs[32] = "", bs[32] = "", ps[32] = "", qs[32] = "";
            if (v > 0) {
                snprintf(vs, sizeof vs, "%.4f", v);
                snprintf(ss, sizeof ss, "%.6e", w->sec[l]);
                snprintf(cs, sizeof cs, "%ld", w->calls[l]);
            }
            if (bd > 0)
                snprintf(bs, sizeof bs, "%.2f", bd);
            if (bd > 0 && v > 0)
                snprintf(ps, sizeof ps, "%.1f", 100 * v / bd);
            if (q > 0)
                snprintf(qs, sizeof qs, "%.4f", q);
            fprintf(csv, "%d,%s,%s,%c,%s,%ld,%d,%s,%s,%s,%s,%s,%.0f,%.0f,%s,%s,%s\n", o->level,
                    o->family, name, o->type, suite_class_names[w->cls], w->n, w->threads,
                    r->names[l], unit, vs, ss, cs, suite_bytes(o, w->n), suite_flops(o, w->n), bs,
                    ps, qs);
        }
    }
    if (r->nb < 0) {
        printf("\n(no nanoblas in this run: no ratios)\n");
        return;
    }

    /* per family: the geometric mean of its rows' ratios, at each thread count and over all;
       the summary's mean is over the families, so that a family with four types and four
       classes weighs as much as one with two */
    const int nt = r->nthreads;
    printf("\nper family: geometric mean of nanoblas / x over the family's rows (types and sizes)\n");
    printf("%-10s", "family");
    for (int l = 0; l < r->nlibs; l++)
        if (l != r->nb)
            for (int t = 0; t <= nt; t++)
                t < nt ? printf(" %4.4s %2dt", r->names[l], r->threads[t]) : printf(" %4.4s all", r->names[l]);
    printf("\n");
    if (fam)
        fprintf(fam, "# cpu: %s\nfamily,level,lib,threads,geomean,rows,below_1\n", r->cpu);
    double lsum[SUITE_MAXLIB][4] = {{0}};
    int lcnt[SUITE_MAXLIB][4] = {{0}};
    for (int f = 0; f < suite_nfamilies; f++) {
        int level = 0, any = 0;
        char line[1024];
        int pos = snprintf(line, sizeof line, "%-10s", suite_families[f]);
        for (int l = 0; l < r->nlibs; l++) {
            if (l == r->nb)
                continue;
            for (int t = 0; t <= nt; t++) {
                double s = 0;
                int cnt = 0, below = 0;
                for (int i = 0; i < r->nrows; i++) {
                    const struct suite_row *w = &r->rows[i];
                    double q = ratio(r, w, l);
                    if (suite_ops[w->op].fam_id != f || q <= 0 || (t < nt && w->threads != r->threads[t]))
                        continue;
                    level = suite_ops[w->op].level;
                    s += log(q), cnt++, below += q < 1;
                }
                double g = cnt ? exp(s / cnt) : 0;
                if (pos < (int)sizeof line - 16)
                    pos += cnt ? snprintf(line + pos, sizeof line - (size_t)pos, " %8.2f", g)
                               : snprintf(line + pos, sizeof line - (size_t)pos, " %8s", "-");
                if (cnt && fam)
                    fprintf(fam, "%s,%d,%s,%d,%.4f,%d,%d\n", suite_families[f], level, r->names[l],
                            t < nt ? r->threads[t] : 0, g, cnt, below);
                if (cnt && t == nt) {
                    lsum[l][0] += log(g), lcnt[l][0]++;
                    lsum[l][level] += log(g), lcnt[l][level]++;
                }
                any |= cnt > 0;
            }
        }
        if (any)
            printf("%s\n", line);
    }

    printf("\nsummary (nanoblas / x; > 1: nanoblas faster; this CPU only: %s):\n", r->cpu);
    for (int l = 0; l < r->nlibs; l++) {
        if (l == r->nb || !lcnt[l][0])
            continue;
        int rows = 0, below = 0, worst = -1;
        double wq = 1e30;
        for (int i = 0; i < r->nrows; i++) {
            double q = ratio(r, &r->rows[i], l);
            if (q <= 0)
                continue;
            rows++, below += q < 1;
            if (q < wq)
                wq = q, worst = i;
        }
        printf("  vs %-9s geomean over %d families %.2fx (Level 1 %.2f, Level 2 %.2f, Level 3 %.2f);"
               " %d of %d rows below 1.0x",
               r->names[l], lcnt[l][0], exp(lsum[l][0] / lcnt[l][0]),
               lcnt[l][1] ? exp(lsum[l][1] / lcnt[l][1]) : 0, lcnt[l][2] ? exp(lsum[l][2] / lcnt[l][2]) : 0,
               lcnt[l][3] ? exp(lsum[l][3] / lcnt[l][3]) : 0, below, rows);
        if (worst >= 0) {
            char name[40];
            const struct suite_row *w = &r->rows[worst];
            row_name(&suite_ops[w->op], name, sizeof name);
            printf("; lowest %.2f (%s %s %dt)", wq, name, suite_class_names[w->cls], w->threads);
        }
        printf("\n");
    }
    /* the bandwidth acceptance: memory-bound rows against their stream bound (and, for
       comparison with runs before the read-only bound, against the best of all loops) */
    for (int l = 0; l < r->nlibs; l++) {
        int rows = 0, below = 0, below_all = 0;
        double s = 0, s_all = 0;
        for (int i = 0; i < r->nrows; i++) {
            const struct suite_row *w = &r->rows[i];
            double bd = bound(r, w), v = value(w, l);
            if (bd <= 0 || v <= 0 || w->cls != SUITE_MEM)
                continue;
            double all = r->bound[w->cls][tindex(r, w->threads)];
            rows++, s += 100 * v / bd, s_all += 100 * v / all;
            below += 100 * v / bd < 90, below_all += 100 * v / all < 90;
        }
        if (rows)
            printf("  %-12s memory-size Level 1/2 rows: mean %.0f%% of the stream bound, %d of %d "
                   "below 90%% (against the best of all loops: %.0f%%, %d below)\n",
                   r->names[l], s / rows, below, rows, s_all / rows, below_all);
    }
}
