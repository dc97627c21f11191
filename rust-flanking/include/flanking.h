/*
 * flanking.h -- the C ABI of rust-flanking, the arc flanking engine.
 *
 * This header is the one source of truth for both languages: the C code of
 * the variant includes it, and rust-flanking's build.rs runs bindgen on it.
 * The rules it serves are in design/FLANKING.md.
 *
 * C gathers facts about the eight squares around a defender; the engine
 * judges which squares threaten the defender and returns the proposal's
 * score in half points.  No function here panics, aborts or keeps a pointer
 * it was given; invalid input returns a negative FLANK_E_* code.
 */
#ifndef RUST_FLANKING_H
#define RUST_FLANKING_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a struct layout or a bit's meaning changes. */
#define FLANK_ABI_VERSION 1

/*
 * Directions, numbered as NetHack's xdir[]/ydir[]: clockwise, screen
 * coordinates (y grows downward).  Square i of a neighbourhood is the one at
 * (defender.x + xdir[i], defender.y + ydir[i]).
 */
#define FLANK_DIR_W 0
#define FLANK_DIR_NW 1
#define FLANK_DIR_N 2
#define FLANK_DIR_NE 3
#define FLANK_DIR_E 4
#define FLANK_DIR_SE 5
#define FLANK_DIR_S 6
#define FLANK_DIR_SW 7
#define FLANK_NDIRS 8

/*
 * Facts about one square around the defender.
 *
 * FLANK_SQ_BLOCKED is about the terrain (and traps) alone: the defender
 * could not step there without consequence, creatures ignored.
 * Every other bit describes the creature standing there and may only be set
 * together with FLANK_SQ_CREATURE.  Relation bits are the creature's own
 * attitude as NetHack keeps it: no relation bit means a hostile monster.
 * At most one of HERO/PEACEFUL/TAME: NetHack also sets mpeaceful on pets,
 * so a pet gets FLANK_SQ_TAME alone (PEACEFUL|TAME is FLANK_E_INCONSISTENT).
 */
#define FLANK_SQ_CREATURE 0x0001u  /* a creature stands here (counted once) */
#define FLANK_SQ_HERO 0x0002u      /* the creature is the hero */
#define FLANK_SQ_PEACEFUL 0x0004u  /* a peaceful monster */
#define FLANK_SQ_TAME 0x0008u      /* a pet */
#define FLANK_SQ_UNWILLING 0x0010u /* a pet that would not attack the defender */
#define FLANK_SQ_HELPLESS 0x0020u  /* asleep or unable to move */
#define FLANK_SQ_TRAPPED 0x0040u   /* caught in a trap */
#define FLANK_SQ_FLEEING 0x0080u   /* fleeing */
#define FLANK_SQ_NOATTACK 0x0100u  /* no active attack (noattacks()) */
#define FLANK_SQ_TAIL 0x0200u      /* a long worm's tail segment */
#define FLANK_SQ_BLOCKED 0x0400u   /* blocked for the defender */
#define FLANK_SQ_ALL 0x07FFu       /* every defined bit */

/*
 * Facts about the defender.  When several are set, HERO wins over TAME and
 * TAME over PEACEFUL (so a pet's mpeaceful may be passed along); CONFLICT
 * only matters together with HERO (the rules give Conflict no say over who
 * threatens a monster).
 */
#define FLANK_DEF_HERO 0x01u     /* the defender is the hero */
#define FLANK_DEF_PEACEFUL 0x02u /* a peaceful monster */
#define FLANK_DEF_TAME 0x04u     /* a pet */
#define FLANK_DEF_CONFLICT 0x08u /* the hero causes Conflict */
#define FLANK_DEF_ALL 0x0Fu      /* every defined bit */

/* One attack on one defender: the eight squares and who attacks from where. */
struct flank_neighbourhood {
    /* FLANK_SQ_* bits of each square, indexed by FLANK_DIR_*. */
    uint16_t square[FLANK_NDIRS];
    /* FLANK_DEF_* bits. */
    uint8_t defender;
    /* Direction from the defender toward the attacker, FLANK_DIR_*; an
       attacker further away counts in the octant it attacks from. */
    uint8_t attack_dir;
};

/* The score taken apart, for explanations and the #flanking display. */
struct flank_detail {
    uint8_t half_points;   /* the score, 0..18 half points */
    uint8_t threats;       /* bit d set: direction d threatens the defender */
    uint8_t arc;           /* longest circular run of non-threats, 0..7 */
    uint8_t arc_start;     /* first direction of that run, clockwise; 0 if
                              arc is 0; of several equally long runs, the
                              first one clockwise from the attacker */
    uint8_t behind;        /* the square opposite the attacker, FLANK_DIR_* */
    uint8_t behind_blocked; /* 1 if that square is blocked, else 0 */
    uint8_t beside;        /* 0..2 squares beside it blocked or occupied,
                              counted only when behind_blocked */
    uint8_t reserved;      /* always 0 */
};

