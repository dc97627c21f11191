/* NetHack 3.6	flank.h	NetHack Flanking: the glue's own interface */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#ifndef FLANK_H
#define FLANK_H

/*
 * What the glue's files (src/flank*.c) share among themselves; what the
 * rest of NetHack calls is in extern.h, and the engine's interface in
 * rust-flanking's flanking.h (included before this file).
 *
 * Hidden from the dynamic linker: the game is built -fPIC (cargo's C
 * flags), where a function or variable other files can see is reached
 * through the GOT and cannot be inlined, since another shared object
 * might replace it.  Nothing outside this executable does, and every
 * attack's evaluation goes through these (BENCHMARKS.md).
 */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#define flank_is_hero(m) ((m) == &youmonst)
#define flank_x(m) (flank_is_hero(m) ? u.ux : (m)->mx)
#define flank_y(m) (flank_is_hero(m) ? u.uy : (m)->my)
#define flank_set_u_facing(d) \
    (u.uhave.unused = (unsigned) (((d) - FLANK_DIR_S) & 7))

/* isok() (hack.c) without the call: the gathering runs on every attack;
   flank_gather_check() proves them the same */
#define flank_isok(x, y) \
    ((x) >= 1 && (x) <= COLNO - 1 && (y) >= 0 && (y) <= ROWNO - 1)

/* distmin() (hacklib.c) without the call: a planner asks it of every
   square; flank_gather_check() proves them the same */
#define flank_distmin(x1, y1, x2, y2) \
    max(abs((x1) - (x2)), abs((y1) - (y2)))

/* with[] of flank_mon_arms() and flank_hero_arms(): the objects */
#define FLANK_WITH_POLEARM 0
#define FLANK_WITH_LAUNCHER 1
#define FLANK_WITH_MISSILE 2
#define FLANK_WITH_N 3

/* does the zone of attack *fa change the damage dmg of its hit?
   (flank_damage() changes it, flank_zone_said() says so) */
#define flank_zone_damages(fa, dmg)                              \
    ((fa) && (fa)->zoned && (dmg) > 0                            \
     && ((fa)->damage_percent != 100 || (fa)->damage_flat))

/* the direction from <x,y> toward <tx,ty> (not the same square) */
#define flank_dir_to(x, y, tx, ty) \
    xytod((schar) sgn((tx) - (x)), (schar) sgn((ty) - (y)))

/* ### flanksys.c ### */

/*
 * The settings in force: sysconf's, put there once by flank_init() (the
 * fixture harness sets them for each fixture).  Their one home: every
 * evaluation reads them here.
 */
struct flank_settings {
    int percent;    /* FLANKING: 0 (off) .. FLANK_PERCENT_MAX */
    int rules;      /* FLANKING_RULES: a rule set id */
    int ri;         /* what that rule set reads, FLANK_RI_*
                       (flank_rules_info()), kept by flank_set_rules() */
    boolean ai;     /* FLANKING_AI: monsters that flank */
    boolean ranged; /* FLANKING_RANGED: threats from range */
};
extern struct flank_settings flank_cfg;

/* a game built without monsters that flank (FLANK_NO_TACTICS, the cargo
   feature pre-tactics) or without threats from range (FLANK_NO_RANGED,
   pre-ranged): flank_ai_on(), flank_ranged_on() */
#ifdef FLANK_NO_TACTICS
#define FLANK_HAS_TACTICS 0
#else
#define FLANK_HAS_TACTICS 1
#endif
#ifdef FLANK_NO_RANGED
#define FLANK_HAS_RANGED 0
#else
#define FLANK_HAS_RANGED 1
#endif
/* whether a creature of each species flanks by nature under the rule set
   (flank_rules_outflanker()), kept by flank_set_rules() */
extern unsigned char flank_outflanker[NUMMONS];

/* ### flank.c ### */


extern boolean FDECL(flank_gather_input, (struct monst *, struct monst *,
                                          struct flank_facing_input *));
extern boolean FDECL(flank_gather, (struct monst *, struct monst *,
                                    struct flank_neighbourhood *,
                                    BOOLEAN_P));
extern boolean FDECL(flank_pet_unwilling, (struct monst *,
                                           struct monst *));
extern boolean FDECL(flank_blocked, (struct monst *, int, int, int, int));
extern uint8_t FDECL(flank_steps_onto, (struct monst *, int, int, int));
extern boolean FDECL(flank_perceived, (int, int));
extern void FDECL(flank_gather_ranged,
                  (struct monst *, const struct flank_neighbourhood *,
                   struct flank_ranged *));
extern int FDECL(flank_halfpoints, (struct monst *, struct monst *,
                                    struct flank_detail *));
extern const char *FDECL(flank_gather_check, (struct monst *,
                                             struct monst *));
extern int FDECL(flank_scale, (int, BOOLEAN_P));
extern int NDECL(flank_lone_foe);
extern int FDECL(flank_shield_ac, (struct monst *));
extern int FDECL(flank_eval, (struct monst *, struct monst *, BOOLEAN_P,
                              struct flank_facing_result *));
extern void FDECL(flank_gather_peer, (struct monst *, struct monst *,
                                      struct flank_facing_input *));
extern boolean flank_u_directed;
extern boolean flank_seen_only;

/* ### flankrange.c ### */

extern uint8_t FDECL(flank_mon_arms, (struct monst *, int *,
                                     struct obj **));
extern uint8_t FDECL(flank_hero_arms, (int *, struct obj **));

/* ### flankai.c ### */

extern boolean FDECL(flank_plan_words, (struct monst *, char *));

/* ### flankhist.c ### */

extern void FDECL(flank_record_blow, (BOOLEAN_P));
extern long FDECL(flank_record_blows, (BOOLEAN_P));
extern void FDECL(flank_settings_start, (BOOLEAN_P));

/* ### flankcount.c ### */

extern void FDECL(flank_attack_result, (const struct flank_attack *,
                                        struct flank_facing_result *));

/* ### flankface.c ### */

extern void FDECL(flank_turn, (struct monst *, struct monst *));

/* ### flankview.c ### */

extern const char *const flank_dirname[FLANK_NDIRS];
extern void FDECL(flank_roll_said, (const struct flank_attack *));
extern void FDECL(flank_turn_said, (struct monst *, struct monst *));

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

/* ### flanksys.c, seen by the dynamic linker ### */

/* sysconf's defaults, for NLE's Python too (nle_flanking.settings) */
extern const char *FDECL(flank_defaults, (int *, int *, int *, int *));

#endif /* FLANK_H */
