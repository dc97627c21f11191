/* NetHack 3.6	flank.c	NetHack Flanking: arc flanking glue */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * Arc flanking (doc/Guidebook, "Flanking"): an attack on a defender that is
 * hemmed in by hostile creatures and terrain gets a bonus to hit.
 *
 * The rule itself lives in rust-flanking (flanking.h), where fixtures test
 * it.  This file knows NetHack, not the rule: it reads the eight squares
 * around a defender from the real game state into a struct
 * flank_neighbourhood, asks the engine for the score in half points, and
 * turns that into the integer a to-hit roll adds.
 *
 * Gathering is a pure query: no random numbers, no messages, no changes to
 * monsters, the hero or the map, no vision or mux/muy updates.  Every levl[]
 * and m_at() access is guarded by isok().
 *
 * The hero is passed as &youmonst, the way mhitm.c and friends do it.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include "mfndpos.h"

STATIC_DCL uint16_t FDECL(flank_creature, (struct monst *, int, int));
struct flank_mover;
STATIC_DCL void FDECL(flank_mover_init, (struct flank_mover *,
                                         struct monst *));
STATIC_DCL void FDECL(flank_mover_abilities, (struct flank_mover *));
STATIC_DCL boolean FDECL(flank_mover_blocked,
                         (struct flank_mover *, int, int, int, int,
                          struct trap *));
STATIC_DCL boolean NDECL(flank_hero_cant_squeeze);
STATIC_DCL uint8_t FDECL(flank_defender_flags, (struct monst *));
STATIC_DCL uint8_t FDECL(flank_peer_state, (struct monst *));

/* Gathering for the hero's view (#flanking): leave out every creature the
   hero does not perceive, so that the view shows only what the hero
   knows.  Set only while flank_show() draws the hero's view; the bonus an
   attack gets always counts every creature. */
boolean flank_seen_only = FALSE;

/*
 * Facts about the creature on <x,y>, one of the squares around defender
 * mdef; 0 when nobody stands there.  Each creature is counted once: the hero
 * on the hero's square (a steed is not on the map: the rider's square is the
 * hero's), a monster on its own square, and a long worm's tail segment as a
 * tail (m_at() returns the worm itself there; mx,my tell head from tail).
 */
STATIC_OVL uint16_t
flank_creature(mdef, x, y)
struct monst *mdef;
int x, y;
{
    struct monst *mtmp;
    uint16_t sq = 0;

    /* the caller made sure <x,y> is on the map */
    if (x == u.ux && y == u.uy && !u.uswallow) {
        if (flank_is_hero(mdef))
            return 0; /* cannot happen: the defender's own square */
        sq = FLANK_SQ_CREATURE | FLANK_SQ_HERO;
        if (multi < 0) /* asleep, fainted, paralysed, busy being helpless */
            sq |= FLANK_SQ_HELPLESS;
        if (u.utrap)
            sq |= FLANK_SQ_TRAPPED;
        if (Upolyd && noattacks(youmonst.data))
            sq |= FLANK_SQ_NOATTACK;
        return sq;
    }
    if ((mtmp = m_at(x, y)) == 0)
        return 0;
    sq = FLANK_SQ_CREATURE;
    if (mtmp->mx != x || mtmp->my != y) {
        /* a tail segment: present, never a threat; its relation bits
           are the worm's own so the square stays consistent */
        sq |= FLANK_SQ_TAIL;
    }
    if (mtmp->mtame) {
        sq |= FLANK_SQ_TAME;
        if (!flank_is_hero(mdef) && mtmp != mdef
            && flank_pet_unwilling(mtmp, mdef))
            sq |= FLANK_SQ_UNWILLING;
    } else if (mtmp->mpeaceful) {
        sq |= FLANK_SQ_PEACEFUL;
    }
    if (mtmp->msleeping || !mtmp->mcanmove)
        sq |= FLANK_SQ_HELPLESS;
    if (mtmp->mtrapped)
        sq |= FLANK_SQ_TRAPPED;
    if (mtmp->mflee)
        sq |= FLANK_SQ_FLEEING;
    /* noattacks() skips AT_BOOM: a gas spore has no active attack */
    if (noattacks(mtmp->data))
        sq |= FLANK_SQ_NOATTACK;
    return sq;
}

/*
 * Does the hero perceive the creature on <x,y> (on the map)?  As the map
 * shows it: the hero's own square, or a monster's glyph there for a
 * monster the hero can spot.  Not an invisible monster (a remembered 'I'
 * is no more than "something unseen"), a warning, a hider under an object
 * nor a mimic that looks like something else.
 */
boolean
flank_perceived(x, y)
int x, y;
{
    struct monst *mtmp;

    if (x == u.ux && y == u.uy && !u.uswallow)
        return TRUE;
    if ((mtmp = m_at(x, y)) == 0)
        return FALSE;
    return (boolean) (glyph_is_monster(glyph_at(x, y)) && canspotmon(mtmp)
                      && !mtmp->mundetected
                      && M_AP_TYPE(mtmp) == M_AP_NOTHING);
}

