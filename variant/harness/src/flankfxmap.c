/* NetHack 3.6	flankfxmap.c	NetHack Flanking: building a fixture */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * The fixture harness (flankfx.c) builds each fixture here: the level
 * emptied and painted with the fixture's map, the hero and the creatures
 * put where it says (made by flankfxmon.c), and the whole situation
 * refused, with the reason, when the game cannot make it as written.
 * The arena (flankarena.c) paints its scenarios' maps with the same
 * functions.
 */

#include "hack.h"
#include "flanking.h"
#include "flank.h"
#include "flankfx.h"

STATIC_DCL boolean FDECL(fx_far, (int, int, int, int, int, int));
STATIC_DCL const char *FDECL(fx_far_why, (const struct flank_fixture *,
                                          const struct flank_fixture_far *,
                                          const char *));
STATIC_DCL const char *FDECL(fx_build_as, (const struct flank_fixture *,
                                           struct permonst *,
                                           struct monst **, struct monst **));
STATIC_DCL const char *FDECL(fx_facing_build, (struct monst *,
                                               struct monst **));
STATIC_DCL const char *FDECL(fx_grudge_defender,
                             (const struct flank_fixture *));
STATIC_DCL const char *FDECL(fx_squeeze, (const struct flank_fixture *,
                                          struct monst *));

/* terrain type typ on <x,y>, nothing remembered about it */
void
fx_paint(x, y, typ)
int x, y, typ;
{
    struct rm *lev = &levl[x][y];

    lev->typ = typ;
    lev->seenv = 0;
    lev->flags = 0; /* doormask, wall_info */
    lev->horizontal = (typ == HWALL) ? 1 : 0;
    lev->lit = 1;
    lev->waslit = 1;
    lev->roomno = NO_ROOM;
    lev->edge = 0;
    lev->candig = 0;
    lev->glyph = cmap_to_glyph(S_stone);
}

/*
 * Empty the level: no monster but the hero, no trap, no object, only rock.
 * Also the arena's (flankarena.c).
 */
void
flankfx_clear_level()
{
    struct monst *mtmp;
    struct obj *otmp, *onext;
    int x, y;

    reset_utrap(FALSE);
    for (mtmp = fmon; mtmp; mtmp = mtmp->nmon)
        if (!DEADMONSTER(mtmp))
            mongone(mtmp);
    dmonsfree();
    while (ftrap)
        deltrap(ftrap);
    for (otmp = fobj; otmp; otmp = onext) {
        onext = otmp->nobj;
        delobj(otmp);
    }
    for (x = 1; x < COLNO; x++)
        for (y = 0; y < ROWNO; y++)
            fx_paint(x, y, STONE);
}

/* empty the level (flankfx_clear_level()); the hero as the game started */
void
fx_clear()
{
    fx_peer_clear(); /* before the level goes: a ball and chain */
    flankfx_clear_level();
    HLevitation = fx_hlev;
    HFlying = fx_hfly;
    HSwimming = fx_hswim;
    HPasses_walls = fx_hphase;
    HConflict = fx_hconflict;
    float_vs_flight(); /* Levitation blocks Flying: BFlying */
    multi = 0;
    multi_reason = (const char *) 0;
    nomovemsg = (const char *) 0;
    afternmv = 0;
    u.usleep = 0;
    /* the hero's shield and role as the game started them (a facing
       fixture may take the shield off or make the hero a Rogue) */
    if (fx_shield && !uarms)
        setworn(fx_shield, W_ARMS);
    /* the objects a far hero was given go, and the hero's weapons and
       skills are as the game started them */
    while (fx_ngiven > 0) {
        struct obj *otmp = fx_given[--fx_ngiven];

        if (otmp->where == OBJ_INVENT)
            useupall(otmp);
    }
    if (uwep != fx_uwep)
        setuwep(fx_uwep);
    if (uquiver != fx_uquiver)
        setuqwep(fx_uquiver);
    P_SKILL(P_POLEARMS) = fx_skill_pole;
    P_SKILL(P_LANCE) = fx_skill_lance;
    urole = fx_urole;
    u.umonnum = u.umonster; /* a form (fx_hero_form()) */
    u.uundetected = 0;
    youmonst.m_ap_type = M_AP_NOTHING;
    youmonst.mappearance = 0;
    youmonst.data = &mons[u.umonster];
    find_ac(); /* with the form's own AC: after it is back */
    vision_full_recalc = 1;
}

