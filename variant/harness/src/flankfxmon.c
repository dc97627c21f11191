/* NetHack 3.6	flankfxmon.c	NetHack Flanking: a fixture's creatures */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * The fixture harness's creatures (flankfx.c): each one a fixture names is
 * made by makemon() and put into its states by the game's own functions
 * (tamedog(), monflee(), paralyze_monst(), a long worm's own worm_move()
 * for a tail segment, the hero's intrinsics for the hero's traits), or
 * refused with the reason when the game cannot make it so.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include "flankfx.h"

STATIC_DCL boolean FDECL(fx_level_refusal, (struct monst *, struct monst *));
STATIC_DCL boolean FDECL(fx_willing, (struct monst *, struct monst *,
                                      BOOLEAN_P));
STATIC_DCL boolean FDECL(fx_far_at, (int, int));
STATIC_DCL struct obj *FDECL(fx_far_obj, (int, int));
STATIC_DCL const char *FDECL(fx_hero_form, (int));
STATIC_DCL const short *FDECL(fx_passive_species, (unsigned, BOOLEAN_P,
                                                   int *, const char **));
STATIC_DCL boolean FDECL(fx_passive_ok, (int, unsigned));

/*
 * The n-th monster species (0, 1, ...) with the fixture's defender traits,
 * or null after the last: levitating or flying (one trait as far as
 * squares are concerned), swimming, passing walls, and nothing else that
 * changes which squares are open to it (clinging, throwing boulders,
 * oozing, a big body that cannot squeeze, moving only orthogonally).
 * fx_build() tries them in turn until every pet next to the defender can
 * be made willing or unwilling as the fixture says: a floating eye, which
 * no pet attacks, comes last.
 */
struct permonst *
fx_defender_species(def, n)
unsigned def;
int n;
{
    static const short candidates[] = {
        PM_MORDOR_ORC, PM_ORC_CAPTAIN, PM_GIANT_BAT, PM_RAVEN,
        PM_FLAMING_SPHERE, PM_WATER_MOCCASIN, PM_PIRANHA, PM_XORN, PM_GHOST,
        PM_FLOATING_EYE,
        /* for facing fixtures: a faceless one that walks */
        PM_LICHEN,
    };
    int i;
    struct permonst *ptr;

    for (i = 0; i < SIZE(candidates); i++) {
        ptr = &mons[candidates[i]];
        /* a facing fixture's defender has a face or is faceless as it
           says (flank_faceless()) where the rule set reads a facing, and
           wears a shield if it says so */
        if (fx_facing && (((flank_cfg.ri & (FLANK_RI_FACING | FLANK_RI_ARC))
                       && (fx_facing->facing == FLANK_FACING_NONE)
                              != flank_faceless(ptr))
                      || (FX_ON(fx_facing->def_facing, FLANK_FX_DEF_SHIELD)
                          && cantweararm(ptr))))
            continue;
        if (!fx_facing && candidates[i] == PM_LICHEN)
            continue; /* the arc fixtures' species stay as they were */
        if (fx_traits_ok(ptr, def) && n-- == 0)
            return ptr;
    }
    return (struct permonst *) 0;
}

/* does species ptr move as the defender traits def say? */
boolean
fx_traits_ok(ptr, def)
struct permonst *ptr;
unsigned def;
{
    boolean air = FX_ON(def, FLANK_FX_DEF_LEVITATING | FLANK_FX_DEF_FLYING),
            swim = FX_ON(def, FLANK_FX_DEF_SWIMMING),
            phase = FX_ON(def, FLANK_FX_DEF_PHASING);

    return (boolean) ((is_floater(ptr) || is_flyer(ptr)) == air
                      && (is_swimmer(ptr) != 0) == swim
                      && (passes_walls(ptr) != 0) == phase
                      && !is_clinger(ptr) && !throws_rocks(ptr)
                      && !amorphous(ptr) && !is_whirly(ptr)
                      && !likes_lava(ptr) && !bigmonst(ptr)
                      && !NODIAG(monsndx(ptr)));
}

/*
 * Does mdef outclass pet by the two levels that make a pet refuse it, one
 * of the refusals of flank_pet_unwilling()?  A level more for either side
 * changes it.
 */
STATIC_OVL boolean
fx_level_refusal(pet, mdef)
struct monst *pet, *mdef;
{
    return (boolean) ((int) mdef->m_lev >= (int) pet->m_lev + 2);
}

/* a monster of species pm on <x,y>, awake, able, hostile, unhurt, with
   nothing that makemon() may have chosen at random */