/*
 * Would pet refuse to attack mdef?  dog_move()'s refusals, without its
 * random numbers: a floating eye or gelatinous cube is refused outright
 * (vanilla refuses them 9 times in 10).
 */
boolean
flank_pet_unwilling(pet, mdef)
struct monst *pet, *mdef;
{
    if ((int) mdef->m_lev >= (int) pet->m_lev + 2)
        return TRUE;
    if (mdef->data == &mons[PM_FLOATING_EYE]
        || mdef->data == &mons[PM_GELATINOUS_CUBE])
        return TRUE;
    if (max_passive_dmg(mdef, pet) >= pet->mhp)
        return TRUE;
    if (mdef->mpeaceful && !Conflict
        && (pet->mhp * 4 < pet->mhpmax
            || mdef->data->msound == MS_GUARDIAN
            || mdef->data->msound == MS_LEADER))
        return TRUE;
    if (touch_petrifies(mdef->data) && !resists_ston(pet))
        return TRUE;
    return FALSE;
}

/* cant_squeeze_thru(&youmonst) without weight_cap()'s side effects */
STATIC_OVL boolean
flank_hero_cant_squeeze()
{
    struct permonst *ptr = youmonst.data;
    struct obj *otmp;
    long wt = 0L;

    if (bigmonst(ptr)
        && !(amorphous(ptr) || is_whirly(ptr) || noncorporeal(ptr)
             || slithy(ptr) || can_fog(&youmonst)))
        return TRUE;
    /* inv_weight() + weight_cap(), summed the way inv_weight() does */
    for (otmp = invent; otmp; otmp = otmp->nobj) {
        if (otmp->oclass == COIN_CLASS)
            wt += (otmp->quan + 50L) / 100L;
        else if (otmp->otyp != BOULDER || !throws_rocks(ptr))
            wt += (long) otmp->owt;
    }
    if (wt > 600L)
        return TRUE;
    return Sokoban ? TRUE : FALSE;
}

/*
 * What the defender can do, for flank_mover_blocked(): worked out once per
 * neighbourhood, not once per square.
 */
struct flank_mover {
    struct monst *who; /* &youmonst or the monster */
    struct permonst *ptr;
    boolean hero, phase, nodiag, sokoban_rules;
    /* the rest only when a square needs them (flank_mover_abilities()) */
    boolean known, lev, fly, swim, wwalk, lavaok, cling, bars;
};

STATIC_OVL void
flank_mover_init(mv, mdef)
struct flank_mover *mv;
struct monst *mdef;
{
    boolean hero = flank_is_hero(mdef);
    struct permonst *ptr = hero ? youmonst.data : mdef->data;

    mv->who = hero ? &youmonst : mdef;
    mv->ptr = ptr;
    mv->hero = hero;
    mv->known = FALSE;
    if (hero) {
        mv->phase = Passes_walls ? TRUE : FALSE;
        /* NODIAG(u.umonnum) */
        mv->nodiag = (u.umonnum == PM_GRID_BUG) ? TRUE : FALSE;
    } else {
        mv->phase = passes_walls(ptr) ? TRUE : FALSE;
        /* NODIAG(monsndx(ptr)) */
        mv->nodiag = (ptr == &mons[PM_GRID_BUG]) ? TRUE : FALSE;
    }
    mv->sokoban_rules = Sokoban ? TRUE : FALSE;
}

STATIC_OVL void
flank_mover_abilities(mv)
struct flank_mover *mv;
{
    struct permonst *ptr = mv->ptr;

    if (mv->known)
        return;
    mv->known = TRUE;
    if (mv->hero) {
        mv->lev = Levitation ? TRUE : FALSE;
        mv->fly = Flying ? TRUE : FALSE; /* includes a flying steed */
        mv->swim = Swimming ? TRUE : FALSE;
        mv->wwalk = Wwalking ? TRUE : FALSE;
        mv->lavaok = (Upolyd && likes_lava(ptr)) ? TRUE : FALSE;
        mv->cling = FALSE;
        mv->bars = (mv->phase || (Upolyd && passes_bars(ptr))) ? TRUE : FALSE;
    } else {
        mv->lev = is_floater(ptr) ? TRUE : FALSE;
        mv->fly = is_flyer(ptr) ? TRUE : FALSE;
        mv->swim = is_swimmer(ptr) ? TRUE : FALSE;
        mv->wwalk = FALSE;
        mv->lavaok = likes_lava(ptr) ? TRUE : FALSE;
        mv->cling = is_clinger(ptr) ? TRUE : FALSE;
        mv->bars = passes_bars(ptr) ? TRUE : FALSE;
    }
}

/* Is a diagonal step from <fx,fy> to <x,y> between two rock squares (or,
   under Sokoban's rules, two squares with objects), the squares beside it?
   Only then can NetHack's tight squeeze refuse it: bad_rock() is false
   unless its square is rock or has a Sokoban boulder. */
STATIC_OVL boolean
flank_rock_beside(mv, fx, fy, x, y)
struct flank_mover *mv;
int fx, fy, x, y;
{
    return (boolean) ((IS_ROCK(levl[fx][y].typ)
                       || (mv->sokoban_rules && OBJ_AT(fx, y)))
                      && (IS_ROCK(levl[x][fy].typ)
                          || (mv->sokoban_rules && OBJ_AT(x, fy))));
}