/* the glyphs of a map that are not floor: each one's terrain, a door's
   state (its doormask), and what stands on the floor ('^', '0') */
static const struct fx_ground {
    char glyph;
    schar typ;
    uchar doormask;
} fx_grounds[] = {
    { '#', CORR, 0 },        { '-', HWALL, 0 },       { '|', VWALL, 0 },
    { '+', DOOR, D_CLOSED }, { '\'', DOOR, D_ISOPEN }, { '}', POOL, 0 },
    { '^', ROOM, 0 },        { '0', ROOM, 0 },
};

/*
 * Write one glyph of a map onto <x,y>: walls, rock, closed doors, open
 * doors ('\'', which only the arena's and the movement fixtures' maps
 * hold), corridors, pools, bear traps, boulders, and floor for everything
 * else ('.', '@', creature letters).  Also the terrain under the hero of
 * those maps (`hero-on:`).  NULL, or why it cannot be done.
 */
const char *
flankfx_paint_glyph(x, y, glyph)
int x, y;
char glyph;
{
    const struct fx_ground *g = fx_grounds;

    if (glyph == ' ')
        return (const char *) 0; /* rock already (flankfx_clear_level()) */
    while (g < fx_grounds + SIZE(fx_grounds) && g->glyph != glyph)
        g++;
    if (g == fx_grounds + SIZE(fx_grounds)) {
        fx_paint(x, y, ROOM); /* '.', '@' and creature letters */
        return (const char *) 0;
    }
    fx_paint(x, y, g->typ);
    levl[x][y].doormask = g->doormask; /* fx_paint() left it 0 */
    if (glyph == '^' && !maketrap(x, y, BEAR_TRAP))
        return "maketrap() refused";
    if (glyph == '0' && !mksobj_at(BOULDER, x, y, FALSE, FALSE))
        return "no boulder";
    return (const char *) 0;
}

/*
 * Write a map of the fixture format onto the level, its top left corner on
 * <ox,oy>, a glyph at a time (flankfx_paint_glyph()).  Also the arena's
 * (flankarena.c), which adds glyphs of its own on top.  NULL, or why it
 * cannot be done.
 */
const char *
flankfx_paint_map(map, rows, cols, ox, oy)
const char *map;
int rows, cols, ox, oy;
{
    int r, c, x, y;
    const char *why;

    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            x = ox + c, y = oy + r;
            if (!isok(x, y))
                return "the map is too large for the level";
            if ((why = flankfx_paint_glyph(x, y, map[r * cols + c])) != 0)
                return why;
        }
    return (const char *) 0;
}

/* is <x,y> more than d squares from every square of the rows x cols
   block whose top left corner is <ox,oy>? */
STATIC_OVL boolean
fx_far(x, y, ox, oy, rows, cols)
int x, y, ox, oy, rows, cols;
{
    int d = 3;

    return (boolean) (x < ox - d || x > ox + cols - 1 + d || y < oy - d
                      || y > oy + rows - 1 + d);
}

/* why far creature f of fixture fx cannot be built, naming it */
STATIC_OVL const char *
fx_far_why(fx, f, what)
const struct flank_fixture *fx;
const struct flank_fixture_far *f;
const char *what;
{
    static char why[BUFSZ];

    Sprintf(why, "far %c (%.120s:%d): %.100s", f->letter, fx->path,
            (int) f->line, what);
    return why;
}

