/* NetHack 3.6	flankai.c	NetHack Flanking: monsters that flank: the planners */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include "mfndpos.h"

struct flank_planner;
STATIC_DCL struct flank_planner *FDECL(flank_planner_of, (struct monst *,
                                                         BOOLEAN_P));
STATIC_DCL boolean FDECL(flank_plans_fights, (struct monst *));
STATIC_DCL int FDECL(flank_speed, (struct monst *));
STATIC_DCL boolean FDECL(flank_hero_reaches, (struct monst *));
STATIC_DCL int32_t FDECL(flank_allies, (genericptr_t, uint8_t *,
                                        uint8_t *));
STATIC_DCL boolean FDECL(flank_plan_target,
                         (struct monst *, struct monst *, coord *,
                          boolean *, int, struct flank_plan_target *));
STATIC_DCL int FDECL(flank_plan_open, (coord *, long *, int, BOOLEAN_P,
                                       boolean *));
STATIC_DCL boolean FDECL(flank_plan_near, (int, int, coord *, boolean *,
                                            int));
STATIC_DCL boolean FDECL(flank_plan_apply,
                         (struct monst *, struct monst **, int, coord *,
                          boolean *, int, int *, xchar *, xchar *));

/*
 * Monsters that flank (docs/DESIGN.md; docs/FLANKING-DECISIONS.md,
 * "Monsters that flank"), under sysconf FLANKING_AI.
 *
 * m_move() and dog_move() choose a square as in vanilla, drawing the same
 * random numbers; then, for a monster that plans (flank_plans()), the glue
 * gathers the squares around each target it could step next to, and
 * rust-flanking's flank_plan() decides whether it takes another of the
 * squares vanilla allowed, or (a hostile one about to arrive alone) waits.
 * The gathering is pure, like the rest of this file: no random numbers,
 * no messages, no changes to the game.
 *
 * A wait is remembered here, by m_id, not in struct monst: saves are
 * unchanged.  A restored game forgets waits under way, which only lets a
 * monster wait once more, still bounded.  The last plan of each monster
 * is kept beside it for #flanking in wizard mode.
 */
/* flank_dir_to() for a square <tx,ty> next to <x,y>, without the calls */
static const uint8_t flank_adj_dirs[9] = {
    FLANK_DIR_NW, FLANK_DIR_N,  FLANK_DIR_NE,
    FLANK_DIR_W,  FLANK_PLAN_NONE, FLANK_DIR_E,
    FLANK_DIR_SW, FLANK_DIR_S,  FLANK_DIR_SE
};
#define flank_adj_dir(x, y, tx, ty) \
    flank_adj_dirs[((ty) - (y) + 1) * 3 + ((tx) - (x) + 1)]
#define FLANK_PLANNERS 16
static struct flank_planner {
    unsigned m_id;  /* 0: a free entry */
    long last;      /* the turn of its last plan */
    long start;     /* the turn its wait began, 0 when it never waited */
    int waited;     /* moves waited since start */
    long struck;    /* the turn it was last attacked, 0 never */
    xchar tx, ty;   /* where its last plan sends it */
    struct flank_plan_result r; /* its last plan */
} flank_planners[FLANK_PLANNERS];

/* mtmp's entry, or null; a new one (the least recently used) if make */
STATIC_OVL struct flank_planner *
flank_planner_of(mtmp, make)
struct monst *mtmp;
boolean make;
{
    struct flank_planner *p, *old = &flank_planners[0];

    for (p = flank_planners; p < flank_planners + FLANK_PLANNERS; p++)
        if (p->m_id == mtmp->m_id)
            return p;
    if (!make)
        return (struct flank_planner *) 0;
    /* the least recently used, only when one is wanted */
    for (p = old + 1; p < flank_planners + FLANK_PLANNERS; p++)
        if (max(p->last, p->struck) < max(old->last, old->struck))
            old = p;
    (void) memset((genericptr_t) old, 0, sizeof *old);
    old->m_id = mtmp->m_id;
    return old;
}