/* The shortcut of flank_gather() and flank_steps_onto(): onto a square
   past DOOR in the levltyp order (corridor, room, stairs, altar...),
   which is neither rock, bars, a door, water nor lava, with no object (so
   no boulder) and no trap, may a step from <fx,fy> go without asking
   flank_mover_blocked()?  An orthogonal one may; a diagonal one when
   diag_ok (the mover and its square allow diagonal steps at all) and no
   squeeze between rock squares can refuse it. */
STATIC_OVL boolean
flank_plain_step(mv, fx, fy, x, y, diag_ok)
struct flank_mover *mv;
int fx, fy, x, y;
boolean diag_ok;
{
    return (boolean) (x == fx || y == fy
                      || (diag_ok && !flank_rock_beside(mv, fx, fy, x, y)));
}

/*
 * Is <x,y> blocked for mv's defender, standing on <fx,fy>: could it not
 * step there without consequence?  Creatures are ignored.  A pure version
 * of what test_move() and mfndpos() decide.  Both squares are on the map
 * (the caller checked).  t is the trap on <x,y> (t_at()), or null: the
 * real one, known or not: a trap is a consequence whether or not the
 * defender knows of it.  The cheap tests on levl[] come first, so that a
 * plain floor square calls nothing.
 */
STATIC_OVL boolean
flank_mover_blocked(mv, fx, fy, x, y, t)
struct flank_mover *mv;
int fx, fy, x, y;
struct trap *t;
{
    struct rm *lv = &levl[x][y];
    schar typ = lv->typ;

    /* rock, walls, trees, secret doors and corridors */
    if (IS_ROCK(typ) && !(mv->phase && may_passwall(x, y)))
        return TRUE;
    flank_mover_abilities(mv);
    if (typ == IRONBARS && !mv->bars)
        return TRUE;
    /* closed_door() */
    if (IS_DOOR(typ) && (lv->doormask & (D_LOCKED | D_CLOSED))
        && !mv->phase && !can_ooze(mv->who) && !can_fog(mv->who))
        return TRUE;

    /* diagonal steps NetHack forbids */
    if (x != fx && y != fy) {
        struct rm *from = &levl[fx][fy];

        if (mv->nodiag)
            return TRUE;
        if (!(mv->hero && mv->phase)
            && ((IS_DOOR(typ) && (lv->doormask & ~D_BROKEN))
                || (IS_DOOR(from->typ) && (from->doormask & ~D_BROKEN))))
            return TRUE;
        if ((IS_DOOR(typ) || IS_DOOR(from->typ)) && Is_rogue_level(&u.uz))
            return TRUE;
        if (flank_rock_beside(mv, fx, fy, x, y)
            && bad_rock(mv->ptr, fx, y) && bad_rock(mv->ptr, x, fy)
            && (mv->hero ? flank_hero_cant_squeeze()
                         : (cant_squeeze_thru(mv->who) != 0)))
            return TRUE;
    }

    /* a boulder, unless the defender can share its square */
    if (OBJ_AT(x, y) && sobj_at(BOULDER, x, y)
        && (In_sokoban(&u.uz) || !(throws_rocks(mv->ptr) || mv->phase)))
        return TRUE;

    /* is_pool() and is_lava() can only be true for these */
    if (typ >= POOL && typ <= LAVAPOOL) {
        if (is_pool(x, y)
            && !(mv->lev || mv->fly || mv->swim || mv->wwalk || mv->cling))
            return TRUE;
        if (is_lava(x, y)
            && !(mv->lev || mv->fly || mv->lavaok || mv->cling))
            return TRUE;
    }

    if (t && t->ttyp != VIBRATING_SQUARE) {
        /* traps that fire only from the floor: flyers and floaters pass */
        boolean floor_only;

        switch (t->ttyp) {
        case BEAR_TRAP:
        case SQKY_BOARD:
            floor_only = TRUE;
            break;
        case PIT:
        case SPIKED_PIT:
        case HOLE:
        case TRAPDOOR:
            floor_only = mv->sokoban_rules ? FALSE : TRUE;
            break;
        default:
            floor_only = FALSE;
            break;
        }
        if (!((mv->lev || mv->fly) && floor_only))
            return TRUE;
    }
    return FALSE;
}

/* Is <x,y> blocked for mdef, standing on <fx,fy>?  For #flanking. */
boolean
flank_blocked(mdef, fx, fy, x, y)
struct monst *mdef;
int fx, fy, x, y;
{
    struct flank_mover mv;

    if (!isok(x, y) || !isok(fx, fy))
        return TRUE;
    flank_mover_init(&mv, mdef);
    return flank_mover_blocked(&mv, fx, fy, x, y, t_at(x, y));
}

/* The squares of from (bit d: the square in direction d from <tx,ty>) from
   which mdef could simply step onto <tx,ty>: flank_blocked() of each, with
   the mover's abilities worked out once and the trap on <tx,ty> looked up
   once (a planner's follow squares, flankai.c). */