/*
 * The facing fields of fixture fx_facing on the situation fx_build_as() has
 * just built: the defender's shield or none, its sleep, the creatures'
 * facings and the defender's.  at[] holds the creatures around the
 * defender.  NULL, or why it cannot be done.
 */
STATIC_OVL const char *
fx_facing_build(defender, at)
struct monst *defender, **at;
{
    struct obj *shield;
    const char *why;
    int d, f;
    unsigned df = fx_facing->def_facing;

    if (defender == &youmonst) {
        /* the Valkyrie's own small shield, worn or taken off */
        if (FX_ON(df, FLANK_FX_DEF_SHIELD)) {
            if (!fx_shield)
                return "the hero has no shield to wear";
            if (!uarms)
                setworn(fx_shield, W_ARMS);
        } else if (uarms) {
            setworn((struct obj *) 0, W_ARMS);
        }
        find_ac();
        if (FX_ON(df, FLANK_FX_DEF_SLEEPING))
            fall_asleep(-50, FALSE);
    } else {
        if (FX_ON(df, FLANK_FX_DEF_SHIELD)) {
            shield = mksobj(SMALL_SHIELD, FALSE, FALSE);
            shield->spe = 0, shield->cursed = 0;
            (void) mpickobj(defender, shield);
            shield->owornmask = W_ARMS;
            defender->misc_worn_check |= W_ARMS;
            if (which_armor(defender, W_ARMS) != shield)
                return "the defender does not wear the shield";
        }
        if (FX_ON(df, FLANK_FX_DEF_SLEEPING))
            defender->msleeping = 1;
    }
    /* a Rogue attacker: the hero's role, for this fixture (fx_clear()
       puts the Valkyrie back) */
    if (FX_ON(fx_facing->flags, FLANK_FI_ROGUE))
        urole = roles[str2role("Rogue")];
    /* the others' facings first: facing the hero's way is a directed
       action, which the defender's may then override */
    for (d = 0; d < FLANK_NDIRS; d++) {
        if ((f = fx_facing->creature_facing[d]) == FLANK_FX_UNSET)
            continue;
        if (FX_ON(fx_facing->creature[d], FLANK_FX_CR_HERO))
            why = fx_face(&youmonst, f);
        else if (!at[d])
            why = "a facing for a creature the harness does not make";
        else
            why = fx_face(at[d], f);
        if (why)
            return why;
    }
    return fx_face(defender, (int) fx_facing->facing);
}

/*
 * Build fixture fx on a cleared level: the map with the defender on
 * <FX_DX,FX_DY>, the hero, the defender, every creature.  *magr and *mdef
 * get the attacker and the defender (either may be &youmonst).  NULL, or
 * why it cannot be done.  A monster defender is the first species with its
 * traits next to which every pet is willing or unwilling as the fixture
 * says (fx_defender_species()).
 */
const char *
fx_build(fx, magr, mdef)
const struct flank_fixture *fx;
struct monst **magr, **mdef;
{
    struct permonst *ptr;
    const char *why = (const char *) 0;
    int n, d;

    /* a grudge (mm_aggression()): 3.6.7's one is a purple worm's against
       a shrieker, so the defender is a purple worm or nothing */
    for (d = 0; d < FLANK_NDIRS; d++)
        if (FX_LETTER(fx->glyph[d])
            && FX_ON(fx->peer[d], FLANK_FX_PEER_GRUDGE)) {
            if ((why = fx_grudge_defender(fx)) != 0)
                return why;
            return fx_build_as(fx, &mons[PM_PURPLE_WORM], magr, mdef);
        }
    if (!FX_ON(fx->defender, FLANK_FX_DEF_MONSTER))
        return fx_build_as(fx, (struct permonst *) 0, magr, mdef);
    for (n = 0; (ptr = fx_defender_species(fx->defender, n)) != 0; n++)
        if (!(why = fx_build_as(fx, ptr, magr, mdef)))
            return (const char *) 0;
    return why ? why : "no monster species has the defender's traits";
}