struct monst *
fx_makemon(pm, x, y)
int pm, x, y;
{
    struct monst *mtmp;

    mtmp = makemon(&mons[pm], x, y,
                   NO_MINVENT | MM_NOWAIT | MM_NOCOUNTBIRTH | MM_NOGRP
                       | MM_NONAME);
    if (!mtmp)
        return (struct monst *) 0;
    mtmp->msleeping = 0;
    mtmp->mcanmove = 1;
    mtmp->mfrozen = 0;
    mtmp->mflee = 0;
    mtmp->mfleetim = 0;
    mtmp->mtrapped = 0;
    mtmp->mundetected = 0;
    mtmp->mconf = mtmp->mstun = 0;
    mtmp->mpeaceful = 0;
    mtmp->mhp = mtmp->mhpmax;
    set_malign(mtmp);
    return mtmp;
}

/*
 * The fixture's relation and states for monster mtmp, which stands (or
 * whose tail segment lies) on <x,y>.  NULL, or why it cannot be done.
 */
const char *
fx_states(mtmp, st, x, y)
struct monst *mtmp;
unsigned st;
int x, y;
{
    if (FX_ON(st, FLANK_FX_CR_TAME)) {
        if (!mtmp->mtame && !tamedog(mtmp, (struct obj *) 0))
            return "tamedog() refused";
    } else if (FX_ON(st, FLANK_FX_CR_PEACEFUL)) {
        mtmp->mpeaceful = 1;
        set_malign(mtmp);
    }
    if (FX_ON(st, FLANK_FX_CR_TRAPPED)) {
        if (!t_at(x, y) && !maketrap(x, y, BEAR_TRAP))
            return "maketrap() refused";
        mtmp->mtrapped = 1;
    }
    if (FX_ON(st, FLANK_FX_CR_FLEEING))
        monflee(mtmp, 0, FALSE, FALSE);
    if (FX_ON(st, FLANK_FX_CR_SLEEPING))
        mtmp->msleeping = 1;
    if (FX_ON(st, FLANK_FX_CR_PARALYZED))
        paralyze_monst(mtmp, 50);
    return (const char *) 0;
}

/*
 * The hero in the form of species pm, the form alone: without polymon()'s
 * side effects on armour and wielded weapon, which the fixture does not
 * describe (as fx_face() makes a faceless hero a lichen).  One form at a
 * time.  NULL, or why it cannot be done.
 */
STATIC_OVL const char *
fx_hero_form(pm)
int pm;
{
    if (Upolyd)
        return "the hero takes one form at a time (`faceless`, `hiding`,"
               " `nurse` and `stationary` each ask for one)";
    u.umonnum = pm;
    youmonst.data = &mons[pm];
    u.mh = u.mhmax = 8;
    return (const char *) 0;
}

/*
 * The fixture's states st (FLANK_FX_CR_*) for the hero as one of the
 * creatures, with its field's states p (FLANK_FX_PEER_*) that are a form
 * or a disguise:
 *  - `hiding`: in a snake's form, hidden under a rock on its square
 *    (u.uundetected), as a monster snake hides (fx_peer_makemon());
 *  - `nurse`: in a nurse's form;
 *  - `stationary passive blind`: in a brown mold's form, of speed 0,
 *    with only a passive attack and no eyes (every 3.6.7 form of speed 0
 *    is so, so `stationary` needs `passive` and `blind`; `passive` alone
 *    stays refused);
 *  - `mimicking`: as after eating a mimic (eat.c, cpostfx()): posing as
 *    gold (m_ap_type, mappearance), helpless (`paralyzed`, which the
 *    format asks for with it) with the message that is not Unaware's.
 * `sleeping` falls asleep (fall_asleep(): u.usleep, so Unaware);
 * `paralyzed` cannot move (nomul()) but is awake (nomovemsg "You can move
 * again.", so not Unaware).  NULL, or why it cannot be done.
 */