uint8_t
flank_steps_onto(mdef, tx, ty, from)
struct monst *mdef;
int tx, ty, from;
{
    struct flank_mover mv;
    struct trap *t;
    uint8_t out = 0;
    int d, x, y;
    boolean plain;

    if (!(from & 0xFF) || !isok(tx, ty))
        return 0;
    flank_mover_init(&mv, mdef);
    t = t_at(tx, ty);
    /* flank_gather()'s shortcut, the step's ends swapped: a diagonal step
       out of a door's square takes the long way */
    plain = (levl[tx][ty].typ > DOOR && !OBJ_AT(tx, ty) && !t);
    for (d = 0; d < FLANK_NDIRS; d++) {
        x = tx + xdir[d], y = ty + ydir[d];
        if (!(from & (1 << d)) || !isok(x, y))
            continue;
        if (plain
            && flank_plain_step(&mv, x, y, tx, ty,
                                !mv.nodiag && !IS_DOOR(levl[x][y].typ)))
            out |= (uint8_t) (1 << d);
        else if (!flank_mover_blocked(&mv, x, y, tx, ty, t))
            out |= (uint8_t) (1 << d);
    }
    return out;
}

/*
 * Fill *n for an attack by magr on mdef (either may be &youmonst).
 * FALSE: no flanking applies (engulfing, or attacker and defender share a
 * square: a rider and its steed).  With dir FALSE the direction of an
 * attacker further away is left 0, not asked of the rule set: for a
 * planner's targets, whose direction the engine ignores.
 */
boolean
flank_gather(magr, mdef, n, dir)
struct monst *magr, *mdef;
struct flank_neighbourhood *n;
boolean dir;
{
    int i, x, y, dx, dy, adx, ady;
    struct flank_mover mv;
    struct trap *t, *trap[FLANK_NDIRS];
    struct rm *from;
    boolean diag_ok, interior;

    if (!magr || !mdef || magr == mdef)
        return FALSE;
    /* nothing while engulfed or engulfing */
    if (u.uswallow
        && (flank_is_hero(magr) || flank_is_hero(mdef) || magr == u.ustuck
            || mdef == u.ustuck))
        return FALSE;
    dx = flank_x(mdef), dy = flank_y(mdef);
    if (!flank_isok(dx, dy))
        return FALSE;
    adx = flank_x(magr) - dx, ady = flank_y(magr) - dy;
    if (!adx && !ady)
        return FALSE; /* steed and rider: not a flanking situation */

    (void) memset((genericptr_t) n, 0, sizeof *n);
    if (adx >= -1 && adx <= 1 && ady >= -1 && ady <= 1) {
        n->attack_dir = (uint8_t) xytod(adx, ady); /* its own square */
    } else if (dir) {
        /* further away: the direction is the rule set's */
        int32_t d = flank_rules_attack_dir(flank_cfg.rules, adx, ady);

        if (d < 0)
            return FALSE;
        n->attack_dir = (uint8_t) d;
    }
    if (flank_is_hero(mdef)) {
        n->defender = FLANK_DEF_HERO;
        if (Conflict)
            n->defender |= FLANK_DEF_CONFLICT;
    } else if (mdef->mtame) {
        n->defender = FLANK_DEF_TAME;
    } else if (mdef->mpeaceful) {
        n->defender = FLANK_DEF_PEACEFUL;
    }
    flank_mover_init(&mv, mdef);
    /* the traps around <dx,dy>, in one walk of the level's trap list
       rather than a t_at() per square (the first one on a square wins,
       as in t_at()) */
    for (i = 0; i < FLANK_NDIRS; i++)
        trap[i] = (struct trap *) 0;
    for (t = ftrap; t; t = t->ntrap) {
        x = t->tx - dx, y = t->ty - dy;
        if (x >= -1 && x <= 1 && y >= -1 && y <= 1 && (x || y)
            && !trap[i = xytod(x, y)])
            trap[i] = t;
    }
    /* Can a diagonal step leave <dx,dy> at all, as far as the defender
       and its own square go?  (flank_mover_blocked()'s diagonal rules
       that do not depend on the square stepped to.) */
    from = &levl[dx][dy];
    diag_ok = !mv.nodiag
              && !(!(mv.hero && mv.phase) && IS_DOOR(from->typ)
                   && (from->doormask & ~D_BROKEN))
              && !(IS_DOOR(from->typ) && Is_rogue_level(&u.uz));
    /* every square around is on the map: no isok() per square */
    interior = (dx >= 2 && dx <= COLNO - 2 && dy >= 1 && dy <= ROWNO - 2);
    for (i = 0; i < FLANK_NDIRS; i++) {
        schar typ;

        x = dx + xdir[i], y = dy + ydir[i];
        if (!interior && !flank_isok(x, y)) {
            n->square[i] = FLANK_SQ_BLOCKED;
            continue;
        }
        n->square[i] = flank_creature(mdef, x, y);
        typ = levl[x][y].typ;
        /* rock, walls, trees, secret doors and corridors */
        if (IS_ROCK(typ) && !mv.phase) {
            n->square[i] |= FLANK_SQ_BLOCKED;
            continue;
        }
        /* the common case without a call */
        if (typ > DOOR && !OBJ_AT(x, y) && !trap[i]
            && flank_plain_step(&mv, dx, dy, x, y, diag_ok))
            continue;
        if (flank_mover_blocked(&mv, dx, dy, x, y, trap[i]))
            n->square[i] |= FLANK_SQ_BLOCKED;
    }
    /* the hero's view: a creature the hero does not perceive is not there
       (the terrain stays as it is) */
    if (flank_seen_only)
        for (i = 0; i < FLANK_NDIRS; i++)
            if ((n->square[i] & FLANK_SQ_CREATURE)
                && !flank_perceived(dx + xdir[i], dy + ydir[i]))
                n->square[i] &= FLANK_SQ_BLOCKED;
    return TRUE;
}