/*
 * Can the defender of fixture fx be a purple worm, the one monster of
 * 3.6.7 that holds a grudge (against a shrieker, mm_aggression())?  It
 * must be a monster; it walks (no levitating, flying, swimming or passing
 * walls), wears no shield, and has a face or not as a rule set that reads
 * one says.  Its gigantic body's tight squeeze (fx_squeeze()) is checked
 * once the map is written.  NULL, or why not.
 */
STATIC_OVL const char *
fx_grudge_defender(fx)
const struct flank_fixture *fx;
{
    struct permonst *ptr = &mons[PM_PURPLE_WORM];
    struct monst worm, shrieker; /* mm_aggression() reads their species */

    if (!FX_ON(fx->defender, FLANK_FX_DEF_MONSTER))
        return "only a monster defender holds a grudge (mm_aggression())";
    (void) memset((genericptr_t) &worm, 0, sizeof worm);
    (void) memset((genericptr_t) &shrieker, 0, sizeof shrieker);
    worm.data = ptr, shrieker.data = &mons[PM_SHRIEKER];
    if (!mm_aggression(&worm, &shrieker))
        return "a purple worm holds no grudge against a shrieker";
    if ((is_floater(ptr) || is_flyer(ptr))
            != FX_ON(fx->defender, FLANK_FX_DEF_LEVITATING
                                       | FLANK_FX_DEF_FLYING)
        || !is_swimmer(ptr) != !FX_ON(fx->defender, FLANK_FX_DEF_SWIMMING)
        || !passes_walls(ptr) != !FX_ON(fx->defender, FLANK_FX_DEF_PHASING))
        return "the defender holds a grudge, so it is a purple worm, which"
               " neither levitates, flies, swims nor passes walls";
    if (fx_facing && FX_ON(fx_facing->def_facing, FLANK_FX_DEF_SHIELD))
        return "the defender holds a grudge, so it is a purple worm, which"
               " wears no shield";
    if (fx_facing && (flank_cfg.ri & (FLANK_RI_FACING | FLANK_RI_ARC))
        && (fx_facing->facing == FLANK_FACING_NONE) != flank_faceless(ptr))
        return "the defender holds a grudge, so it is a purple worm, whose"
               " face is not as the fixture says";
    return (const char *) 0;
}

/*
 * A gigantic defender (a purple worm) on <FX_DX,FX_DY> cannot squeeze
 * diagonally between two rock squares (mfndpos(), cant_squeeze_thru()),
 * which the fixture format never reads: refuse a map where that would
 * block a diagonal square the fixture has open.  NULL, or why.
 */
STATIC_OVL const char *
fx_squeeze(fx, defender)
const struct flank_fixture *fx;
struct monst *defender;
{
    static char why[BUFSZ];
    int d, x, y;
    char g;

    for (d = 1; d < FLANK_NDIRS; d += 2) { /* the diagonals */
        x = FX_DX + xdir[d], y = FX_DY + ydir[d];
        g = fx->glyph[d];
        if ((g == '.' || g == '#' || FX_LETTER(g))
            && bad_rock(defender->data, FX_DX, y)
            && bad_rock(defender->data, x, FX_DY)
            && cant_squeeze_thru(defender)) {
            Sprintf(why, "the defender holds a grudge, so it is a purple"
                         " worm, too big to squeeze diagonally between"
                         " two rock squares to <%d,%d> of the map, which"
                         " the fixture has open",
                    (int) fx->def_col + xdir[d], (int) fx->def_row + ydir[d]);
            return why;
        }
    }
    return (const char *) 0;
}

/* fx_build() with a monster defender of species ptr (null for the hero) */
STATIC_OVL const char *
fx_build_as(fx, ptr, magr, mdef)
const struct flank_fixture *fx;
struct permonst *ptr;
struct monst **magr, **mdef;
{
    int ox = FX_DX - fx->def_col, oy = FX_DY - fx->def_row;
    int r, c, x, y, d, pass;
    unsigned def = fx->defender, st;
    struct monst *mtmp, *defender = &youmonst, *at[FLANK_NDIRS];
    const struct flank_fixture_far *f;
    const char *why;
    boolean monster = FX_ON(def, FLANK_FX_DEF_MONSTER), hero_placed = FALSE;
    int nfar = fx_ranged ? (int) fx_ranged->nfar : 0, i;