const char *
fx_hero_states(st, p)
unsigned st, p;
{
    const char *why;
    boolean stationary = FX_ON(p, FLANK_FX_PEER_STATIONARY);

    if (FX_ON(st, FLANK_FX_CR_FLEEING | FLANK_FX_CR_TAIL)
        || (FX_ON(st, FLANK_FX_CR_PASSIVE) && !stationary))
        return "the hero cannot be fleeing, passive or a tail";
    if (stationary && !FX_ON(st, FLANK_FX_CR_PASSIVE))
        return "every form of speed 0 (a mold, a jelly) has only passive"
               " attacks: the hero in one is `passive` too";
    if (stationary && !FX_ON(p, FLANK_FX_PEER_BLIND))
        return "every form of speed 0 (a mold, a jelly) has no eyes: the"
               " hero in one is `blind` too";
    if (FX_ON(p, FLANK_FX_PEER_MIMICKING)
        && !FX_ON(st, FLANK_FX_CR_PARALYZED))
        return "the hero mimics only while helpless after eating a mimic";
    if (FX_ON(p, FLANK_FX_PEER_HIDING)) {
        if ((why = fx_hero_form(PM_SNAKE)) != 0)
            return why;
        if (!hides_under(youmonst.data))
            return "a snake does not hide under objects";
        (void) mksobj_at(ROCK, u.ux, u.uy, FALSE, FALSE);
        u.uundetected = 1;
    }
    if (FX_ON(p, FLANK_FX_PEER_NURSE)
        && (why = fx_hero_form(PM_NURSE)) != 0)
        return why;
    if (stationary) {
        if ((why = fx_hero_form(PM_BROWN_MOLD)) != 0)
            return why;
        if (youmonst.data->mmove || !noattacks(youmonst.data)
            || haseyes(youmonst.data))
            return "a brown mold moves, has an active attack or eyes";
    }
    if (FX_ON(st, FLANK_FX_CR_TRAPPED)) {
        if (!t_at(u.ux, u.uy) && !maketrap(u.ux, u.uy, BEAR_TRAP))
            return "maketrap() refused";
        set_utrap(50, TT_BEARTRAP);
    }
    /* paralysed first: nomul() wakes a sleeper (u.usleep = 0), so a hero
       both paralysed and asleep falls asleep after */
    if (FX_ON(st, FLANK_FX_CR_PARALYZED)) {
        nomul(-50);
        multi_reason = "paralyzed by a fixture";
        nomovemsg = You_can_move_again;
    }
    if (FX_ON(st, FLANK_FX_CR_SLEEPING))
        fall_asleep(-50, FALSE);
    if (FX_ON(p, FLANK_FX_PEER_MIMICKING)) {
        multi_reason = "pretending to be a pile of gold";
        if (!FX_ON(st, FLANK_FX_CR_SLEEPING))
            nomovemsg = "You now prefer mimicking a human again.";
        youmonst.m_ap_type = M_AP_OBJECT;
        youmonst.mappearance = GOLD_PIECE;
        newsym(u.ux, u.uy);
    }
    /* Unaware asleep, and only asleep */
    if (!Unaware != !FX_ON(st, FLANK_FX_CR_SLEEPING))
        return FX_ON(st, FLANK_FX_CR_SLEEPING)
                   ? "the sleeping hero is not Unaware"
                   : "the hero is Unaware without sleeping";
    return (const char *) 0;
}

/*
 * Make pet refuse to attack monster mdef (want_unwilling) or not, by the
 * glue's own verdict (flank_pet_unwilling()), through the level gap alone:
 * whichever side needs it gains levels, up to 49, as a monster does from a
 * potion of gain level (grow_up()).  TRUE when the verdict is the one
 * wanted.
 */
STATIC_OVL boolean
fx_willing(pet, mdef, want_unwilling)
struct monst *pet, *mdef;
boolean want_unwilling;
{
    while (flank_pet_unwilling(pet, mdef) != want_unwilling) {
        if (want_unwilling ? (int) mdef->m_lev >= 49
                           : (!fx_level_refusal(pet, mdef)
                              || (int) pet->m_lev >= 49))
            break; /* no level gap would change it */
        (void) grow_up(want_unwilling ? mdef : pet, (struct monst *) 0);
        if (DEADMONSTER(mdef) || DEADMONSTER(pet))
            return FALSE;
    }
    return (boolean) (flank_pet_unwilling(pet, mdef) == want_unwilling);
}

/*
 * The species a creature with only passive attacks (noattacks()) may be,
 * by its field's states p (FLANK_FX_PEER_*): of speed 0, a mold, if it is
 * `stationary`; a shrieker, the one monster a defender (a purple worm)
 * holds a grudge against (mm_aggression()), for `grudge`; else one that
 * moves (an acid blob, a floating eye, a gas spore; tame: no floating
 * eye, which no pet attacks beside).  *n gets how many; null, with *why
 * set, when no species is both.
 */
STATIC_OVL const short *
fx_passive_species(p, tame, n, why)
unsigned p;
boolean tame;
int *n;
const char **why;
{
    static const short moving[] = { PM_ACID_BLOB, PM_FLOATING_EYE,
                                    PM_GAS_SPORE },
                       moving_tame[] = { PM_ACID_BLOB, PM_GAS_SPORE },
                       molds[] = { PM_BROWN_MOLD, PM_YELLOW_MOLD,
                                   PM_GREEN_MOLD, PM_RED_MOLD },
                       grudged[] = { PM_SHRIEKER };

    if (FX_ON(p, FLANK_FX_PEER_GRUDGE) && FX_ON(p, FLANK_FX_PEER_STATIONARY)) {
        *why = "a shrieker, the one monster a grudge is held against"
               " (mm_aggression()), moves: it cannot be `stationary`";
        return (const short *) 0;
    }
    if (FX_ON(p, FLANK_FX_PEER_GRUDGE))
        return (*n = SIZE(grudged)), grudged;
    if (FX_ON(p, FLANK_FX_PEER_STATIONARY))
        return (*n = SIZE(molds)), molds;
    if (tame)
        return (*n = SIZE(moving_tame)), moving_tame;
    return (*n = SIZE(moving)), moving;
}