/*
 * Error codes: every function returns 0 or more on success.  When an input
 * has several faults, the first in this list wins (NULL, direction, square
 * bits, defender bits, inconsistency; squares lowest direction first).
 */
#define FLANK_OK 0
#define FLANK_E_NULL (-1)          /* a required pointer was NULL */
#define FLANK_E_DIRECTION (-2)     /* attack_dir outside 0..7 */
#define FLANK_E_SQUARE_BITS (-3)   /* a square has a bit outside FLANK_SQ_ALL */
#define FLANK_E_DEFENDER_BITS (-4) /* defender has a bit outside FLANK_DEF_ALL */
#define FLANK_E_INCONSISTENT (-5)  /* creature bits without FLANK_SQ_CREATURE,
                                      or more than one of HERO/PEACEFUL/TAME,
                                      or UNWILLING without TAME */
#define FLANK_E_PERCENT (-6)       /* percent outside 0..FLANK_PERCENT_MAX */
#define FLANK_E_INDEX (-7)         /* a fixture index outside 0..count-1 */

/* The largest score: (7 - 0) + 1 + 2/2 = 9 points. */
#define FLANK_MAX_HALF_POINTS 18

/*
 * Scores one attack: returns the bonus in half points (0..18), unscaled, or
 * a negative FLANK_E_* code.
 */
int32_t flank_score(const struct flank_neighbourhood *n);

/*
 * Scores one attack and takes the score apart into *out.  Returns the same
 * as flank_score(); *out is written only on success.
 */
int32_t flank_explain(const struct flank_neighbourhood *n,
                      struct flank_detail *out);

/*
 * The percent of the proposal's bonus that attacks get (sysconf FLANKING):
 * 100 by default, 0 turns flanking off.  Set once at start-up.
 */
#define FLANK_PERCENT_DEFAULT 100
#define FLANK_PERCENT_MAX 1000
int32_t flank_set_percent(int32_t percent); /* FLANK_OK or FLANK_E_PERCENT */
int32_t flank_percent(void);                /* the current setting */

/* Human-readable name of a FLANK_E_* code ("FLANK_E_NULL: ..."). Never NULL;
   the string is static. */
const char *flank_strerror(int32_t code);

/*
 * ==================================================================
 * Fixtures, for the in-game harness (test support, not used in play)
 * ==================================================================
 *
 * The *.flank fixtures (design/FIXTURES.md) are parsed here, in Rust, once;
 * the game's fixture harness (wizard mode, --flank-fixtures) builds each one
 * as a real situation and reads it through these functions.  A set owns
 * every string it hands out until flank_fixtures_free().
 */

/* Defender traits of a fixture (its `defender:` line). */
#define FLANK_FX_DEF_MONSTER 0x01u    /* a monster (else the hero) */
#define FLANK_FX_DEF_LEVITATING 0x02u
#define FLANK_FX_DEF_FLYING 0x04u
#define FLANK_FX_DEF_SWIMMING 0x08u
#define FLANK_FX_DEF_PHASING 0x10u    /* passes walls */
#define FLANK_FX_DEF_PEACEFUL 0x20u   /* a peaceful monster */
#define FLANK_FX_DEF_TAME 0x40u       /* a pet */
#define FLANK_FX_DEF_CONFLICT 0x80u   /* the hero causes Conflict */

/* States of a fixture's creature (its `creature <dir>:` line); none of
   PEACEFUL, TAME and HERO means hostile. */
#define FLANK_FX_CR_PEACEFUL 0x001u
#define FLANK_FX_CR_TAME 0x002u
#define FLANK_FX_CR_UNWILLING 0x004u  /* a pet that would not attack; with TAME */
#define FLANK_FX_CR_HERO 0x008u
#define FLANK_FX_CR_SLEEPING 0x010u
#define FLANK_FX_CR_PARALYZED 0x020u
#define FLANK_FX_CR_TRAPPED 0x040u    /* caught in a trap on its square */
#define FLANK_FX_CR_FLEEING 0x080u
#define FLANK_FX_CR_PASSIVE 0x100u    /* no active attack */
#define FLANK_FX_CR_TAIL 0x200u       /* a long worm's tail segment */

/* One fixture file.  When error is not NULL the file could not be used and
   only name, path and error mean anything. */