    fx_clear();
    if (!isok(ox, oy) || !isok(ox + fx->cols - 1, oy + fx->rows - 1))
        return "the map is too large for the level";
    /* two squares well away from the map: the hero's (when it is not in
       the map) and the cell where a long worm is made */
    fx_herox = 2, fx_heroy = 1;
    fx_wormx = COLNO - 3, fx_wormy = ROWNO - 2;
    if (!fx_far(fx_herox, fx_heroy, ox, oy, fx->rows, fx->cols)
        || !fx_far(fx_wormx, fx_wormy, ox, oy, fx->rows, fx->cols))
        return "the map is too large for the level";

    /* terrain, traps and boulders */
    if ((why = flankfx_paint_map(fx->map, fx->rows, fx->cols, ox, oy)) != 0)
        return why;

    /* the hero */
    for (d = 0; d < FLANK_NDIRS; d++)
        if (FX_LETTER(fx->glyph[d])
            && FX_ON(fx->creature[d], FLANK_FX_CR_HERO)) {
            u_on_newpos(FX_DX + xdir[d], FX_DY + ydir[d]);
            hero_placed = TRUE;
            if ((why = fx_hero_states(fx->creature[d],
                                      (unsigned) fx->peer[d])) != 0)
                return why;
        }
    /* the hero further out (`far X: hero ...`), with its weapons */
    for (i = 0; i < nfar; i++) {
        f = &fx_ranged->far[i];
        if (!FX_ON(f->states, FLANK_FX_CR_HERO))
            continue;
        if (!monster || hero_placed)
            return fx_far_why(fx, f, monster ? "a second hero"
                                             : "the hero is the defender");
        u_on_newpos(ox + f->col, oy + f->row);
        hero_placed = TRUE;
        if ((why = fx_far_hero(f)) != 0)
            return fx_far_why(fx, f, why);
    }
    if (!monster) {
        u_on_newpos(FX_DX, FX_DY);
        if (FX_ON(def, FLANK_FX_DEF_LEVITATING))
            HLevitation |= FROMOUTSIDE;
        if (FX_ON(def, FLANK_FX_DEF_FLYING))
            HFlying |= FROMOUTSIDE;
        if (FX_ON(def, FLANK_FX_DEF_SWIMMING))
            HSwimming |= FROMOUTSIDE;
        if (FX_ON(def, FLANK_FX_DEF_PHASING))
            HPasses_walls |= FROMOUTSIDE;
        if (FX_ON(def, FLANK_FX_DEF_CONFLICT))
            HConflict |= FROMOUTSIDE;
        float_vs_flight(); /* as the game does when these change */
    } else {
        if (!hero_placed) {
            fx_paint(fx_herox, fx_heroy, ROOM);
            u_on_newpos(fx_herox, fx_heroy);
        }
        if (!ptr)
            return "no monster species has the defender's traits";
        /* Conflict beside a monster defender: the hero causes it, as for
           a hero defender, before any pet is judged willing (a peaceful
           defender's refusals ask for it, flank_pet_unwilling()) */
        if (FX_ON(def, FLANK_FX_DEF_CONFLICT))
            HConflict |= FROMOUTSIDE;
        if (!(defender = fx_makemon(monsndx(ptr), FX_DX, FX_DY)))
            return "makemon() refused the defender";
        if (bigmonst(defender->data)
            && (why = fx_squeeze(fx, defender)) != 0)
            return why;
        if (FX_ON(def, FLANK_FX_DEF_TAME)) {
            if (!tamedog(defender, (struct obj *) 0))
                return "tamedog() refused the defender";
        } else if (FX_ON(def, FLANK_FX_DEF_PEACEFUL)) {
            defender->mpeaceful = 1;
            set_malign(defender);
        }
    }