/* is species pm a passive one that moves as field's states p say
   (`stationary`: speed 0; else not)? */
STATIC_OVL boolean
fx_passive_ok(pm, p)
int pm;
unsigned p;
{
    return (boolean) (noattacks(&mons[pm])
                      && !mons[pm].mmove
                             == FX_ON(p, FLANK_FX_PEER_STATIONARY));
}

/* a monster with only passive attacks (noattacks()) on <x,y>, of the
   species its field's states p ask (fx_passive_species()) */
const char *
fx_passive(x, y, p, out)
int x, y;
unsigned p;
struct monst **out;
{
    const short *pms;
    const char *why = 0;
    int i, n = 0;

    if (!(pms = fx_passive_species(p, FALSE, &n, &why)))
        return why;
    for (i = 0; i < n; i++)
        if (fx_passive_ok(pms[i], p)
            && (*out = fx_makemon(pms[i], x, y)) != 0)
            return (const char *) 0;
    return FX_ON(p, FLANK_FX_PEER_STATIONARY)
               ? "no monster of speed 0 with only passive attacks"
               : "no monster with only passive attacks";
}

/*
 * A pet on <x,y> next to monster defender mdef (or next to the hero when
 * mdef is null), with only passive attacks if the fixture says so, and
 * willing to attack mdef or not as it says, by the glue's own verdict
 * (flank_pet_unwilling()).  An unwilling pet is a weak one (a newt, an acid
 * blob, a mold, a shrieker: fx_passive_species()) that mdef outclasses by two levels; when it does not, mdef gains
 * levels as a monster does from a potion of gain level (grow_up()).  A
 * willing pet that mdef outclasses gains levels the same way.  Unwilling
 * pets are made before willing ones (fx_build_as()), so that growing mdef
 * never turns a willing pet unwilling.  NULL, or why it cannot be done
 * next to this defender.
 */
const char *
fx_pet(x, y, st, p, mdef, out)
int x, y;
unsigned st, p;
struct monst *mdef, **out;
{
    static const short willing[] = { PM_LITTLE_DOG, PM_KITTEN },
                       unwilling[] = { PM_NEWT, PM_KITTEN };
    boolean want_unwilling = FX_ON(st, FLANK_FX_CR_UNWILLING),
            want_passive = FX_ON(st, FLANK_FX_CR_PASSIVE);
    const short *pms = want_unwilling ? unwilling : willing;
    const char *why = 0;
    int i, n = want_unwilling ? SIZE(unwilling) : SIZE(willing);
    struct monst *pet;

    if (want_passive && !(pms = fx_passive_species(p, TRUE, &n, &why)))
        return why;
    for (i = 0; i < n; i++) {
        if (want_passive && !fx_passive_ok(pms[i], p))
            continue;
        if (!(pet = fx_makemon(pms[i], x, y)))
            return "makemon() refused a pet";
        if (!tamedog(pet, (struct obj *) 0)) {
            mongone(pet);
            dmonsfree();
            continue;
        }
        /* the defender is the hero or a pet: no pet attacks either */
        if (!mdef || mdef->mtame) {
            *out = pet;
            return (const char *) 0;
        }
        if (fx_willing(pet, mdef, want_unwilling)) {
            *out = pet;
            return (const char *) 0;
        }
        mongone(pet);
        dmonsfree();
    }
    return want_unwilling ? "no pet species would refuse this defender"
                          : "no pet species would attack this defender";
}

/*
 * A long worm whose tail segment lies on <x,y>, next to the defender on
 * <FX_DX,FX_DY>, with its head two squares from the defender.  Made in a
 * cell walled in by rock, where makemon() cannot lay out a tail, moved
 * onto <x,y> with rloc_to(), then one step on by the worm's own
 * worm_move(), which leaves a segment behind as a worm does when it grows.
 */
const char *
fx_tail(x, y, st, mdef)
int x, y;
unsigned st;
struct monst *mdef;
{
    struct monst *worm;
    int hx, hy, i, j, pass;
    const char *why;

