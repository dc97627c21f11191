/* NetHack 3.6	flankrange.c	NetHack Flanking: arms for threats from range */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include "flank.h"

STATIC_DCL boolean FDECL(flank_mon_missile, (int));
STATIC_DCL boolean FDECL(flank_mon_shoots, (struct monst *, struct obj *));

/*
 * Threats from range (docs/DESIGN.md, "Threats from range"), under
 * sysconf FLANKING_RANGED.  The glue gathers the lines from a defender as
 * facts (struct flank_ranged): on each, the first creature past the
 * neighbouring square, and what it could attack with from there;
 * rust-flanking decides which of them threaten (flank_explain_ranged(),
 * flank_facing_eval_ranged()).  Pure, like the rest of this file: no
 * random numbers, no select_rwep() (it sets its propellor and may have an
 * artifact blast its wielder), no messages.
 */

/* mthrowu.c's POLE_LIM: a monster's polearm reaches this far, distance
   squared */
#define FLANK_MON_POLE_LIM 5

/* is otyp a missile a monster throws by hand: weapon.c's rwep[] without
   its ammunition, stones and cream pie (the spears, javelins, shuriken,
   daggers, knives and darts) */
STATIC_OVL boolean
flank_mon_missile(otyp)
int otyp;
{
    switch (otyp) {
    case DWARVISH_SPEAR:
    case SILVER_SPEAR:
    case ELVEN_SPEAR:
    case SPEAR:
    case ORCISH_SPEAR:
    case JAVELIN:
    case SHURIKEN:
    case SILVER_DAGGER:
    case ELVEN_DAGGER:
    case DAGGER:
    case ORCISH_DAGGER:
    case KNIFE:
    case DART:
        return TRUE;
    default:
        return FALSE;
    }
}

/* would monster mtmp shoot ammunition otmp from the launcher it wields,
   as select_rwep() chooses: not an artifact, and from a sling a rock,
   flint or luckstone, a loadstone that is not cursed, or another gem
   when it does not like gems */
STATIC_OVL boolean
flank_mon_shoots(mtmp, otmp)
struct monst *mtmp;
struct obj *otmp;
{
    if (otmp->oartifact)
        return FALSE;
    if (otmp->oclass != GEM_CLASS)
        return TRUE;
    switch (otmp->otyp) {
    case FLINT:
    case ROCK:
    case LUCKSTONE:
        return TRUE;
    case LOADSTONE:
        return (boolean) !otmp->cursed;
    default:
        return (boolean) !likes_gems(mtmp->data);
    }
}

/*
 * What monster mtmp could attack with from range now, FLANK_RA_*; *reach
 * the distance squared its polearm reaches (0 without one).  With a weapon
 * attack: a wielded polearm or lance; a wielded launcher and ammunition
 * for it; missiles it would throw (not an artifact, not its welded
 * weapon).  A breath attack not cancelled and not used up for now
 * (mspec_used); a spit or a gaze not cancelled.  When with is not null,
 * with[FLANK_WITH_*] get the polearm, the launcher and the first missile
 * (null for none), for #flanking's words.
 */
uint8_t
flank_mon_arms(mtmp, reach, with)
struct monst *mtmp;
int *reach;
struct obj **with;
{
    struct permonst *ptr = mtmp->data;
    struct obj *mw = MON_WEP(mtmp), *otmp, *pole = 0, *missile = 0;
    boolean launcher = (mw && is_launcher(mw));
    uint8_t arms = 0;

    *reach = 0;
    if (attacktype(ptr, AT_WEAP)) {
        if (mw && is_pole(mw)) {
            arms |= FLANK_RA_POLEARM;
            *reach = FLANK_MON_POLE_LIM;
            pole = mw;
        }
        for (otmp = mtmp->minvent; otmp; otmp = otmp->nobj) {
            if (launcher && ammo_and_launcher(otmp, mw)) {
                if (flank_mon_shoots(mtmp, otmp))
                    arms |= FLANK_RA_LAUNCHER;
            } else if (otmp->oclass == WEAPON_CLASS
                       && flank_mon_missile(otmp->otyp) && !otmp->oartifact
                       && !(otmp == mw && mwelded(mw))) {
                arms |= FLANK_RA_MISSILES;
                if (!missile)
                    missile = otmp;
            }
        }
    }
    if (with) {
        with[FLANK_WITH_POLEARM] = pole;
        with[FLANK_WITH_LAUNCHER] = (arms & FLANK_RA_LAUNCHER) ? mw : 0;
        with[FLANK_WITH_MISSILE] = missile;
    }
    if (!mtmp->mcan) {
        if (attacktype(ptr, AT_BREA) && !mtmp->mspec_used)
            arms |= FLANK_RA_BREATH;
        if (attacktype(ptr, AT_SPIT))
            arms |= FLANK_RA_SPIT;
        if (attacktype(ptr, AT_GAZE))
            arms |= FLANK_RA_GAZE;
    }
    return arms;
}

/*
 * What the hero could attack with from range now, FLANK_RA_*; *reach the
 * distance squared the wielded polearm or lance reaches (use_pole(): 4 up
 * to Basic skill, 5 at Skilled, 8 at Expert), 0 without one.  A launcher
 * wielded with its ammunition quivered; missiles quivered (darts,
 * shuriken, boomerangs, daggers, knives, spears, javelins); polymorphed,
 * a breath attack with the energy #monster asks for and breath to use, or
 * a spit attack.  The planner's flank_hero_reaches() asks the same.
 * with as for flank_mon_arms().
 */
uint8_t
flank_hero_arms(reach, with)
int *reach;
struct obj **with;
{
    struct obj *q = uquiver;
    uint8_t arms = 0;
    int skill;

    *reach = 0;
    if (uwep && is_pole(uwep)) {
        skill = P_SKILL(weapon_type(uwep));
        *reach = (skill >= P_EXPERT) ? 8 : (skill == P_SKILLED) ? 5 : 4;
        arms |= FLANK_RA_POLEARM;
    }
    if (q) {
        if (is_ammo(q)) {
            if (uwep && ammo_and_launcher(q, uwep))
                arms |= FLANK_RA_LAUNCHER;
        } else if (is_missile(q)
                   || (q->oclass == WEAPON_CLASS
                       && (objects[q->otyp].oc_skill == P_DAGGER
                           || objects[q->otyp].oc_skill == P_KNIFE
                           || objects[q->otyp].oc_skill == P_SPEAR))) {
            arms |= FLANK_RA_MISSILES;
        }
    }
    if (with) {
        with[FLANK_WITH_POLEARM] = (arms & FLANK_RA_POLEARM) ? uwep : 0;
        with[FLANK_WITH_LAUNCHER] = (arms & FLANK_RA_LAUNCHER) ? uwep : 0;
        with[FLANK_WITH_MISSILE] = (arms & FLANK_RA_MISSILES) ? q : 0;
    }
    if (Upolyd) {
        /* dobreathe() */
        if (attacktype(youmonst.data, AT_BREA) && u.uen >= 15 && !Strangled)
            arms |= FLANK_RA_BREATH;
        if (attacktype(youmonst.data, AT_SPIT))
            arms |= FLANK_RA_SPIT;
    }
    return arms;
}

/*flankrange.c*/