    /* the creatures around the defender: unwilling pets first (pass 0),
       since making them may grow the defender, then the others (pass 1);
       a long worm's head goes two squares from the defender, so it never
       stands where a creature of the fixture should */
    for (d = 0; d < FLANK_NDIRS; d++)
        at[d] = (struct monst *) 0;
    for (pass = 0; pass < 2; pass++)
        for (d = 0; d < FLANK_NDIRS; d++) {
            st = fx->creature[d];
            x = FX_DX + xdir[d], y = FX_DY + ydir[d];
            if (!FX_LETTER(fx->glyph[d]) || FX_ON(st, FLANK_FX_CR_HERO)
                || (pass == 0) != FX_ON(st, FLANK_FX_CR_UNWILLING))
                continue;
            if (FX_ON(st, FLANK_FX_CR_TAIL)) {
                /* (an attacker at `attacker-at:` stands further away) */
                if (d == fx->attack_dir && !fx->attacker_dx
                    && !fx->attacker_dy)
                    return "a tail segment cannot be the attacker";
                if ((why = fx_tail(x, y, st, monster ? defender
                                                     : (struct monst *) 0))
                    != 0)
                    return why;
                continue;
            }
            mtmp = (struct monst *) 0;
            if (FX_ON(st, FLANK_FX_CR_TAME))
                why = fx_pet(x, y, st, (unsigned) fx->peer[d],
                             monster ? defender : (struct monst *) 0, &mtmp);
            else if (FX_ON(st, FLANK_FX_CR_PASSIVE))
                why = fx_passive(x, y, (unsigned) fx->peer[d], &mtmp);
            else
                why = fx_peer_makemon(d, x, y, &mtmp);
            if (why || (why = fx_states(mtmp, st, x, y)) != 0)
                return why;
            at[d] = mtmp;
        }
    /* letters further away with a `far` line: as it says */
    for (i = 0; i < nfar; i++) {
        f = &fx_ranged->far[i];
        if (FX_ON(f->states, FLANK_FX_CR_HERO))
            continue;
        if ((why = fx_far_monster(f, ox + f->col, oy + f->row,
                                  monster ? defender : (struct monst *) 0))
            != 0)
            return fx_far_why(fx, f, why);
    }
    /* the other letters further away: hostile jackals */
    for (r = 0; r < fx->rows; r++)
        for (c = 0; c < fx->cols; c++) {
            x = ox + c, y = oy + r;
            if (FX_LETTER(fx->map[r * fx->cols + c])
                && distmin(x, y, FX_DX, FX_DY) > 1 && !MON_AT(x, y)
                && !(x == u.ux && y == u.uy)
                && !fx_makemon(PM_JACKAL, x, y))
                return "makemon() refused a jackal";
        }

    /* what was built is still what the fixture says: growing the
       defender for an unwilling tail could turn a willing pet unwilling,
       and grow_up() may change a species */
    if (monster && defender->data != ptr
        && !fx_traits_ok(defender->data, def))
        return "grow_up() changed the defender's traits";
    for (d = 0; d < FLANK_NDIRS && monster && !defender->mtame; d++) {
        st = fx->creature[d];
        mtmp = m_at(FX_DX + xdir[d], FX_DY + ydir[d]);
        if (FX_LETTER(fx->glyph[d]) && FX_ON(st, FLANK_FX_CR_TAME) && mtmp
            && flank_pet_unwilling(mtmp, defender)
                   != FX_ON(st, FLANK_FX_CR_UNWILLING))
            return "a pet's willingness changed as the defender grew";
    }