    /* the head: next to the tail, two squares from the defender, where
       nobody stands; floor if there is some (even passes), else anywhere.
       With threats from range, first off the defender's eight lines
       (passes 0 and 1), where it stands in no archer's way, and never
       where a creature further out goes (fx_far_at()) */
    for (pass = fx_ranged ? 0 : 2; pass < 4; pass++)
        for (i = -1; i <= 1; i++)
            for (j = -1; j <= 1; j++) {
                hx = x + i, hy = y + j;
                if (isok(hx, hy) && distmin(hx, hy, FX_DX, FX_DY) == 2
                    && !MON_AT(hx, hy) && !(hx == u.ux && hy == u.uy)
                    && ((pass & 1) || ACCESSIBLE(levl[hx][hy].typ))
                    && (pass >= 2
                        || (hx != FX_DX && hy != FX_DY
                            && abs(hx - FX_DX) != abs(hy - FX_DY)))
                    && !fx_far_at(hx, hy))
                    goto found;
            }
    return "no free square for the long worm's head";
found:
    fx_paint(fx_wormx, fx_wormy, ROOM);
    worm = fx_makemon(PM_LONG_WORM, fx_wormx, fx_wormy);
    if (!worm || !worm->wormno)
        return "makemon() made no long worm with a tail";
    if (count_wsegs(worm))
        return "the long worm already has a tail";
    rloc_to(worm, x, y);
    remove_monster(x, y);
    place_monster(worm, hx, hy);
    worm_move(worm);
    fx_paint(fx_wormx, fx_wormy, STONE);
    if (m_at(x, y) != worm || count_wsegs(worm) != 1)
        return "worm_move() left no tail segment";
    if ((why = fx_states(worm, st, x, y)) != 0)
        return why;
    /* a tame worm next to a monster defender: willing or not, as said */
    if (worm->mtame && mdef && !mdef->mtame
        && !fx_willing(worm, mdef, FX_ON(st, FLANK_FX_CR_UNWILLING)))
        return FX_ON(st, FLANK_FX_CR_UNWILLING)
                   ? "the tame long worm would not refuse this defender"
                   : "the tame long worm would not attack this defender";
    return (const char *) 0;
}

/*
 * Threats from range: the creatures further out with a `far X:` line.
 * What each FLANK_FX_FAR_* thing is, as a real object: wielded ('w'), or
 * carried ('c'; the hero quivers it).
 */
static const struct fx_far_item {
    unsigned bit;
    short otyp, quan;
    char how;
} fx_far_items[] = {
    { FLANK_FX_FAR_POLEARM, HALBERD, 1, 'w' },
    { FLANK_FX_FAR_LANCE, LANCE, 1, 'w' },
    { FLANK_FX_FAR_BOW, BOW, 1, 'w' },
    { FLANK_FX_FAR_ARROWS, ARROW, 10, 'c' },
    { FLANK_FX_FAR_CROSSBOW, CROSSBOW, 1, 'w' },
    { FLANK_FX_FAR_BOLTS, CROSSBOW_BOLT, 10, 'c' },
    { FLANK_FX_FAR_SLING, SLING, 1, 'w' },
    { FLANK_FX_FAR_ROCKS, FLINT, 10, 'c' },
    { FLANK_FX_FAR_DAGGERS, DAGGER, 3, 'c' },
    { FLANK_FX_FAR_SPEARS, SPEAR, 2, 'c' },
    { FLANK_FX_FAR_DARTS, DART, 10, 'c' },
    { FLANK_FX_FAR_KNIVES, KNIFE, 2, 'c' },
};
/* the FLANK_FX_FAR_* things that are not objects: each a species */
#define FX_FAR_SPECIES \
    (FLANK_FX_FAR_BREATH | FLANK_FX_FAR_SPIT | FLANK_FX_FAR_GAZE)

/* does a creature further out with a `far` line go on <x,y>? */
STATIC_OVL boolean
fx_far_at(x, y)
int x, y;
{
    int i;

    for (i = 0; fx_ranged && i < (int) fx_ranged->nfar; i++)
        if (x == FX_DX - (int) fx_ranged->def_col + fx_ranged->far[i].col
            && y == FX_DY - (int) fx_ranged->def_row + fx_ranged->far[i].row)
            return TRUE;
    return FALSE;
}

/* quan plain objects of type otyp, not yet anywhere: uncursed, +0, and
   never merged with another stack (the hero's own dagger) */
STATIC_OVL struct obj *
fx_far_obj(otyp, quan)
int otyp, quan;
{
    struct obj *otmp = mksobj(otyp, FALSE, FALSE);

    otmp->quan = (long) quan;
    otmp->spe = 0;
    otmp->cursed = otmp->blessed = 0;
    otmp->nomerge = 1;
    otmp->owt = weight(otmp);
    return otmp;
}

/*
 * The hero as far creature f, already on its square: its states, and the
 * real objects it wields (setuwep(); a polearm or lance at Basic skill at
 * most, so that it reaches distance squared 4) and quivers (setuqwep(),
 * one stack).  They go again in fx_clear().  NULL, or why it cannot be
 * done.
 */