/* where the hero is going: the direction of her last step, the turn and
   the level of it (flank_ai_hero_acted()); not saved, like the waits */
static int flank_step_dir = -1;
static long flank_step_moves = 0L;
static d_level flank_step_lev;

/* forget every wait and plan (a new level in the fixture harness) */
void
flank_ai_forget()
{
    if (!FLANK_HAS_TACTICS) /* a game without monsters that flank */
        return;
    (void) memset((genericptr_t) flank_planners, 0, sizeof flank_planners);
    flank_step_dir = -1;
}

/* the hero has acted (moveloop(), before the monsters move): a step to a
   square next to the one she left is where she is going */
void
flank_ai_hero_acted()
{
    if (!FLANK_HAS_TACTICS) /* a game without monsters that flank */
        return;
    if (u.umoved && distmin(u.ux0, u.uy0, u.ux, u.uy) == 1) {
        flank_step_dir = flank_adj_dir(u.ux0, u.uy0, u.ux, u.uy);
        flank_step_moves = moves;
        assign_level(&flank_step_lev, &u.uz);
    }
}

/* mtmp was attacked (wakeup() by the hero, mattackm()): it will not
   begin a wait this turn or the next, and a wait under way ends */
void
flank_ai_attacked(mtmp)
struct monst *mtmp;
{
    if (!flank_ai_on() || !mtmp || flank_is_hero(mtmp)
        || !flank_plans_fights(mtmp))
        return;
    flank_planner_of(mtmp, TRUE)->struck = moves;
}

/* does mtmp plan its fights (flank_plans())? */
STATIC_OVL boolean
flank_plans_fights(mtmp)
struct monst *mtmp;
{
    struct permonst *ptr = mtmp->data;
    uint8_t kind = 0;

    if (mindless(ptr))
        kind |= FLANK_PK_MINDLESS;
    if (humanoid(ptr))
        kind |= FLANK_PK_HUMANOID;
    if (!nohands(ptr))
        kind |= FLANK_PK_HANDS;
    if (ptr->mlet == S_DOG || ptr->mlet == S_FELINE)
        kind |= FLANK_PK_PACK;
    if (mtmp->mtame)
        kind |= FLANK_PK_TAME;
    else if (mtmp->mpeaceful)
        kind |= FLANK_PK_PEACEFUL;
    return (boolean) (flank_plans(kind) == 1);
}

/* mtmp's speed without mcalcmove()'s random rounding, 0..255 */
STATIC_OVL int
flank_speed(mtmp)
struct monst *mtmp;
{
    int mmove = mtmp->data->mmove;

    if (mtmp->mspeed == MSLOW)
        mmove = (2 * mmove + 1) / 3;
    else if (mtmp->mspeed == MFAST)
        mmove = (4 * mmove + 2) / 3;
    return (mmove > 255) ? 255 : mmove;
}

/* could the hero attack mtmp where it stands from range: lined up on a
   clear path within BOLT_LIM, with a polearm that reaches it, a launcher
   and its ammunition quivered, or missiles quivered (flank_hero_arms();
   not a breath or spit attack) */
STATIC_OVL boolean
flank_hero_reaches(mtmp)
struct monst *mtmp;
{
    int dx = mtmp->mx - u.ux, dy = mtmp->my - u.uy, reach;
    uint8_t arms;

    if ((dx && dy && dx != dy && dx != -dy)
        || flank_distmin(0, 0, dx, dy) > BOLT_LIM
        || !clear_path(u.ux, u.uy, mtmp->mx, mtmp->my))
        return FALSE;
    arms = flank_hero_arms(&reach, (struct obj **) 0);
    if ((arms & FLANK_RA_POLEARM) && distu(mtmp->mx, mtmp->my) <= reach)
        return TRUE;
    return (boolean) ((arms & (FLANK_RA_LAUNCHER | FLANK_RA_MISSILES)) != 0);
}