/*
 * For the fixture harness: do the gathering's shortcuts agree with the
 * functions they stand in for, for an attack by magr on mdef now?  Each of
 * the eight squares flank_gather() filled is worked out again the long
 * way, by isok(), t_at() and flank_mover_blocked() alone; and, the first
 * time, flank_isok() and flank_distmin() are compared with isok() and
 * distmin() on and around the whole map.  Null when all agree (or no
 * flanking applies), else what differs.
 */
const char *
flank_gather_check(magr, mdef)
struct monst *magr, *mdef;
{
    static char why[BUFSZ];
    static boolean everywhere = FALSE;
    struct flank_neighbourhood n;
    struct flank_mover mv;
    int i, x, y, dx, dy;
    boolean blocked;

    /* once: the private copies everywhere on and around the map */
    for (x = -1; !everywhere && x <= COLNO; x++)
        for (y = -1; y <= ROWNO; y++) {
            if (!flank_isok(x, y) != !isok(x, y)) {
                Sprintf(why, "flank_isok(%d, %d) is not isok()", x, y);
                return why;
            }
            for (dx = x - BOLT_LIM; dx <= x + BOLT_LIM; dx++)
                for (dy = y - BOLT_LIM; dy <= y + BOLT_LIM; dy++)
                    if (flank_distmin(x, y, dx, dy) != distmin(x, y, dx, dy)) {
                        Sprintf(why, "flank_distmin(%d, %d, %d, %d) is not"
                                     " distmin()", x, y, dx, dy);
                        return why;
                    }
        }
    everywhere = TRUE;
    if (!flank_gather(magr, mdef, &n, TRUE))
        return (const char *) 0;
    dx = flank_x(mdef), dy = flank_y(mdef);
    flank_mover_init(&mv, mdef);
    for (i = 0; i < FLANK_NDIRS; i++) {
        x = dx + xdir[i], y = dy + ydir[i];
        blocked = !isok(x, y)
                  || flank_mover_blocked(&mv, dx, dy, x, y, t_at(x, y));
        if (!blocked != !(n.square[i] & FLANK_SQ_BLOCKED)) {
            Sprintf(why, "the gathering says <%d,%d> is %s,"
                         " flank_mover_blocked() says %s",
                    x, y, blocked ? "open" : "blocked",
                    blocked ? "blocked" : "open");
            return why;
        }
    }
    return (const char *) 0;
}

/*
 * The lines around defender mdef into *r: in each direction, the first
 * creature FLANK_RANGE_MIN to FLANK_RANGE_MAX squares out with nothing
 * that blocks the view (does_block()) on the squares before it: the facts
 * of its square (flank_creature()), its distance, and what it could attack
 * with from there.  A creature next to mdef does not end the walk; a long
 * worm's tail segment is a creature that attacks with nothing.
 *
 * For a to-hit roll, n is mdef's neighbourhood and the engine says which
 * lines could change its score (flank_ranged_lines(): not one behind a
 * creature next to mdef, nor the attack direction's) and whose creature's
 * arms decide (flank_ranged_armed()); the other lines stay empty and the
 * other arms 0, and the score is the same.  n null: every line and every
 * creature's arms, for #flanking.
 */
void
flank_gather_ranged(mdef, n, r)
struct monst *mdef;
const struct flank_neighbourhood *n;
struct flank_ranged *r;
{
    int d, k, x, y, reach, dx = flank_x(mdef), dy = flank_y(mdef);
    int32_t lines = n ? flank_ranged_lines(n) : 0xFF, armed = 0xFF;
    unsigned found = 0;
    uint16_t sq;
    struct monst *mtmp;