const char *
fx_far_hero(f)
const struct flank_fixture_far *f;
{
    const char *why;
    struct obj *otmp, *wield = 0, *quiver = 0;
    int i, skill;

    if (FX_ON(f->arms, FX_FAR_SPECIES))
        return "the hero has no breath, spit or gaze here";
    if (FX_ON(f->states, FLANK_FX_CR_PEACEFUL | FLANK_FX_CR_TAME))
        return "the hero cannot be peaceful or tame";
    if ((why = fx_hero_states(f->states, 0U)) != 0)
        return why;
    for (i = 0; i < SIZE(fx_far_items); i++) {
        if (!FX_ON(f->arms, fx_far_items[i].bit))
            continue;
        if (fx_far_items[i].how == 'w' ? wield != 0 : quiver != 0)
            return (fx_far_items[i].how == 'w')
                       ? "the hero wields one thing at most"
                       : "the hero quivers one stack at most";
        if (fx_ngiven >= FX_GIVEN_MAX)
            return "too many objects for the hero";
        otmp = addinv(fx_far_obj(fx_far_items[i].otyp,
                                 fx_far_items[i].quan));
        fx_given[fx_ngiven++] = otmp;
        if (fx_far_items[i].how == 'w') {
            setuwep(otmp);
            wield = otmp;
            skill = weapon_type(otmp);
            if (is_pole(otmp) && P_SKILL(skill) > P_BASIC)
                P_SKILL(skill) = P_BASIC;
        } else {
            setuqwep(otmp);
            quiver = otmp;
        }
    }
    if ((wield && uwep != wield) || (quiver && uquiver != quiver))
        return "the hero does not wield or quiver what it was given";
    return (const char *) 0;
}

/*
 * A monster as far creature f on <x,y>, made without inventory
 * (fx_makemon()): a hell hound pup to breathe, a cobra to spit, an umber
 * hulk to gaze, else a hill orc (a weapon attack, and hands).  It is put
 * in its states as a creature next to the defender is (fx_states()),
 * picks up (mpickobj()) the real objects f says, and wields the one to
 * wield as mon_wield_item() leaves a monster that wields it; a pet is
 * made willing to attack monster defender mdef (fx_willing()).  NULL, or
 * why it cannot be done.
 */
const char *
fx_far_monster(f, x, y, mdef)
const struct flank_fixture_far *f;
int x, y;
struct monst *mdef;
{
    struct monst *mtmp;
    struct obj *otmp, *wield = 0, *carry[SIZE(fx_far_items)];
    const char *why;
    int i, n = 0, pm, at;

    if (FX_ON(f->states, FLANK_FX_CR_HERO))
        return "the hero is no monster";
    if (FX_ON(f->arms, FLANK_FX_FAR_BREATH))
        pm = PM_HELL_HOUND_PUP, at = AT_BREA;
    else if (FX_ON(f->arms, FLANK_FX_FAR_SPIT))
        pm = PM_COBRA, at = AT_SPIT;
    else if (FX_ON(f->arms, FLANK_FX_FAR_GAZE))
        pm = PM_UMBER_HULK, at = AT_GAZE;
    else
        pm = PM_HILL_ORC, at = AT_WEAP;
    if (!attacktype(&mons[pm], at))
        return "its species lacks the attack";
    if (FX_ON(f->arms, FX_FAR_SPECIES) && (f->arms & ~FX_FAR_SPECIES))
        return "a species that breathes, spits or gazes carries nothing";
    if (!(mtmp = fx_makemon(pm, x, y)) || mtmp->mx != x || mtmp->my != y)
        return "makemon() refused it";
    /* its states first: tamedog() has a pet wield its best weapon for
       melee (mon_wield_item()), which would not be the fixture's */
    if ((why = fx_states(mtmp, f->states, x, y)) != 0)
        return why;
    for (i = 0; i < SIZE(fx_far_items); i++) {
        if (!FX_ON(f->arms, fx_far_items[i].bit))
            continue;
        if (fx_far_items[i].how == 'w' && wield)
            return "it wields one thing at most";
        otmp = fx_far_obj(fx_far_items[i].otyp, fx_far_items[i].quan);
        if (mpickobj(mtmp, otmp))
            return "mpickobj() merged an object";
        if (fx_far_items[i].how == 'w') {
            /* as mon_wield_item() leaves it */
            mtmp->mw = otmp;
            otmp->owornmask = W_WEP;
            mtmp->weapon_check = NEED_WEAPON;
            wield = otmp;
        } else {
            carry[n++] = otmp;
        }
    }
    if (mtmp->mtame && mdef && !mdef->mtame
        && !fx_willing(mtmp, mdef, FALSE))
        return "the pet would not attack this defender";
    /* what was built is what the fixture says (grow_up() may have changed
       the species) */
    if (DEADMONSTER(mtmp) || m_at(x, y) != mtmp)
        return "it is no longer there";
    if (!attacktype(mtmp->data, at))
        return "it lost the attack";
    if (MON_WEP(mtmp) != wield)
        return "it does not wield what it was given";
    for (i = 0; i < n; i++)
        if (carry[i]->where != OBJ_MINVENT || carry[i]->ocarry != mtmp)
            return "it does not carry what it was given";
    return (const char *) 0;
}

