/* NetHack 3.6	flankfx.h	NetHack Flanking: the harness's interface */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#ifndef FLANKFX_H
#define FLANKFX_H

/*
 * What the fixture harness's files (flankfx.c, flankfxmap.c,
 * flankfxmon.c) share among themselves: the fixture being built and the
 * hero as the game started it.  The harness runs only in debug mode;
 * what the rest of NetHack calls is in extern.h.
 */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* the fixture being built when it uses facing, or null for an arc-only
   one; the hero's shield and role as the game started them */
extern const struct flank_fixture *fx_facing;
extern struct obj *fx_shield;
extern struct Role fx_urole;

/* the fixture being built when it has threats from range (`ranged:` or a
   `far X:` line), or null; the hero's weapons as the game started them,
   and what a far hero was given for one fixture (fx_far_hero()) */
extern const struct flank_fixture *fx_ranged;
/* the fixture being built, whatever it uses (the field's facts: the
   creatures' states only the field's rule sets read, the attacker's
   level); the hero's level, role monster and fumbling as the game started
   them */
extern const struct flank_fixture *fx_cur;
extern int fx_ulevel, fx_umonster;
extern long fx_hfumble;
extern struct obj *fx_uwep, *fx_uquiver;
extern xchar fx_skill_pole, fx_skill_lance;
#define FX_GIVEN_MAX 16
extern struct obj *fx_given[FX_GIVEN_MAX];
extern int fx_ngiven;

/* mux, muy for a monster that does not know where the hero is */
#define FX_NOWHERE 0

/* the hero's intrinsics as the game started them, put back every time */
extern long fx_hlev, fx_hfly, fx_hswim, fx_hphase, fx_hconflict;

/* where the defender stands, and two out-of-the-way squares */
#define FX_DX (COLNO / 2)
#define FX_DY (ROWNO / 2)
extern int fx_herox, fx_heroy, fx_wormx, fx_wormy;

#define FX_ON(bits, flag) (((bits) & (flag)) != 0)

/* a creature letter of the fixture format */
#define FX_LETTER(c) \
    (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))

/* ### flankfx.c ### */

extern FILE *FDECL(flankfx_unattended, (const char *));

/* ### flankfxmap.c ### */

extern void NDECL(flankfx_clear_level);
extern const char *FDECL(flankfx_paint_glyph, (int, int, CHAR_P));
extern const char *FDECL(flankfx_paint_map, (const char *, int, int, int,
                                            int));

extern void NDECL(fx_clear);
extern void FDECL(fx_paint, (int, int, int));
extern const char *FDECL(fx_build, (const struct flank_fixture *,
                                    struct monst **, struct monst **));
extern const char *FDECL(fx_mv_build, (const struct flank_move_fixture *,
                                       unsigned long, struct monst **));

/* ### flankfxmon.c ### */

extern struct permonst *FDECL(fx_defender_species, (unsigned, int));
extern boolean FDECL(fx_traits_ok, (struct permonst *, unsigned));
extern const char *FDECL(fx_passive, (int, int, unsigned, struct monst **));
extern struct monst *FDECL(fx_makemon, (int, int, int));
extern const char *FDECL(fx_states, (struct monst *, unsigned, int,
                                     int));
extern const char *FDECL(fx_hero_states, (unsigned, unsigned));
extern const char *FDECL(fx_pet, (int, int, unsigned, unsigned,
                                  struct monst *, struct monst **));
extern const char *FDECL(fx_tail, (int, int, unsigned, struct monst *));
extern const char *FDECL(fx_far_hero, (const struct flank_fixture_far *));
extern const char *FDECL(fx_far_monster,
                         (const struct flank_fixture_far *, int, int,
                          struct monst *));
extern const char *FDECL(fx_face, (struct monst *, int));
extern const char *FDECL(fx_peer_makemon, (int, int, int,
                                           struct monst **));
extern const char *FDECL(fx_peer_states, (struct monst **, struct monst *,
                                          struct monst *));
extern void NDECL(fx_peer_clear);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif /* FLANKFX_H */