    (void) memset((genericptr_t) r, 0, sizeof *r);
    if (lines < 0) /* the scoring call reports it */
        return;
    for (d = 0; d < FLANK_NDIRS; d++) {
        if (!(lines & (1 << d)))
            continue;
        for (k = 1; k <= FLANK_RANGE_MAX; k++) {
            x = dx + k * xdir[d], y = dy + k * ydir[d];
            if (!isok(x, y))
                break;
            if (k >= FLANK_RANGE_MIN
                && (sq = flank_creature(mdef, x, y)) != 0) {
                r->square[d] = sq;
                r->dist[d] = (uint8_t) k;
                found |= 1U << d;
                break;
            }
            if (does_block(x, y, &levl[x][y]))
                break;
        }
    }
    /* the hero's view (#flanking): a line whose first creature the hero
       does not perceive shows no threat (that creature still blocks it) */
    if (flank_seen_only)
        for (d = 0; d < FLANK_NDIRS; d++)
            if ((found & (1U << d))
                && !flank_perceived(dx + r->dist[d] * xdir[d],
                                    dy + r->dist[d] * ydir[d])) {
                r->square[d] = 0, r->dist[d] = 0;
                found &= ~(1U << d);
            }
    if (!found)
        return;
    if (n && (armed = flank_ranged_armed(n, r)) < 0)
        return; /* as above */
    for (d = 0; d < FLANK_NDIRS; d++) {
        if (!(found & armed & (1U << d)))
            continue;
        reach = 0;
        x = dx + r->dist[d] * xdir[d], y = dy + r->dist[d] * ydir[d];
        if (r->square[d] & FLANK_SQ_HERO)
            r->arms[d] = flank_hero_arms(&reach, (struct obj **) 0);
        else if (!(r->square[d] & FLANK_SQ_TAIL) && (mtmp = m_at(x, y)) != 0)
            r->arms[d] = flank_mon_arms(mtmp, &reach, (struct obj **) 0);
        r->reach[d] = (uint8_t) reach;
    }
}

/* score in half points, or -1 when flanking does not apply */
int
flank_halfpoints(magr, mdef, detail)
struct monst *magr, *mdef;
struct flank_detail *detail;
{
    struct flank_neighbourhood n;
    struct flank_ranged r;
    int32_t rc;

    if (!flank_gather(magr, mdef, &n, TRUE))
        return -1;
    if (flank_ranged_on()) {
        /* threats from range: the lines as well */
        flank_gather_ranged(mdef, &n, &r);
        rc = detail ? flank_explain_ranged(&n, &r, detail)
                    : flank_score_ranged(&n, &r);
    } else {
        /* flank_score() when no detail is wanted: the engine's fast path */
        rc = detail ? flank_explain(&n, detail) : flank_score(&n);
    }
    if (rc < 0) {
        impossible("flanking: %s", flank_strerror(rc));
        return -1;
    }
    return (int) rc;
}

/*
 * Half points h -> the integer k a roll adds.  The bonus is
 * b = h/2 * p/100 = h*p/200 with p = flank_cfg.percent.  tmp and roll are
 * integers.
 *   strict, tmp + b > roll:  roll - tmp < b  <=>  roll - tmp < ceil(b)
 *       (an integer is below b iff it is below the least integer >= b)
 *       <=>  tmp + ceil(b) > roll, so k = ceil(h*p/200);
 *   not strict, tmp + b >= roll:  roll - tmp <= b  <=>  roll - tmp <= floor(b)
 *       (an integer is at most b iff it is at most the greatest integer
 *       <= b)  <=>  tmp + floor(b) >= roll, so k = floor(h*p/200).
 * h <= 18 and p <= 1000, so h*p fits an int.  mattacku()'s clamp of tmp to
 * at least 1 keeps the outcome: a value below 1 and the clamped 1 both miss
 * every roll of rnd(20+i), with or without the half point.
 * flank_scale_at() is the formula for h >= 0 and p > 0 known, so that
 * flank_tohit() asks the engine for p once per attack.
 */
#define flank_scale_at(h, p, strict) \
    ((strict) ? ((h) * (p) + 199) / 200 : ((h) * (p)) / 200)

int
flank_scale(h, strict)
int h;
boolean strict;
{
    int p = flank_cfg.percent;

    if (h <= 0 || p <= 0)
        return 0;
    return flank_scale_at(h, p, strict);
}

/*
 * The to-hit bonus an attack by magr on mdef gets now (either may be
 * &youmonst; positions are the creatures' own).  strict: the roll compares
 * with '>' (melee, thitu()); otherwise with '>=' (thitmonst(), ohitmon()).
 * A melee attack when strict; thitu() asks flank_tohit() itself.  *fa gets
 * what flanking made of the attack, for the hits of this roll.
 * Pure: safe to call before anything in the attack changes the game.
 */
int
flank_bonus(magr, mdef, strict, fa)
struct monst *magr, *mdef;
boolean strict;
struct flank_attack *fa;
{
    return flank_tohit(magr, mdef, strict, strict, fa);
}

/*
 * flank_bonus() with the kind of attack: melee (from the next square), or
 * a missile, a polearm or a kicked object.  Under a facing rule set the
 * bonus is the zone's as well as the arc's, plus the points of a shield
 * that does not count against this attack, and *fa holds the zone for the
 * damage, the backstab and the messages of the same attack
 * (flank_damage(), flank_backstab(), flank_decided()).
 */
int
flank_tohit(magr, mdef, strict, melee, fa)
struct monst *magr, *mdef;
boolean strict, melee;
struct flank_attack *fa;
{
    struct flank_facing_result r;
    int h, p;