/*
 * Make creature mtmp (&youmonst for the hero) face direction f, or
 * faceless (FLANK_FACING_NONE), as the game would have it: the hero by a
 * direction given to getdir() (as if it had last thrown that way); a
 * monster by having stepped onto its square from the square behind it
 * (mtrack[0]), not knowing where the hero is (mux, muy) so that it does
 * not face the hero instead.  A faceless creature must be of a faceless
 * species.  The facing is then read back through the glue
 * (flank_facing_of()).  NULL, or why it cannot be done.
 */
const char *
fx_face(mtmp, f)
struct monst *mtmp;
int f;
{
    static char why[BUFSZ];
    int x, y;

    if (mtmp == &youmonst && f == FLANK_FACING_NONE && fx_facing
        && FX_ON(fx_facing->flags, FLANK_FI_ROGUE))
        return "a Rogue is faceless only polymorphed, and a polymorphed"
               " Rogue has no backstab (hmon_hitmon())";
    if (mtmp == &youmonst && f == FLANK_FACING_NONE) {
        /* polymorphed into a lichen: faceless, and moving as the hero
           does (no flying, swimming, passing walls or clinging); the
           form alone (fx_hero_form()) */
        const char *w = fx_hero_form(PM_LICHEN);

        if (w)
            return w;
    } else if (mtmp == &youmonst) {
        flank_hero_starts();
        flank_hero_directed(xdir[f], ydir[f]);
        flank_hero_acted();
    } else if (f != FLANK_FACING_NONE) {
        x = mtmp->mx - xdir[f], y = mtmp->my - ydir[f];
        if (!isok(x, y))
            return "no square behind the monster";
        mtmp->mtrack[0].x = x, mtmp->mtrack[0].y = y;
        mtmp->mux = mtmp->muy = FX_NOWHERE;
    }
    if (flank_facing_of(mtmp) != f) {
        Sprintf(why, "%s faces %d, not %d as the fixture says",
                mtmp == &youmonst ? "the hero" : mtmp->data->mname,
                flank_facing_of(mtmp), f);
        return why;
    }
    return (const char *) 0;
}

/*
 * The field's facts (fx_cur): the creatures' states that only the field's
 * rule sets read (NerfHack's), each made so by the game's own means, and
 * the attacker's level.
 */

#define FX_PEER(d) (fx_cur ? (unsigned) fx_cur->peer[d] : 0U)

/*
 * A hostile monster next to the defender in direction d, on <x,y>, of the
 * species its states ask: a snake hiding under a rock, a small mimic
 * posing as a large box, a nurse, one of a species that flanks by nature
 * under the rule set in force (a soldier ant), else a jackal.  NULL, or
 * why it cannot be done.
 */
const char *
fx_peer_makemon(d, x, y, out)
int d, x, y;
struct monst **out;
{
    unsigned p = FX_PEER(d);
    int pm = PM_JACKAL;

    /* the format asks for `passive` with these (fx_passive() makes them) */
    if (FX_ON(p, FLANK_FX_PEER_STATIONARY | FLANK_FX_PEER_GRUDGE))
        return "a stationary creature or one the defender holds a grudge"
               " against has only passive attacks: add `passive`";

    if (FX_ON(p, FLANK_FX_PEER_HIDING))
        pm = PM_SNAKE;
    else if (FX_ON(p, FLANK_FX_PEER_MIMICKING))
        pm = PM_SMALL_MIMIC;
    else if (FX_ON(p, FLANK_FX_PEER_NURSE))
        pm = PM_NURSE;
    else if (FX_ON(p, FLANK_FX_PEER_OUTFLANKER))
        pm = PM_SOLDIER_ANT;
    if (FX_ON(p, FLANK_FX_PEER_OUTFLANKER) && !flank_outflanker[pm])
        return "no species flanks by nature under the rule set in force";
    if (!(*out = fx_makemon(pm, x, y)))
        return "makemon() refused a monster";
    if (FX_ON(p, FLANK_FX_PEER_HIDING)) {
        /* as hide_under() leaves it: under an object on its square */
        (void) mksobj_at(ROCK, x, y, FALSE, FALSE);
        (*out)->mundetected = 1;
    } else if (FX_ON(p, FLANK_FX_PEER_MIMICKING)) {
        (*out)->m_ap_type = M_AP_OBJECT;
        (*out)->mappearance = LARGE_BOX;
    }
    newsym(x, y);
    return (const char *) 0;
}

/* the hero's states of the field: confused, stunned, blind,
   hallucinating, fumbling, punished, with wounded legs, on Elbereth */
