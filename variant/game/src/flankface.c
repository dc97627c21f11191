/* NetHack 3.6	flankface.c	NetHack Flanking: who faces where, and a zone's hit */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include "flank.h"

/*
 * Facing (docs/DESIGN.md, docs/FLANKING-DECISIONS.md): who faces where is
 * a fact of the game, worked out here from what NetHack keeps and from what
 * the hero does; what a zone does is the rule set's, in rust-flanking
 * (flank_facing_eval()).  Working out a facing is pure and deterministic:
 * no random numbers, no changes to the game.
 */

/* The hero's facing is kept in the three unused bits of u.uhave, as the
   turn from south, so that a vanilla save (zeroes there) restores facing
   south, the documented default.  Whether the hero's last action was a
   directed one is not saved: the last action before a restore was the
   save. */
#define flank_u_facing() ((int) ((u.uhave.unused + FLANK_DIR_S) & 7))
boolean flank_u_directed = FALSE;

/* what the command under way did, for flank_hero_acted() */
#define FLANK_INTENT_NONE 0
#define FLANK_INTENT_MOVE 1     /* domove(): a move or an attack */
#define FLANK_INTENT_DIRECTED 2 /* getdir(), a polearm's target */
static int flank_intent = FLANK_INTENT_NONE, flank_intent_dir = 0;

/*
 * What the hero's command is doing, for facing (flank_hero_acted()): it
 * starts (rhack()), it gives a direction to getdir() or a polearm's
 * target (directed), or it moves or attacks (domove()).
 */
void
flank_hero_starts()
{
    flank_intent = FLANK_INTENT_NONE;
}

void
flank_hero_directed(dx, dy)
int dx, dy;
{
    if (!dx && !dy)
        return; /* yourself, up or down */
    flank_intent = FLANK_INTENT_DIRECTED;
    flank_intent_dir = xytod((schar) sgn(dx), (schar) sgn(dy));
}

void
flank_hero_moves()
{
    if (flank_intent != FLANK_INTENT_DIRECTED && (u.dx || u.dy)) {
        flank_intent = FLANK_INTENT_MOVE;
        flank_intent_dir = xytod((schar) sgn(u.dx), (schar) sgn(u.dy));
    }
}

/*
 * The hero's action took time (moveloop()): keep the facing it leaves,
 * by implicit facing's rules in order (see flank_facing_of()).
 */
void
flank_hero_acted()
{
    int kind = flank_intent, d;

    flank_intent = FLANK_INTENT_NONE;
    flank_u_directed = (kind == FLANK_INTENT_DIRECTED);
    if (flank_u_directed)
        flank_set_u_facing(flank_intent_dir);
    else if (multi >= 0 && (d = flank_lone_foe()) >= 0)
        flank_set_u_facing(d);
    else if (kind == FLANK_INTENT_MOVE)
        flank_set_u_facing(flank_intent_dir);
}

/*
 * Is a creature of form ptr faceless (no front, flank or rear)?  The D&D
 * list mapped to NetHack (docs/FLANKING-DECISIONS.md): every tiny creature,
 * elementals, puddings and oozes, blobs, jellies, fungi and molds, mimics,
 * xorns, lights, vortices, and the eyes and spheres.
 */
boolean
flank_faceless(ptr)
struct permonst *ptr;
{
    if (ptr->msize == MZ_TINY)
        return TRUE;
    switch (ptr->mlet) {
    case S_ELEMENTAL:
    case S_PUDDING:
    case S_BLOB:
    case S_JELLY:
    case S_FUNGUS:
    case S_MIMIC:
    case S_XORN:
    case S_LIGHT:
    case S_VORTEX:
    case S_EYE:
        return TRUE;
    default:
        return FALSE;
    }
}

/* the direction of the one hostile monster the hero sees next to it, or
   -1 when there is none or more than one */
int
flank_lone_foe()
{
    int i, x, y, found = -1;
    struct monst *mtmp;

    for (i = 0; i < FLANK_NDIRS; i++) {
        x = u.ux + xdir[i], y = u.uy + ydir[i];
        if (!flank_isok(x, y) || !(mtmp = m_at(x, y)) || mtmp->mx != x
            || mtmp->my != y || mtmp->mpeaceful || mtmp->mtame
            || !canspotmon(mtmp))
            continue;
        if (found >= 0)
            return -1;
        found = i;
    }
    return found;
}

