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

#ifdef __cplusplus
}
#endif

#endif /* RUST_FLANKING_H */