/* the monsters hostile to the hero closing in on it, for a hanging-back
   plan of mover (ctx): awake, able to move and attack, not fleeing, not
   next to the hero yet, within BOLT_LIM, and either nearer the hero than
   the square they last stepped from or waiting themselves; their
   distances and speeds into dist[] and speed[], how many returned.  The
   engine asks (flank_plan_asking()) only when its decision depends on
   them: walking the level is the dearest part of a plan */
STATIC_OVL int32_t
flank_allies(ctx, dist, speed)
genericptr_t ctx;
uint8_t *dist, *speed;
{
    struct monst *m, *mover = (struct monst *) ctx;
    struct flank_planner *p;
    int d, s, n = 0;

    for (m = fmon; m && n < FLANK_PLAN_MAX_ALLIES; m = m->nmon) {
        /* the distance first: most of a level's monsters are far away */
        if ((d = flank_distmin(m->mx, m->my, u.ux, u.uy)) < 2
            || d > BOLT_LIM || m == mover || DEADMONSTER(m) || m->mpeaceful
            || m->mtame || m->msleeping || !m->mcanmove || m->mflee
            || noattacks(m->data) || (s = flank_speed(m)) <= 0)
            continue;
        if (!(isok(m->mtrack[0].x, m->mtrack[0].y)
              && flank_distmin(m->mtrack[0].x, m->mtrack[0].y, u.ux, u.uy)
                     > d)
            && !((p = flank_planner_of(m, FALSE)) != 0
                 && p->r.action == FLANK_PLAN_WAIT && p->last >= moves - 1))
            continue;
        dist[n] = (uint8_t) d;
        speed[n] = (uint8_t) s;
        n++;
    }
    return n;
}

/* one target of a plan: mdef's squares, with mover where it stands; the
   candidates are the squares of poss[] next to mdef that mover may simply
   step to (ok[]); FALSE when flanking does not apply to it */
STATIC_OVL boolean
flank_plan_target(mover, mdef, poss, ok, cnt, t)
struct monst *mover, *mdef;
coord *poss;
boolean *ok;
int cnt;
struct flank_plan_target *t;
{
    int i, tx = flank_x(mdef), ty = flank_y(mdef);

    if (!flank_gather_input(mover, mdef, &t->in))
        return FALSE;
    t->from = (flank_distmin(mover->mx, mover->my, tx, ty) == 1)
                  ? flank_adj_dir(tx, ty, mover->mx, mover->my)
                  : FLANK_PLAN_NONE;
    t->candidates = 0;
    t->chosen = FLANK_PLAN_NONE;
    /* where the hero is going: her last step on this level, to a monster
       that knows where she is (monsters' own steps are not weighed); how
       long ago is the plan's heading_age */
    t->heading = FLANK_PLAN_NONE;
    if (flank_is_hero(mdef) && flank_step_dir >= 0
        && on_level(&flank_step_lev, &u.uz) && mover->mux == u.ux
        && mover->muy == u.uy)
        t->heading = (uint8_t) flank_step_dir;
    /* a foe of the hero's next to her sees her on one of its squares */
    t->hero = (!flank_is_hero(mdef)
               && flank_distmin(tx, ty, u.ux, u.uy) == 1)
                  ? flank_adj_dir(tx, ty, u.ux, u.uy)
                  : FLANK_PLAN_NONE;
    for (i = 0; i < cnt; i++)
        if (ok[i] && flank_distmin(poss[i].x, poss[i].y, tx, ty) == 1)
            t->candidates |= (uint8_t) (1 << flank_adj_dir(tx, ty, poss[i].x,
                                                           poss[i].y));
    return TRUE;
}

/* which of m_move()'s or dog_move()'s squares poss[0..cnt-1] (the first 9)
   a planner may simply step to, into ok[]: not an attack or a swap, no
   monster there, not the hero's square; for a pet, no trap it would
   think twice about (ALLOW_TRAPS) and no cursed object, as dog_move()
   shuns them.  How many of poss[] it looked at. */