    flank_no_bonus(magr, mdef, fa);
    if ((p = flank_cfg.percent) <= 0) /* FLANKING=0: do not gather */
        return 0;
    if (flank_cfg.rules == FLANK_RULES_PROPOSAL) {
        /* arc flanking alone: the engine's fast path, today's game */
        if ((h = flank_halfpoints(magr, mdef, (struct flank_detail *) 0))
            <= 0)
            return 0;
        return (fa->k = flank_scale_at(h, p, strict));
    }
    if (flank_eval(magr, mdef, melee, &r) < 0)
        return 0;
    fa->zone_half_points = r.zone_half_points;
    fa->zone = r.zone;
    fa->damage_percent = r.damage_percent;
    fa->damage_flat = r.damage_flat;
    fa->bits = r.bits;
    fa->zoned = TRUE;
    fa->shield = r.shield_counts ? 0 : flank_shield_ac(mdef);
    return (fa->k = flank_scale_at((int) r.hit_half_points, p, strict)
                    + fa->shield);
}

/*
 * What a facing rule set reads of an attack besides the squares: the
 * defender's facing (flankface.c), shield and helplessness, and the
 * field's facts.  Pure.
 */

/* the AC points mdef's shield gives it, 0 without one */
int
flank_shield_ac(mdef)
struct monst *mdef;
{
    struct obj *shield = flank_is_hero(mdef) ? uarms
                                              : which_armor(mdef, W_ARMS);
    int ac = shield ? ARM_BONUS(shield) : 0;

    return (ac > 0) ? ac : 0;
}

/* the FLANK_FI_* facts of defender mdef itself: its shield, and whether
   it is helpless (asleep or unable to move; the hero: multi < 0) */
STATIC_OVL uint8_t
flank_defender_flags(mdef)
struct monst *mdef;
{
    uint8_t flags = 0;

    if (flank_is_hero(mdef) ? uarms != 0 : which_armor(mdef, W_ARMS) != 0)
        flags |= FLANK_FI_SHIELD;
    if (flank_is_hero(mdef) ? multi < 0
                            : (mdef->msleeping || !mdef->mcanmove))
        flags |= FLANK_FI_HELPLESS;
    return flags;
}

/* the FLANK_ST_* states of creature mtmp (&youmonst for the hero) */
STATIC_OVL uint8_t
flank_peer_state(mtmp)
struct monst *mtmp;
{
    uint8_t st = 0;

    if (flank_is_hero(mtmp)) {
        if (Confusion)
            st |= FLANK_ST_CONFUSED;
        if (Stunned)
            st |= FLANK_ST_STUNNED;
        if (u.uundetected || youmonst.m_ap_type != M_AP_NOTHING)
            st |= FLANK_ST_HIDDEN;
        if (youmonst.data == &mons[PM_NURSE])
            st |= FLANK_ST_NURSE;
        if (youmonst.data->mmove == 0)
            st |= FLANK_ST_STATIONARY;
        if (Unaware)
            st |= FLANK_ST_UNAWARE;
        return st;
    }
    if (mtmp->mconf)
        st |= FLANK_ST_CONFUSED;
    if (mtmp->mstun)
        st |= FLANK_ST_STUNNED;
    if (mtmp->meating)
        st |= FLANK_ST_EATING;
    if (mtmp->mundetected || M_AP_TYPE(mtmp) != M_AP_NOTHING)
        st |= FLANK_ST_HIDDEN;
    if (mtmp->data == &mons[PM_NURSE])
        st |= FLANK_ST_NURSE;
    if (mtmp->data->mmove == 0)
        st |= FLANK_ST_STATIONARY;
    return st;
}

/*
 * What only the field's rule sets read (FLANK_RI_PEER: NerfHack's), into
 * *in, whose squares and flags are gathered: the states of the creature
 * on each square the gathering counted (and whether the defender holds a
 * grudge against it, mm_aggression()), the attacker's level, side and
 * whether its form flanks by nature or is a nurse, and the hero's own
 * facts (Elbereth under the hero; what keeps the hero from helping a
 * flank; defending, whether she is blind).
 * All 0 under any other rule set.  Pure.
 */
void
flank_gather_peer(magr, mdef, in)
struct monst *magr, *mdef;
struct flank_facing_input *in;
{
    struct permonst *ptr;
    struct monst *mtmp;
    int i, x, y, lev;

