/* gemm_bench's problem shapes: the list to run, the named presets and the parser of shape
   specifications (MxNxK or N, with :NT-style transposes and :row/:col). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shapes.h"

struct shape shapes[MAX_SHAPES];
int nshapes;

static void add_shape(int m, int n, int k, char ta, char tb, int layout)
{
    if (nshapes >= MAX_SHAPES) {
        fprintf(stderr, "gemm_bench: too many shapes (max %d)\n", MAX_SHAPES);
        exit(2);
    }
    shapes[nshapes++] = (struct shape){m, n, k, ta, tb, layout};
}

static void add_cubes(const int *sizes, int count)
{
    for (int i = 0; i < count; i++)
        add_shape(sizes[i], sizes[i], sizes[i], 0, 0, 0);
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

const char *preset_help =
    "      headline     cubes 512 1024 2048 4096\n"
    "      cubes-small  cubes 8 16 24 32 48 64\n"
    "      odd          cubes 1000 1001 1023 1024 1025\n"
    "      skinny       16x4096x4096 4096x16x4096 64x4096x4096 4096x4096x16\n"
    "      trans        2048 cube: column-major NN NT TN TT and row-major NN\n"
    "      sweep        cubes 64 128 256 384 512 768 1024 1536 2048 3072 4096\n"
    "      plot         cubes 8 16 32 64 128 256 512 1024 2048 4096\n";

int add_preset(const char *name)
{
    if (!strcmp(name, "headline")) {
        static const int s[] = {512, 1024, 2048, 4096};
        add_cubes(s, COUNT(s));
    } else if (!strcmp(name, "cubes-small")) {
        static const int s[] = {8, 16, 24, 32, 48, 64};
        add_cubes(s, COUNT(s));
    } else if (!strcmp(name, "odd")) {
        static const int s[] = {1000, 1001, 1023, 1024, 1025};
        add_cubes(s, COUNT(s));
    } else if (!strcmp(name, "skinny")) {
        add_shape(16, 4096, 4096, 0, 0, 0);
        add_shape(4096, 16, 4096, 0, 0, 0);
        add_shape(64, 4096, 4096, 0, 0, 0);
        add_shape(4096, 4096, 16, 0, 0, 0);
    } else if (!strcmp(name, "trans")) {
        add_shape(2048, 2048, 2048, 'N', 'N', COL_MAJOR);
        add_shape(2048, 2048, 2048, 'N', 'T', COL_MAJOR);
        add_shape(2048, 2048, 2048, 'T', 'N', COL_MAJOR);
        add_shape(2048, 2048, 2048, 'T', 'T', COL_MAJOR);
        add_shape(2048, 2048, 2048, 'N', 'N', ROW_MAJOR);
    } else if (!strcmp(name, "sweep")) {
        static const int s[] = {64, 128, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096};
        add_cubes(s, COUNT(s));
    } else if (!strcmp(name, "plot")) {
        static const int s[] = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
        add_cubes(s, COUNT(s));
    } else {
        return -1;
    }
    return 0;
}

int parse_trans(const char *s, char *ta, char *tb)
{
    if (strlen(s) != 2)
        return -1;
    char a = (char)(s[0] & ~0x20), b = (char)(s[1] & ~0x20);
    if ((a != 'N' && a != 'T') || (b != 'N' && b != 'T'))
        return -1;
    *ta = a;
    *tb = b;
    return 0;
}

int parse_layout(const char *s)
{
    if (!strcmp(s, "col") || !strcmp(s, "colmajor") || !strcmp(s, "c"))
        return COL_MAJOR;
    if (!strcmp(s, "row") || !strcmp(s, "rowmajor") || !strcmp(s, "r"))
        return ROW_MAJOR;
    return 0;
}

/* One explicit shape: MxNxK or N (a cube), optionally ":NT" and/or ":row"/":col". */
int parse_shape(const char *spec)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", spec);
    char *suffix = strchr(buf, ':');
    if (suffix)
        *suffix++ = 0;
    char *end;
    long d[3];
    int nd = 0;
    const char *p = buf;
    while (nd < 3) {
        errno = 0;
        d[nd] = strtol(p, &end, 10);
        if (end == p || errno || d[nd] < 0 || d[nd] > 1000000)
            return -1;
        nd++;
        if (*end == 'x' || *end == 'X')
            p = end + 1;
        else
            break;
    }
    if (*end)
        return -1;
    if (nd == 1)
        d[1] = d[2] = d[0];
    else if (nd != 3)
        return -1;
    char ta = 0, tb = 0;
    int layout = 0;
    while (suffix && *suffix) {
        char *next = strchr(suffix, ':');
        if (next)
            *next++ = 0;
        int l = parse_layout(suffix);
        if (l)
            layout = l;
        else if (parse_trans(suffix, &ta, &tb))
            return -1;
        suffix = next;
    }
    add_shape((int)d[0], (int)d[1], (int)d[2], ta, tb, layout);
    return 0;
}