STATIC_OVL int
flank_plan_open(poss, info, cnt, pet, ok)
coord *poss;
long *info;
int cnt;
boolean pet;
boolean *ok;
{
    long no = ALLOW_U | ALLOW_M | ALLOW_MDISP | (pet ? ALLOW_TRAPS : 0L);
    int i;

    cnt = min(cnt, 9);
    for (i = 0; i < cnt; i++)
        ok[i] = !(info[i] & no) && !MON_AT(poss[i].x, poss[i].y)
                && !(poss[i].x == u.ux && poss[i].y == u.uy)
                && !(pet && cursed_object_at(poss[i].x, poss[i].y));
    return cnt;
}

/* is one of poss[] that mover may simply step to (ok[]) next to <tx,ty>?
   Vanilla's square counts only as one of them, so without one there is
   nothing to plan, and the target's squares are not gathered */
STATIC_OVL boolean
flank_plan_near(tx, ty, poss, ok, cnt)
int tx, ty, cnt;
coord *poss;
boolean *ok;
{
    int i;

    for (i = 0; i < cnt; i++)
        if (ok[i] && flank_distmin(poss[i].x, poss[i].y, tx, ty) == 1)
            return TRUE;
    return FALSE;
}

/*
 * Ask the engine about one move of mover, whose vanilla square is
 * poss[*chi] (or none, *chi < 0), with targets mdef[0..n-1]; ok[i]: poss[i]
 * is a square mover may simply step to.  Applies the plan to *chi, *nix,
 * *niy; FALSE when mover waits where it is.
 */
STATIC_OVL boolean
flank_plan_apply(mover, mdef, n, poss, ok, cnt, chi, nix, niy)
struct monst *mover, **mdef;
int n, cnt, *chi;
coord *poss;
boolean *ok;
xchar *nix, *niy;
{
    static struct flank_plan_input in; /* ~130 bytes, off the stack */
    struct flank_plan_result r;
    struct flank_plan_target *t;
    struct flank_planner *p;
    int i, k, tx, ty;
    int32_t rc;

    (void) memset((genericptr_t) &in, 0, sizeof in);
    for (i = 0, k = 0; i < n && k < FLANK_PLAN_MAX_TARGETS; i++) {
        t = &in.target[k];
        if (!flank_plan_target(mover, mdef[i], poss, ok, cnt, t))
            continue;
        tx = flank_x(mdef[i]), ty = flank_y(mdef[i]);
        if (*chi >= 0 && ok[*chi]
            && flank_distmin(poss[*chi].x, poss[*chi].y, tx, ty) == 1)
            t->chosen = flank_adj_dir(tx, ty, poss[*chi].x, poss[*chi].y);
        if (!t->candidates && t->chosen == FLANK_PLAN_NONE)
            continue;
        /* the candidates from which mover could simply step onto the
           target's square were it to leave it (flank_steps_onto(): no
           diagonal step into or out of a doorway that has a door, no
           squeeze, the terrain and any trap there); asked only of a
           target with a heading, which a planner weighs it for */
        t->follow = (t->heading != FLANK_PLAN_NONE)
                        ? flank_steps_onto(mover, tx, ty, (int) t->candidates)
                        : 0;
        mdef[k++] = mdef[i];
    }
    if (!k)
        return TRUE;
    in.ntargets = (uint8_t) k;
    in.heading_age = (uint8_t) (flank_step_dir < 0 ? 255L
                                : min(moves - flank_step_moves, 255L));
    p = flank_planner_of(mover, FALSE);
    if (mover->mtame)
        in.flags |= FLANK_PL_PET;
    if (mover->mhp < mover->mhpmax)
        in.flags |= FLANK_PL_HURT;
    if (mover->mflee)
        in.flags |= FLANK_PL_FLEEING;
    if (flank_distmin(mover->mx, mover->my, u.ux, u.uy) == 1)
        in.flags |= FLANK_PL_BESIDE_HERO;
    /* attacked this turn or the last, or since the wait it is in began */
    if (p && p->struck
        && (p->struck >= moves - 1
            || (p->start && p->r.action == FLANK_PLAN_WAIT
                && p->last >= moves - 1 && p->struck >= p->start)))
        in.flags |= FLANK_PL_ATTACKED;
    in.waited = (uint8_t) ((p && p->start) ? min(p->waited, 255) : 0);
    in.since = (uint8_t) ((p && p->start) ? min(moves - p->start, 255L)
                                           : 255L);
    /* what hanging back needs, only when it could arrive now; the allies
       only when the engine asks for them */
    if (!mover->mtame && flank_is_hero(mdef[0])
        && in.target[0].from == FLANK_PLAN_NONE) {
        if (flank_hero_reaches(mover))
            in.flags |= FLANK_PL_RANGED;
        /* the hero's last action was a step away from it */
        if (u.umoved
            && distmin(mover->mx, mover->my, u.ux0, u.uy0)
                   < distmin(mover->mx, mover->my, u.ux, u.uy))
            in.flags |= FLANK_PL_LEAVING;
    }
    if ((rc = flank_plan_asking(&in, flank_allies, (genericptr_t) mover,
                                &r)) < 0) {
        impossible("flanking: %s", flank_strerror(rc));
        return TRUE;
    }
    if (!p)
        p = flank_planner_of(mover, TRUE);
    p->last = moves;
    p->r = r;
    p->tx = *nix, p->ty = *niy;
    switch (r.action) {
    case FLANK_PLAN_MOVE:
        tx = flank_x(mdef[r.target]) + xdir[r.dir];
        ty = flank_y(mdef[r.target]) + ydir[r.dir];
        for (i = 0; i < cnt; i++)
            if (ok[i] && poss[i].x == tx && poss[i].y == ty) {
                *chi = i, *nix = tx, *niy = ty;
                p->tx = tx, p->ty = ty;
                break;
            }
        break;
    case FLANK_PLAN_WAIT:
        if (r.new_wait) {
            p->start = moves;
            p->waited = 0;
        }
        p->waited++;
        p->tx = mover->mx, p->ty = mover->my;
        *nix = mover->mx, *niy = mover->my;
        return FALSE;
    default:
        break;
    }
    return TRUE;
}