STATIC_OVL void
fx_peer_hero(p)
unsigned p;
{
    if (FX_ON(p, FLANK_FX_PEER_CONFUSED))
        make_confused(50L, FALSE);
    if (FX_ON(p, FLANK_FX_PEER_STUNNED))
        make_stunned(50L, FALSE);
    if (FX_ON(p, FLANK_FX_PEER_BLIND))
        make_blinded(50L, FALSE);
    if (FX_ON(p, FLANK_FX_PEER_HALLUCINATING))
        (void) make_hallucinated(50L, FALSE, 0L);
    if (FX_ON(p, FLANK_FX_PEER_FUMBLING))
        HFumbling |= FROMOUTSIDE;
    if (FX_ON(p, FLANK_FX_PEER_PUNISHED) && !Punished)
        punish((struct obj *) 0);
    if (FX_ON(p, FLANK_FX_PEER_WOUNDED_LEGS))
        set_wounded_legs(RIGHT_SIDE, 50);
    if (FX_ON(p, FLANK_FX_PEER_ELBERETH))
        make_engr_at(u.ux, u.uy, "Elbereth", 0L, DUST);
}

/*
 * The field's states on the creatures built (at[d] the monster in
 * direction d, the hero where the fixture has it), on the hero defender
 * (Elbereth, blindness), and the attacker magr's level and nature: its level as
 * `attacker-level:` says (the hero's u.ulevel, a monster's m_lev); the
 * hero's form a role that flanks by nature or not (a Valkyrie or an
 * Archeologist) as the fixture says; a monster's species was chosen so
 * (fx_peer_makemon()), and a pet's cannot be.  NULL, or why it cannot be
 * done.
 */
const char *
fx_peer_states(at, magr, mdef)
struct monst **at, *magr, *mdef;
{
    const struct flank_fixture *fx = fx_cur;
    struct monst *mtmp;
    unsigned p;
    int d, want, pm;

    for (d = 0; d < FLANK_NDIRS; d++) {
        if (!FX_LETTER(fx->glyph[d]) || !(p = FX_PEER(d)))
            continue;
        if (FX_ON(fx->creature[d], FLANK_FX_CR_HERO)) {
            fx_peer_hero(p);
            continue;
        }
        if (!(mtmp = at[d]))
            return "the field's states for a creature the harness does not"
                   " make";
        if (FX_ON(p, FLANK_FX_PEER_CONFUSED))
            mtmp->mconf = 1;
        if (FX_ON(p, FLANK_FX_PEER_STUNNED))
            mtmp->mstun = 1;
        if (FX_ON(p, FLANK_FX_PEER_EATING))
            mtmp->meating = 50;
    }
    if (flank_is_hero(mdef)
        && FX_ON(fx_cur->def_peer, FLANK_FX_PEER_ELBERETH))
        make_engr_at(u.ux, u.uy, "Elbereth", 0L, DUST);
    if (flank_is_hero(mdef) && FX_ON(fx_cur->def_peer, FLANK_FX_PEER_BLIND))
        make_blinded(50L, FALSE);
    if (fx_cur->attacker_level != FLANK_FX_UNSET) {
        if (flank_is_hero(magr))
            u.ulevel = (int) fx_cur->attacker_level;
        else
            magr->m_lev = (uchar) fx_cur->attacker_level;
    }
    /* what the hero sees, for a rule set that asks (canseemon()) */
    if (flank_cfg.ri & FLANK_RI_PEER)
        vision_recalc(0);
    d = fx->attack_dir;
    if (fx_facing && FX_ON(fx_facing->flags, FLANK_FI_MELEE) && d < FLANK_NDIRS) {
        want = FX_ON(FX_PEER(d), FLANK_FX_PEER_OUTFLANKER);
        if (flank_is_hero(magr) && Upolyd) {
            /* in a form the fixture asked for (a nurse's): its own nature */
            if (flank_outflanker[u.umonnum] != want)
                return "the hero's form does not flank by nature as the"
                       " fixture says";
        } else if (flank_is_hero(magr)) {
            pm = want ? PM_VALKYRIE : PM_ARCHEOLOGIST;
            if (flank_outflanker[pm] != want)
                return "no role flanks by nature as the fixture says";
            u.umonster = u.umonnum = pm;
            youmonst.data = &mons[pm];
        } else if (flank_outflanker[monsndx(magr->data)] != want) {
            return "the attacker's species does not flank by nature as the"
                   " fixture says (a pet never does here)";
        }
    }
    return (const char *) 0;
}

/* the hero as the game started it, after a fixture with the field's
   facts; any Elbereth gone */
void
fx_peer_clear()
{
    int x, y;

    if (Punished)
        unpunish();
    make_confused(0L, FALSE);
    make_stunned(0L, FALSE);
    make_blinded(0L, FALSE);
    (void) make_hallucinated(0L, FALSE, 0L);
    HFumbling = fx_hfumble;
    if (Wounded_legs)
        heal_legs(0);
    u.ulevel = fx_ulevel;
    u.umonster = fx_umonster;
    for (x = 1; x < COLNO; x++)
        for (y = 0; y < ROWNO; y++)
            del_engr_at(x, y);
}

/*flankfxmon.c*/