    d = fx->attack_dir;
    if (fx->attacker_dx || fx->attacker_dy) {
        /* `attacker-at:` the creature at that offset from the defender,
           on or off its eight lines (its `far` line's, else a hostile
           jackal, made above); the glue works its direction out from
           the squares (flank_gather(): the rule set's) */
        x = FX_DX + fx->attacker_dx, y = FX_DY + fx->attacker_dy;
        if (!fx_facing || FX_ON(fx_facing->flags, FLANK_FI_MELEE))
            return "`attacker-at:` without `attack: missile`";
        if (!isok(x, y) || !(x >= ox && x < ox + fx->cols && y >= oy
                             && y < oy + fx->rows)
            || !FX_LETTER(fx->map[(y - oy) * fx->cols + (x - ox)]))
            return "no creature letter at `attacker-at:`";
        *mdef = defender;
        *magr = (x == u.ux && y == u.uy) ? &youmonst : m_at(x, y);
        if (*magr && *magr != &youmonst
            && ((*magr)->mx != x || (*magr)->my != y))
            return "the creature at `attacker-at:` is a tail segment";
    } else if (d < FLANK_NDIRS && !FX_LETTER(fx->glyph[d]) && fx_facing
        && !FX_ON(fx_facing->flags, FLANK_FI_MELEE)) {
        /* a missile from further away: the first creature on the line
           from the defender that way (a hostile jackal, made above) */
        for (r = 2; r < ROWNO; r++) {
            x = FX_DX + r * xdir[d], y = FX_DY + r * ydir[d];
            if (!isok(x, y) || !(x >= ox && x < ox + fx->cols && y >= oy
                                 && y < oy + fx->rows))
                return "the attacker is no creature";
            if (FX_LETTER(fx->map[(y - oy) * fx->cols + (x - ox)]))
                break;
        }
        if (!(mtmp = m_at(x, y)))
            return "no creature where the missile comes from";
        *mdef = defender;
        *magr = mtmp;
    } else {
        if (d >= FLANK_NDIRS || !FX_LETTER(fx->glyph[d]))
            return "the attacker is no creature";
        *mdef = defender;
        *magr = FX_ON(fx->creature[d], FLANK_FX_CR_HERO) ? &youmonst
                                                         : at[d];
    }
    if (!*magr)
        return "no attacker";
    /* no facing for a rule set that reads none (the field's) */
    if (fx_facing && (flank_cfg.ri & (FLANK_RI_FACING | FLANK_RI_ARC))
        && (why = fx_facing_build(defender, at)) != 0)
        return why;
    if (fx_cur && (why = fx_peer_states(at, *magr, defender)) != 0)
        return why;
    vision_full_recalc = 1;
    return (const char *) 0;
}

/*
 * Movement fixtures (*.move).  A run of fixture mv: its map written onto a
 * cleared level with the hero on <FX_DX,FX_DY>, on the terrain `hero-on:`
 * names (floor, a corridor or an open door), NetHack's random numbers
 * seeded from the run (fixed_random(run)) before anything is made, every
 * wait forgotten (flank_ai_forget()), and each creature made by makemon()
 * as its `creature` line says:
 *  - tame: tamedog(); peaceful: mpeaceful; sleeping: msleeping; fleeing:
 *    monflee() with no time limit; hurt: half its hit points;
 *  - every monster believes the hero is where the hero is (mux, muy set
 *    directly: set_apparxy() then draws no random numbers);
 *  - its track (mtrack[]) cleared, and for a hostile monster other than the
 *    mover that is not `still`, its previous square (mtrack[0]) one step
 *    farther from the hero: it is closing in.
 * The hero faces as `facing:` says (a direction given, as if it had last
 * thrown that way), else south, and its own track (utrack) is cleared.
 * *mover gets the mover.  NULL, or why it cannot be built.
 */
const char *
fx_mv_build(mv, run, mover)
const struct flank_move_fixture *mv;
unsigned long run;
struct monst **mover;
{
    static char why[BUFSZ];
    int ox = FX_DX - (int) mv->hero_col, oy = FX_DY - (int) mv->hero_row;
    int i, pm, x, y;
    unsigned st;
    const struct flank_move_creature *c;
    struct monst *mtmp;
    const char *w;

