/* gemm_bench's problem shapes (shapes.c). */
#ifndef BENCH_SHAPES_H
#define BENCH_SHAPES_H

/* CBLAS layout values */
enum { ROW_MAJOR = 101, COL_MAJOR = 102 };

#define MAX_SHAPES 4096

struct shape {
    int m, n, k;
    char ta, tb; /* 'N' or 'T'; 0 = take --trans */
    int layout;  /* ROW_MAJOR / COL_MAJOR; 0 = take --layout */
};

/* The shapes to run, in order (filled by add_preset and parse_shape; more than MAX_SHAPES ends
   the program with a message). */
extern struct shape shapes[MAX_SHAPES];
extern int nshapes;

/* The presets' names and contents, for --help. */
extern const char *preset_help;

/* Appends a named preset; -1 if the name is not one. */
int add_preset(const char *name);
/* Appends one shape spec: MxNxK or N (a cube), optionally ":NT" and/or ":row"/":col"; -1 if
   malformed. */
int parse_shape(const char *spec);
/* "NT"-style transposes into 'N'/'T' pairs; -1 if malformed. */
int parse_trans(const char *s, char *ta, char *tb);
/* "col"/"row" (and short forms) into COL_MAJOR/ROW_MAJOR; 0 if neither. */
int parse_layout(const char *s);

#endif