/*
 * m_move(): hostile mtmp, approaching the hero it knows the place of, has
 * chosen poss[*chi] as vanilla does.  A planner may take another square
 * of poss[] next to the hero, or wait: FALSE when it waits (*nix, *niy
 * are then its own square).
 */
boolean
flank_plan_move(mtmp, poss, info, cnt, chi, nix, niy)
struct monst *mtmp;
coord *poss;
long *info;
int cnt, *chi;
xchar *nix, *niy;
{
    struct monst *mdef[1];
    boolean ok[9];
    int n;

    /* the cheap tests first: this runs on most monsters' moves */
    if (!flank_cfg.ai || flank_distmin(mtmp->mx, mtmp->my, u.ux, u.uy) > 2
        || mtmp->mpeaceful || u.uswallow || *chi < 0 || !flank_ai_on()
        || mtmp->mux != u.ux || mtmp->muy != u.uy
        || (info[*chi] & (ALLOW_U | ALLOW_M | ALLOW_MDISP))
        || !flank_plans_fights(mtmp))
        return TRUE;
    n = flank_plan_open(poss, info, cnt, FALSE, ok);
    if (!flank_plan_near(u.ux, u.uy, poss, ok, n))
        return TRUE;
    mdef[0] = &youmonst;
    return flank_plan_apply(mtmp, mdef, 1, poss, ok, n, chi, nix, niy);
}

/*
 * dog_move(): pet mtmp attacked nothing and has chosen poss[*chi] (or
 * nothing, *chi < 0) as vanilla does.  A planner may instead step next to
 * a foe the hero fights (a hostile monster next to the hero it would
 * attack), where its attack would count more: the far side, unless it
 * stands at the hero's side while another foe attacks her there (the
 * engine's rule: it keeps to her side).
 */