/*
 * The facing of creature mtmp (&youmonst for the hero): a FLANK_DIR_*, or
 * FLANK_FACING_NONE when it is faceless.
 *  - The hero, by implicit facing's rules in order: the direction of the
 *    last directed action (fire, throw, zap, kick, apply...); else toward
 *    the one hostile monster it sees next to it, unless it is helpless;
 *    else what flank_hero_acted() kept (the last move or attack, else
 *    unchanged).
 *  - A monster: a hostile one that can move faces the square next to it
 *    where it believes the hero is (mux, muy); else the way it last moved
 *    (from mtrack[0], its previous square); else south.
 */
int
flank_facing_of(mtmp)
struct monst *mtmp;
{
    int d, x, y;

    if (flank_is_hero(mtmp)) {
        if (Upolyd && flank_faceless(youmonst.data))
            return FLANK_FACING_NONE;
        if (!flank_u_directed && multi >= 0 && (d = flank_lone_foe()) >= 0)
            return d;
        return flank_u_facing();
    }
    if (flank_faceless(mtmp->data))
        return FLANK_FACING_NONE;
    if (!mtmp->mpeaceful && !mtmp->mtame && mtmp->mcanmove
        && !mtmp->msleeping && distmin(mtmp->mx, mtmp->my, mtmp->mux,
                                       mtmp->muy) == 1)
        return flank_dir_to(mtmp->mx, mtmp->my, mtmp->mux, mtmp->muy);
    x = mtmp->mtrack[0].x, y = mtmp->mtrack[0].y;
    if (isok(x, y) && distmin(x, y, mtmp->mx, mtmp->my) == 1)
        return flank_dir_to(x, y, mtmp->mx, mtmp->my);
    return FLANK_DIR_S;
}

/*
 * disturb(): does sleeping monster mtmp fail to notice the hero, who is in
 * its rear zone (`dnd`: as if the hero were Stealthy)?  Pure.
 */
boolean
flank_unnoticed(mtmp)
struct monst *mtmp;
{
    struct flank_facing_result r;

    if (flank_cfg.rules == FLANK_RULES_PROPOSAL || flank_cfg.percent <= 0
        || u.uswallow)
        return FALSE;
    if (flank_eval(&youmonst, mtmp,
                   distmin(u.ux, u.uy, mtmp->mx, mtmp->my) == 1, &r) < 0)
        return FALSE;
    return (boolean) ((r.bits & FLANK_FR_UNNOTICED) != 0);
}

/*
 * `opposite`: mdef, struck by magr in its flank or rear, turns to face it.
 * The hero then faces magr; a monster faces it as if it had stepped
 * toward it (mtrack[0]), and a hostile one struck by the hero now knows
 * where the hero is (mux, muy).  Said (flank_turn_said()) only when it
 * changes the way mdef faces: foes on two sides would otherwise turn it,
 * and say so, on every blow.
 */
void
flank_turn(magr, mdef)
struct monst *magr, *mdef;
{
    int d = flank_dir_to(flank_x(mdef), flank_y(mdef), flank_x(magr),
                         flank_y(magr)),
        x, y;
    boolean turned = (flank_facing_of(mdef) != d);

    if (flank_is_hero(mdef)) {
        flank_set_u_facing(d);
        flank_u_directed = FALSE;
    } else {
        x = mdef->mx - xdir[d], y = mdef->my - ydir[d];
        if (isok(x, y))
            mdef->mtrack[0].x = x, mdef->mtrack[0].y = y;
        if (flank_is_hero(magr) && !mdef->mpeaceful && !mdef->mtame)
            mdef->mux = u.ux, mdef->muy = u.uy;
    }
    if (turned)
        flank_turn_said(magr, mdef);
}

/*
 * The damage dmg of a hit of attack *fa, changed as its zone says, before
 * any minimum NetHack applies.  Unchanged under `proposal`, with
 * FLANKING=0, or for a hit that no roll of flanking's decided (fa null).
 * Pure: what the hero sees of it is flank_zone_said()'s, which the same
 * hooks call.
 */
int
flank_damage(fa, dmg)
const struct flank_attack *fa;
int dmg;
{
    long d;

    if (!flank_zone_damages(fa, dmg))
        return dmg;
    d = (long) dmg * (long) fa->damage_percent / 100L + (long) fa->damage_flat;
    if (d < 0L)
        d = 0L;
    return (int) d;
}

/* does the hero's hit of attack *fa count as a Rogue's backstab from the
   rear (`dnd`), as vanilla's on a fleeing monster? */
boolean
flank_backstab(fa)
const struct flank_attack *fa;
{
    return (boolean) (fa && fa->zoned && flank_is_hero(fa->magr)
                      && (fa->bits & FLANK_FR_BACKSTAB) != 0);
}

/*flankface.c*/