    (void) memset((genericptr_t) in->state, 0, sizeof in->state);
    in->attacker_level = in->attacker = 0;
    if (!(flank_cfg.ri & FLANK_RI_PEER))
        return;
    for (i = 0; i < FLANK_NDIRS; i++) {
        if (!(in->n.square[i] & FLANK_SQ_CREATURE))
            continue;
        x = flank_x(mdef) + xdir[i], y = flank_y(mdef) + ydir[i];
        mtmp = (in->n.square[i] & FLANK_SQ_HERO) ? &youmonst : m_at(x, y);
        if (mtmp) {
            in->state[i] = flank_peer_state(mtmp);
            /* a grudge is a monster defender's against a monster */
            if (!flank_is_hero(mdef) && mtmp != &youmonst
                && mm_aggression(mdef, mtmp))
                in->state[i] |= FLANK_ST_GRUDGE;
        }
    }
    ptr = flank_is_hero(magr) ? youmonst.data : magr->data;
    lev = flank_is_hero(magr) ? (int) u.ulevel : (int) magr->m_lev;
    in->attacker_level = (uint8_t) max(0, min(lev, 255));
    if (flank_outflanker[monsndx(ptr)])
        in->attacker |= FLANK_AT_OUTFLANKER;
    if (ptr == &mons[PM_NURSE])
        in->attacker |= FLANK_AT_NURSE;
    /* its side, as NetHack keeps it (Conflict changes none) */
    if (flank_is_hero(magr))
        in->attacker |= FLANK_AT_HERO;
    else if (magr->mtame)
        in->attacker |= FLANK_AT_TAME;
    else if (magr->mpeaceful)
        in->attacker |= FLANK_AT_PEACEFUL;
    /* under the hero wherever she is, engulfed too */
    if (sengr_at("Elbereth", u.ux, u.uy, TRUE))
        in->flags |= FLANK_FI_ELBERETH;
    if (flank_is_hero(mdef) ? Blind : (!canseemon(mdef) || Hallucination))
        in->flags |= FLANK_FI_HERO_UNSEEING;
    if (Punished || Fumbling || Wounded_legs)
        in->flags |= FLANK_FI_HERO_HOBBLED;
}

/*
 * Evaluate an attack by magr on mdef under the rule set in force into
 * *out: the hit half points (0 or more), or -1 when flanking does not
 * apply.  melee: from the next square.
 */
int
flank_eval(magr, mdef, melee, out)
struct monst *magr, *mdef;
boolean melee;
struct flank_facing_result *out;
{
    struct flank_facing_input in;
    struct flank_ranged r;
    int32_t rc;

    if (!flank_gather(magr, mdef, &in.n, TRUE))
        return -1;
    /* the facing where a zone counts, and under proposal, whose
       evaluation reports the zone (fixture c06) */
    in.facing = (uint8_t) ((flank_cfg.ri & (FLANK_RI_FACING | FLANK_RI_ARC))
                               ? flank_facing_of(mdef)
                               : FLANK_FACING_NONE);
    in.flags = flank_defender_flags(mdef);
    in.rules = (uint8_t) flank_cfg.rules;
    in.reserved = 0;
    flank_gather_peer(magr, mdef, &in);
    /* melee only from the next square: a monster that swings at a
       displaced image is not there */
    if (melee && distmin(flank_x(magr), flank_y(magr), flank_x(mdef),
                         flank_y(mdef)) == 1)
        in.flags |= FLANK_FI_MELEE;
    /* vanilla's backstab is a Rogue's, not polymorphed (hmon_hitmon()) */
    if (flank_is_hero(magr) && Role_if(PM_ROGUE) && !Upolyd)
        in.flags |= FLANK_FI_ROGUE;
    if (flank_ranged_on()) {
        /* threats from range: the lines as well */
        flank_gather_ranged(mdef, &in.n, &r);
        rc = flank_facing_eval_ranged(&in, &r, out);
    } else {
        rc = flank_facing_eval(&in, out);
    }
    if (rc < 0) {
        impossible("flanking: %s", flank_strerror(rc));
        return -1;
    }
    return (int) rc;
}

/*
 * The facts of an attack by magr on mdef as the engine's facing input, for
 * a planner weighing its squares (flankai.c): the squares, the defender's
 * facing (none under proposal, where no zone counts, as flank_tohit()'s
 * fast path), its own facts and the rule set.  FALSE: no flanking applies.
 * Here, beside the gathering, so that the compiler can fold them together:
 * a planner asks it for every target of every planned move.  flank_eval()
 * fills the same fields itself, with the facing under proposal too (it
 * reports the zone): made to call this one, it cost every evaluation
 * under tactics 25 instructions (BENCHMARKS.md, "The glue's private
 * copies").
 */
boolean
flank_gather_input(magr, mdef, in)
struct monst *magr, *mdef;
struct flank_facing_input *in;
{
    /* no direction: the planner's engine sets every target's to 0 */
    if (!flank_gather(magr, mdef, &in->n, FALSE))
        return FALSE;
    in->facing = (uint8_t) ((flank_cfg.ri & FLANK_RI_FACING)
                                ? flank_facing_of(mdef)
                                : FLANK_FACING_NONE);
    in->flags = flank_defender_flags(mdef);
    in->rules = (uint8_t) flank_cfg.rules;
    in->reserved = 0;
    flank_gather_peer(magr, mdef, in);
    return TRUE;
}

/*
 * Do monsters that plan flank now, do threats from range count now?  Not
 * when flanking counts for nothing.  A game built without the feature
 * (FLANK_NO_TACTICS, FLANK_NO_RANGED: the cargo features pre-tactics and
 * pre-ranged, tests/same_game.rs) has neither, whatever sysconf says:
 * every way into the feature's code asks these first.
 */
boolean
flank_ai_on()
{
    return (boolean) (FLANK_HAS_TACTICS && flank_cfg.ai
                      && flank_cfg.percent > 0);
}

boolean
flank_ranged_on()
{
    return (boolean) (FLANK_HAS_RANGED && flank_cfg.ranged
                      && flank_cfg.percent > 0);
}

/*flank.c*/