void
flank_plan_pet(mtmp, poss, info, cnt, chi, nix, niy)
struct monst *mtmp;
coord *poss;
long *info;
int cnt, *chi;
xchar *nix, *niy;
{
    struct monst *mdef[FLANK_PLAN_MAX_TARGETS], *m;
    boolean ok[9];
    int i, k, n = 0, nposs, x, y;

    /* the cheap tests first: this runs on most of a pet's moves */
    if (!flank_cfg.ai || flank_distmin(mtmp->mx, mtmp->my, u.ux, u.uy) > 3
        || u.uswallow || mtmp->mleashed || !mtmp->mcansee || !flank_ai_on()
        || (*chi >= 0 && (info[*chi] & (ALLOW_U | ALLOW_M | ALLOW_MDISP)))
        || !flank_plans_fights(mtmp))
        return;
    /* the foes: hostile monsters next to the hero, within two steps */
    for (i = 0; i < FLANK_NDIRS && n < FLANK_PLAN_MAX_TARGETS; i++) {
        x = u.ux + xdir[i], y = u.uy + ydir[i];
        if (!flank_isok(x, y) || !(m = m_at(x, y)) || m->mx != x
            || m->my != y || m == mtmp || m->mpeaceful || m->mtame
            || flank_distmin(mtmp->mx, mtmp->my, x, y) > 2
            || flank_pet_unwilling(mtmp, m))
            continue;
        mdef[n++] = m;
    }
    if (!n)
        return;
    nposs = flank_plan_open(poss, info, cnt, TRUE, ok);
    /* only the foes it could step next to */
    for (i = 0, k = 0; i < n; i++)
        if (flank_plan_near(mdef[i]->mx, mdef[i]->my, poss, ok, nposs))
            mdef[k++] = mdef[i];
    if (!k)
        return;
    (void) flank_plan_apply(mtmp, mdef, k, poss, ok, nposs, chi, nix, niy);
}

/* #flanking in wizard mode: what mtmp planned last, as one line into buf
   (BUFSZ); FALSE when it has not planned for a while */
boolean
flank_plan_words(mtmp, buf)
struct monst *mtmp;
char *buf;
{
    struct flank_planner *p = flank_planner_of(mtmp, FALSE);
    const char *w;

    if (!flank_ai_on()) {
        Strcpy(buf, "Plans: nothing (FLANKING_AI=0 or FLANKING=0).");
        return TRUE;
    }
    if (!flank_plans_fights(mtmp)) {
        Sprintf(buf, "Plans: nothing; %s does not plan its fights.",
                mhe(mtmp));
        return TRUE;
    }
    if (!p || !p->last || p->last < moves - 5) {
        Sprintf(buf, "Plans: nothing yet; %s has not planned a move lately.",
                mhe(mtmp));
        return TRUE;
    }
    if (!(w = flank_plan_why((int32_t) p->r.why)))
        w = "?";
    switch (p->r.action) {
    case FLANK_PLAN_WAIT:
        Sprintf(buf, "Plans (turn %ld): to wait, %d of %d moves, for %d %s"
                     " coming.",
                p->last, p->waited, FLANK_PLAN_WAIT_MOVES, (int) p->r.coming,
                (p->r.coming == 1) ? "ally" : "allies");
        break;
    case FLANK_PLAN_MOVE:
        Sprintf(buf, "Plans (turn %ld): to step to <%d,%d> (%s), %d%s of 9"
                     " points against %d%s where it was going.",
                p->last, (int) p->tx, (int) p->ty, w,
                (int) p->r.half_points / 2, (p->r.half_points & 1) ? ".5" : "",
                (int) p->r.vanilla_half_points / 2,
                (p->r.vanilla_half_points & 1) ? ".5" : "");
        break;
    default:
        Sprintf(buf, "Plans (turn %ld): to step to <%d,%d> as it would"
                     " anyway (%s).",
                p->last, (int) p->tx, (int) p->ty, w);
        break;
    }
    return TRUE;
}

/*flankai.c*/