struct flank_fixture {
    const char *name;  /* `name:`, else the file's stem; never NULL */
    const char *path;  /* the file; never NULL */
    const char *error; /* NULL, or "file:line: what is wrong" */
    /* The map block, rows * cols characters row by row (short rows padded
       with spaces, so a missing character is solid rock) and a NUL. */
    const char *map;
    uint16_t rows, cols;
    uint16_t def_row, def_col; /* where '@' (the defender) is in it */
    /* FLANK_FX_CR_* of the creature in each direction, FLANK_DIR_*; 0 for
       a hostile creature or for no creature at all (see glyph). */
    uint16_t creature[FLANK_NDIRS];
    char glyph[FLANK_NDIRS];     /* the map glyph in each direction */
    uint8_t attack_dir;          /* FLANK_DIR_* from the defender */
    uint8_t expect_half_points;  /* `expect:` in half points, 0..18 */
    uint8_t defender;            /* FLANK_FX_DEF_* */
    uint8_t reserved;            /* always 0 */
};

/* An ordered collection of fixtures; opaque. */
struct flank_fixture_set;

/* A new, empty set (NULL only if memory ran out). */
struct flank_fixture_set *flank_fixtures_new(void);

/*
 * Adds the fixture file at path, or every *.flank file under the directory
 * at path (recursively, sorted by path).  A file that cannot be read or
 * parsed is added as an entry whose error names the file and line, and a
 * path that cannot be searched as one naming the path: nothing is dropped.
 * Returns the number of entries added, or FLANK_E_NULL.
 */
int32_t flank_fixtures_add(struct flank_fixture_set *set, const char *path);

/* The number of entries, or FLANK_E_NULL. */
int32_t flank_fixtures_count(const struct flank_fixture_set *set);

/* Entry index into *out: FLANK_OK, FLANK_E_NULL or FLANK_E_INDEX.  The
   strings stay valid until the set is freed. */
int32_t flank_fixtures_get(const struct flank_fixture_set *set,
                           int32_t index, struct flank_fixture *out);

/* Frees the set and its strings; NULL is fine. */
void flank_fixtures_free(struct flank_fixture_set *set);

/*
 * ==================================================================
 * Arena scenarios, for the in-game arena (test support, not in play)
 * ==================================================================
 *
 * The arena (nethack --arena FILE --arena-seed=N) plays one real fight of
 * an *.arena scenario (arena/README.md).  The file is parsed here, in
 * Rust; species and roles are NetHack's to check, so each carries the line
 * that names it.  A file owns every string and array it hands out until
 * flank_arena_free().
 */

/* The hero's policy (`policy:`). */
#define FLANK_ARENA_HOLD 0    /* hold the start square, fight what is next */
#define FLANK_ARENA_RETREAT 1 /* walk to the retreat square '*', then hold */
#define FLANK_ARENA_CROSS 2   /* walk to the exit '>'; the fight ends there */

/* One creature of the map. */
struct flank_arena_creature {
    const char *species; /* as the scenario names it: "little dog" */
    uint16_t row, col;   /* where in the map */
    uint16_t line;       /* the line of its `monster` or `pet` line */
    uint8_t tame;        /* 1 for a pet, 0 for a hostile monster */
    uint8_t reserved;    /* always 0 */
};

/* One scenario.  When error is not NULL the file could not be used and
   only name, path and error mean anything. */
struct flank_arena {
    const char *name;  /* `name:`, else the file's stem; never NULL */
    const char *path;  /* the file; never NULL */
    const char *error; /* NULL, or "file:line: what is wrong" */
    /* The map block, rows * cols characters row by row (short rows padded
       with spaces, solid rock) and a NUL. */
    const char *map;
    uint16_t rows, cols;
    uint16_t hero_row, hero_col; /* where '@' is */
    int16_t goal_row, goal_col;  /* the policy's goal ('*' or '>'), or -1 */
    const char *role;            /* `hero:` role, as written */
    uint16_t role_line;          /* the line of `hero:` */
    uint8_t level;               /* `hero:` experience level, 1..30 */
    uint8_t policy;              /* FLANK_ARENA_* */
    uint16_t turns;              /* `turns:`, the turn limit, 1..10000 */
    uint16_t ncreatures;         /* entries in creatures[] */
    char hero_on;                /* the terrain under '@': '.', '#' or '\'' */
    const struct flank_arena_creature *creatures;
};

/* A loaded scenario file; opaque. */
struct flank_arena_file;

/* Loads and parses the file at path: never NULL unless memory ran out or
   path is NULL; a file that cannot be read or parsed gives an entry whose
   error names the file and line. */
struct flank_arena_file *flank_arena_load(const char *path);

/* The scenario into *out: FLANK_OK or FLANK_E_NULL.  The strings and the
   array stay valid until the file is freed. */
int32_t flank_arena_get(const struct flank_arena_file *file,
                        struct flank_arena *out);

/* Frees the file; NULL is fine. */
void flank_arena_free(struct flank_arena_file *file);

#ifdef __cplusplus
}
#endif

#endif /* RUST_FLANKING_H */