    *mover = (struct monst *) 0;
    fx_clear();
    if (!isok(ox, oy) || !isok(ox + mv->cols - 1, oy + mv->rows - 1))
        return "the map is too large for the level";
    fixed_random(run);
    flank_ai_forget();
    if ((w = flankfx_paint_map(mv->map, (int) mv->rows, (int) mv->cols, ox,
                               oy)) != 0)
        return w;
    /* the terrain under the hero (`hero-on:`) */
    if (mv->hero_on != '.' && mv->hero_on != '#' && mv->hero_on != '\'')
        return "`hero-on:` is none of floor, corridor, door";
    if ((w = flankfx_paint_glyph(FX_DX, FX_DY, mv->hero_on)) != 0)
        return w;
    u_on_newpos(FX_DX, FX_DY);
    initrack();
    /* facing south, not from a directed action, until `facing:` says */
    flank_hero_starts();
    flank_hero_acted();
    u.uhave.unused = 0;
    for (i = 0; i < (int) mv->ncreatures; i++) {
        c = &mv->creatures[i];
        st = c->states;
        x = ox + c->col, y = oy + c->row;
        if ((pm = name_to_mon(c->species)) < LOW_PM) {
            Sprintf(why, "unknown species `%.80s` (%.120s:%d)", c->species,
                    mv->path, (int) c->line);
            return why;
        }
        if (!mons[pm].mmove && c->mover) {
            Sprintf(why, "a %.80s does not move (%.120s:%d)", mons[pm].mname,
                    mv->path, (int) c->line);
            return why;
        }
        if (!(mtmp = fx_makemon(pm, x, y)) || mtmp->mx != x || mtmp->my != y) {
            Sprintf(why, "makemon() refused a %.80s (%.120s:%d)",
                    mons[pm].mname, mv->path, (int) c->line);
            return why;
        }
        if (FX_ON(st, FLANK_MV_TAME)) {
            if (!tamedog(mtmp, (struct obj *) 0) || !mtmp->mtame) {
                Sprintf(why, "tamedog() refused a %.80s (%.120s:%d)",
                        mons[pm].mname, mv->path, (int) c->line);
                return why;
            }
        } else if (FX_ON(st, FLANK_MV_PEACEFUL)) {
            mtmp->mpeaceful = 1;
            set_malign(mtmp);
        }
        if (FX_ON(st, FLANK_MV_SLEEPING))
            mtmp->msleeping = 1;
        if (FX_ON(st, FLANK_MV_FLEEING))
            monflee(mtmp, 0, FALSE, FALSE);
        if (FX_ON(st, FLANK_MV_HURT)) {
            if (mtmp->mhpmax < 2) {
                Sprintf(why, "a %.80s with %d hit point cannot be hurt and"
                             " alive (%.120s:%d)",
                        mons[pm].mname, mtmp->mhpmax, mv->path,
                        (int) c->line);
                return why;
            }
            mtmp->mhp = mtmp->mhpmax / 2;
        }
        (void) memset((genericptr_t) mtmp->mtrack, 0, sizeof mtmp->mtrack);
        if (!c->mover && !mtmp->mpeaceful && !mtmp->mtame
            && !FX_ON(st, FLANK_MV_STILL)) {
            mtmp->mtrack[0].x = x + sgn(x - u.ux);
            mtmp->mtrack[0].y = y + sgn(y - u.uy);
            if (!isok(mtmp->mtrack[0].x, mtmp->mtrack[0].y))
                return "no square behind a creature closing in";
        }
        mtmp->mux = u.ux, mtmp->muy = u.uy;
        if (c->mover)
            *mover = mtmp;
    }
    if (!*mover)
        return "no mover";
    if (mv->facing != FLANK_FX_UNSET
        && (w = fx_face(&youmonst, (int) mv->facing)) != 0)
        return w;
    vision_reset();
    vision_full_recalc = 1;
    vision_recalc(0);
    return (const char *) 0;
}

/*flankfxmap.c*/
